"""The JSON API of a game's sheet (games, deals, undo/redo, table code, organiser, bin,
change stream) and of a tournament night (its rounds, standings and live stream)."""

from __future__ import annotations

from fastapi import APIRouter

from scorepad.services.access import CodeAttempts
from scorepad.services.events import Subscribe
from scorepad.services.sheet_cache import SheetCache
from scorepad.web.api import deals, events, games, organiser, tournament_events, tournaments
from scorepad.web.api.common import ApiContext, UowFactory
from scorepad.web.api.events import HEARTBEAT_SECONDS, ChangeHub
from scorepad.web.api.shapes import deal_to_dict, sheet_to_dict
from scorepad.web.api.tournament_events import TournamentHub

__all__ = ["ChangeHub", "TournamentHub", "build_api_router", "deal_to_dict",
           "sheet_to_dict"]


def build_api_router(uow_factory: UowFactory, *, subscribe: Subscribe,
                     hub: ChangeHub | None = None, attempts: CodeAttempts | None = None,
                     sheets: SheetCache | None = None,
                     heartbeat: float = HEARTBEAT_SECONDS,
                     tournament_hub: TournamentHub | None = None) -> APIRouter:
    """The `/api` routes over `uow_factory`; `subscribe` is `Database.subscribe`, whose
    events feed `GET /api/games/{id}/events` through `hub` (pass your own to end the
    streams with `hub.close_all()` when the server stops). Wrong table codes are
    counted per client address in `attempts` (429 past its limit); `sheets` keeps the
    sheets read (shared with the app's phones)."""
    router = APIRouter(prefix="/api")
    hub = hub if hub is not None else ChangeHub()
    ctx = ApiContext(uow_factory, attempts if attempts is not None else CodeAttempts(),
                     sheets if sheets is not None else SheetCache())
    subscribe(hub.publish)
    games.add_routes(router, ctx)
    organiser.add_routes(router, ctx)
    deals.add_routes(router, ctx)
    events.add_routes(router, ctx, hub, heartbeat)
    # The tournaments' live standings wake up on every game's change (their tables').
    tournament_hub = tournament_hub if tournament_hub is not None else TournamentHub()
    subscribe(tournament_hub.publish)
    router.on_shutdown.append(tournament_hub.close_all)  # the app that includes it runs it
    tournaments.add_routes(router, ctx, tournament_hub)
    tournament_events.add_routes(router, ctx, tournament_hub, heartbeat=heartbeat)
    return router
