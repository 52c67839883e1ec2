"""The engine (SQLite tuned for durability, or any SQLAlchemy URL), migrations to head at
start, the SQL unit of work, and the listeners told of every committed change."""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self

from sqlalchemy import Connection, Engine, create_engine, event, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError, ProgrammingError

from scorepad.config import database_url
from scorepad.domain.errors import Refusal
from scorepad.services.ports.events import ChangeKind, ChangeListener, GameChanged
from scorepad.storage.migrations import LATEST_MIGRATION
from scorepad.storage.repository import SqlRepository
from scorepad.storage.urls import safe_url, sqlite_file
from scorepad.storage.watch import (
    PostgresListener,
    SqliteWatcher,
    Watcher,
    revisions,
    send_notifications,
)

MIGRATIONS = Path(__file__).with_name("migrations")
logger = logging.getLogger(__name__)


class DatabaseError(Refusal):
    """The database cannot be opened (bad URL, unreachable server, unwritable file):
    field "db", catalog key `database.open_failed`."""

    area = "database"

    def __init__(self, url: str, detail: str) -> None:
        self.url = url
        self.detail = detail
        super().__init__("db", "open_failed", url=url, detail=detail)

    def summary(self) -> str:
        return f"{self.url}: {self.detail}"


#: SQLite connections kept open between reads
SQLITE_POOL = 16
#: WAL lets phones read while one writes. In the browser (one phone, Pyodide) the file
#: lives in memory and is copied to the browser's storage after each commit: a rollback
#: journal leaves nothing beside the file once a commit is done, and needs no shared
#: memory, which WebAssembly's file system lacks.
JOURNAL_MODE = "DELETE" if sys.platform == "emscripten" else "WAL"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # FULL syncs every commit, so an acknowledged deal survives a crash or a power cut.
    cursor.execute(f"PRAGMA journal_mode={JOURNAL_MODE}")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def create_db_engine(url: str) -> Engine:
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as exc:  # ValueError: a port that is not a number
        raise DatabaseError(safe_url(url), str(exc)) from None
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_file(parsed)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseError(url, exc.strerror or str(exc)) from None
        # Phones' reads run in a pool of worker threads: enough connections are kept open
        # for them (opening one costs a file open and the pragmas below, every time).
        in_memory = parsed.database in (None, "", ":memory:") or "mode=memory" in str(parsed)
        engine = create_engine(
            parsed, connect_args={"timeout": 30, "check_same_thread": False},
            **({} if in_memory else {"pool_size": SQLITE_POOL,
                                     "max_overflow": 2 * SQLITE_POOL}),
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    try:
        # A club server that silently drops packets must fail in seconds, not hang.
        connect_args = {"connect_timeout": 10} if parsed.get_backend_name() == "postgresql" else {}
        return create_engine(parsed, pool_pre_ping=True, connect_args=connect_args)
    except Exception as exc:  # a missing driver or a malformed option
        raise DatabaseError(safe_url(url), str(exc)) from None


def _config() -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config



def _stored_revisions(engine: Engine) -> set[str] | None:
    """The revisions the database says it is at; None when it has no version table."""
    try:
        with engine.connect() as connection:
            rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version")
            return {str(row[0]) for row in rows}
    except (OperationalError, ProgrammingError):
        return None


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the Alembic migrations up to `revision` (no alembic.ini needed). A database
    already at the latest one is left alone without running Alembic's environment: every
    command and every test opens one."""
    if revision == "head" and _stored_revisions(engine) == {LATEST_MIGRATION}:
        return  # without importing Alembic: a third of a second of a phone's start
    from alembic import command

    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


#: "snapshot": every read sees the database as of one moment; "exclusive": no other
#: exclusive unit of work runs at once (on SQLite: the database's write lock from the start)
Isolation = Literal["snapshot", "exclusive"]
#: the PostgreSQL advisory lock that exclusive units of work take
_EXCLUSIVE_LOCK = 0x5C07E9AD


def _begin(conn: Connection, isolation: Isolation) -> None:
    sqlite = conn.dialect.name == "sqlite"
    if isolation == "snapshot":
        if sqlite:  # the driver would begin only at the first write
            conn.exec_driver_sql("BEGIN")
        elif conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
    elif sqlite:
        # The write lock now, so that what the transaction checks is still true at commit.
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif conn.dialect.name == "postgresql":
        conn.execute(select(func.pg_advisory_xact_lock(_EXCLUSIVE_LOCK)))


class SqlUnitOfWork:
    """One connection, one transaction; leaving the block without `commit()` rolls back.

    Plain Core connections rather than ORM sessions: the repository speaks Core, and
    recording a deal stays cheap. After a successful commit, `publish` receives what the
    transaction changed (one GameChanged per game). With `notify_origin` (PostgreSQL) the
    changes are also announced to the other processes, in the same transaction.
    `isolation` asks for a snapshot or an exclusive transaction (a copy's two sides)."""

    def __init__(self, engine: Engine,
                 publish: Callable[[Sequence[GameChanged]], None] | None = None,
                 notify_origin: str | None = None, *,
                 isolation: Isolation | None = None,
                 committed: Callable[[], None] | None = None,
                 stores_stats: bool = True) -> None:
        self._engine = engine
        self._stores_stats = stores_stats
        self._publish = publish
        self._committed = committed
        self._origin = notify_origin
        self._isolation = isolation
        self._conn: Connection | None = None
        self._repo: SqlRepository | None = None

    @property
    def repo(self) -> SqlRepository:
        if self._repo is None:
            raise RuntimeError("use the unit of work inside `with`")
        return self._repo

    def __enter__(self) -> Self:
        self._conn = self._engine.connect()
        if self._isolation is not None:
            try:
                _begin(self._conn, self._isolation)
            except BaseException:
                self._conn.close()
                self._conn = None
                raise
        self._repo = SqlRepository(self._conn)
        self._repo.stores_stats = self._stores_stats
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self._conn is not None
        try:
            self._conn.rollback()
        finally:
            self._conn.close()
            self._conn = None
            self._repo = None

    def commit(self) -> None:
        assert self._conn is not None and self._repo is not None
        events = self._repo.changes.take()
        if events and self._origin is not None:
            send_notifications(self._conn, self._origin, events)
        self._conn.commit()
        if self._committed is not None:
            self._committed()
        # Told only once the data is durable, and outside the transaction: a listener
        # that reads the database sees the change.
        if events and self._publish is not None:
            self._publish(events)

    def rollback(self) -> None:
        assert self._conn is not None and self._repo is not None
        self._conn.rollback()
        self._repo.changes.take()

    @contextlib.contextmanager
    def savepoint(self) -> Iterator[None]:
        """A part of the transaction undone alone when its block raises (the rest stays,
        to be committed together): a club takes a phone's games in one commit, each
        refused one undone alone."""
        assert self._conn is not None and self._repo is not None
        dbapi = self._conn.connection.dbapi_connection
        if self._conn.dialect.name == "sqlite" and dbapi is not None and \
                not dbapi.in_transaction:
            # The driver begins only before a write: a SAVEPOINT opened first would be
            # the transaction itself, and releasing it would commit.
            self._conn.exec_driver_sql("BEGIN")
        nested = self._conn.begin_nested()
        try:
            yield
        except BaseException:
            nested.rollback()
            self._repo.forget()
            raise
        nested.commit()


class Database:
    """An opened, migrated database: `uow()` gives a new unit of work; `subscribe(fn)`
    has `fn(GameChanged)` called after every commit that changed a game, and with
    `watch()` also after the commits of other processes."""

    def __init__(self, engine: Engine, url: str, *, stores_stats: bool = True) -> None:
        self.engine = engine
        self.url = url
        #: keeps what the statistics worked out for the next start (not on a phone:
        #: scorepad.services.stats.stored)
        self.stores_stats = stores_stats
        self._listeners: list[ChangeListener] = []
        self._lock = threading.Lock()
        #: the last revision told for each game (by a commit here or by the watcher)
        self._told: dict[int, int] = {}
        self._watcher: Watcher | None = None
        self._postgres = engine.dialect.name == "postgresql"
        #: tells this process's notifications from the others'
        self.origin = uuid.uuid4().hex[:16]
        self._committed: Callable[[], None] | None = None

    def uow(self, *, isolation: Isolation | None = None) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine, self._publish,
                             self.origin if self._postgres else None, isolation=isolation,
                             committed=self._committed, stores_stats=self.stores_stats)

    def after_commit(self, hook: Callable[[], None]) -> None:
        """`hook()` runs after every successful commit of this database's units of work,
        before the listeners hear of it (the phone copies its file to the browser's
        storage then); a hook given later runs after the earlier ones (the phone's link
        to its club hears of a change once it is stored)."""
        before = self._committed
        if before is None:
            self._committed = hook
            return

        def both() -> None:
            before()
            hook()

        self._committed = both

    def subscribe(self, listener: ChangeListener) -> Callable[[], None]:
        """Registers `listener`; returns the function that unregisters it. Listeners run
        in the committing thread: they must be quick (hand the event to a queue or a
        loop) and their errors are logged, never raised into the write."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def _publish(self, events: Sequence[GameChanged], *, heard: bool = False) -> None:
        """Tells the listeners; with `heard` (from another process), drops what was
        already told (a revision not newer than the last one)."""
        told_now: list[GameChanged] = []
        with self._lock:
            listeners = list(self._listeners)
            for change in events:
                gid = change.game_id
                if gid is not None and change.kind is ChangeKind.DELETED:
                    if heard and gid not in self._told:
                        continue
                    self._told.pop(gid, None)
                elif gid is not None and change.revision is not None:
                    before = self._told.get(gid, -1)
                    if heard and before >= change.revision:
                        continue
                    self._told[gid] = max(change.revision, before)
                told_now.append(change)
        for change in told_now:
            for listener in listeners:
                try:
                    listener(change)
                except Exception:  # the write succeeded: a listener cannot undo it
                    logger.exception("change listener failed on %s", change)

    def _heard(self, events: Sequence[GameChanged]) -> None:
        self._publish(events, heard=True)

    def watch(self, interval: float = 0.25) -> None:
        """Also tells listeners of changes made by other processes (the command line, a
        second server): PostgreSQL LISTEN/NOTIFY, or on SQLite a `data_version` check every
        `interval` seconds. Stopped by `dispose()`."""
        if self._watcher is not None:
            return
        self._told.update(revisions(self.engine))
        if self._postgres:
            conninfo = make_url(self.url).set(drivername="postgresql").render_as_string(
                hide_password=False)
            listener = PostgresListener(conninfo, self.origin, self._heard, self._catch_up,
                                        timeout=max(interval, 0.05))
            self._watcher = listener
            listener.start()
            listener.listening.wait(10)
        else:
            self._watcher = SqliteWatcher(self.engine, self._catch_up, interval)
            self._watcher.start()

    def _catch_up(self) -> None:
        """Compares every game's revision with the last one told (at start, after a lost
        connection, or when SQLite says another connection wrote)."""
        current = revisions(self.engine)
        with self._lock:
            told = dict(self._told)
        events = [GameChanged(gid, ChangeKind.CREATED if gid not in told
                              else ChangeKind.UPDATED, rev)
                  for gid, rev in current.items() if gid not in told or told[gid] < rev]
        events += [GameChanged(gid, ChangeKind.DELETED) for gid in told
                   if gid not in current]
        if events:
            self._heard(events)

    def dispose(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
            self._watcher = None
        self.engine.dispose()


def open_database(url: str | None = None, *, migrate: bool = True,
                  stores_stats: bool = True) -> Database:
    """Open the database at `url` (None: `SCOREPAD_DATABASE_URL` or the SQLite file in the
    user's data directory) and bring its schema to the latest migration; `stores_stats`:
    whether the statistics keep what they worked out in it for the next start (a
    phone's does not: scorepad.services.stats.stored)."""
    chosen = database_url(url)
    engine = create_db_engine(chosen)
    if migrate:
        try:
            upgrade(engine)
        except Exception:
            # Two processes starting on a new database race to create it: the loser
            # finds the schema already there on its second try.
            try:
                upgrade(engine)
            except Exception as exc:
                engine.dispose()
                raise DatabaseError(safe_url(chosen), str(getattr(exc, "orig", exc))) from exc
    return Database(engine, chosen, stores_stats=stores_stats)

