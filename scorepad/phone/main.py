"""The entry point in the browser: the database file from the browser's storage,
migrated as on a server, the services wired to it, then the same UI as `scorepad serve`.
What does not need the client (the storage, the imports, the database) is done before
the client connects."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import sys
import time
from typing import TYPE_CHECKING, Any

from scorepad.phone.storage import DATABASE, BrowserStorage

if TYPE_CHECKING:
    from scorepad.storage.database import Database

logger = logging.getLogger(__name__)

#: When each step of the start ended (ms since the epoch, like JavaScript's Date.now()):
#: printed once as `scorepad-startup {...}` in the browser's console, which
#: bench/phone.py reads to say where a start's time goes.
STARTUP_MARKS: dict[str, float] = {"python": time.time() * 1000}


def mark(step: str) -> None:
    STARTUP_MARKS[step] = time.time() * 1000


def _report_startup() -> None:
    sys.stdout.write("scorepad-startup " + json.dumps(STARTUP_MARKS) + "\n")
    sys.stdout.flush()


def _hold_screen_updates(page: Any, storage: BrowserStorage) -> None:
    """Every message to the screen waits while a commit is being stored.

    Flet 1.0.5 sends each update of the page through the session's connection
    (`PyodideConnection.send_message`, one call per message, in order); wrapping that one
    method of this session's connection is the only place where every screen change
    passes. tests/unit/test_phone_wiring.py fails if a Flet release moves it."""
    connection = page.session.connection
    connection.send_message = storage.hold(connection.send_message)


#: After the first screen, the storage is tidied once the phone has been idle this long
#: (seconds): a start draws first, and a save seldom follows at once.
TIDY_AFTER_START = 5.0


def _tidy_when_idle(page: Any, storage: BrowserStorage) -> None:
    """The storage tidied (phone_store.js's segments) when nobody is saving: a few seconds
    after the first screen, and each time the phone hides the app (locked, another app,
    another tab), never on a save's path (and a few seconds after the last copy:
    BrowserStorage)."""
    import flet as ft

    async def tidy() -> None:
        try:
            await storage.tidy()
        except Exception:  # the next occasion tries again; nothing is lost meanwhile
            logger.exception("tidying the storage failed")

    async def later() -> None:
        await asyncio.sleep(TIDY_AFTER_START)
        await tidy()

    def lifecycle(event: ft.AppLifecycleStateChangeEvent) -> None:
        if event.state in (ft.AppLifecycleState.HIDE, ft.AppLifecycleState.PAUSE):
            page.run_task(tidy)

    page.on_app_lifecycle_state_change = lifecycle
    page.run_task(later)


class _Prepared:
    """What a start prepares before the client connects: the storage read from IndexedDB
    and the database opened and migrated (`ready`, a task of the event loop)."""

    def __init__(self) -> None:
        self.storage = BrowserStorage()
        # IndexedDB is read (by the browser) while Python imports the app below.
        self._opening = self.storage.open()
        self.ready: asyncio.Future[tuple[str | None, Database]] = asyncio.ensure_future(
            self._open())

    async def _open(self) -> tuple[str | None, Database]:
        from scorepad.storage.database import open_database

        refused = await self._opening
        mark("storage")
        database = open_database(f"sqlite:///{DATABASE}")
        mark("database")
        return refused, database


async def main(page: Any, prepared: _Prepared) -> None:
    mark("session")
    from scorepad.phone import notices
    from scorepad.phone.tabs import OneWriter
    from scorepad.ui.app import main as ui_main
    from scorepad.ui.services_context import ONE_PHONE, set_uow_factory, set_wiring

    storage = prepared.storage
    try:
        refused, database = await prepared.ready
        if refused is not None:
            logger.warning("no persistent storage: %s", refused)
        _hold_screen_updates(page, storage)
        # The migrations just written (a new site version's schema) are stored at once.
        storage.changed()
        database.after_commit(storage.changed)
        set_wiring(ONE_PHONE)
        # Only the tab holding the database commits (scorepad.phone.tabs).
        writer = OneWriter(storage, database)
        set_uow_factory(writer.factory())
        await ui_main(page)
    finally:
        gc.freeze()  # what the start made stays: later collections walk only what follows
        gc.enable()
    mark("screen")
    notices.watch(page, storage, refused=refused,
                  updated=refused is None and notices.updated_since_last_start(storage))
    writer.watch(page)
    _tidy_when_idle(page, storage)
    _report_startup()


def run() -> None:
    """Starts reading the storage, imports the app and opens its database, all before
    the client connects: with the page's python-early.js, Python does this while Flutter
    loads, and the first screen is drawn as soon as both are there."""
    # No garbage collection until the first screen: the imports make objects by the
    # hundred thousand and free almost none, and each collection walks them all (the
    # imports took a fifth to a third less time in the browser's Python without it).
    gc.disable()
    import flet as ft

    prepared = _Prepared()
    # Imported while IndexedDB is read, before the client asks: the storage (SQLAlchemy,
    # SQLModel, pydantic: most of the imports' time) and the first screens.
    import scorepad.phone.notices
    import scorepad.storage.database
    import scorepad.ui.app  # noqa: F401

    mark("imports")

    async def session(page: ft.Page) -> None:
        await main(page, prepared)

    ft.run(session)
