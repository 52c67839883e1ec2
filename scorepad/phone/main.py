"""The entry point in the browser: the database file from the browser's storage, the
services wired to it, then the same UI as `scorepad serve`. What does not need the client
(the storage, the imports) is done before the client connects; the first screen (the
games list) is read without the storage proper, which is imported and opened (migrated as
on a server) right after it (scorepad.phone.opening).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import random
import sys
import time
from typing import TYPE_CHECKING, Any

from scorepad.phone.storage import DATABASE, BrowserStorage
from scorepad.phone.tabs import OneWriter

if TYPE_CHECKING:
    from scorepad.phone.opening import StorageOpening, UowFactory

logger = logging.getLogger(__name__)

#: When each step of the start ended (ms since the epoch, like JavaScript's Date.now()):
#: printed once as `scorepad-startup {...}` in the browser's console, which
#: bench/phone.py reads to say where a start's time goes.
STARTUP_MARKS: dict[str, float] = {"python": time.time() * 1000}


def mark(step: str) -> None:
    STARTUP_MARKS[step] = time.time() * 1000


def _report_startup(what: str = "scorepad-startup") -> None:
    marks = {**_worker_marks(), **STARTUP_MARKS}
    sys.stdout.write(f"{what} " + json.dumps(marks) + "\n")
    sys.stdout.flush()


#: How long the storage's imports wait for the page to draw the first screen (ms).
PAGE_IDLE_WAIT = 3000


async def _page_idle() -> None:
    """Once the page has drawn what it was sent (python-early.js, requestIdleCallback),
    or after PAGE_IDLE_WAIT."""
    import js

    await js.scorepadWhenIdle(PAGE_IDLE_WAIT)
    mark("page idle")


def _worker_marks() -> dict[str, float | str]:
    """The worker's own marks before Python ran (unpack_app.js: the worker started, the
    archive downloaded, Pyodide ready, the archive unpacked; snapshot.js: what became of
    the memory snapshot, a word)."""
    try:
        import js  # type: ignore[import-not-found]  # only in the browser
    except ImportError:
        return {}
    marks = getattr(js, "scorepadMarks", None)
    if marks is None:
        return {}
    return {str(k): v if isinstance(v, str) else float(v) for k, v in marks.to_py().items()}


def _collect_again() -> None:
    gc.freeze()  # what the start made stays: later collections walk only what follows
    gc.enable()


class _SaveMarks:
    """The marks of a save (scorepad.ui.marks: the tap, the deal stored, the sheet read,
    each message sent to the screen, the commit copied), printed once the save is done as
    `scorepad-save [[step, ms since the epoch], ...]` in the browser's console, where
    bench/phone.py reads where a save's time goes. Marks outside a save are dropped."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, float]] | None = None

    def __call__(self, step: str) -> None:
        if step == "tapped":
            self.steps = []
        if self.steps is None:
            return
        self.steps.append((step, time.time() * 1000))
        if step == "done":
            sys.stdout.write("scorepad-save " + json.dumps(self.steps) + "\n")
            sys.stdout.flush()
            self.steps = None


def _hold_screen_updates(page: Any, storage: BrowserStorage) -> None:
    """Every message to the screen waits while a commit is being stored.

    Flet 1.0.5 packs each update of the page as it sends it (`PyodideConnection.
    send_message`, in order) and hands the bytes to the connection's `send_callback`,
    the one place where every message leaves; wrapping that callback of this session's
    connection holds the bytes. (Holding the messages themselves, as this did before,
    packed a held patch only when released: the controls it names could have changed
    meanwhile, and the client received a newer state twice, a screen drawn doubled.)
    tests/unit/test_phone_wiring.py fails if a Flet release moves it."""
    from scorepad.ui.marks import mark
    from scorepad.ui.widgets.exits import allow_see_through_exits

    connection = page.session.connection
    send = connection.send_callback

    def sent(message: Any) -> None:
        send(message)
        mark("sent")

    connection.send_callback = storage.hold(sent)
    allow_see_through_exits(page, storage.hold_screen)


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
    """What a start prepares before the client connects: the storage read from IndexedDB,
    and how the app reaches the database (`ready`, a task of the event loop): a file at
    the newest migration is read first without the storage, any other is opened (and
    migrated) by the storage now."""

    def __init__(self) -> None:
        self.storage = BrowserStorage()
        # IndexedDB is read (by the browser) while Python imports the app below.
        self._opening = self.storage.open()
        # Only the tab holding the database commits (scorepad.phone.tabs).
        self.writer = OneWriter(self.storage)
        self.ready: asyncio.Future[tuple[str | None, StorageOpening]] = \
            asyncio.ensure_future(self._open())
        #: the storage's Database once opened
        self.database: Any = None

    async def _open(self) -> tuple[str | None, StorageOpening]:
        from scorepad.phone.opening import StorageOpening
        from scorepad.storage.first_read import readable

        refused = await self._opening
        mark("storage")
        opening = StorageOpening(DATABASE, self._open_storage, first_read=readable(DATABASE))
        mark("database")
        return refused, opening

    def _open_storage(self) -> UowFactory:
        from scorepad.storage.database import open_database

        # Statistics stored for the next start would cost a copy of the whole file to
        # the browser's storage, and a tab that only looks must not write.
        database = self.database = open_database(f"sqlite:///{DATABASE}",
                                                 stores_stats=False)
        # The migrations just written (a new site version's schema) are stored at once.
        self.storage.changed()
        database.after_commit(self.storage.changed)
        mark("storage opened")
        return self.writer.attach(database)


def _start_club(page: Any, uow: Any, database: Any) -> None:
    """The phone's link to its club (scorepad.phone.club): in the background, never
    while a deal is being entered; what it hears reaches the open screens."""
    from scorepad.phone.club import ClubLink
    from scorepad.ui.live import ALL_TOPIC, CLUB_TOPIC, GAMES_TOPIC, session_live
    from scorepad.ui.services_context import set_club_link

    def lang() -> str:
        return str(page.session.store.get("scorepad.lang") or "fr")

    def busy() -> bool:
        route = str(page.route or "")
        return route.endswith("/deal") or route.endswith("/edit")

    def changed(news: bool) -> None:
        session_live(page).announce((CLUB_TOPIC, GAMES_TOPIC,
                                     *((ALL_TOPIC,) if news else ())))

    link = ClubLink(uow, lang=lang, busy=busy, changed=changed)
    set_club_link(link)
    if database is not None:
        database.after_commit(link.committed)
    link.start()


async def main(page: Any, prepared: _Prepared) -> None:
    mark("session")
    from scorepad.phone import notices, snapshot
    from scorepad.ui import marks
    from scorepad.ui.app import main as ui_main
    from scorepad.ui.services_context import ONE_PHONE, set_uow_factory, set_wiring

    storage = prepared.storage
    try:
        refused, opening = await prepared.ready
        if refused is not None:
            logger.warning("no persistent storage: %s", refused)
        _hold_screen_updates(page, storage)
        marks.listen(_SaveMarks())
        set_wiring(ONE_PHONE)
        set_uow_factory(opening)
        await ui_main(page)
    except BaseException:
        _collect_again()
        raise
    mark("screen")
    address = notices.insecure_address()
    notices.watch(page, storage, refused=refused,
                  updated=refused is None and notices.updated_since_last_start(storage),
                  insecure=address if refused is None and notices.tell_about_address(
                      storage, address) else None)
    prepared.writer.watch(page)
    _tidy_when_idle(page, storage)
    _report_startup()

    async def open_storage() -> None:
        try:
            await opening.open_soon(idle=_page_idle)
        finally:
            _collect_again()
        _report_startup("scorepad-storage")
        _start_club(page, opening.storage(), prepared.database)
        await snapshot.ask_when_idle()

    page.run_task(open_storage)


def run() -> None:
    """Starts reading the storage and imports the app's first screens, before the client
    connects: with the page's python-early.js, Python does this while Flutter loads, and
    the first screen is drawn as soon as both are there."""
    # No garbage collection until the storage is open (after the first screen): the
    # imports make objects by the hundred thousand and free almost none, and each
    # collection walks them all (the imports took a fifth to a third less time in the
    # browser's Python without it).
    gc.disable()
    # A Python restored from a memory snapshot (scorepad.phone.snapshot) starts with the
    # random state the snapshot had: drawn anew.
    random.seed()
    import flet as ft

    prepared = _Prepared()
    # Imported while IndexedDB is read, before the client asks: the first screens (the
    # storage, most of the imports' time, comes after the first screen).
    import scorepad.phone.notices
    import scorepad.phone.opening
    import scorepad.ui.app  # noqa: F401

    mark("imports")

    async def session(page: ft.Page) -> None:
        await main(page, prepared)

    ft.run(session)
