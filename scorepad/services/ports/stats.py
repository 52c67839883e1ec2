"""What the statistics need from persistence: the games of a circle and a period (each
with its revision, so that what is kept of it can be told still true) and their totals,
and the sums a player's record is made of (tallies of parts, takes in order, extreme
deals, deals sat out), each summed by the database over a scope's games or given game by
game (`Repository` in services.ports includes this part)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

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


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStamp:
    """A game of a scope as its light read gives it: its revision and start tell whether
    what was kept of it still holds (every write bumps the revision; an id is not reused
    with the same start)."""

    id: int
    name: str
    created_at: datetime
    revision: int
    circle_id: int | None
    #: live deals, redeals included
    deals: int

    @property
    def stamp(self) -> tuple[int, int, datetime]:
        return (self.id, self.revision, self.created_at)


#: what a read gets of the extreme deals: the cells holding them (named and counted),
#: the scores alone, or nothing
Extremes = Literal["cells", "scores", "none"]


@dataclass(frozen=True, slots=True)
class Asked:
    """What a read sums besides the tallies and the deals sat out: the takes in order
    (streaks), the extreme deals."""

    takes: bool = True
    extremes: Extremes = "cells"


@dataclass(frozen=True, slots=True)
class PlayerSums:
    """One player's facts over some games: tallies by part (in `key_order`), deals sat
    out, takes in order by game id (when asked), best and worst deal (when asked; their
    cells in the order played)."""

    tallies: tuple[PartTally, ...] = ()
    sat_out: int = 0
    takes: Mapping[int, Outcomes] = field(default_factory=dict)
    best: Extreme | None = None
    worst: Extreme | None = None


class StatsRepository(Protocol):
    """What the statistics read: a scope's games, their seats, and sums over them (or
    game by game); `player`: only that player's sums (None: everyone's), keyed by
    player name."""

    #: the database these reads are from: what is kept between reads is kept for it alone
    def stats_source(self) -> object: ...
    #: every circle's name by id (a short table)
    def circle_names(self) -> dict[int, str]: ...
    #: the scope's games, oldest first (then by id), without their seats
    def scope_index(self, scope: StatsScope) -> list[GameStamp]: ...
    #: the seats of the given games with each seat's total, in seat order, by game id
    def game_seats(self, game_ids: Sequence[int]) -> dict[int, dict[str, int]]: ...
    #: everyone's (or `player`'s) sums over the scope's games but `exclude`, by name
    def scope_sums(self, scope: StatsScope, player: int | None, exclude: Collection[int],
                   asked: Asked) -> dict[str, PlayerSums]: ...
    #: the same for each of the given games alone: by game id, then by name
    def game_sums(self, game_ids: Sequence[int], player: int | None, asked: Asked
                  ) -> dict[int, dict[str, PlayerSums]]: ...
    #: whether this database keeps what the statistics worked out for the next start
    #: (scorepad.services.stats.stored; a phone does not)
    @property
    def stores_stats(self) -> bool: ...
    #: names the code that sums (a digest of it): what it stored is not used by another
    def stats_code(self) -> str: ...
    #: the text stored under `name` for the next start, if any
    def stored_stats(self, name: str) -> str | None: ...
    #: stores each text under its name, replacing what was there
    def store_stats(self, bodies: Mapping[str, str]) -> None: ...
