"""Runs of the same outcome in a row: a taker's contracts made, a player's games won, the
longest of them and the one still going (docs/STATS.md, "Records")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: A player's takes in the order played, one character a take: MADE or LOST (a string:
#: a long history's takes are read from the database as text and cut in C, not looped).
Outcomes = str
MADE, LOST = "1", "0"


@dataclass(frozen=True, slots=True)
class Streak:
    """`length` outcomes in a row, all `won` (made, or games won) or all not."""

    won: bool
    length: int


def outcomes(flags: Iterable[bool]) -> Outcomes:
    """Outcomes from booleans (True: made or won)."""
    return "".join(MADE if flag else LOST for flag in flags)


def longest(sequence: Outcomes, won: bool = True) -> int:
    """The longest run of `won` outcomes (0 when there is none)."""
    other = LOST if won else MADE
    return max(map(len, sequence.split(other)), default=0)


def current(sequence: Outcomes) -> Streak | None:
    """The run the sequence ends with (None when it is empty)."""
    if not sequence:
        return None
    last = sequence[-1]
    other = LOST if last == MADE else MADE
    return Streak(last == MADE, len(sequence) - sequence.rfind(other) - 1)
