"""What the statistics need from persistence: the games of a circle and a period with
their totals, and the sums a player's record is made of (tallies of parts, takes in
order, extreme deals, deals sat out), each summed by the database
(`Repository` in services.ports includes this part)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from scorepad.domain.parts import PartTally
from scorepad.domain.player_record import Extreme
from scorepad.domain.streaks import Outcomes


@dataclass(frozen=True, slots=True)
class StatsScope:
    """The games statistics read: not in the bin, of `circle_id` (None: any), created
    from `start` (included) to `end` (excluded), aware datetimes (None: no bound)."""

    circle_id: int | None = None
    start: datetime | None = None
    end: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ScopeGame:
    """A game of the scope in which a deal was played, with every seat's total."""

    id: int
    name: str
    created_at: datetime
    revision: int
    circle: str | None
    seats: tuple[str, ...]
    totals: Mapping[str, int]
    #: live deals, redeals included
    deals: int


class StatsRepository(Protocol):
    """Sums over the games of a scope; `player`: only that player's (None: everyone's),
    keyed by player name."""

    #: oldest first (then by id)
    def scope_games(self, scope: StatsScope) -> list[ScopeGame]: ...
    def scope_tallies(self, scope: StatsScope, player: int | None = None
                      ) -> dict[str, tuple[PartTally, ...]]: ...
    #: each player's takes in each game (by game id), in the order played
    def scope_takes(self, scope: StatsScope, player: int | None = None
                    ) -> dict[str, dict[int, Outcomes]]: ...
    #: each player's (best, worst) deal; `cells` False: the scores alone (no cell named,
    #: none counted: what a table of every player shows)
    def scope_extremes(self, scope: StatsScope, player: int | None = None,
                       cells: bool = True) -> dict[str, tuple[Extreme, Extreme]]: ...
    def scope_sat_out(self, scope: StatsScope, player: int | None = None) -> dict[str, int]: ...
