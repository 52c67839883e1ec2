"""A whole game as the domain sees it: table, rules and every deal with its row.

This is what exports render and what the importer rebuilds; storage maps its rows
to and from these objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from scorepad.domain.model import DealInput
from scorepad.domain.rules import FFT_RULES, RuleSet
from scorepad.domain.table import Table


class DealKind(StrEnum):
    PLAYED = "played"
    PASSED = "passed"  # "tous passent": everybody passed, scores nothing
    PETIT_SEC = "petit_sec"  # redeal, scores nothing


class GameStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class DealTurn:
    """A deal's place in its game: its number, who deals it, who sits it out."""

    number: int
    dealer: str
    sitting_out: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealRecord(DealTurn):
    kind: DealKind
    input: DealInput | None
    scores: dict[str, int] = field(default_factory=dict)
    #: when the deal was first recorded (None when unknown, e.g. built in memory)
    created_at: datetime | None = None
    #: its identity in every home of the game, the change it shows and the changes that
    #: change was made on (scorepad.domain.sync; None and () when unknown)
    uid: str | None = None
    change: str | None = None
    parents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord:
    name: str
    created_at: datetime
    table: Table
    rules: RuleSet = FFT_RULES
    deals: tuple[DealRecord, ...] = ()
    status: GameStatus = GameStatus.IN_PROGRESS
    #: when the game last changed (None when unknown, e.g. built in memory): what a list
    #: of games shows, kept through an export and an import
    updated_at: datetime | None = None
    #: the game's identity in every home (scorepad.domain.sync; None when unknown)
    uid: str | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        return self.table.seats

    @property
    def deal_size(self) -> int:
        return self.table.deal_size

    def totals(self) -> dict[str, int]:
        """Every seated player's total, in seat order (0 for one who never scored)."""
        totals = dict.fromkeys(self.table.seats, 0)
        for deal in self.deals:
            for player, value in deal.scores.items():
                totals[player] = totals.get(player, 0) + value
        return totals


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A stored game and its id, as statistics over several games (a soirée, a season)
    read it; `circle` is the name of the circle it belongs to, if any."""

    id: int
    record: GameRecord
    circle: str | None = None


def has_played_deal(game: PlayedGame) -> bool:
    """Whether a deal was played in `game` (redeals do not count)."""
    return any(d.kind is DealKind.PLAYED for d in game.record.deals)
