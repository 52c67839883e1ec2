"""The JSON shapes several routes share, as pydantic models: a refusal (FORMAT.md §3), a
deal as entered (§1), the rules, a sheet's line and the whole sheet."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from scorepad.domain import Contract, DealKind, GameStatus, PoigneeSize, Side
from scorepad.domain.rules import FFT_RULES
from scorepad.services import GameSheet, SheetDeal

LIMIT = 100_000  # the largest value a rule may have (RuleSet.merged)


class Shape(BaseModel):
    """An answer of the API: exactly these keys (the schema says so, and the tests hold
    the server to it)."""

    model_config = ConfigDict(extra="forbid")


def _absent(value: object) -> bool:
    return value is None


#: A key an answer leaves out rather than sending null.
Omitted = Field(default=None, exclude_if=_absent)
#: Card points: 0 to 91 by half points, written 49 rather than 49.0 when whole.
Points = Annotated[int | float, WithJsonSchema(
    {"type": "number", "minimum": 0, "maximum": 91, "multipleOf": 0.5})]


class ErrorDetail(Shape):
    field: str = Field(description="The key to correct (FORMAT.md §1 for a deal)")
    message: str = Field(description="What is wrong and what is allowed, in the language "
                                     "asked for")


class Refused(Shape):
    """FORMAT.md §3."""

    error: ErrorDetail


class Poignee(Shape):
    player: str
    size: PoigneeSize


class Deal(Shape):
    """A deal as the table entered it: FORMAT.md §1 without `rules`, with `points` or
    `defense_points`, whichever was given."""

    players: list[str]
    taker: str
    partner: str | None
    contract: Contract
    bouts: Annotated[int, Field(ge=0, le=3)]
    points: Points = Omitted
    defense_points: Points = Omitted
    poignees: list[Poignee]
    petit_au_bout: Side | None
    chelem_announced: bool
    chelem: Side | None
    miseres: list[str]


_FFT = FFT_RULES.to_dict()
#: every key of the rules is optional in a request (the FFT value below), present in
#: every answer
_RULES_CONFIG = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)
Coefficient = Annotated[int, Field(ge=1, le=1000)]
Amount = Annotated[int, Field(ge=0, le=LIMIT)]


class Coefficients(Shape):
    model_config = _RULES_CONFIG
    prise: Coefficient = _FFT["coefficients"]["prise"]
    garde: Coefficient = _FFT["coefficients"]["garde"]
    garde_sans: Coefficient = _FFT["coefficients"]["garde_sans"]
    garde_contre: Coefficient = _FFT["coefficients"]["garde_contre"]


class PoigneeValues(Shape):
    model_config = _RULES_CONFIG
    simple: Amount = _FFT["poignees"]["simple"]
    double: Amount = _FFT["poignees"]["double"]
    triple: Amount = _FFT["poignees"]["triple"]


class ChelemValues(Shape):
    model_config = _RULES_CONFIG
    announced_made: Amount = _FFT["chelem"]["announced_made"]
    made: Amount = _FFT["chelem"]["made"]
    announced_failed: Annotated[int, Field(ge=-LIMIT, le=0)] = _FFT["chelem"][
        "announced_failed"]
    defense: Amount = _FFT["chelem"]["defense"]


class Rules(Shape):
    """The rules of FORMAT.md §1; in a request, overrides of the FFT defaults merged key
    by key."""

    model_config = _RULES_CONFIG
    coefficients: Coefficients = Coefficients()
    base: Amount = _FFT["base"]
    petit_au_bout: Amount = _FFT["petit_au_bout"]
    petit_au_bout_multiplied: bool = _FFT["petit_au_bout_multiplied"]
    poignees: PoigneeValues = PoigneeValues()
    chelem: ChelemValues = ChelemValues()
    misere: bool = _FFT["misere"]
    misere_value: Amount = _FFT["misere_value"]


class DealLine(Shape):
    """One line of the sheet: its id, number, version, kind, input and row."""

    id: int
    number: int
    version: int
    kind: DealKind
    dealer: str
    sitting_out: list[str]
    input: Deal | None = Field(description="The deal as entered (null unless played)")
    scores: dict[str, int]

    @classmethod
    def of(cls, deal: SheetDeal) -> DealLine:
        return cls.model_validate(_line(deal))


def _line(deal: SheetDeal) -> dict[str, Any]:
    # Validated with its sheet in one call (a sheet of 300 deals twice as fast).
    return {"id": deal.id, "number": deal.number, "version": deal.version,
            "kind": deal.kind, "dealer": deal.dealer, "sitting_out": list(deal.sitting_out),
            "input": deal.input.to_dict() if deal.input is not None else None,
            "scores": dict(deal.scores)}


class NextDeal(Shape):
    number: int
    dealer: str
    sitting_out: list[str]
    players: list[str]


class Sheet(Shape):
    """The whole sheet: what every phone shows, and what they compare."""

    id: int
    name: str
    status: GameStatus
    revision: int = Field(description="Bumped by every change of the game")
    protected: bool = Field(description="The game has a table code")
    seats: list[str]
    deal_size: int
    first_dealer: int = Field(description="The seat (from 0) of the first deal's dealer")
    rules: Rules
    deals: list[DealLine]
    totals: dict[str, int] = Field(description="Every seat's total, in seat order")
    next: NextDeal
    can_undo: bool
    can_redo: bool
    undo_label: str | None = Field(description="What an undo would take back")
    redo_label: str | None = Field(description="What a redo would do again")

    @classmethod
    def of(cls, sheet: GameSheet) -> Sheet:
        following = sheet.next
        return cls.model_validate({
            "id": sheet.id, "name": sheet.name, "status": sheet.status,
            "revision": sheet.revision, "protected": sheet.protected,
            "seats": list(sheet.seats), "deal_size": sheet.deal_size,
            "first_dealer": sheet.first_dealer, "rules": sheet.rules.to_dict(),
            "deals": [_line(d) for d in sheet.deals], "totals": dict(sheet.totals),
            "next": {"number": following.number, "dealer": following.dealer,
                     "sitting_out": list(following.sitting_out),
                     "players": list(following.players)},
            "can_undo": sheet.can_undo, "can_redo": sheet.can_redo,
            "undo_label": sheet.undo_label, "redo_label": sheet.redo_label})


def deal_to_dict(deal: SheetDeal) -> dict[str, Any]:
    """One line of the sheet as the API sends it."""
    return DealLine.of(deal).model_dump(mode="json")


def sheet_to_dict(sheet: GameSheet) -> dict[str, Any]:
    """The whole sheet as the API sends it."""
    return Sheet.of(sheet).model_dump(mode="json")


class Conflict(Refused):
    """A refusal of a stale change; for a deal changed meanwhile, the deal as it is now."""

    current: DealLine = Omitted
