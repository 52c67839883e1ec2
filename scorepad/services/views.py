"""What the use cases return to the UI and the CLI: read-only views of games and deals."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorepad.domain import (
    Contract,
    DealInput,
    DealKind,
    DealWarning,
    GameStatus,
    RuleSet,
)
from scorepad.domain.soiree import rank_totals


@dataclass(frozen=True, slots=True)
class GameSummary:
    id: int
    name: str
    status: GameStatus
    seats: tuple[str, ...]
    deal_size: int
    deals: int
    totals: dict[str, int]
    created_at: datetime
    updated_at: datetime
    #: the game has a table code: only a phone with the code may change it
    protected: bool = False
    #: bumped by every change of the game
    revision: int = 0
    #: the circle the game belongs to (None: none)
    circle_id: int | None = None
    #: the game has an organiser (False: a game from before organisers, see access)
    organised: bool = False


@dataclass(frozen=True, slots=True)
class SheetDeal:
    """One line of the score sheet."""

    id: int
    game_id: int
    number: int
    dealer: str
    sitting_out: tuple[str, ...]
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


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Who deals the next deal, who sits out, who plays."""

    number: int
    dealer: str
    sitting_out: tuple[str, ...]
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameSheet:
    id: int
    name: str
    status: GameStatus
    created_at: datetime
    updated_at: datetime
    seats: tuple[str, ...]
    deal_size: int
    first_dealer: int
    rules: RuleSet
    deals: tuple[SheetDeal, ...]
    #: every seat, in seat order, from the SQL aggregate of the score rows
    totals: dict[str, int]
    next: NextDeal
    can_undo: bool
    can_redo: bool
    undo_label: str | None
    redo_label: str | None
    #: the game has a table code: only a phone with the code may change it
    protected: bool = False
    #: bumped by every change of the game: equal revisions show the same sheet
    revision: int = 0
    #: the circle the game belongs to (None: none)
    circle_id: int | None = None
    #: the game has an organiser (False: a game from before organisers, see access)
    organised: bool = False

    @property
    def next_deal_number(self) -> int:
        return self.next.number

    @property
    def next_dealer(self) -> str:
        return self.next.dealer

    @property
    def next_sitting_out(self) -> tuple[str, ...]:
        return self.next.sitting_out

    @property
    def next_players(self) -> tuple[str, ...]:
        return self.next.players

    def standings(self) -> list[tuple[int, str, int]]:
        """(rank, player, total), best first; equal totals share a rank."""
        return rank_totals(self.totals)


@dataclass(frozen=True, slots=True)
class DealVersion:
    """One entry of a deal's audit trail: its state after a change, when and by whom."""

    deal_id: int
    version: int
    action: str
    at: datetime
    author: str | None
    kind: DealKind
    input: DealInput | None
    scores: dict[str, int]
    deleted: bool
