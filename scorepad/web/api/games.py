"""The games and their access: list, sheet, table code."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from scorepad import services
from scorepad.services import EditForbidden
from scorepad.web.api.common import (
    ApiContext,
    BadRequest,
    error_response,
    json_body,
    number,
    request_lang,
)


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`GET /games`, `GET /games/{id}/sheet`, `PUT /games/{id}/code`, `GET .../access`."""

    @router.get("/games")
    def list_games(request: Request) -> Response:
        return ctx.run(request, lambda lang: {"games": [
            {"id": g.id, "name": g.name, "status": g.status.value, "seats": list(g.seats),
             "deals": g.deals, "totals": g.totals, "protected": g.protected,
             "revision": g.revision}
            for g in services.list_games(ctx.uow_factory())]})

    @router.get("/games/{game_id}/sheet")
    def get_sheet(game_id: str, request: Request) -> Response:
        return ctx.run(request, lambda lang: ctx.sheet(number(game_id, "game"), lang))

    @router.put("/games/{game_id}/code")
    async def set_code(game_id: str, request: Request) -> Response:
        """Body {"code": new or null}; the current code (if any) in X-Table-Code."""
        try:
            data = await json_body(request)
        except BadRequest as exc:
            return error_response(exc, request_lang(request))
        current, _author = ctx.who(request)

        def work(lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            services.set_table_code(ctx.uow_factory(), gid, data.get("code"),
                                    current_code=current)
            return {"protected": services.game_is_protected(ctx.uow_factory(), gid)}

        return await run_in_threadpool(ctx.run, request, work)

    @router.get("/games/{game_id}/access")
    def access(game_id: str, request: Request) -> Response:
        """Whether the game is protected and whether X-Table-Code may edit it (a wrong code
        is a 403, and counts as a guess)."""
        code, _author = ctx.who(request)

        def work(lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            protected = services.game_is_protected(ctx.uow_factory(), gid)
            can_edit = services.check_table_code(ctx.uow_factory(), gid, code)
            if not can_edit and code:
                raise EditForbidden()  # a wrong code counts as a guess
            return {"protected": protected, "can_edit": can_edit}

        return ctx.run(request, work)
