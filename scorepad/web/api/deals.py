"""A game's deals: record, edit, delete, and the undo/redo history."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from scorepad import services
from scorepad.web.api.common import (
    ApiContext,
    BadRequest,
    describe,
    number,
)


def _expected_version(data: dict[str, Any], request: Request) -> int | None:
    return _whole(data, request, "expected_version")


def _whole(data: dict[str, Any], request: Request, key: str) -> int | None:
    """A whole number given in the body or, failing that, in the query."""
    value = data.pop(key, None)
    if value is None and key in request.query_params:
        value = request.query_params[key]
    return number(str(value), key) if value is not None else None


def change_to_dict(changes: list[services.Change]) -> dict[str, int | None] | None:
    """What identifies the change just made (give it back to undo only that change)."""
    if not changes:
        return None
    return {"operation": changes[-1].operation, "revision": changes[-1].revision}


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`POST/PUT/DELETE /games/{id}/deals[/{deal}]`, `POST /games/{id}/undo|redo`."""
    _add_record(router, ctx)
    _add_edit_delete(router, ctx)
    router.add_api_route("/games/{game_id}/undo", _history_step(ctx, services.undo),
                         methods=["POST"])
    router.add_api_route("/games/{game_id}/redo", _history_step(ctx, services.redo),
                         methods=["POST"])


def _add_record(router: APIRouter, ctx: ApiContext) -> None:
    @router.post("/games/{game_id}/deals")
    async def record(game_id: str, request: Request) -> Response:
        code, author = ctx.who(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            kind = data.get("kind", "played")
            done: list[services.Change] = []
            if kind == "played":
                deal_data = {k: v for k, v in data.items() if k != "kind"}
                deal_id = services.record_deal(ctx.uow_factory(), gid, deal_data,
                                               author=author, code=code, on_done=done.append)
            elif kind in ("passed", "petit_sec") and set(data) == {"kind"}:
                deal_id = services.record_redeal(ctx.uow_factory(), gid, kind, author=author,
                                                 code=code, on_done=done.append)
            else:
                raise BadRequest("kind", "kind", got=describe(kind))
            return {"deal_id": deal_id, "change": change_to_dict(done),
                    "sheet": ctx.sheet(gid, lang)}

        return await ctx.run_with_body(request, work, 201)


def _add_edit_delete(router: APIRouter, ctx: ApiContext) -> None:
    @router.put("/games/{game_id}/deals/{deal_id}")
    async def edit(game_id: str, deal_id: str, request: Request) -> Response:
        code, author = ctx.who(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            gid, did = number(game_id, "game"), number(deal_id, "deal")
            expected = _expected_version(data, request)
            kind = data.pop("kind", "played")
            if kind not in ("played", "passed", "petit_sec") or (kind != "played" and data):
                raise BadRequest("kind", "kind", got=describe(kind))
            done: list[services.Change] = []
            version = services.edit_deal(
                ctx.uow_factory(), gid, did, data if kind == "played" else None, kind=kind,
                expected_version=expected, author=author, code=code, on_done=done.append)
            return {"version": version, "change": change_to_dict(done),
                    "sheet": ctx.sheet(gid, lang)}

        return await ctx.run_with_body(request, work)

    @router.delete("/games/{game_id}/deals/{deal_id}")
    def delete(game_id: str, deal_id: str, request: Request) -> Response:
        code, author = ctx.who(request)

        def work(lang: str) -> dict[str, Any]:
            gid, did = number(game_id, "game"), number(deal_id, "deal")
            raw = request.query_params.get("expected_version")
            expected = number(raw, "expected_version") if raw is not None else None
            done: list[services.Change] = []
            services.delete_deal(ctx.uow_factory(), gid, did, expected_version=expected,
                                 author=author, code=code, on_done=done.append)
            return {"change": change_to_dict(done), "sheet": ctx.sheet(gid, lang)}

        return ctx.run(request, work)


def _history_step(ctx: ApiContext, move: Callable[..., str | None]
                  ) -> Callable[[str, Request], Awaitable[Response]]:
    """Undo or redo; `{"operation": ID}` or `{"expected_revision": N}` (body or query)
    scopes it to that change or to the sheet the client saw (409 when stale); without
    either, the game's last change whoever made it (scripts)."""
    async def endpoint(game_id: str, request: Request) -> Response:
        code, author = ctx.who(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            operation = _whole(data, request, "operation")
            expected = _whole(data, request, "expected_revision")
            done: list[services.Change] = []
            label = move(ctx.uow_factory(), gid, lang=lang, author=author, code=code,
                         operation=operation, expected_revision=expected,
                         on_done=done.append)
            return {"label": label, "change": change_to_dict(done),
                    "sheet": ctx.sheet(gid, lang)}

        return await ctx.run_with_body(request, work, optional=True)

    return endpoint
