"""The JSON API: a game's sheet (games, deals, undo/redo, table code, organiser, bin,
change stream), the circles (evenings, rankings), a phone alone and its club (`club`:
invitations, the games it sends, the circle's season) and a tournament night (its rounds,
standings and live stream), described by its pydantic models (FastAPI writes
`/api/openapi.json` from them).

How a route module is written (games.py is a short example):

- It has `add_routes(router, ctx)`, called by `build_api_router`; its routes are plain
  `def` functions (FastAPI runs them in its thread pool) decorated on `router`.
- Every body and every answer is a pydantic model declared at the top of the module
  (or in shapes.py when several modules share it). An answer is a `Shape` (exactly its
  keys), the route's return annotation, and the route returns an instance of it.
- A body model says `extra="forbid"` unless the domain refuses unknown keys itself. A
  key the domain judges (a deal's, a new game's) is `Loose[T]`: documented as T, taken
  as sent, so that the domain's message explains what is wrong; the route hands
  `body.model_dump(exclude_unset=True)` to the service. A key no rule of the domain
  judges may be strict (`str`, `Literal[...]`, `Field(max_length=...)`): what the model
  refuses is answered in the catalog's words, naming the key (refusals.py).
- Ids, versions and revisions are `Whole` (in the path, the query or a body); the
  language is a `lang: Lang` parameter of every route; X-Table-Code and X-Author come
  as `who: WriterOf`, X-Organiser-Key as `who: OrganiserOf` (params.py).
- A refusal is raised, never returned: the domain's InvalidDeal, a ServiceError, or
  BadRequest. The route class (route.py) answers it, and whatever FastAPI's validation
  refused, as FORMAT.md §3 with its status. `responses=refusals(403, 404, ...)` declares
  the statuses a route adds to the router's 400, 413 and 429.
"""

from __future__ import annotations

from fastapi import APIRouter

from scorepad.services.base.access import CodeAttempts
from scorepad.services.games.sheet_cache import SheetCache
from scorepad.services.ports.events import Subscribe
from scorepad.web.api import (
    circles,
    club,
    deals,
    events,
    games,
    organiser,
    tournament_events,
    tournament_results,
    tournament_rounds,
    tournaments,
)
from scorepad.web.api.common import EVERY_ROUTE, ApiContext, UowFactory
from scorepad.web.api.events import HEARTBEAT_SECONDS, ChangeHub
from scorepad.web.api.route import route_class
from scorepad.web.api.shapes import deal_to_dict, sheet_to_dict
from scorepad.web.api.tournament_events import TournamentHub

__all__ = ["ChangeHub", "TournamentHub", "build_api_router", "deal_to_dict",
           "sheet_to_dict"]


def build_api_router(uow_factory: UowFactory, *, subscribe: Subscribe,
                     hub: ChangeHub | None = None, attempts: CodeAttempts | None = None,
                     sheets: SheetCache | None = None,
                     heartbeat: float = HEARTBEAT_SECONDS,
                     tournament_hub: TournamentHub | None = None,
                     club_settings: club.ClubSettings | None = None) -> APIRouter:
    """The `/api` routes over `uow_factory`; `subscribe` is `Database.subscribe`, whose
    events feed `GET /api/games/{id}/events` through `hub` (pass your own to end the
    streams with `hub.close_all()` when the server stops). Wrong table codes are
    counted per client address in `attempts` (429 past its limit); `sheets` keeps the
    sheets read (shared with the app's phones)."""
    hub = hub if hub is not None else ChangeHub()
    ctx = ApiContext(uow_factory, attempts if attempts is not None else CodeAttempts(),
                     sheets if sheets is not None else SheetCache())
    router = APIRouter(prefix="/api", route_class=route_class(ctx.attempts),
                       responses=EVERY_ROUTE)
    subscribe(hub.publish)
    games.add_routes(router, ctx)
    organiser.add_routes(router, ctx)
    deals.add_routes(router, ctx)
    events.add_routes(router, ctx, hub, heartbeat)
    circles.add_routes(router, ctx)
    club.add_routes(router, ctx, club_settings or club.ClubSettings())
    # The tournaments' live standings wake up on every game's change (their tables').
    tournament_hub = tournament_hub if tournament_hub is not None else TournamentHub()
    subscribe(tournament_hub.publish)
    router.on_shutdown.append(tournament_hub.close_all)  # the app that includes it runs it
    tournaments.add_routes(router, ctx, tournament_hub)
    tournament_rounds.add_routes(router, ctx, tournament_hub)
    tournament_results.add_routes(router, ctx)
    tournament_events.add_routes(router, ctx, tournament_hub, heartbeat=heartbeat)
    return router
