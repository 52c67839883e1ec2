"""A game's deals: record, edit, delete, and the undo/redo history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from scorepad import services
from scorepad.domain import Contract, DealKind, Side
from scorepad.web.api.common import ApiContext, BadRequest, describe, number, refusals
from scorepad.web.api.params import MAX_ID, Lang, Loose, Whole, WriterOf
from scorepad.web.api.shapes import Poignee, Shape, Sheet

Name = Annotated[str, Field(min_length=1, max_length=40)]
HalfPoints = Annotated[float, Field(ge=0, le=91, multiple_of=0.5)]
QueryWhole = Annotated[Whole | None, Query()]
#: A whole number the query gives when the body does not (read only then: see `_either`)
QueryFallback = Annotated[Loose[Annotated[int, Field(ge=0, le=MAX_ID)]], Query()]


class DealBody(BaseModel):
    """A deal (FORMAT.md §1 without `rules`; `players` defaults to the next deal's, give
    `points` or `defense_points`), or `{"kind": "passed" | "petit_sec"}` alone for a
    redeal. The domain judges every key, and refuses any other."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": False})
    kind: Loose[DealKind] = None
    players: Loose[Annotated[list[Name], Field(min_length=3, max_length=5)]] = None
    taker: Loose[Name] = None
    partner: Loose[Name | None] = None
    contract: Loose[Contract] = None
    bouts: Loose[Annotated[int, Field(ge=0, le=3)]] = None
    points: Loose[HalfPoints] = None
    defense_points: Loose[HalfPoints] = None
    poignees: Loose[list[Poignee]] = None
    petit_au_bout: Loose[Side | None] = None
    chelem_announced: Loose[bool] = None
    chelem: Loose[Side | None] = None
    miseres: Loose[list[Name]] = None


class EditBody(DealBody):
    """The deal as it should now read; `expected_version` (here or in the query): the
    version the phone showed (409 with the current deal when it changed meanwhile)."""

    expected_version: Whole | None = None


class HistoryBody(BaseModel):
    """`operation` (from a write's `change`) or `expected_revision` (the sheet's revision
    the phone showed) scopes an undo or a redo; here or in the query."""

    operation: Whole | None = None
    expected_revision: Whole | None = None


class Change(Shape):
    """What identifies the change just made (give it back to undo only that change)."""

    operation: int | None
    revision: int


class Recorded(Shape):
    deal_id: int
    change: Change | None
    sheet: Sheet


class Edited(Shape):
    version: int
    change: Change | None
    sheet: Sheet


class Deleted(Shape):
    change: Change | None
    sheet: Sheet


class Stepped(Shape):
    label: str | None = Field(description="What was undone or redone")
    change: Change | None
    sheet: Sheet


def _either(given: int | None, query: str | None, name: str) -> int | None:
    """The body's value, else the query's (a body that gives it makes the query unread)."""
    if given is not None:
        return given
    return number(query, name) if query is not None else None


def change_of(changes: list[services.Change]) -> Change | None:
    """The last change made (None: nothing changed)."""
    if not changes:
        return None
    return Change(operation=changes[-1].operation, revision=changes[-1].revision)


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`POST/PUT/DELETE /games/{id}/deals[/{deal}]`, `POST /games/{id}/undo|redo`."""
    _add_record(router, ctx)
    _add_edit_delete(router, ctx)
    for name, move in (("undo", services.undo), ("redo", services.redo)):
        router.add_api_route(f"/games/{{game_id}}/{name}", _history_step(ctx, move),
                             methods=["POST"], name=name, responses=refusals(403, 404, 409))


def _add_record(router: APIRouter, ctx: ApiContext) -> None:
    @router.post("/games/{game_id}/deals", status_code=201,
                 responses=refusals(403, 404, 409))
    def record(game_id: Whole, body: DealBody, lang: Lang, who: WriterOf) -> Recorded:
        """Records the next deal (201), or a redeal."""
        data = body.model_dump(exclude_unset=True)
        kind = data.get("kind", "played")
        done: list[services.Change] = []
        if kind == "played":
            deal_data = {k: v for k, v in data.items() if k != "kind"}
            deal_id = services.record_deal(ctx.uow_factory(), game_id, deal_data,
                                           author=who.author, code=who.code,
                                           organiser=who.organiser,
                                           on_done=done.append)
        elif kind in ("passed", "petit_sec") and set(data) == {"kind"}:
            deal_id = services.record_redeal(ctx.uow_factory(), game_id, kind,
                                             author=who.author, code=who.code,
                                           organiser=who.organiser,
                                             on_done=done.append)
        else:
            raise BadRequest("kind", "kind", sent=describe(kind))
        return Recorded(deal_id=deal_id, change=change_of(done),
                        sheet=ctx.sheet(game_id, lang))


def _add_edit_delete(router: APIRouter, ctx: ApiContext) -> None:
    @router.put("/games/{game_id}/deals/{deal_id}", responses=refusals(403, 404, 409))
    def edit(game_id: Whole, deal_id: Whole, body: EditBody, lang: Lang, who: WriterOf,
             expected_version: QueryFallback = None) -> Edited:
        """Replaces what was entered (the former version stays in the history); a stale
        `expected_version` is a 409 with the deal as it is now."""
        data = body.model_dump(exclude_unset=True, exclude={"expected_version"})
        expected = _either(body.expected_version, expected_version, "expected_version")
        kind = data.pop("kind", "played")
        if kind not in ("played", "passed", "petit_sec") or (kind != "played" and data):
            raise BadRequest("kind", "kind", sent=describe(kind))
        done: list[services.Change] = []
        version = services.edit_deal(
            ctx.uow_factory(), game_id, deal_id, data if kind == "played" else None,
            kind=kind, expected_version=expected, author=who.author, code=who.code,
            organiser=who.organiser,
            on_done=done.append)
        return Edited(version=version, change=change_of(done),
                      sheet=ctx.sheet(game_id, lang))

    @router.delete("/games/{game_id}/deals/{deal_id}", responses=refusals(403, 404, 409))
    def delete(game_id: Whole, deal_id: Whole, lang: Lang, who: WriterOf,
               expected_version: QueryWhole = None) -> Deleted:
        """Takes the deal off the sheet (undo brings it back)."""
        done: list[services.Change] = []
        services.delete_deal(ctx.uow_factory(), game_id, deal_id,
                             expected_version=expected_version, author=who.author,
                             code=who.code, organiser=who.organiser, on_done=done.append)
        return Deleted(change=change_of(done), sheet=ctx.sheet(game_id, lang))


def _history_step(ctx: ApiContext, move: Callable[..., str | None]
                  ) -> Callable[..., Stepped]:
    """Undo or redo; scoped by `operation` or `expected_revision` (body or query) to
    that change or to the sheet the client saw (409 when stale); without either, the
    game's last change whoever made it (scripts)."""
    def step(game_id: Whole, lang: Lang, who: WriterOf, body: HistoryBody | None = None,
             operation: QueryFallback = None, expected_revision: QueryFallback = None
             ) -> Stepped:
        body = body or HistoryBody()
        scope = {"operation": _either(body.operation, operation, "operation"),
                 "expected_revision": _either(body.expected_revision, expected_revision,
                                              "expected_revision")}
        done: list[services.Change] = []
        label = move(ctx.uow_factory(), game_id, lang=lang, author=who.author,
                     code=who.code, organiser=who.organiser, on_done=done.append, **scope)
        return Stepped(label=label, change=change_of(done), sheet=ctx.sheet(game_id, lang))

    return step
