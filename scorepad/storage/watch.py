"""Hearing of changes committed by other processes (the command line, a second server).

PostgreSQL: every write transaction also issues `pg_notify('scorepad_changes', ...)`,
delivered by the server only once the transaction commits; each process LISTENs on a
dedicated connection in a thread. SQLite (one machine): a thread asks `PRAGMA
data_version` a few times a second, which changes only when another connection has
committed, and only then compares the games' revisions."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection, Engine, text

from scorepad.services.ports.events import ChangeKind, GameChanged

CHANNEL = "scorepad_changes"
NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")
logger = logging.getLogger(__name__)

#: what a watcher gives the database: the events it heard (already filtered of this
#: process's own) and a way to ask for a full revision comparison
Publish = Callable[[Sequence[GameChanged]], None]
CatchUp = Callable[[], None]


def notify_payload(origin: str, event: GameChanged) -> str:
    return json.dumps({"o": origin, "g": event.game_id, "k": event.kind.value,
                       "r": event.revision}, separators=(",", ":"))


def send_notifications(conn: Connection, origin: str, events: Sequence[GameChanged]) -> None:
    """Inside the transaction, before its commit: PostgreSQL delivers them on commit only
    (and drops them on rollback)."""
    for event in events:
        conn.execute(NOTIFY, {"payload": notify_payload(origin, event)})


def parse_payload(origin: str, payload: str) -> GameChanged | None:
    """The change another process announced; None for ours or for a malformed one."""
    try:
        data = json.loads(payload)
        if data.get("o") == origin:
            return None
        game_id = data.get("g")
        revision = data.get("r")
        return GameChanged(int(game_id) if game_id is not None else None,
                           ChangeKind(data["k"]),
                           int(revision) if revision is not None else None)
    except (ValueError, TypeError, KeyError, AttributeError):
        logger.warning("ignored a malformed change notification: %r", payload)
        return None


def revisions(engine: Engine) -> dict[int, int]:
    """Every listed game's revision (a game in the bin counts as deleted)."""
    with engine.connect() as conn:
        return {int(i): int(r) for i, r in conn.execute(
            text("SELECT id, revision FROM game WHERE deleted_at IS NULL"))}


class Watcher:
    """A daemon thread, stopped by `stop()`."""

    def __init__(self, name: str) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class PostgresListener(Watcher):
    """LISTEN on a dedicated psycopg connection; reconnects after a failure, and then
    compares revisions once, since notifications sent meanwhile are lost."""

    def __init__(self, conninfo: str, origin: str, publish: Publish, catch_up: CatchUp,
                 timeout: float = 1.0) -> None:
        super().__init__("scorepad-pg-listen")
        self._conninfo = conninfo
        self._origin = origin
        self._publish = publish
        self._catch_up = catch_up
        self._timeout = timeout
        #: set once LISTEN is in place (tests and benchmarks wait for it)
        self.listening = threading.Event()

    def _run(self) -> None:
        import psycopg

        delay = 0.5
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True,
                                     connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self._catch_up()  # after LISTEN: nothing can slip between the two
                    delay = 0.5
                    self._listen(conn)
            except Exception as exc:  # the server restarted or the network dropped
                self.listening.clear()
                logger.warning("change listener reconnecting: %s", exc)
                self._stop.wait(delay)
                delay = min(delay * 2, 10.0)

    def _listen(self, conn: Any) -> None:
        while not self._stop.is_set():
            events = []
            for notice in conn.notifies(timeout=self._timeout):
                event = parse_payload(self._origin, notice.payload)
                if event is not None:
                    events.append(event)
                if len(events) >= 64:
                    break
            if events:
                self._publish(events)


class SqliteWatcher(Watcher):
    """`PRAGMA data_version` on a connection of its own every `interval` seconds: a
    change by any other connection (this process's or another's) changes it; the
    revisions are then compared (the database drops what this process already told)."""

    def __init__(self, engine: Engine, catch_up: CatchUp, interval: float) -> None:
        super().__init__("scorepad-db-watch")
        self._engine = engine
        self._catch_up = catch_up
        self._interval = interval

    def _run(self) -> None:
        version: int | None = None
        conn: Connection | None = None
        while not self._stop.wait(self._interval):
            try:
                if conn is None:
                    conn = self._engine.connect()
                current = int(conn.exec_driver_sql("PRAGMA data_version").scalar_one())
                conn.rollback()
                if current != version:
                    version = current
                    self._catch_up()
            except Exception as exc:  # a locked or briefly unreadable file: next time
                logger.debug("change watch skipped: %s", exc)
                if conn is not None:
                    conn.close()
                conn = None
        if conn is not None:
            conn.close()
