"""What the statistics keep between reads, for each database: each game's seats and totals,
and each scope's sums, all by the games' revisions (every write bumps its game's: a game
kept at its revision is the game as it is), like the sheets (services.games.sheet_cache).

A scope's sums are kept in two parts. Its newest games (`LIVE`: tonight's, where deals
are recorded) are kept game by game; the others are kept summed, with the revision of
each game summed. A read checks every game's revision in one light query (the scope's
index, which it needs anyway), then:
- a deal recorded, edited or undone in one of the newest games: that game's sums are read
  again, alone, and added to the others' (a club's 2,200 games are not summed again);
- a new game: the one it pushes out of the newest is added to the kept sum (it was
  kept game by game);
- anything else (an older game changed, moved to the bin or to another circle, a player
  renamed or merged, which bumps their games' revisions): the scope is summed again by
  the database.
Nothing kept is ever trusted without its revision: never stale, whatever wrote to the
database (another process, an import)."""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorepad.domain.parts import merge_tallies
from scorepad.domain.player_record import EXTREME_CELLS, Extreme
from scorepad.services.ports import PlayerRow, UnitOfWork
from scorepad.services.ports.stats import Asked, GameStamp, PlayerSums, ScopeGame, StatsScope
from scorepad.services.stats.stored import STORE_AFTER, Stamp, Stored, sums_name

#: a scope's newest games, kept game by game (tonight's deals go to one of them)
LIVE = 8
#: what is read of a game kept game by game (a read asking less takes part of it)
EVERYTHING = Asked(takes=True, extremes="cells")
#: scopes kept summed, whole reads kept (a player's page over a club's years holds a
#: thousand games' lines: a few hundred kB), and games kept game by game, for each
#: database
SCOPES = 64
READS = 24
GAMES = 512

def _stamp(game: GameStamp) -> Stamp:
    return (game.revision, game.created_at)


def _edge(first: Extreme | None, then: Extreme | None, highest: bool) -> Extreme | None:
    """The extreme of two parts of the games in the order played (`first`'s games before
    `then`'s): on a tie, the cells of both in that order, counted together."""
    if first is None or then is None:
        return first if then is None else then
    if first.score == then.score:
        return Extreme(first.score, (first.cells + then.cells)[:EXTREME_CELLS],
                       first.count + then.count)
    return first if (first.score > then.score) == highest else then


def _plus(first: PlayerSums, then: PlayerSums) -> PlayerSums:
    return PlayerSums(merge_tallies(first.tallies + then.tallies),
                      first.sat_out + then.sat_out, {**first.takes, **then.takes},
                      _edge(first.best, then.best, True), _edge(first.worst, then.worst, False))


def combined(parts: Iterable[dict[str, PlayerSums]]) -> dict[str, PlayerSums]:
    """Sums of parts of a scope's games given in the order played, added up by player."""
    total: dict[str, PlayerSums] = {}
    for part in parts:
        for name, sums in part.items():
            known = total.get(name)
            total[name] = sums if known is None else _plus(known, sums)
    return total


def _value(extreme: Extreme | None) -> Extreme | None:
    return None if extreme is None else Extreme(extreme.score)


def asked_of(sums: dict[str, PlayerSums], player: str | None, asked: Asked
             ) -> dict[str, PlayerSums]:
    """A game's sums (read whole: `EVERYTHING`) as a read asks them: one player's or
    everyone's, without what it does not ask."""
    chosen = sums if player is None else {player: sums[player]} if player in sums else {}
    if asked == EVERYTHING:
        return chosen
    shown = {}
    for name, part in chosen.items():
        if asked.extremes == "none":
            part = replace(part, best=None, worst=None)
        elif asked.extremes == "scores":
            part = replace(part, best=_value(part.best), worst=_value(part.worst))
        shown[name] = part if asked.takes else replace(part, takes={})
    return shown


@dataclass(frozen=True, slots=True)
class _Summed:
    """A scope's sums over its games but the newest, each game at the revision summed."""

    settled: dict[int, Stamp]
    base: dict[str, PlayerSums]


class _Source:
    """What is kept of one database."""

    def __init__(self) -> None:
        self.seats: dict[int, tuple[Stamp, dict[str, int]]] = {}
        #: the seats stored for the next start were read (or there are none to read)
        self.loaded = False
        self.games: OrderedDict[int, tuple[Stamp, dict[str, PlayerSums]]] = OrderedDict()
        self.sums: OrderedDict[tuple[Any, ...], _Summed] = OrderedDict()
        self.reads: OrderedDict[object, tuple[object, object]] = OrderedDict()


class StatsKept:
    """The statistics' reads, keeping what they read between calls (module docstring);
    every method runs inside the caller's transaction. Safe to share between threads."""

    def __init__(self) -> None:
        self._sources: weakref.WeakKeyDictionary[Any, _Source] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def forget(self) -> None:
        """Drops everything kept (benchmarks measure a first opening with it)."""
        with self._lock:
            self._sources.clear()

    def _source(self, uow: UnitOfWork) -> _Source:
        key = uow.repo.stats_source()
        with self._lock:
            source = self._sources.get(key)
            if source is None:
                source = self._sources[key] = _Source()
            return source

    def kept_read(self, uow: UnitOfWork, key: object, stamp: object) -> object | None:
        """A whole read kept under `key` when it was made from the games `stamp` names
        (each at its revision), else None."""
        source = self._source(uow)
        with self._lock:
            kept = source.reads.get(key)
            if kept is None or kept[0] != stamp:
                return None
            source.reads.move_to_end(key)
            return kept[1]

    def keep_read(self, uow: UnitOfWork, key: object, stamp: object, read: object) -> None:
        source = self._source(uow)
        with self._lock:
            source.reads[key] = (stamp, read)
            source.reads.move_to_end(key)
            while len(source.reads) > READS:
                source.reads.popitem(last=False)

    def scope_games(self, uow: UnitOfWork, index: Sequence[GameStamp],
                    circles: dict[int, str], stored: Stored | None = None
                    ) -> tuple[ScopeGame, ...]:
        """The scope's games with their seats and totals (`index`: the scope's light
        read; `circles`: every circle's name); only games not kept at their revision
        have their seats read. `stored`: the first read of a database takes what the
        last start stored (scorepad.services.stats.stored) and, when it read many
        games, hands them back to be stored."""
        source = self._source(uow)
        if stored is not None and not source.loaded:
            found = stored.seats()
            with self._lock:
                for game_id, seats in found.items():
                    source.seats.setdefault(game_id, seats)
                source.loaded = True
        with self._lock:
            kept = {g.id: source.seats.get(g.id) for g in index}
        missing = [g.id for g in index
                   if (kept[g.id] or (None,))[0] != _stamp(g)]
        read = uow.repo.game_seats(missing) if missing else {}
        if read:
            with self._lock:
                for game in index:
                    if game.id in read:
                        source.seats[game.id] = (_stamp(game), read[game.id])
                every = dict(source.seats)
            if stored is not None and len(read) > STORE_AFTER:
                stored.keep_seats(every)
        games = []
        for game in index:
            known = kept[game.id]
            totals = read[game.id] if game.id in read else known[1] if known else {}
            games.append(ScopeGame(
                id=game.id, name=game.name, created_at=game.created_at,
                revision=game.revision, deals=game.deals, seats=tuple(totals),
                totals=totals, circle=circles.get(game.circle_id)
                if game.circle_id is not None else None))
        return tuple(games)

    def _game_sums(self, uow: UnitOfWork, source: _Source, games: Sequence[GameStamp]
                   ) -> dict[int, dict[str, PlayerSums]]:
        """Each game's sums, read whole (`EVERYTHING`), those kept at their revision
        taken from what is kept."""
        found: dict[int, dict[str, PlayerSums]] = {}
        with self._lock:
            for game in games:
                kept = source.games.get(game.id)
                if kept is not None and kept[0] == _stamp(game):
                    found[game.id] = kept[1]
                    source.games.move_to_end(game.id)
        missing = [g for g in games if g.id not in found]
        if missing:
            read = uow.repo.game_sums([g.id for g in missing], None, EVERYTHING)
            with self._lock:
                for game in missing:
                    found[game.id] = read.get(game.id, {})
                    source.games[game.id] = (_stamp(game), found[game.id])
                while len(source.games) > GAMES:
                    source.games.popitem(last=False)
        return found

    def scope_sums(self, uow: UnitOfWork, scope: StatsScope, index: Sequence[GameStamp],
                   player: PlayerRow | None, asked: Asked, stored: Stored | None = None
                   ) -> dict[str, PlayerSums]:
        """Everyone's (or `player`'s) sums over the scope's games (`index`, read in this
        transaction), by name. `stored`: sums not kept are taken from what the last start
        stored, if any (as if kept: checked the same way), and stored when the database
        summed many games."""
        source = self._source(uow)
        place = {g.id: n for n, g in enumerate(index)}
        newest = list(index[-LIVE:])
        live = {g.id for g in newest}
        settled = {g.id: _stamp(g) for g in index if g.id not in live}
        key = (scope, None if player is None else player.id, asked)
        with self._lock:
            summed = source.sums.get(key)
        stored_as = sums_name(scope, None if player is None else player.id, asked)
        if summed is None and stored is not None:
            loaded = stored.sums(stored_as)
            summed = None if loaded is None else _Summed(*loaded)
        added: list[GameStamp] = []
        if summed is not None:
            if any(settled.get(i) != stamp for i, stamp in summed.settled.items()):
                summed = None  # a game summed changed, or left the scope
            else:
                added = [g for g in index if g.id in settled and g.id not in summed.settled]
                last = max((place[i] for i in summed.settled), default=-1)
                # Added after every game summed (pushed out of the newest): added to the
                # sums; an older game come into the scope (an import, a game moved into
                # the circle): summed again, its cells in their place in the order.
                if len(added) > LIVE or any(place[g.id] < last for g in added):
                    summed = None
        name = None if player is None else player.name
        if summed is None:
            base = uow.repo.scope_sums(scope, None if player is None else player.id,
                                       live, asked) if settled else {}
            if stored is not None and len(settled) > STORE_AFTER:
                stored.keep_sums(stored_as, settled, base)
        else:
            parts = self._game_sums(uow, source, added)
            base = combined([summed.base, *(asked_of(parts[g.id], name, asked)
                                            for g in added)])
        if summed is None or added:
            with self._lock:
                source.sums[key] = _Summed(settled, base)
                source.sums.move_to_end(key)
                while len(source.sums) > SCOPES:
                    source.sums.popitem(last=False)
        parts = self._game_sums(uow, source, newest)
        return combined([base, *(asked_of(parts[g.id], name, asked) for g in newest)])
