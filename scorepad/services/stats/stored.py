"""What a server's statistics keep in its database for its next start: every game's seats
and totals, and each scope's ratings after each game. The reads keep both in memory
(scorepad.services.stats.kept, .reads); without this, the first player's page opened
after a start read a club's 2,200 games' seats again and rated them all again, two
thirds of its time.

Both are a cache, checked before use like what is kept in memory: a game's seats are
taken only at the game's revision (every write bumps it), and ratings only for the games
whose standings (players and totals, in order) are the same, the rest rated on from
there. What is stored also names the code that worked it out (`written_by`): a new
version of the ratings' arithmetic or of the order of tied players finds nothing to
reuse. A body that cannot be read is ignored; a store that fails (another process
storing at once) is given up, the read it followed already answered.

A read stores only after working out much (`STORE_AFTER` games: a start, an import), not
after tonight's deal. A phone stores nothing (`stores_stats`: its storage is a file
copied whole to the browser at each commit, and a tab that only looks must not write)."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from scorepad.domain.rating import SkillRating
from scorepad.services.ports import UnitOfWork
from scorepad.services.ports.stats import StatsScope

logger = logging.getLogger(__name__)

#: bumped when what is stored changes its shape or meaning
FORMAT = 1
#: a read stores what it worked out when it read or rated more games than this
STORE_AFTER = 64
SEATS = "seats"

Stamp = tuple[int, datetime]
KeptSeats = dict[int, tuple[Stamp, dict[str, int]]]
Standing = tuple[tuple[str, int], ...]
History = list[dict[str, SkillRating]]


@cache
def written_by() -> str:
    """The code whose results are stored: the format, the rating library's version, and
    the text of the modules that rate games and order tied players."""
    from importlib import metadata  # (here: a phone, which stores nothing, never loads it)

    from scorepad import collation, ratings
    from scorepad.domain import rating, soiree
    from scorepad.ratings import plackett_luce

    digest = hashlib.sha256()
    for module in (collation, ratings, plackett_luce, rating, soiree):
        digest.update(Path(str(module.__file__)).read_bytes())
    return f"{FORMAT} {metadata.version('openskill')} {digest.hexdigest()[:16]}"


def ratings_name(scope: StatsScope) -> str:
    """Where a scope's ratings are stored."""
    bounds = ("" if moment is None else moment.isoformat()
              for moment in (scope.start, scope.end))
    return " ".join(("ratings", str(scope.circle_id), *bounds))


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
        if not isinstance(body, dict) or body.get("by") != written_by():
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
            self._bodies[SEATS] = json.dumps({"by": written_by(), "games": [
                [game_id, stamp[0], stamp[1].isoformat(), list(totals), list(totals.values())]
                for game_id, (stamp, totals) in seats.items()]}, separators=(",", ":"))

    def ratings(self, name: str) -> tuple[list[Standing], History] | None:
        """A scope's games' standings as stored and the ratings after each of them."""
        body = self._load(name)
        if body is None:
            return None
        try:
            standings = [tuple((str(who), int(total)) for who, total in game)
                         for game in body["standings"]]
            history = [{str(who): SkillRating(float(mu), float(sigma), int(games))
                        for who, mu, sigma, games in after}
                       for after in body["history"]]
        except (KeyError, TypeError, ValueError):
            return None
        return (standings, history) if len(standings) == len(history) else None

    def keep_ratings(self, name: str, standings: Sequence[Standing], history: History
                     ) -> None:
        if self.enabled:
            self._bodies[name] = json.dumps({
                "by": written_by(), "standings": standings,
                "history": [[[who, r.mu, r.sigma, r.games] for who, r in after.items()]
                            for after in history]}, separators=(",", ":"))

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
            logger.warning("statistics not stored for the next start", exc_info=True)
