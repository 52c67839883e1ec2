"""The games screen's list as a person reads it: the games in progress, then the finished
ones by month of play, newest first; a search on a game's name or a player's name
narrows it (letters only: case and accents do not matter, every word must be found).
A game in progress not played for a month (a phone's years hold dozens that nobody
finished) waits in a group of its own, a tap away, at the end of those in progress."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from scorepad.domain import GameStatus
from scorepad.services import GameSummary


@dataclass(frozen=True, slots=True)
class Month:
    """The finished games played in one month (the day each game started)."""

    year: int
    month: int
    games: tuple[GameSummary, ...]

    @property
    def key(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"


#: a game in progress not played for this long waits among the older ones
RECENT = timedelta(days=30)


@dataclass(frozen=True, slots=True)
class GameList:
    #: in progress and played in the last month (every one in progress, with a search)
    in_progress: tuple[GameSummary, ...]
    months: tuple[Month, ...]
    #: games the search kept (every game without a search)
    found: int
    #: in progress, but not played for a month
    older: tuple[GameSummary, ...] = ()


def folded(text: str) -> str:
    """`text` without case or accents ("Cécile" -> "cecile")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def matches(game: GameSummary, words: Sequence[str]) -> bool:
    """Every word is in the game's name or in one of its players' names."""
    haystack = [folded(game.name), *(folded(seat) for seat in game.seats)]
    return all(any(word in text for text in haystack) for word in words)


def _local(moment: datetime) -> datetime:
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone()


def by_month(games: Iterable[GameSummary]) -> tuple[Month, ...]:
    """Finished games by month of play, newest month first; within a month the order
    the games came in (most recently changed first)."""
    months: dict[tuple[int, int], list[GameSummary]] = {}
    for game in games:
        played = _local(game.created_at)
        months.setdefault((played.year, played.month), []).append(game)
    return tuple(Month(year, month, tuple(listed))
                 for (year, month), listed in sorted(months.items(), reverse=True))


def game_list(games: Sequence[GameSummary], search: str = "",
              now: datetime | None = None) -> GameList:
    """The list for `games` (in the services' order) and what is typed in the search, at
    `now` (None: the clock's)."""
    words = folded(search).split()
    kept = [g for g in games if matches(g, words)] if words else list(games)
    going = [g for g in kept if g.status != GameStatus.FINISHED]
    since = (now or datetime.now(UTC)) - RECENT
    recent = going if words else [g for g in going if _aware(g.updated_at) >= since]
    shown = {g.id for g in recent}
    return GameList(
        in_progress=tuple(recent),
        months=by_month(g for g in kept if g.status == GameStatus.FINISHED),
        found=len(kept),
        older=tuple(g for g in going if g.id not in shown))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
