"""The reads a player's page, the statistics screen, the ranking and the awards share:
the games of a circle and a period, and each player's facts summed by the database
(scorepad.services.ports.stats), with the ratings after each game.

Nothing here reads every deal: the sums come from the parts the storage keeps beside
each score (migration 0010), and are kept between reads by the games' revisions
(scorepad.services.stats.kept: a deal recorded tonight reads tonight's game again, not
the season). The ratings, the one figure that needs every game in turn, are kept per
list of games' standings, so a screen opened again does not rate the season again, and
a change to tonight's game rates tonight's game alone."""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from typing import TypeVar

from scorepad import ratings
from scorepad.collation import name_key
from scorepad.domain.period import Period
from scorepad.domain.player_record import GameLine, PlayerFacts
from scorepad.domain.rating import SkillRating
from scorepad.domain.soiree import rank_totals
from scorepad.services.base.errors import CircleNotFound, PlayerNotFound
from scorepad.services.ports import PlayerRow, UnitOfWork
from scorepad.services.ports.stats import Asked, Extremes, PlayerSums, ScopeGame, StatsScope
from scorepad.services.stats.kept import StatsKept
from scorepad.services.stats.stored import STORE_AFTER, Stored, ratings_name

#: A game belongs to the evening before when it starts before this hour (domain.period).
_EVENING_STARTS = time(6)


def stats_scope(circle: int | None = None, period: Period | None = None,
                tz: tzinfo | None = None) -> StatsScope:
    """The games of `circle` (None: all) whose evening is in `period` (None: all time),
    in `tz` (None: this computer's zone), as a range of creation times: an evening runs
    from 6 am to 6 am the next day (scorepad.domain.period.evening_of)."""
    if period is None:
        return StatsScope(circle)
    return StatsScope(
        circle, None if period.start is None else _evening_start(period.start, tz),
        None if period.end is None else _evening_start(period.end + timedelta(days=1), tz))


def _evening_start(day: date, tz: tzinfo | None) -> datetime:
    naive = datetime.combine(day, _EVENING_STARTS)
    return naive.astimezone() if tz is None else naive.replace(tzinfo=tz)


def game_line(game: ScopeGame) -> GameLine:
    return GameLine(game.id, game.name, game.created_at, game.totals, game.circle)


#: what a game's ratings depend on: its players and their final totals, in seat order
Standing = tuple[tuple[str, int], ...]


class RatingsKept:
    """The ratings after each game of a list of games, kept for the lists read last, by
    what they depend on alone (each game's players and totals, in order: never stale,
    whatever the database). A list that begins like a kept one (the same games, then
    others or changed ones: a deal recorded in tonight's game) is rated on from where
    they part, not from the first game."""

    def __init__(self, capacity: int = 16) -> None:
        self._kept: OrderedDict[tuple[Standing, ...], list[dict[str, SkillRating]]]
        self._kept = OrderedDict()
        self._capacity = capacity
        self._lock = threading.Lock()

    def forget(self) -> None:
        """Drops every list kept (benchmarks measure a first opening with it)."""
        with self._lock:
            self._kept.clear()

    def _closest(self, key: tuple[Standing, ...]
                 ) -> tuple[int, list[dict[str, SkillRating]]]:
        """The kept list sharing the longest beginning with `key`: its length and list."""
        best: tuple[int, list[dict[str, SkillRating]]] = (0, [])
        for kept, history in self._kept.items():
            same = 0
            for mine, theirs in zip(key, kept, strict=False):
                if mine != theirs:
                    break
                same += 1
            if same > best[0]:
                best = (same, history)
        return best

    def _keep(self, key: tuple[Standing, ...], history: list[dict[str, SkillRating]]
              ) -> None:
        with self._lock:
            self._kept[key] = history
            self._kept.move_to_end(key)
            while len(self._kept) > self._capacity:
                self._kept.popitem(last=False)

    def history(self, games: Sequence[ScopeGame],
                stored: tuple[Stored, str] | None = None) -> list[dict[str, SkillRating]]:
        """The ratings after each of `games`. `stored`: where the scope's ratings are
        stored for the next start (scorepad.services.stats.stored): read when what is
        kept would leave many games to rate, written after rating many."""
        key = tuple(tuple(g.totals.items()) for g in games)
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
            same, earlier = self._closest(key)
        if stored is not None and len(key) - same > STORE_AFTER:
            loaded = stored[0].ratings(stored[1])
            if loaded is not None:
                self._keep(tuple(loaded[0]), loaded[1])
                with self._lock:
                    same, earlier = self._closest(key)
        start: dict[str, SkillRating] = {}
        for rated in earlier[:same]:
            start.update(rated)
        standings = [[(place, player) for place, player, _ in
                      rank_totals(dict(g.totals), name_key)] for g in games[same:]]
        found = earlier[:same] + ratings.rating_history(standings, start)
        self._keep(key, found)
        if stored is not None and len(key) - same > STORE_AFTER:
            stored[0].keep_ratings(stored[1], key, found)
        return found


#: one for the process: every screen and phone of a server shares it
RATINGS = RatingsKept()


@dataclass(frozen=True, slots=True)
class ScopeFacts:
    """The games of a scope and the facts of its players (one, or every one seated)."""

    circle: str | None
    games: tuple[ScopeGame, ...]
    facts: dict[str, PlayerFacts]
    #: each player's rating after the last game of the scope
    ratings: dict[str, SkillRating]
    #: what was worked out from these facts (`derived`): kept with them
    worked: dict[object, object] = field(default_factory=dict, compare=False, repr=False)


T = TypeVar("T")


def derived(read: ScopeFacts, what: object, work: Callable[[], T]) -> T:
    """`work()` done once for these facts: a read that finds the scope's games as they
    were is handed the same facts (scope_facts), and what was worked out from them."""
    if what not in read.worked:
        with many_small_objects():
            read.worked[what] = work()
    return read.worked[what]  # type: ignore[return-value]


@contextmanager
def many_small_objects() -> Iterator[None]:
    """Pauses Python's cyclic garbage collector while a scope's thousands of small
    objects (rows, tallies, ratings, lines: no reference cycles among them) are built:
    its passes over them cost a first read after a start a fifth of its time. It runs
    again at the end (if two threads overlap, the last one out turns it back on)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def find_player(uow: UnitOfWork, name: str) -> PlayerRow:
    """Inside a transaction: the player called `name` (a merged name means the player it
    was merged into); PlayerNotFound otherwise."""
    row = uow.repo.find_player(name)
    seen = set()
    while row is not None and row.merged_into is not None and row.id not in seen:
        seen.add(row.id)
        row = uow.repo.get_player(row.merged_into)
    if row is None:
        raise PlayerNotFound(name)
    return row


#: the one for the process: every screen and phone of a server shares it
KEPT = StatsKept()


def forget_kept() -> None:
    """Forgets every rating and sum kept: the next read is a first one after a start
    (the benchmarks' "cold")."""
    RATINGS.forget()
    KEPT.forget()


def scope_games(uow: UnitOfWork, scope: StatsScope) -> tuple[ScopeGame, ...]:
    """Inside a transaction: the scope's games with their totals, oldest first."""
    return KEPT.scope_games(uow, uow.repo.scope_index(scope), uow.repo.circle_names())


def scope_facts(uow: UnitOfWork, *, circle: int | None = None, period: Period | None = None,
                tz: tzinfo | None = None, player: str | None = None, takes: bool = True,
                extremes: Extremes = "cells", rated: bool = True) -> ScopeFacts:
    """The facts of `player` (None: every player seated in the scope's games), summed by
    the database and kept between reads (scorepad.services.stats.kept); `takes`: with
    the takes in order (streaks), else without; `rated`: with the ratings after each
    game, else without (the statistics screen shows none). CircleNotFound for a circle
    that does not exist."""
    scope = stats_scope(circle, period, tz)
    stored = Stored(uow)
    with uow, many_small_objects():
        circles = uow.repo.circle_names()
        if circle is not None and circle not in circles:
            raise CircleNotFound(circle)
        found = find_player(uow, player) if player is not None else None
        index = uow.repo.scope_index(scope)
        # Every game as it was (its revision) and the circles' names: the same facts.
        key = (scope, found, takes, extremes, rated)
        stamp = (tuple(g.stamp for g in index), tuple(sorted(circles.items())))
        kept = KEPT.kept_read(uow, key, stamp)
        if isinstance(kept, ScopeFacts):
            return kept
        games = KEPT.scope_games(uow, index, circles, stored)
        sums = KEPT.scope_sums(uow, scope, index, found, Asked(takes, extremes), stored)
        history = (RATINGS.history(games, (stored, ratings_name(scope))) if rated
                   else [{} for _ in games])
        read = _assembled(circles.get(circle) if circle is not None else None, games, sums,
                          found.name if found is not None else None, history)
        KEPT.keep_read(uow, key, stamp, read)
    stored.write()
    return read


def _assembled(circle: str | None, games: tuple[ScopeGame, ...],
               sums: dict[str, PlayerSums], name: str | None,
               history: list[dict[str, SkillRating]]) -> ScopeFacts:
    after: dict[str, dict[int, SkillRating]] = {}
    final: dict[str, SkillRating] = {}
    for game, after_game in zip(games, history, strict=True):
        final.update(after_game)
        for who, rating in after_game.items():
            after.setdefault(who, {})[game.id] = rating
    seated: dict[str, list[GameLine]] = {}
    for game in games:
        line = game_line(game)
        for seat in game.seats:
            if name is None or seat == name:
                seated.setdefault(seat, []).append(line)
    if name is not None:
        seated.setdefault(name, [])
    empty = PlayerSums()
    facts = {}
    for who, lines in seated.items():
        mine = sums.get(who, empty)
        facts[who] = PlayerFacts(
            player=who, games=tuple(lines), tallies=mine.tallies, sat_out=mine.sat_out,
            takes=mine.takes, best=mine.best, worst=mine.worst, ratings=after.get(who, {}))
    return ScopeFacts(circle, games, facts, final)
