"""The phone's database file in the browser's persistent storage (IndexedDB, through
Emscripten's IDBFS), copied there after every commit.

The browser's file system lives in memory; `FS.syncfs` copies what changed to IndexedDB
in one transaction (all or nothing). A commit asks for a copy at once, never on a timer;
while one is under way, what the app sends to the screen waits (`hold`), so the screen
never shows a change ("Donne 5 enregistrée") before it is stored: a tab closed, or a
phone locked, right after a save keeps the deal. When the browser refuses the copy
(storage full), the last stored state stays whole and the phone says so.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

logger = logging.getLogger(__name__)

MOUNT = "/data"
DATABASE = f"{MOUNT}/scorepad.db"

Failure = Callable[[str], None]


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]  # only in the browser

    return pyodide_js.FS


class BrowserStorage:
    """The IDBFS folder holding the database, and the copies to IndexedDB."""

    def __init__(self, mount: str = MOUNT, fs: Callable[[], Any] = _fs,
                 once: Callable[[Callable[..., None]], Any] | None = None) -> None:
        self.mount = mount
        self._fs = fs
        self._once = once or _once
        self._dirty = False
        self._syncing = False
        self._held: list[Callable[[], None]] = []
        self._task: asyncio.Future[None] | None = None
        self._idle: list[asyncio.Future[None]] = []
        self.on_failure: Failure = lambda _error: None
        #: the browser's reason for the last refused copy, None once a copy succeeds
        self.failure: str | None = None

    @property
    def pending(self) -> bool:
        """A commit is not yet in IndexedDB."""
        return self._dirty or self._syncing

    def open(self) -> asyncio.Future[str | None]:
        """Mounts the folder and starts loading what IndexedDB holds, at once; the future
        gives the browser's reason when it refuses (private browsing may have no
        IndexedDB), else None."""
        fs = self._fs()
        fs.mkdirTree(self.mount)
        fs.mount(fs.filesystems.IDBFS, _js_object(), self.mount)
        return self._sync(populate=True)

    def _sync(self, *, populate: bool) -> asyncio.Future[str | None]:
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

        def done(error: Any = None) -> None:
            # Success is JS null, which Pyodide hands over as `jsnull` (falsy), not None.
            if not future.done():
                future.set_result(_describe(error) if error else None)

        self._fs().syncfs(populate, self._once(done))
        return future

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
                error = await self._sync(populate=False)
                self.failure = error
                if error is not None:
                    logger.warning("the browser refused to store the database: %s", error)
                    break
        finally:
            self._syncing = False
            self._release()
        if self.failure is not None:
            self.on_failure(self.failure)

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
        """`send` that waits, while a commit is being stored, until it is."""
        def held(message: Any) -> None:
            if self.pending:
                self._held.append(lambda: send(message))
            else:
                send(message)

        return held

    def _release(self) -> None:
        held, self._held = self._held, []
        for send in held:
            send()
        idle, self._idle = self._idle, []
        for future in idle:
            if not future.done():
                future.set_result(None)


def _once(fn: Callable[..., None]) -> Any:
    """A JavaScript callback that frees itself once called."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    return create_once_callable(fn)


def _js_object() -> Any:
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js({}, dict_converter=js.Object.fromEntries)


def _describe(error: Any) -> str:
    """A JS error's name and message (QuotaExceededError: ...)."""
    name = getattr(error, "name", None) or "Error"
    message = getattr(error, "message", None) or str(error)
    return f"{name}: {message}"
