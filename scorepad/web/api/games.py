"""The games and their access: list, create, sheet, table code, name and status."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.services import EditForbidden
from scorepad.services.common import check_keys
from scorepad.web.api.common import (
    ApiContext,
    BadRequest,
    number,
)


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`GET/POST /games`, `GET /games/{id}/sheet`, `PATCH /games/{id}`,
    `PUT /games/{id}/code`, `GET .../access`."""
    _add_reads(router, ctx)
    _add_create(router, ctx)
    _add_change(router, ctx)
    _add_code(router, ctx)


def _add_reads(router: APIRouter, ctx: ApiContext) -> None:
    @router.get("/games")
    def list_games(request: Request) -> Response:
        return ctx.run(request, lambda lang: {"games": [
            {"id": g.id, "name": g.name, "status": g.status.value, "seats": list(g.seats),
             "deals": g.deals, "totals": g.totals, "protected": g.protected,
             "revision": g.revision}
            for g in services.list_games(ctx.uow_factory())]})

    @router.get("/games/{game_id}/sheet")
    def get_sheet(game_id: str, request: Request) -> Response:
        return ctx.run(request, lambda lang: ctx.sheet_json(number(game_id, "game"), lang))


def _add_create(router: APIRouter, ctx: ApiContext) -> None:
    @router.post("/games")
    async def create(request: Request) -> Response:
        """Body {"name", "seats", "deal_size"?, "dealer"?, "rules"?}: 201 with the new id
        and the organiser key (shown this once: keep it, it is never stored in clear)."""

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            made = services.new_game_from_dict(ctx.uow_factory(), data)
            return {"id": made.id, "organiser_key": made.organiser_key}

        return await ctx.run_with_body(request, work, 201)


def _add_change(router: APIRouter, ctx: ApiContext) -> None:
    @router.patch("/games/{game_id}")
    async def change(game_id: str, request: Request) -> Response:
        """Body {"name": ...} or {"status": "in_progress" | "finished"} (one change, one
        transaction): the organiser's."""
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            check_keys(data, ("name", "status"))
            status = data.get("status")
            if len(data) != 1 or (status is None and "name" not in data) or (
                    "status" in data and status not in ("in_progress", "finished")):
                raise BadRequest("status", "status", got=str(status)[:40])
            if "name" in data:
                services.rename_game(ctx.uow_factory(), gid, data["name"], organiser=who)
            if status == GameStatus.FINISHED.value:
                services.finish_game(ctx.uow_factory(), gid, organiser=who)
            elif status == GameStatus.IN_PROGRESS.value:
                services.reopen_game(ctx.uow_factory(), gid, organiser=who)
            return ctx.sheet(gid, lang)

        return await ctx.run_with_body(request, work)


def _add_code(router: APIRouter, ctx: ApiContext) -> None:
    @router.put("/games/{game_id}/code")
    async def set_code(game_id: str, request: Request) -> Response:
        """Body exactly {"code": new} or {"code": null} (removes it); the organiser key in
        X-Organiser-Key. Any other key is refused, never read as "no code"."""
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            check_keys(data, ("code",), required=("code",))
            services.set_table_code(ctx.uow_factory(), gid, data["code"], organiser=who)
            return {"protected": services.game_is_protected(ctx.uow_factory(), gid)}

        return await ctx.run_with_body(request, work)

    @router.get("/games/{game_id}/access")
    def access(game_id: str, request: Request) -> Response:
        """Whether the game is protected, whether X-Table-Code may edit it (a wrong code
        is a 403, and counts as a guess) and whether X-Organiser-Key is its organiser's."""
        code, _author = ctx.who(request)
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            protected = services.game_is_protected(ctx.uow_factory(), gid)
            can_edit = services.check_table_code(ctx.uow_factory(), gid, code)
            if not can_edit and code:
                raise EditForbidden()  # a wrong code counts as a guess
            organiser = services.check_organiser(ctx.uow_factory(), gid, who.key)
            return {"protected": protected, "can_edit": can_edit, "organiser": organiser}

        return ctx.run(request, work)
