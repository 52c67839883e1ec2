"""A tournament's rounds over the API: the tables a draw may use, draw (and draw again),
swap, cancel, start and close a round, its tables' codes and links, a player who leaves
during a round (a substitute, or the table plays on), and the organiser's correction of
a table's deal. Every route is the organiser's but the plans."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from scorepad.domain.tournament import table_plans
from scorepad.services import tournament as t
from scorepad.web.api.common import ApiContext, refusals
from scorepad.web.api.deals import EditBody
from scorepad.web.api.params import Author, Lang, Loose, OrganiserOf, Whole
from scorepad.web.api.shapes import Shape, Sheet
from scorepad.web.api.tournament_events import TournamentHub
from scorepad.web.api.tournament_shapes import Round, Tournament
from scorepad.web.api.tournaments import Name, body_of

Origin = Annotated[str | None, Query(max_length=200, description="The server's address the "
                                     "tables' phones use (default: as this request came)")]


class Plan(Shape):
    key: str
    text: str


class Plans(Shape):
    plans: list[Plan] = Field(description="The tables the players present may sit at, the "
                                          "usual first")


class DrawBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seed: Loose[Annotated[int, Field(ge=0)]] = None
    plan: Loose[str] = Field(default=None, description="The tables when the count offers "
                                                       "a choice, as \"6,5\"")
    round: Whole | None = Field(default=None, description="Refused unless this is the round "
                                                          "drawn")


class SwapBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    first: Loose[Name]
    second: Loose[Name]


class CloseBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    force: bool = Field(default=False, description="Close although tables still play "
                                                   "(the time is up)")


class Closing(Shape):
    round: Round
    unfinished: list[int] = Field(description="The tables that still had deals to play")
    tournament_finished: bool


class TableLink(Shape):
    table: int
    code: str
    url: str


class TableLinks(Shape):
    tables: list[TableLink]


class Corrected(Shape):
    version: int
    sheet: Sheet


class LeaveBody(BaseModel):
    """A player who goes during the round: `substitute` takes their seat for the rest of
    it (a name nobody has yet must be in `new`), or, with `play_on`, their table plays
    on without them."""

    model_config = ConfigDict(extra="forbid")
    name: Loose[Name]
    substitute: Loose[Name] = None
    play_on: bool = False
    new: Loose[list[Name]] = None


def origin_of(request: Request) -> str:
    """The server's address as this client reached it: the one the tables' phones can
    reach too."""
    host = request.headers.get("host") or f"{request.url.hostname}:{request.url.port}"
    return f"{request.url.scheme}://{host}"


def add_routes(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    """The rounds' routes; `hub` hears of each step."""
    _add_rounds(router, ctx, hub)
    _add_round_steps(router, ctx, hub)
    _add_absences(router, ctx, hub)


def _add_rounds(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.get("/tournaments/{tournament_id}/plans", responses=refusals(404))
    def plans(tournament_id: Whole, lang: Lang) -> Plans:
        """The tables a draw of the players present may use (400 under 3 players)."""
        present = t.get_tournament(ctx.uow_factory(), tournament_id).present
        return Plans(plans=[Plan(key=p.key, text=p.describe(lang))
                            for p in table_plans(len(present))])

    @router.post("/tournaments/{tournament_id}/rounds", status_code=201,
                 responses=refusals(403, 404, 409))
    def draw(tournament_id: Whole, lang: Lang, who: OrganiserOf,
             body: DrawBody | None = None) -> Round:
        """Draws the next round (or again the last one while it has not started)."""
        data = body_of(body)
        drawn = t.draw_next_round(ctx.uow_factory(), tournament_id, organiser=who,
                                  seed=data.get("seed"), plan=data.get("plan"),
                                  round_number=data.get("round"))
        hub.touch(tournament_id)
        return Round.of(drawn, lang)

    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/swap",
                 responses=refusals(403, 404, 409))
    def swap(tournament_id: Whole, round_number: Whole, body: SwapBody, lang: Lang,
             who: OrganiserOf) -> Round:
        """Two players of a drawn round exchange their seats."""
        data = body_of(body)
        drawn = t.swap_players(ctx.uow_factory(), tournament_id, round_number,
                               str(data["first"]), str(data["second"]), organiser=who)
        hub.touch(tournament_id)
        return Round.of(drawn, lang)

    @router.delete("/tournaments/{tournament_id}/rounds/{round_number}",
                   responses=refusals(403, 404, 409))
    def cancel(tournament_id: Whole, round_number: Whole, lang: Lang,
               who: OrganiserOf) -> Tournament:
        """Forgets a round drawn but not started."""
        t.cancel_draw(ctx.uow_factory(), tournament_id, round_number, organiser=who)
        hub.touch(tournament_id)
        return Tournament.of(t.get_tournament(ctx.uow_factory(), tournament_id), lang)


def _add_round_steps(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/start",
                 responses=refusals(403, 404, 409))
    def start(tournament_id: Whole, round_number: Whole, lang: Lang,
              who: OrganiserOf) -> Round:
        """Starts a drawn round: one game a table."""
        started = t.start_round(ctx.uow_factory(), tournament_id, round_number,
                                organiser=who, lang=lang)
        hub.touch(tournament_id)
        return Round.of(started, lang)

    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/close",
                 responses=refusals(403, 404, 409))
    def close(tournament_id: Whole, round_number: Whole, lang: Lang, who: OrganiserOf,
              body: CloseBody | None = None) -> Closing:
        """Closes a round; while tables still play, 409 naming them unless `force`."""
        closing = t.close_round(ctx.uow_factory(), tournament_id, round_number,
                                organiser=who, force=bool(body_of(body).get("force")))
        hub.touch(tournament_id)
        return Closing(round=Round.of(closing.round, lang),
                       unfinished=[tb.number for tb in closing.unfinished],
                       tournament_finished=closing.tournament_finished)

    @router.get("/tournaments/{tournament_id}/rounds/{round_number}/tables",
                responses=refusals(403, 404))
    def tables(tournament_id: Whole, round_number: Whole, request: Request, lang: Lang,
               who: OrganiserOf, origin: Origin = None) -> TableLinks:
        """Each table's code and join address (the organiser's: they let a phone write)."""
        links = t.table_links(ctx.uow_factory(), tournament_id, round_number,
                              organiser=who, origin=origin or origin_of(request))
        return TableLinks(tables=[TableLink(table=x.table, code=x.code, url=x.url)
                                  for x in links])

    @router.put("/tournaments/{tournament_id}/games/{game_id}/deals/{deal_id}",
                responses=refusals(403, 404, 409))
    def correct(tournament_id: Whole, game_id: Whole, deal_id: Whole, body: EditBody,
                lang: Lang, who: OrganiserOf, author: Author = None) -> Corrected:
        """The organiser's correction of a table's deal (no table code), kept in the
        deal's history."""
        data = body_of(body)
        expected = data.pop("expected_version", None)
        kind = data.pop("kind", "played")
        version = t.correct_deal(ctx.uow_factory(), tournament_id, game_id, deal_id,
                                 data if kind == "played" else None, organiser=who,
                                 kind=kind, expected_version=expected,
                                 author=author[:80] if author else None)
        return Corrected(version=version, sheet=ctx.sheet(game_id, lang))


def _add_absences(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/leave",
                 responses=refusals(403, 404, 409))
    def leave(tournament_id: Whole, round_number: Whole, body: LeaveBody, lang: Lang,
              who: OrganiserOf) -> Tournament:
        """A player who goes during the round: a substitute finishes it in their seat
        (the seat's score counts for them), or their table plays on without them (409
        where fewer than 3 would be left); either way they leave the tournament."""
        data = body_of(body)
        if data.get("play_on"):
            view = t.play_short(ctx.uow_factory(), tournament_id, round_number,
                                data["name"], organiser=who)
        else:
            view = t.replace_player(ctx.uow_factory(), tournament_id, round_number,
                                    data["name"], data.get("substitute") or "",
                                    organiser=who, new=data.get("new") or ())
        hub.touch(tournament_id)
        return Tournament.of(view, lang)
