"""The entry point in the browser: the database file from the browser's storage,
migrated as on a server, the services wired to it, then the same UI as `scorepad serve`."""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

from scorepad.phone.storage import DATABASE, BrowserStorage

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


async def main(page: Any) -> None:
    mark("session")
    storage = BrowserStorage()
    refused = await storage.open()
    mark("storage")
    from scorepad.phone import notices
    from scorepad.storage.database import open_database
    from scorepad.ui.app import main as ui_main
    from scorepad.ui.services_context import ONE_PHONE, set_uow_factory, set_wiring

    mark("imports")
    if refused is not None:
        logger.warning("no persistent storage: %s", refused)
    _hold_screen_updates(page, storage)
    database = open_database(f"sqlite:///{DATABASE}")
    mark("database")
    # The migrations just written (a new site version's schema) are stored at once.
    storage.changed()
    database.after_commit(storage.changed)
    set_wiring(ONE_PHONE)
    set_uow_factory(database.uow)
    await ui_main(page)
    mark("screen")
    notices.watch(page, storage, refused=refused,
                  updated=refused is None and notices.updated_since_last_start(storage))
    _report_startup()


def run() -> None:
    import flet as ft

    ft.run(main)
