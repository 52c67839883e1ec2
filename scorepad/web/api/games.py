"""The games and their access: list, create, sheet, table code, name and status."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.services import EditForbidden
from scorepad.web.api.common import ApiContext, BadRequest, refusals
from scorepad.web.api.params import Lang, Loose, OrganiserOf, TableCode, Whole
from scorepad.web.api.shapes import Rules, Shape, Sheet

SeatName = Annotated[str, Field(min_length=1, max_length=40)]
GameName = Annotated[str, Field(min_length=1, max_length=200)]
TableCodeText = Annotated[str, Field(min_length=4, max_length=12, pattern="^[A-Za-z0-9]+$")]


class GameListed(Shape):
    id: int
    name: str
    status: GameStatus
    seats: list[str]
    deals: int
    totals: dict[str, int]
    protected: bool
    revision: int


class GameList(Shape):
    games: list[GameListed]


class NewGameBody(BaseModel):
    """A new game (the seats in table order; `dealer`: the first dealer's name, the first
    seat by default; `deal_size`: the seats, at most 5, by default)."""

    model_config = ConfigDict(extra="forbid")
    name: Loose[GameName]
    seats: Loose[Annotated[list[SeatName], Field(min_length=3, max_length=6)]]
    deal_size: Loose[Annotated[int, Field(ge=3, le=5)]] = None
    dealer: Loose[SeatName] = None
    rules: Loose[Rules] = None


class NewGame(Shape):
    id: int
    organiser_key: str = Field(description="Shown this once: keep it, it is never stored "
                                           "in clear")


class GameChange(BaseModel):
    """One change at a time: the name, or the status."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "minProperties": 1, "maxProperties": 1})
    name: Loose[GameName] = None
    status: Loose[Literal["in_progress", "finished"]] = None


class CodeBody(BaseModel):
    """Exactly {"code": new} or {"code": null} (removes it)."""

    model_config = ConfigDict(extra="forbid")
    code: Loose[TableCodeText | None]


class Protection(Shape):
    protected: bool


class Access(Shape):
    protected: bool
    can_edit: bool = Field(description="X-Table-Code (or none) may change the game")
    organiser: bool = Field(description="X-Organiser-Key is the game's organiser's")


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`GET/POST /games`, `GET /games/{id}/sheet`, `PATCH /games/{id}`,
    `PUT /games/{id}/code`, `GET .../access`."""
    _add_reads(router, ctx)
    _add_create(router, ctx)
    _add_change(router, ctx)
    _add_code(router, ctx)


def _add_reads(router: APIRouter, ctx: ApiContext) -> None:
    @router.get("/games")
    def list_games(lang: Lang) -> GameList:
        return GameList(games=[
            GameListed(id=g.id, name=g.name, status=g.status, seats=list(g.seats),
                       deals=g.deals, totals=g.totals, protected=g.protected,
                       revision=g.revision)
            for g in services.list_games(ctx.uow_factory())])

    @router.get("/games/{game_id}/sheet", response_model=Sheet, responses=refusals(404))
    def get_sheet(game_id: Whole, lang: Lang) -> Response:
        # The same bytes for every phone until the game changes (see sheet_json).
        return Response(ctx.sheet_json(game_id, lang), media_type="application/json")


def _add_create(router: APIRouter, ctx: ApiContext) -> None:
    @router.post("/games", status_code=201)
    def create(body: NewGameBody, lang: Lang) -> NewGame:
        """201 with the new id and the organiser key."""
        made = services.new_game_from_dict(ctx.uow_factory(),
                                           body.model_dump(exclude_unset=True))
        return NewGame(id=made.id, organiser_key=made.organiser_key)


def _add_change(router: APIRouter, ctx: ApiContext) -> None:
    @router.patch("/games/{game_id}", responses=refusals(403, 404, 409))
    def change(game_id: Whole, body: GameChange, lang: Lang, who: OrganiserOf) -> Sheet:
        """Renames, finishes or reopens the game (one change, one transaction): the
        organiser's."""
        data = body.model_dump(exclude_unset=True)
        status = data.get("status")
        if len(data) != 1 or (status is None and "name" not in data) or (
                "status" in data and status not in ("in_progress", "finished")):
            raise BadRequest("status", "status", sent=str(status)[:40])
        if "name" in data:
            services.rename_game(ctx.uow_factory(), game_id, data["name"], organiser=who)
        if status == GameStatus.FINISHED.value:
            services.finish_game(ctx.uow_factory(), game_id, organiser=who)
        elif status == GameStatus.IN_PROGRESS.value:
            services.reopen_game(ctx.uow_factory(), game_id, organiser=who)
        return ctx.sheet(game_id, lang)


def _add_code(router: APIRouter, ctx: ApiContext) -> None:
    @router.put("/games/{game_id}/code", responses=refusals(403, 404, 409))
    def set_code(game_id: Whole, body: CodeBody, lang: Lang, who: OrganiserOf) -> Protection:
        """Sets or removes the table code: the organiser's (X-Organiser-Key). Any other
        key is refused, never read as "no code"."""
        services.set_table_code(ctx.uow_factory(), game_id, body.code, organiser=who)
        return Protection(protected=services.game_is_protected(ctx.uow_factory(), game_id))

    @router.get("/games/{game_id}/access", responses=refusals(403, 404))
    def access(game_id: Whole, lang: Lang, who: OrganiserOf,
               code: TableCode = None) -> Access:
        """Whether the game is protected, whether X-Table-Code may edit it (a wrong code
        is a 403, and counts as a guess) and whether X-Organiser-Key is its organiser's."""
        protected = services.game_is_protected(ctx.uow_factory(), game_id)
        can_edit = services.check_table_code(ctx.uow_factory(), game_id, code)
        if not can_edit and code:
            raise EditForbidden()  # a wrong code counts as a guess
        organiser = services.check_organiser(ctx.uow_factory(), game_id, who.key)
        return Access(protected=protected, can_edit=can_edit, organiser=organiser)
