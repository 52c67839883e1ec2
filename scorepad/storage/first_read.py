"""The games list read with the standard library's sqlite3 alone: the unit of work of a
phone's first screen, while the storage proper (SQLAlchemy, the tables' classes) is still
to be imported.

`FirstReadUnitOfWork` answers the four questions the games list asks (the games, those in
the bin, their deal counts and totals) with plain SQL over the tables the storage keeps,
and returns the very records `SqlRepository` returns (tests/integration/test_first_read
compares the two on the same file). Anything else asked of it (a sheet, a write) goes on
in the storage's own unit of work, opened at that moment and used for the rest of the
block. It reads only a file at the newest migration (`readable`): any other goes through
the storage, which migrates it first.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from scorepad.domain import GameStatus
from scorepad.services.ports import GameRow, UnitOfWork
from scorepad.storage.migrations import LATEST_MIGRATION

_GAMES = """SELECT id, name, status, deal_size, first_dealer, rules_json, created_at,
  updated_at, code_hash, revision, circle_id, organiser_hash, made_by_operator, deleted_at,
  tournament_id, tournament_round, tournament_table, deal_limit, uid
FROM game WHERE deleted_at IS {} NULL"""
_SEATS = """SELECT game_seat.game_id, player.name FROM game_seat
JOIN player ON player.id = game_seat.player_id
ORDER BY game_seat.game_id, game_seat.position"""


def readable(path: str | Path) -> bool:
    """The file can be read without the storage: at the newest migration, or absent (a
    new phone: no game yet; the storage makes the file)."""
    if not Path(path).exists():
        return True
    try:
        connection = _connect(path)
    except sqlite3.Error:
        return False
    try:
        found = {str(r[0]) for r in connection.execute(
            "SELECT version_num FROM alembic_version")}
    except sqlite3.Error:  # no version table: a file the storage has not made
        return False
    finally:
        connection.close()
    return found == {LATEST_MIGRATION}


def _connect(path: str | Path) -> sqlite3.Connection:
    # Read only, and without the driver's own transactions: `BEGIN` below holds one
    # snapshot for the whole unit of work. (Not Path.as_uri(): in Python 3.14 it imports
    # urllib.request, a second of a slow phone's start. SQLite's URIs escape only these.)
    name = str(Path(path).resolve())
    for char, escaped in (("%", "%25"), ("?", "%3f"), ("#", "%23")):
        name = name.replace(char, escaped)
    return sqlite3.connect(f"file:{name}?mode=ro", uri=True, isolation_level=None)


def _time(value: str) -> datetime:
    # As the storage reads them (storage.repo_base.py_time): UTC, stored without offset.
    parsed = datetime.fromisoformat(value)
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


class FirstReadRepository:
    """The games list's four reads; any other method is the storage's, reached through
    the unit of work (which then opens it)."""

    def __init__(self, uow: FirstReadUnitOfWork, connection: sqlite3.Connection | None
                 ) -> None:
        self._uow = uow
        self._connection = connection

    def _rows(self, sql: str) -> list[tuple[Any, ...]]:
        if self._connection is None:  # no file yet: a new phone holds nothing
            return []
        return self._connection.execute(sql).fetchall()

    def _games(self, *, binned: bool) -> list[GameRow]:
        seats: dict[int, list[str]] = {}
        for game_id, name in self._rows(_SEATS):
            seats.setdefault(game_id, []).append(name)
        return [GameRow(
            id=g[0], name=g[1], status=GameStatus(g[2]), seats=tuple(seats.get(g[0], ())),
            deal_size=g[3], first_dealer=g[4], rules=json.loads(g[5]),
            created_at=_time(g[6]), updated_at=_time(g[7]), code_hash=g[8],
            revision=int(g[9]), circle_id=g[10], organiser_hash=g[11],
            made_by_operator=bool(g[12]),
            deleted_at=_time(g[13]) if g[13] is not None else None,
            tournament_id=g[14], tournament_round=g[15], tournament_table=g[16],
            deal_limit=g[17], uid=g[18],
        ) for g in self._rows(_GAMES.format("NOT" if binned else ""))]

    def list_games(self) -> list[GameRow]:
        return self._games(binned=False)

    def binned_games(self) -> list[GameRow]:
        return self._games(binned=True)

    def deal_counts(self) -> dict[int, int]:
        return {g: int(n) for g, n in self._rows("SELECT game_id, deals FROM game_tally")
                if n}

    def all_totals(self) -> dict[int, dict[str, int]]:
        result: dict[int, dict[str, int]] = {}
        for game_id, name, points in self._rows(
                "SELECT game_total.game_id, player.name, game_total.points FROM game_total"
                " JOIN player ON player.id = game_total.player_id"):
            result.setdefault(game_id, {})[name] = int(points)
        return result

    def count_deals_since(self, moment: datetime | None) -> int:
        """The backup reminder's count on the games list (as DealsRepository's)."""
        sql = ("SELECT count(*) FROM deal JOIN game ON game.id = deal.game_id"
               " WHERE NOT deal.deleted AND game.deleted_at IS NULL")
        if self._connection is None:
            return 0
        if moment is None:
            return int(self._connection.execute(sql).fetchone()[0])
        # Stored as the storage stores them: UTC, ISO text without offset (sortable).
        stored = moment.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")
        return int(self._connection.execute(sql + " AND deal.created_at > ?",
                                            (stored,)).fetchone()[0])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._uow.storage().repo, name)


class FirstReadUnitOfWork:
    """One read-only snapshot of the file for the games list; `storage()` continues the
    block in the storage's unit of work (`then()`, opened on first need)."""

    def __init__(self, path: str | Path, then: Callable[[], UnitOfWork]) -> None:
        self._path = path
        self._then = then
        self._connection: sqlite3.Connection | None = None
        self._repo: FirstReadRepository | None = None
        self._inner: UnitOfWork | None = None

    def __enter__(self) -> Self:
        if Path(self._path).exists():
            self._connection = _connect(self._path)
            self._connection.execute("BEGIN")
        self._repo = FirstReadRepository(self, self._connection)
        return self

    @property
    def repo(self) -> Any:
        if self._inner is not None:
            return self._inner.repo
        if self._repo is None:
            raise RuntimeError("use the unit of work inside `with`")
        return self._repo

    def storage(self) -> UnitOfWork:
        """The storage's unit of work in place of this one, for the rest of the block."""
        if self._inner is None:
            self._close()
            inner = self._then()
            inner.__enter__()
            self._inner = inner
        return self._inner

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._close()
        self._repo = None
        if self._inner is not None:
            inner, self._inner = self._inner, None
            inner.__exit__(exc_type, exc, tb)

    def commit(self) -> None:
        # Nothing is written here: a write went on in the storage's unit of work.
        if self._inner is not None:
            self._inner.commit()

    def rollback(self) -> None:
        if self._inner is not None:
            self._inner.rollback()
