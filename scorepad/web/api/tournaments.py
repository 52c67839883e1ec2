"""A tournament night over the API: the tournament and its settings, check-in, rounds
(draw, swap, start, close), the organiser's corrections, standings, seats, downloads.

Reads are everybody's; every step of the night needs the organiser key
(X-Organiser-Key); the tables' phones write their games through the games' routes with
the table's code (X-Table-Code), which only the organiser's routes (and the printed
sheets) give."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.domain.tournament import table_plans
from scorepad.services import tournament as t
from scorepad.web.api.common import ApiContext, refusals, stream_refusals
from scorepad.web.api.deals import EditBody
from scorepad.web.api.organiser import ClaimBody, Claimed, HandoverLink
from scorepad.web.api.params import Author, Lang, Loose, OrganiserOf, Whole
from scorepad.web.api.shapes import Shape, Sheet
from scorepad.web.api.tournament_events import TournamentHub
from scorepad.web.api.tournament_shapes import Round, Seat, Standings, Tournament

DOWNLOADS = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf"}
Name = Annotated[str, Field(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=1, le=40)]
Origin = Annotated[str | None, Query(max_length=200, description="The server's address the "
                                     "tables' phones use (default: as this request came)")]


class TournamentBody(BaseModel):
    """A tournament's description; when changing one, only the keys to change."""

    model_config = ConfigDict(extra="forbid")
    name: Loose[Annotated[str, Field(min_length=1, max_length=120)]] = None
    day: Loose[Annotated[str, Field(json_schema_extra={"format": "date"})]] = None
    circle: Loose[int | None] = None
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


class Seats(Shape):
    seats: list[Seat]


class Deleted(Shape):
    deleted: bool


class Access(Shape):
    organiser: bool = Field(description="X-Organiser-Key is the tournament's organiser's")


def origin_of(request: Request) -> str:
    """The server's address as this client reached it: the one the tables' phones can
    reach too."""
    host = request.headers.get("host") or f"{request.url.hostname}:{request.url.port}"
    return f"{request.url.scheme}://{host}"


def _body(body: BaseModel | None) -> dict[str, Any]:
    return body.model_dump(exclude_unset=True) if body is not None else {}


def add_routes(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    """Every `/tournaments...` route but the live stream; `hub` hears of each step, so
    that the tournament's streams answer at once."""
    _add_tournament(router, ctx, hub)
    _add_players(router, ctx, hub)
    _add_rounds(router, ctx, hub)
    _add_round_steps(router, ctx, hub)
    _add_results(router, ctx)
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
        made = t.new_tournament_from_dict(ctx.uow_factory(), _body(body))
        return Made(id=made.id, organiser_key=made.organiser_key)

    @router.get("/tournaments/{tournament_id}", responses=refusals(404))
    def read(tournament_id: Whole, lang: Lang) -> Tournament:
        return Tournament.of(t.get_tournament(ctx.uow_factory(), tournament_id), lang)

    @router.patch("/tournaments/{tournament_id}", responses=refusals(403, 404, 409))
    def change(tournament_id: Whole, body: TournamentBody, lang: Lang,
               who: OrganiserOf) -> Tournament:
        """Its name, day, circle (its games follow) or settings (the organiser's)."""
        view = t.update_tournament(ctx.uow_factory(), tournament_id, _body(body),
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
        data = _body(body)
        view = t.check_in(ctx.uow_factory(), tournament_id, data["names"], organiser=who,
                          new=data.get("new") or ())
        hub.touch(tournament_id)
        return Tournament.of(view, lang)

    @router.post("/tournaments/{tournament_id}/players/leave",
                 responses=refusals(403, 404, 409))
    def check_out(tournament_id: Whole, body: CheckOut, lang: Lang,
                  who: OrganiserOf) -> Tournament:
        view = t.check_out(ctx.uow_factory(), tournament_id, _body(body)["names"],
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
        data = _body(body)
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
        data = _body(body)
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
                                organiser=who, force=bool(_body(body).get("force")))
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
        data = _body(body)
        expected = data.pop("expected_version", None)
        kind = data.pop("kind", "played")
        version = t.correct_deal(ctx.uow_factory(), tournament_id, game_id, deal_id,
                                 data if kind == "played" else None, organiser=who,
                                 kind=kind, expected_version=expected,
                                 author=author[:80] if author else None)
        return Corrected(version=version, sheet=ctx.sheet(game_id, lang))


def _download(data: bytes, fmt: str, name: str) -> Response:
    # web.exports imports this package (its common module): imported when first needed.
    from scorepad.web.exports import content_disposition

    return Response(data, media_type=DOWNLOADS[fmt], headers={
        "Content-Disposition": content_disposition(name, name), "Cache-Control": "no-store"})


def _add_results(router: APIRouter, ctx: ApiContext) -> None:
    @router.get("/tournaments/{tournament_id}/standings", responses=refusals(404))
    def standings(tournament_id: Whole, lang: Lang) -> Standings:
        return Standings.of(t.tournament_results(ctx.uow_factory(), tournament_id), lang)

    @router.get("/tournaments/{tournament_id}/seats", responses=refusals(404))
    def seats(tournament_id: Whole, lang: Lang, name: Annotated[str, Query(
            max_length=40, description="What the player typed of their name")] = "") -> Seats:
        """Where the players whose name holds `name` sit, in the last round drawn."""
        return Seats(seats=[Seat.of(f) for f in t.find_seat(ctx.uow_factory(),
                                                            tournament_id, name)])

    @router.get("/tournaments/{tournament_id}/results.{fmt}", response_class=Response,
                responses={200: {"description": "The file", "content": {
                    media.split(";")[0]: {} for media in DOWNLOADS.values()}},
                    **stream_refusals(404)})
    def results(tournament_id: Whole, fmt: Loose[Literal["csv", "pdf"]],
                lang: Lang) -> Response:
        data = t.export_results(ctx.uow_factory(), tournament_id, str(fmt), lang)
        return _download(data, str(fmt), f"tournoi-{tournament_id}.{fmt}")

    @router.get("/tournaments/{tournament_id}/rounds/{round_number}/draw.pdf",
                response_class=Response,
                responses={200: {"description": "The file", "content": {
                    DOWNLOADS["pdf"]: {}}}, **stream_refusals(403, 404)})
    def draw_pdf(tournament_id: Whole, round_number: Whole, request: Request, lang: Lang,
                 who: OrganiserOf, origin: Origin = None) -> Response:
        """The draw to print, a sheet a table with its QR code (the organiser's)."""
        data = t.export_draw(ctx.uow_factory(), tournament_id, round_number, organiser=who,
                             origin=origin or origin_of(request), lang=lang)
        return _download(data, "pdf", f"tournoi-{tournament_id}-manche-{round_number}.pdf")


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
