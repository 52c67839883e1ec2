"""The organiser's routes: hand the role over, claim it; the bin: move a game there,
restore it, list it, delete for good."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from scorepad import services
from scorepad.web.api.common import ApiContext, refusals
from scorepad.web.api.params import Lang, Loose, OrganiserOf, Whole
from scorepad.web.api.shapes import Shape, Sheet

When = Annotated[str, Field(json_schema_extra={"format": "date-time"})]


class HandoverLink(Shape):
    token: str
    path: str = Field(description="The address that hands the role to the phone opening it")
    expires_at: When


class ClaimBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Loose[Annotated[str, Field(min_length=8, max_length=100)]]


class Claimed(Shape):
    id: int
    organiser_key: str = Field(description="The game's new organiser key (the former one "
                                           "stops working)")


class Binned(Shape):
    id: int
    name: str
    seats: list[str]
    deleted_at: When
    purge_at: When = Field(description="When it is deleted for good")
    days_left: int


class Bin(Shape):
    games: list[Binned]


class Purged(Shape):
    deleted: bool


def _binned(game: services.BinnedGame) -> Binned:
    return Binned(id=game.id, name=game.name, seats=list(game.seats),
                  deleted_at=game.deleted_at.isoformat(timespec="seconds"),
                  purge_at=game.purge_at.isoformat(timespec="seconds"),
                  days_left=game.days_left)


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`POST /games/{id}/handover`, `POST /organiser`, `DELETE /games/{id}`,
    `POST /games/{id}/restore`, `GET /bin`, `DELETE /bin/{id}`."""
    _add_handover(router, ctx)
    _add_bin(router, ctx)


def _add_handover(router: APIRouter, ctx: ApiContext) -> None:
    @router.post("/games/{game_id}/handover", status_code=201, responses=refusals(403, 404))
    def handover(game_id: Whole, lang: Lang, who: OrganiserOf) -> HandoverLink:
        """A one-time link (10 minutes) handing the organiser role over: organiser only."""
        made = services.start_handover(ctx.uow_factory(), game_id, organiser=who)
        return HandoverLink(token=made.token, path=made.path,
                            expires_at=made.expires_at.isoformat(timespec="seconds"))

    @router.post("/organiser", responses=refusals(404))
    def claim(body: ClaimBody, lang: Lang) -> Claimed:
        """The game's new organiser key, for the phone that opened the link."""
        made = services.claim_handover(ctx.uow_factory(), body.token)
        return Claimed(id=made.id, organiser_key=made.organiser_key)


def _add_bin(router: APIRouter, ctx: ApiContext) -> None:
    @router.delete("/games/{game_id}", responses=refusals(403, 404))
    def to_bin(game_id: Whole, lang: Lang, who: OrganiserOf) -> Binned:
        """Moves the game to the bin (organiser only); restorable for 30 days."""
        services.delete_game(ctx.uow_factory(), game_id, organiser=who)
        return next(_binned(g) for g in services.list_bin(ctx.uow_factory())
                    if g.id == game_id)

    @router.post("/games/{game_id}/restore", responses=refusals(404))
    def restore(game_id: Whole, lang: Lang) -> Sheet:
        services.restore_game(ctx.uow_factory(), game_id)
        return ctx.sheet(game_id, lang)

    @router.get("/bin")
    def list_bin(lang: Lang) -> Bin:
        return Bin(games=[_binned(g) for g in services.list_bin(ctx.uow_factory())])

    @router.delete("/bin/{game_id}", responses=refusals(403, 404))
    def purge(game_id: Whole, lang: Lang, who: OrganiserOf) -> Purged:
        """Deletes a game of the bin for good: its organiser only."""
        services.purge_game(ctx.uow_factory(), game_id, organiser=who)
        return Purged(deleted=True)
