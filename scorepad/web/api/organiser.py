"""The organiser's routes: hand the role over, claim it; the bin: move a game there,
restore it, list it, delete for good."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from scorepad import services
from scorepad.services.common import check_keys
from scorepad.web.api.common import (
    ApiContext,
    number,
)


def _binned(game: services.BinnedGame) -> dict[str, Any]:
    return {"id": game.id, "name": game.name, "seats": list(game.seats),
            "deleted_at": game.deleted_at.isoformat(timespec="seconds"),
            "purge_at": game.purge_at.isoformat(timespec="seconds"),
            "days_left": game.days_left}


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`POST /games/{id}/handover`, `POST /organiser`, `DELETE /games/{id}`,
    `POST /games/{id}/restore`, `GET /bin`, `DELETE /bin/{id}`."""
    _add_handover(router, ctx)
    _add_bin(router, ctx)


def _add_handover(router: APIRouter, ctx: ApiContext) -> None:
    @router.post("/games/{game_id}/handover")
    def handover(game_id: str, request: Request) -> Response:
        """A one-time link (10 minutes) handing the organiser role over: organiser only."""
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            made = services.start_handover(ctx.uow_factory(), number(game_id, "game"),
                                           organiser=who)
            return {"token": made.token, "path": made.path,
                    "expires_at": made.expires_at.isoformat(timespec="seconds")}

        return ctx.run(request, work, 201)

    @router.post("/organiser")
    async def claim(request: Request) -> Response:
        """Body {"token"}: the game's new organiser key (the former one stops working)."""

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("token",), required=("token",))
            made = services.claim_handover(ctx.uow_factory(), data["token"])
            return {"id": made.id, "organiser_key": made.organiser_key}

        return await ctx.run_with_body(request, work)


def _add_bin(router: APIRouter, ctx: ApiContext) -> None:
    @router.delete("/games/{game_id}")
    def to_bin(game_id: str, request: Request) -> Response:
        """Moves the game to the bin (organiser only); restorable for 30 days."""
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            services.delete_game(ctx.uow_factory(), gid, organiser=who)
            return next(_binned(g) for g in services.list_bin(ctx.uow_factory())
                        if g.id == gid)

        return ctx.run(request, work)

    @router.post("/games/{game_id}/restore")
    def restore(game_id: str, request: Request) -> Response:
        def work(lang: str) -> dict[str, Any]:
            gid = number(game_id, "game")
            services.restore_game(ctx.uow_factory(), gid)
            return ctx.sheet(gid, lang)

        return ctx.run(request, work)

    @router.get("/bin")
    def list_bin(request: Request) -> Response:
        return ctx.run(request, lambda lang: {
            "games": [_binned(g) for g in services.list_bin(ctx.uow_factory())]})

    @router.delete("/bin/{game_id}")
    def purge(game_id: str, request: Request) -> Response:
        """Deletes a game of the bin for good: its organiser only."""
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            services.purge_game(ctx.uow_factory(), number(game_id, "game"), organiser=who)
            return {"deleted": True}

        return ctx.run(request, work)
