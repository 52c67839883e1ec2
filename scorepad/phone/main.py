"""The entry point in the browser: the database file from the browser's storage,
migrated as on a server, the services wired to it, then the same UI as `scorepad serve`."""

from __future__ import annotations

import logging
from typing import Any

from scorepad.phone.storage import DATABASE, BrowserStorage

logger = logging.getLogger(__name__)


def _hold_screen_updates(page: Any, storage: BrowserStorage) -> None:
    """Every message to the screen waits while a commit is being stored.

    Flet 1.0.5 sends each update of the page through the session's connection
    (`PyodideConnection.send_message`, one call per message, in order); wrapping that one
    method of this session's connection is the only place where every screen change
    passes. tests/unit/test_phone_wiring.py fails if a Flet release moves it."""
    connection = page.session.connection
    connection.send_message = storage.hold(connection.send_message)


async def main(page: Any) -> None:
    from scorepad.storage.database import open_database
    from scorepad.ui.app import main as ui_main
    from scorepad.ui.services_context import set_uow_factory

    storage = BrowserStorage()
    refused = await storage.open()
    if refused is not None:
        logger.warning("no persistent storage: %s", refused)
    _hold_screen_updates(page, storage)
    database = open_database(f"sqlite:///{DATABASE}")
    # The migrations just written (a new site version's schema) are stored at once.
    storage.changed()
    database.after_commit(storage.changed)
    set_uow_factory(database.uow)
    await ui_main(page)


def run() -> None:
    import flet as ft

    ft.run(main)
