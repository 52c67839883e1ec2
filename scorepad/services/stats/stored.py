"""What a server's statistics keep in its database for its next start: every game's seats
and totals, each scope's sums over its games but the newest, and each scope's ratings
after each game. The reads keep them in memory (scorepad.services.stats.kept, .reads);
without this, the first page opened after a start read a club's 2,200 games' seats
again, summed its 110,000 deals again and rated every game again.

All are a cache, checked before use as what is kept in memory is: a game's seats are
taken only at the game's revision (every write bumps it), sums only while every game
summed is at the revision it was summed at (else summed again), and ratings only for
the games whose standings (players and totals, in order) are the same, the rest rated
on from there. What is stored also names the code that worked it out (`written_by`: a
digest of its modules): a new version of the ratings' arithmetic, of the order of tied
players or of how the database sums finds nothing to reuse. A body that cannot be read
is ignored; a store that fails (another process storing at once) is given up, the read
it followed already answered.

A read stores only after working out much (`STORE_AFTER` games: a start, an import), not
after tonight's deal. A phone stores nothing (`stores_stats`: its storage is a file
copied whole to the browser at each commit, and a tab that only looks must not write)."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import sys
from array import array
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from scorepad.domain.model import Contract, Role
from scorepad.domain.parts import COUNTS, PartKey, PartTally
from scorepad.domain.player_record import Cell, Extreme
from scorepad.domain.rating import SkillRating
from scorepad.services.ports import UnitOfWork
from scorepad.services.ports.stats import Asked, PlayerSums, StatsScope

logger = logging.getLogger(__name__)

#: bumped when what is stored changes its shape or meaning
FORMAT = 2
#: a read stores what it worked out when it read or rated more games than this
STORE_AFTER = 64
SEATS = "seats"

Stamp = tuple[int, datetime]
KeptSeats = dict[int, tuple[Stamp, dict[str, int]]]
Standing = tuple[tuple[str, int], ...]
History = list[dict[str, SkillRating]]


@cache
def _own_code() -> str:
    """The format, the rating library's version, and the text of the modules that rate
    games, order tied players, and keep and store sums (the storage's part is the
    repository's `stats_code`)."""
    from importlib import metadata  # (here: a phone, which stores nothing, never loads it)

    from scorepad import collation, ratings
    from scorepad.domain import parts, player_record, rating, soiree
    from scorepad.ratings import plackett_luce
    from scorepad.services.ports import stats
    from scorepad.services.stats import kept

    digest = hashlib.sha256()
    for module in (collation, ratings, plackett_luce, parts, player_record, rating, soiree,
                   stats, kept, sys.modules[__name__]):
        digest.update(Path(str(module.__file__)).read_bytes())
    return f"{FORMAT} {metadata.version('openskill')} {digest.hexdigest()[:16]}"


def written_by(uow: UnitOfWork) -> str:
    """The code whose results are stored: a new version of any part of it (the ratings'
    arithmetic, the order of tied players, how the database sums) finds nothing to
    reuse."""
    return f"{_own_code()} {uow.repo.stats_code()}"


def _scope_words(scope: StatsScope) -> tuple[str, ...]:
    bounds = ("" if moment is None else moment.isoformat()
              for moment in (scope.start, scope.end))
    return (str(scope.circle_id), *bounds)


def ratings_name(scope: StatsScope) -> str:
    """Where a scope's ratings are stored."""
    return " ".join(("ratings", *_scope_words(scope)))


def sums_name(scope: StatsScope, player: int | None, asked: Asked) -> str:
    """Where a scope's sums are stored, everyone's or one player's, as a read asks them."""
    return " ".join(("sums", *_scope_words(scope), str(player), str(asked.takes),
                     asked.extremes))


def _extreme_out(extreme: Extreme | None) -> list[Any] | None:
    if extreme is None:
        return None
    return [extreme.score, extreme.count, [
        [c.game_id, c.game, c.deal_id, c.number, c.player, c.score, c.role.value,
         c.contract.value] for c in extreme.cells]]


def _extreme_in(body: list[Any] | None) -> Extreme | None:
    if body is None:
        return None
    score, count, cells = body
    return Extreme(int(score), tuple(
        Cell(int(game_id), str(game), None if deal_id is None else int(deal_id), int(number),
             str(player), int(points), Role(role), Contract(contract))
        for game_id, game, deal_id, number, player, points, role, contract in cells),
        int(count))


def _sums_out(sums: PlayerSums) -> list[Any]:
    return [sums.sat_out, [
        [t.key.role.value, t.key.contract.value, t.key.made, t.key.ally,
         *(getattr(t, count) for count in COUNTS)] for t in sums.tallies],
        [[game_id, outcomes] for game_id, outcomes in sums.takes.items()],
        _extreme_out(sums.best), _extreme_out(sums.worst)]


def _sums_in(body: list[Any]) -> PlayerSums:
    sat_out, tallies, takes, best, worst = body
    return PlayerSums(tuple(
        PartTally(key=PartKey(Role(role), Contract(contract), bool(made), ally),
                  **dict(zip(COUNTS, map(int, counts), strict=True)))
        for role, contract, made, ally, *counts in tallies), int(sat_out),
        {int(game_id): str(outcomes) for game_id, outcomes in takes},
        _extreme_in(best), _extreme_in(worst))


def _packed_out(typecode: str, values: list[Any]) -> str:
    """`values` as one array of `typecode` ("d" floats, "q" integers), little-endian
    whatever the machine, in base64."""
    numbers = array(typecode, values)
    if sys.byteorder != "little":
        numbers.byteswap()
    return base64.b64encode(numbers.tobytes()).decode("ascii")


def _packed_in(typecode: str, text: str) -> array[Any]:
    numbers = array(typecode, base64.b64decode(text, validate=True))
    if sys.byteorder != "little":
        numbers.byteswap()
    return numbers


class Stored:
    """One read's way to what its database stores: it loads inside the read's
    transaction, and writes what it was handed once the read is done (`write`)."""

    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow
        self._bodies: dict[str, str] = {}

    @property
    def enabled(self) -> bool:
        return self._uow.repo.stores_stats

    def _load(self, name: str) -> dict[str, Any] | None:
        if not self.enabled:
            return None
        text = self._uow.repo.stored_stats(name)
        if text is None:
            return None
        try:
            body = json.loads(text)
        except ValueError:
            return None
        if not isinstance(body, dict) or body.get("by") != written_by(self._uow):
            return None
        return body

    def seats(self) -> KeptSeats:
        """Every game's seats and totals as stored, by id, with the stamp they hold at."""
        body = self._load(SEATS)
        found: KeptSeats = {}
        try:
            for game_id, revision, created, names, totals in (body or {}).get("games", ()):
                found[int(game_id)] = ((int(revision), datetime.fromisoformat(created)),
                                       dict(zip(names, map(int, totals), strict=True)))
        except (TypeError, ValueError):
            return {}
        return found

    def keep_seats(self, seats: KeptSeats) -> None:
        if self.enabled:
            self._bodies[SEATS] = json.dumps({"by": written_by(self._uow), "games": [
                [game_id, stamp[0], stamp[1].isoformat(), list(totals), list(totals.values())]
                for game_id, (stamp, totals) in seats.items()]}, separators=(",", ":"))

    def ratings(self, name: str) -> tuple[list[Standing], History] | None:
        """A scope's games' standings as stored and the ratings after each of them."""
        body = self._load(name)
        if body is None:
            return None
        try:
            names = [str(who) for who in body["names"]]
            standings = [tuple(zip([names[i] for i in game[::2]], map(int, game[1::2]),
                                   strict=True)) for game in body["standings"]]
            levels, games = _packed_in("d", body["levels"]), _packed_in("q", body["games"])
            history: History = []
            at = 0
            for rated in body["rated"]:
                after = {}
                for i in rated:
                    after[names[i]] = SkillRating(levels[2 * at], levels[2 * at + 1],
                                                  games[at])
                    at += 1
                history.append(after)
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        if at != len(games) or 2 * at != len(levels) or len(standings) != len(history):
            return None
        return standings, history

    def keep_ratings(self, name: str, standings: Sequence[Standing], history: History
                     ) -> None:
        """Stored compactly (a club's 2,200 games: 0.37 MB, not 0.65, and read in half
        the time): each name once, the levels and game counts as packed numbers in the
        order the games name their players."""
        if not self.enabled:
            return
        index: dict[str, int] = {}
        self._bodies[name] = json.dumps({
            "by": written_by(self._uow),
            "standings": [[value for who, total in game
                           for value in (index.setdefault(who, len(index)), total)]
                          for game in standings],
            "rated": [[index.setdefault(who, len(index)) for who in after]
                      for after in history],
            "levels": _packed_out("d", [level for after in history
                                        for rating in after.values()
                                        for level in (rating.mu, rating.sigma)]),
            "games": _packed_out("q", [rating.games for after in history
                                       for rating in after.values()]),
            "names": list(index)}, separators=(",", ":"))

    def sums(self, name: str) -> tuple[dict[int, Stamp], dict[str, PlayerSums]] | None:
        """A scope's sums over the games summed, each game with the stamp it was summed
        at."""
        body = self._load(name)
        if body is None:
            return None
        try:
            settled = {int(game_id): (int(revision), datetime.fromisoformat(created))
                       for game_id, revision, created in body["settled"]}
            base = {str(who): _sums_in(sums) for who, sums in body["base"]}
        except (KeyError, TypeError, ValueError):
            return None
        return settled, base

    def keep_sums(self, name: str, settled: dict[int, Stamp],
                  base: dict[str, PlayerSums]) -> None:
        if self.enabled:
            self._bodies[name] = json.dumps({
                "by": written_by(self._uow),
                "settled": [[game_id, revision, created.isoformat()]
                            for game_id, (revision, created) in settled.items()],
                "base": [[who, _sums_out(sums)] for who, sums in base.items()]},
                separators=(",", ":"))

    def write(self) -> None:
        """Stores what it was handed, in a transaction of its own; a failure is logged
        and given up (what is stored is a cache)."""
        if not self._bodies:
            return
        bodies, self._bodies = self._bodies, {}
        try:
            with self._uow:
                self._uow.repo.store_stats(bodies)
                self._uow.commit()
        except Exception:  # a cache left as it was: the read already answered
            # (Info, not a warning: a command reading a file it may not write prints
            # nothing of it.)
            logger.info("statistics not stored for the next start", exc_info=True)
