"""What the use cases return to the UI and the CLI: read-only views of games and deals."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from scorepad.collation import name_key
from scorepad.domain import (
    Contract,
    DealInput,
    DealKind,
    DealTurn,
    DealWarning,
    RuleSet,
)
from scorepad.domain.soiree import rank_totals
from scorepad.services.base.access import open_to_all
from scorepad.services.ports import GameFacts, GameRow


@dataclass(frozen=True, slots=True, kw_only=True)
class GameHead(GameFacts):
    """What every view of a game says of it (its list entry, its sheet)."""

    #: the game has a table code: only a phone with the code may change it
    protected: bool = False
    #: the game has an organiser (False: a game from before organisers or made by the
    #: command line, see access)
    organised: bool = False
    #: anybody may rename, finish, reopen or bin it (a game from before organisers
    #: without a code; access.open_to_all)
    open_to_all: bool = False

    @staticmethod
    def of(game: GameRow) -> dict[str, Any]:
        """The fields above read from the stored row (to build a view with)."""
        facts = {f.name: getattr(game, f.name) for f in fields(GameFacts)}
        return {**facts, "protected": game.code_hash is not None,
                "organised": game.organiser_hash is not None,
                "open_to_all": open_to_all(game)}


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSummary(GameHead):
    deals: int
    totals: dict[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetDeal(DealTurn):
    """One line of the score sheet."""

    id: int
    game_id: int
    kind: DealKind
    input: DealInput | None
    scores: dict[str, int]
    version: int
    made: bool | None = None
    difference: int | None = None
    contract: Contract | None = None
    taker: str | None = None
    partner: str | None = None
    warnings: tuple[DealWarning, ...] = ()
    #: changed on both sides (a phone and its club) before either heard of the other:
    #: both versions are in its history, this is the later (scorepad.domain.sync)
    both_sides: bool = False


@dataclass(frozen=True, slots=True)
class NextDeal(DealTurn):
    """Who deals the next deal, who sits out, who plays."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSheet(GameHead):
    first_dealer: int
    rules: RuleSet
    deals: tuple[SheetDeal, ...]
    #: every seat, in seat order, then every departed player, from the SQL aggregate of
    #: the score rows (they add up to zero)
    totals: dict[str, int]
    next: NextDeal
    can_undo: bool
    can_redo: bool
    undo_label: str | None
    redo_label: str | None
    #: who played deals of this game and holds no seat now (a tournament's player who
    #: left: replaced by a substitute, or their table played on without them), in the
    #: order they first played
    departed: tuple[str, ...] = ()

    @property
    def columns(self) -> tuple[str, ...]:
        """The sheet's columns: the seats, then the departed players."""
        return (*self.seats, *self.departed)

    def standings(self) -> list[tuple[int, str, int]]:
        """(rank, player, total), best first; equal totals share a rank (names in
        French order)."""
        return rank_totals(self.totals, name_key)


@dataclass(frozen=True, slots=True)
class DealVersion:
    """One entry of a deal's audit trail: its state after a change, when and by whom."""

    deal_id: int
    version: int
    action: str
    at: datetime
    #: the name the writer gave (X-Author), if any
    author: str | None
    kind: DealKind
    input: DealInput | None
    scores: dict[str, int]
    deleted: bool
    #: the tournament's organiser made the change (a correction)
    by_organiser: bool = False
    #: a tournament's table made it (its number), with its code
    by_table: int | None = None
