"""The phone's database file in the browser's persistent storage (IndexedDB), copied
there after every commit: only the pieces the commit changed (phone_store.js).

SQLite reads and writes the file in the worker's memory; the folder it lives in
remembers which 4 KB pieces a write touched, and a commit asks for those pieces to be
copied at once, never on a timer, in one IndexedDB transaction (all or nothing). A save
then costs what it changed, whatever the phone already holds. While a copy is under way,
what the app sends to the screen waits (`hold`), so the screen never shows a change
("Donne 5 enregistrée") before it is stored: a tab closed, or a phone locked, right after
a save keeps the deal. When the browser refuses the copy (storage full), the last stored
state stays whole and the phone says so. `tidy()`, when the phone is idle, rewrites the
file in large segments once many pieces were copied (a start then reads a few records).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from scorepad.ui.marks import mark

logger = logging.getLogger(__name__)

MOUNT = "/data"
DATABASE = f"{MOUNT}/scorepad.db"
#: How phone_store.js names a copy refused because another tab holds the database.
ELSEWHERE = "HeldElsewhere"
#: Seconds without a commit after which the storage is tidied, if it has grown many
#: pieces (a restore, a long evening): the phone is idle, nobody waits on a save.
TIDY_WHEN_IDLE = 3.0

Failure = Callable[[str], None]


def _store() -> Any:
    import js  # type: ignore[import-not-found]  # only in the browser

    return js.scorepadStore


class BrowserStorage:
    """The folder holding the database, and its copies to IndexedDB (phone_store.js)."""

    def __init__(self, mount: str = MOUNT, store: Callable[[], Any] = _store) -> None:
        self.mount = mount
        self._store = store
        self._dirty = False
        self._syncing = False
        self._held: list[Callable[[], None]] = []
        #: holds taken by `hold_screen`, not let go yet
        self._screen_holds = 0
        self._task: asyncio.Future[None] | None = None
        self._idle: list[asyncio.Future[None]] = []
        self.on_failure: Failure = lambda _error: None
        #: the browser's reason for the last refused copy, None once a copy succeeds
        self.failure: str | None = None
        #: this tab held the database at start (phone_writer.js); see `writable` since
        self.writer_at_start = True
        self._listener: Any = None
        self._tidy_timer: asyncio.TimerHandle | None = None
        self._tidying: asyncio.Future[None] | None = None

    @property
    def pending(self) -> bool:
        """A commit is not yet in IndexedDB."""
        return self._dirty or self._syncing

    def open(self) -> asyncio.Future[str | None]:
        """Mounts the folder and starts reading what IndexedDB holds, at once (the
        browser reads while Python goes on); the future gives the browser's reason when
        it refuses (private browsing may have no IndexedDB), else None."""
        opening = self._store().open(self.mount)

        async def opened() -> str | None:
            result = await opening
            # JS null arrives as `jsnull` (falsy), not None.
            migrated = getattr(result, "migrated", None)
            if migrated:
                logger.info("the earlier version's storage was taken: %s", list(migrated))
            refused = getattr(result, "refused", None)
            self.writer_at_start = bool(getattr(result, "writer", True))
            return str(refused) if refused else None

        return asyncio.ensure_future(opened())

    def changed(self) -> None:
        """A commit: copy it to IndexedDB now (after the copy under way, if any)."""
        self._dirty = True
        if not self._syncing:
            self._task = asyncio.ensure_future(self._copy())

    async def _copy(self) -> None:
        self._syncing = True
        try:
            while self._dirty:
                self._dirty = False
                refused = await self._store().persist()
                error = str(refused) if refused else None
                if error is not None and error.startswith(ELSEWHERE):
                    # Another tab holds the database: the phone says so (scorepad.phone.
                    # tabs), and this copy is not a storage failure.
                    logger.warning("a commit was not stored: %s", error)
                    break
                self.failure = error
                if error is not None:
                    logger.warning("the browser refused to store the database: %s", error)
                    break
        finally:
            mark("copied")
            self._syncing = False
            self._release()
        if self.failure is not None:
            self.on_failure(self.failure)
        else:
            self._tidy_when_idle()

    def _tidy_when_idle(self) -> None:
        """A tidy-up TIDY_WHEN_IDLE seconds after the last copy, if none follows."""
        if self._tidy_timer is not None:
            self._tidy_timer.cancel()
        loop = asyncio.get_running_loop()

        def tidy() -> None:
            self._tidy_timer = None
            if not self.pending:
                self._tidying = asyncio.ensure_future(self._tidy_quietly())

        self._tidy_timer = loop.call_later(TIDY_WHEN_IDLE, tidy)

    async def _tidy_quietly(self) -> None:
        try:
            await self.tidy()
        except Exception:  # the next occasion tries again; nothing is lost meanwhile
            logger.exception("tidying the storage failed")

    @property
    def writable(self) -> bool:
        """This tab may commit: it holds the database (or the browser keeps nothing)."""
        return bool(self._store().writable)

    async def take_over(self) -> bool:
        """"Continuer ici": the tab holding the database stores what it has and lets go
        (or, frozen, has it taken); this one then reads it again from storage. Whether
        this tab now writes."""
        return bool(await self._store().takeOver())

    def listen(self, heard: Callable[[str], None]) -> None:
        """`heard("elsewhere")` when another tab took the database, `heard("here")`
        when this one got it back (the database then read again from storage),
        `heard("stored")` when this tab only looks and read again what the writing tab
        stored."""
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        self._listener = create_proxy(lambda what: heard(str(what)))
        self._store().listen(self._listener)

    async def tidy(self) -> bool:
        """When the phone is idle (hidden, or just started): the file rewritten in large
        segments if many pieces were copied since the last time; whether it was."""
        return bool(await self._store().tidy(False))

    async def idle(self) -> str | None:
        """Waits until every commit so far is stored; the refusal's reason, if any."""
        if self.pending:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._idle.append(future)
            await future
        return self.failure

    def retry(self) -> None:
        """Tries the refused copy again (the person freed some space)."""
        self.changed()

    def hold(self, send: Callable[[Any], None]) -> Callable[[Any], None]:
        """`send` that waits, while a commit is being stored (or a `hold_screen` lasts),
        until it is."""
        def held(message: Any) -> None:
            if self.pending or self._screen_holds:
                self._held.append(lambda: send(message))
            else:
                send(message)

        return held

    def hold_screen(self) -> Callable[[], None]:
        """The messages of `hold` also wait until the returned call (once): several
        screen updates then reach the page together (scorepad.ui.widgets.exits)."""
        self._screen_holds += 1

        def release() -> None:
            self._screen_holds -= 1
            self._release()

        return release

    def _release(self) -> None:
        if not self.pending and not self._screen_holds:
            held, self._held = self._held, []
            for send in held:
                send()
        idle, self._idle = self._idle, []
        for future in idle:
            if not future.done():
                future.set_result(None)
