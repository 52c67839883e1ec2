"""A tournament night over the API, the tournament itself: create, list, read, change,
delete, finish and reopen it, check players in and out, and its organiser's role (access,
hand-over). Its rounds are tournament_rounds.py's, its results tournament_results.py's.

Reads are everybody's; every step of the night needs the organiser key
(X-Organiser-Key); the tables' phones write their games through the games' routes with
the table's code (X-Table-Code), which only the organiser's routes (and the printed
sheets) give."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.services import tournament as t
from scorepad.web.api.common import ApiContext, refusals
from scorepad.web.api.organiser import ClaimBody, Claimed, HandoverLink
from scorepad.web.api.params import Lang, Loose, OrganiserOf, Whole
from scorepad.web.api.shapes import Shape
from scorepad.web.api.tournament_events import TournamentHub
from scorepad.web.api.tournament_shapes import Tournament

Name = Annotated[str, Field(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=1, le=40)]


class TournamentBody(BaseModel):
    """A tournament's description; when changing one, only the keys to change."""

    model_config = ConfigDict(extra="forbid")
    name: Loose[Annotated[str, Field(min_length=1, max_length=120)]] = None
    day: Loose[Annotated[str, Field(json_schema_extra={"format": "date"})]] = None
    circle: Loose[Whole | None] = None
    rounds: Loose[Annotated[int, Field(ge=1, le=20)]] = None
    deals_3: Loose[Count | None] = None
    deals_4: Loose[Count] = None
    deals_5: Loose[Count] = None
    deals_6: Loose[Count | None] = None
    round_minutes: Loose[Annotated[int, Field(ge=1, le=600)] | None] = None
    ranking: Loose[Literal["sum", "placement"]] = None


class Made(Shape):
    id: int
    organiser_key: str = Field(description="Shown this once: keep it, it is never stored "
                                           "in clear")


class Listed(Shape):
    id: int
    name: str
    day: str
    circle: int | None
    status: GameStatus
    revision: int


class Listing(Shape):
    tournaments: list[Listed]


class CheckIn(BaseModel):
    """Names to check in; a name nobody has yet must also be in `new` (confirmed)."""

    model_config = ConfigDict(extra="forbid")
    names: Loose[Annotated[list[Name], Field(min_length=1)]]
    new: Loose[list[Name]] = None


class CheckOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    names: Loose[Annotated[list[Name], Field(min_length=1)]]


class Candidates(Shape):
    players: list[str] = Field(description="The circle's players (else every known "
                                           "player), most regular first")
    present: list[str]


class NewNames(Shape):
    new_players: dict[str, list[str]] = Field(description="Each name nobody has yet, with "
                                                          "the known names it may be a "
                                                          "slip of")


class Deleted(Shape):
    deleted: bool


class Access(Shape):
    organiser: bool = Field(description="X-Organiser-Key is the tournament's organiser's")


def body_of(body: BaseModel | None) -> dict[str, Any]:
    return body.model_dump(exclude_unset=True) if body is not None else {}


def add_routes(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    """The tournament's own routes; `hub` hears of each step, so that the tournament's
    streams answer at once."""
    _add_tournament(router, ctx, hub)
    _add_players(router, ctx, hub)
    _add_organiser(router, ctx, hub)


def _add_tournament(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.get("/tournaments")
    def list_all(lang: Lang) -> Listing:
        return Listing(tournaments=[
            Listed(id=s.id, name=s.name, day=s.day.isoformat(), circle=s.circle_id,
                   status=s.status, revision=s.revision)
            for s in t.list_tournaments(ctx.uow_factory())])

    @router.post("/tournaments", status_code=201, responses=refusals(404))
    def create(body: TournamentBody, lang: Lang) -> Made:
        """201 with the new id and the organiser key."""
        made = t.new_tournament_from_dict(ctx.uow_factory(), body_of(body))
        return Made(id=made.id, organiser_key=made.organiser_key)

    @router.get("/tournaments/{tournament_id}", responses=refusals(404))
    def read(tournament_id: Whole, lang: Lang) -> Tournament:
        return Tournament.of(t.get_tournament(ctx.uow_factory(), tournament_id), lang)

    @router.patch("/tournaments/{tournament_id}", responses=refusals(403, 404, 409))
    def change(tournament_id: Whole, body: TournamentBody, lang: Lang,
               who: OrganiserOf) -> Tournament:
        """Its name, day, circle (its games follow) or settings (the organiser's)."""
        view = t.update_tournament(ctx.uow_factory(), tournament_id, body_of(body),
                                   organiser=who)
        hub.touch(tournament_id)
        return Tournament.of(view, lang)

    @router.delete("/tournaments/{tournament_id}", responses=refusals(403, 404, 409))
    def delete(tournament_id: Whole, lang: Lang, who: OrganiserOf) -> Deleted:
        """Deletes a tournament no round of which has started (409 otherwise)."""
        t.delete_tournament(ctx.uow_factory(), tournament_id, organiser=who)
        return Deleted(deleted=True)

    @router.post("/tournaments/{tournament_id}/finish", responses=refusals(403, 404, 409))
    def finish(tournament_id: Whole, lang: Lang, who: OrganiserOf) -> Tournament:
        t.finish_tournament(ctx.uow_factory(), tournament_id, organiser=who)
        hub.touch(tournament_id)
        return Tournament.of(t.get_tournament(ctx.uow_factory(), tournament_id), lang)

    @router.post("/tournaments/{tournament_id}/reopen", responses=refusals(403, 404, 409))
    def reopen(tournament_id: Whole, lang: Lang, who: OrganiserOf) -> Tournament:
        t.reopen_tournament(ctx.uow_factory(), tournament_id, organiser=who)
        hub.touch(tournament_id)
        return Tournament.of(t.get_tournament(ctx.uow_factory(), tournament_id), lang)


def _add_players(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/players", responses=refusals(403, 404, 409))
    def check_in(tournament_id: Whole, body: CheckIn, lang: Lang,
                 who: OrganiserOf) -> Tournament:
        """Checks players in; a name nobody has yet is refused unless also in `new`
        (GET .../players/new says which ones, with the known names they may be)."""
        data = body_of(body)
        view = t.check_in(ctx.uow_factory(), tournament_id, data["names"], organiser=who,
                          new=data.get("new") or ())
        hub.touch(tournament_id)
        return Tournament.of(view, lang)

    @router.post("/tournaments/{tournament_id}/players/leave",
                 responses=refusals(403, 404, 409))
    def check_out(tournament_id: Whole, body: CheckOut, lang: Lang,
                  who: OrganiserOf) -> Tournament:
        view = t.check_out(ctx.uow_factory(), tournament_id, body_of(body)["names"],
                           organiser=who)
        hub.touch(tournament_id)
        return Tournament.of(view, lang)

    @router.get("/tournaments/{tournament_id}/players/new", responses=refusals(404))
    def new_names(tournament_id: Whole, lang: Lang, name: Annotated[list[Name] | None, Query(
            description="A name to check (repeat `name=`)")] = None) -> NewNames:
        t.get_tournament(ctx.uow_factory(), tournament_id)
        return NewNames(new_players=services.new_players(ctx.uow_factory(), name or []))

    @router.get("/tournaments/{tournament_id}/candidates", responses=refusals(404))
    def candidates(tournament_id: Whole, lang: Lang) -> Candidates:
        """Whom to check in: the circle's players, else every known player."""
        view = t.get_tournament(ctx.uow_factory(), tournament_id)
        if view.circle_id is not None:
            names = t.circle_players(ctx.uow_factory(), view.circle_id)
        else:
            rows = services.list_players(ctx.uow_factory())
            names = [p.name for p in sorted(rows, key=lambda p: (-p.games, p.name))]
        return Candidates(players=names, present=list(view.present))


def _add_organiser(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.get("/tournaments/{tournament_id}/access", responses=refusals(404))
    def access(tournament_id: Whole, lang: Lang, who: OrganiserOf) -> Access:
        return Access(organiser=t.check_tournament_organiser(
            ctx.uow_factory(), tournament_id, who.key))

    @router.post("/tournaments/{tournament_id}/handover", status_code=201,
                 responses=refusals(403, 404))
    def handover(tournament_id: Whole, lang: Lang, who: OrganiserOf) -> HandoverLink:
        """A one-time link (10 minutes) handing the organiser role over."""
        made = t.start_tournament_handover(ctx.uow_factory(), tournament_id, organiser=who)
        return HandoverLink(token=made.token, path=made.path,
                            expires_at=made.expires_at.isoformat(timespec="seconds"))

    @router.post("/tournaments/organiser", responses=refusals(404))
    def claim(body: ClaimBody, lang: Lang) -> Claimed:
        """The tournament's new organiser key (the former one stops working)."""
        made = t.claim_tournament_handover(ctx.uow_factory(), body.token)
        hub.touch(made.id)
        return Claimed(id=made.id, organiser_key=made.organiser_key)
