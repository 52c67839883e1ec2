"""What the repository's parts share: the tables, the statements of the recording path,
the codecs of stored deal inputs (player ids in place of names, so renaming a player never
breaks history) and the transaction's connection, caches and change log."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Connection,
    String,
    Table,
    bindparam,
    delete,
    exists,
    func,
    insert,
    select,
    type_coerce,
    update,
)

from scorepad.domain.parsing import map_players
from scorepad.services.ports import InputJson
from scorepad.services.ports.events import ChangeKind, ChangeLog
from scorepad.storage.tables import (
    Circle,
    CircleInvitation,
    ClubMembership,
    Deal,
    DealScore,
    DealVersion,
    Game,
    GameSeat,
    GameSync,
    GameTally,
    GameTotal,
    Operation,
    OrganiserHandover,
    Player,
)


def table_of(model: Any) -> Table:
    table: Table = model.__table__
    return table


PLAYER, GAME, SEAT, DEAL = table_of(Player), table_of(Game), table_of(GameSeat), table_of(Deal)
SCORE, VERSION, OPERATION = table_of(DealScore), table_of(DealVersion), table_of(Operation)
CIRCLE = table_of(Circle)
HANDOVER = table_of(OrganiserHandover)
INVITATION, MEMBERSHIP = table_of(CircleInvitation), table_of(ClubMembership)
GAME_SYNC = table_of(GameSync)
#: derived by the database's triggers (migration 0007), read only
TOTAL, TALLY = table_of(GameTotal), table_of(GameTally)


# The statements of the recording path, built once: building and hashing a statement
# costs about as much as running it on SQLite.
SEATS_QUERY = (
    select(PLAYER.c.name, PLAYER.c.id)
    .join(SEAT, SEAT.c.player_id == PLAYER.c.id)
    .where(SEAT.c.game_id == bindparam("game_id"))
    .order_by(SEAT.c.position)
)
# A game in the bin is out of reach of every write (and every read) but its restoring.
GAME_STAMP = (
    select(GAME.c.revision, GAME.c.created_at)
    .where(GAME.c.id == bindparam("game_id"), GAME.c.deleted_at.is_(None))
)
LOCK_GAME = (
    update(GAME).where(GAME.c.id == bindparam("game_id"), GAME.c.deleted_at.is_(None))
    .values(updated_at=bindparam("now"), revision=GAME.c.revision + 1).returning(*GAME.c)
)
# On SQLite, locking a game also answers the two questions every write asks next (the
# last live deal's number, whether anything could be redone): two statements fewer per
# deal. Only there: the write lock is taken before the statement reads, whereas
# PostgreSQL evaluates RETURNING's subqueries in the snapshot taken before the row lock
# was granted, and could miss a deal committed meanwhile.
LOCK_GAME_SQLITE = LOCK_GAME.returning(
    select(func.max(DEAL.c.number))
    .where(DEAL.c.game_id == bindparam("game_id"), DEAL.c.deleted.is_(False))
    .scalar_subquery().label("last_number"),
    exists().where(OPERATION.c.game_id == bindparam("game_id"),
                   OPERATION.c.undone.is_(True)).label("has_redo"),
)
LAST_NUMBER = select(func.max(DEAL.c.number)).where(
    DEAL.c.game_id == bindparam("game_id"), DEAL.c.deleted.is_(False))
INSERT_DEAL = insert(DEAL).returning(DEAL.c.id)
INSERT_SCORE = insert(SCORE)
INSERT_VERSION = insert(VERSION)
DROP_REDO = delete(OPERATION).where(OPERATION.c.game_id == bindparam("game_id"),
                                     OPERATION.c.undone.is_(True))
INSERT_OPERATION = insert(OPERATION).returning(OPERATION.c.id)


def new_uid() -> str:
    """A new uid (a game's, a deal's, a change's: scorepad.domain.sync)."""
    return uuid.uuid4().hex


def db_time(value: datetime) -> datetime:
    """Aware UTC (the tables' type refuses naive datetimes)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def py_time(value: datetime | str) -> datetime:
    """Aware UTC from what the driver returns: a datetime, or the text SQLite stores
    when a column is read as text (`as_text`, on the paths that read thousands of rows:
    Python's own ISO parser is several times faster than the SQLite dialect's pattern)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def as_text(column: Any) -> Any:
    """`column` read without the dialect's conversion (SQLite returns its stored text,
    PostgreSQL's driver its own datetime); `py_time` makes both a datetime."""
    return type_coerce(column, String).label(column.name)


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def encode_input(data: InputJson | None, ids: dict[str, int]) -> str | None:
    return None if data is None else dumps(map_players(dict(data), ids.__getitem__))


def decode_input(text: str | None, names: dict[int, str]) -> InputJson | None:
    # A season decodes thousands of inputs: the freshly parsed dict is mapped in place.
    return None if text is None else map_players(json.loads(text), names.__getitem__)


class RepositoryBase:
    """One transaction's connection, with the caches and the change log every part uses.

    Every write also records which game it changed in `changes`, so that the unit of work
    can tell listeners after the commit: no write path can forget to notify."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.changes = ChangeLog()
        self._names: dict[int, str] | None = None
        self._seats: dict[int, list[tuple[str, int]]] = {}
        #: what LOCK_GAME told of a locked game, until this transaction changes it
        self._last_number: dict[int, int] = {}
        self._has_redo: dict[int, bool] = {}
        #: the order of a statistics scope's games, as read in this transaction
        self._orders: dict[Any, dict[int, tuple[int, str]]] = {}

    def forget(self) -> None:
        """Drops what this transaction's caches hold (a savepoint was undone: an id may
        be given again to another row)."""
        self._names = None
        self._seats.clear()
        self._last_number.clear()
        self._has_redo.clear()
        self._orders.clear()

    def _changed(self, game_id: int, kind: ChangeKind = ChangeKind.UPDATED,
                 revision: int | None = None) -> None:
        self.changes.record(game_id, kind, revision)

    # -- players ----------------------------------------------------------------------

    def _player_names(self) -> dict[int, str]:
        if self._names is None:
            rows = self.conn.execute(select(PLAYER.c.id, PLAYER.c.name))
            self._names = {i: n for i, n in rows}
        return self._names

    def _seat_rows(self, game_id: int) -> list[tuple[str, int]]:
        """(name, player id) in seat order, cached for this transaction (seats never
        change; a rename clears the cache)."""
        if game_id not in self._seats:
            self._seats[game_id] = [(n, i) for n, i in self.conn.execute(
                SEATS_QUERY, {"game_id": game_id})]
        return self._seats[game_id]

    def _seat_ids(self, game_id: int) -> dict[str, int]:
        return dict(self._seat_rows(game_id))

    def _touched(self, game_ids: list[int]) -> list[int]:
        """Bumps the changed games' revisions so every phone re-reads them."""
        for game_id in game_ids:
            revision = self.conn.execute(
                update(GAME).where(GAME.c.id == game_id)
                .values(revision=GAME.c.revision + 1).returning(GAME.c.revision)
            ).scalar_one()
            self._changed(game_id, revision=int(revision))
        self.changes.record(None, ChangeKind.PLAYERS)
        return game_ids
