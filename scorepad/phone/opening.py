"""The app's units of work while a phone starts: the first screen reads the games list
without the storage (scorepad.storage.first_read, the standard library's sqlite3), and
the storage (SQLAlchemy, SQLModel and pydantic: most of a start's imports) is imported
and opened once that screen is up, a few modules at a time so that the phone answers a
touch in between. Whatever needs the storage before then (a sheet, a save) opens it at
once and waits for it, on the screen it opened (its loading indicator)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from scorepad.storage.first_read import FirstReadUnitOfWork

UowFactory = Callable[..., Any]

#: What `scorepad.storage.database` imports, in the order it does, each a step of its
#: own (the largest takes about a second on a slow phone): the phone answers between two.
STORAGE_STEPS = (
    "pydantic_core", "pydantic", "sqlalchemy", "sqlalchemy.orm", "sqlmodel",
    "scorepad.storage.tables", "scorepad.storage.repository", "scorepad.storage.database",
)


class StorageOpening:
    """The app's unit-of-work factory during a start (ui.services_context): first-read
    units of work until the storage is open (`storage()`), then the storage's own.
    `first_read` False (a file to migrate first): the storage from the start."""

    def __init__(self, path: str, open_storage: Callable[[], UowFactory], *,
                 first_read: bool) -> None:
        self._path = path
        self._open_storage = open_storage
        self._factory: UowFactory | None = None
        #: set once a first-read unit of work has been used (the games list was read)
        self.first_read_done = asyncio.Event()
        if not first_read:
            self.storage()

    @property
    def opened(self) -> bool:
        return self._factory is not None

    def __call__(self, **kwargs: Any) -> Any:
        if self._factory is None and not kwargs:
            return _Told(self._path, then=lambda: self.storage()(),
                         done=self.first_read_done.set)
        return self.storage()(**kwargs)

    def storage(self) -> UowFactory:
        """The storage's unit-of-work factory, opened now if it is not yet."""
        if self._factory is None:
            self._factory = self._open_storage()
        return self._factory

    async def open_soon(self, steps: Sequence[str] = STORAGE_STEPS, *,
                        first_screen: float = 5.0,
                        idle: Callable[[], Awaitable[object]] | None = None) -> None:
        """Once the games list was read (or after `first_screen` seconds) and `idle()`
        says the page drew it, imports the storage a step at a time, letting the phone
        answer in between, then opens it (unless something needed it meanwhile and
        opened it)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.first_read_done.wait(), first_screen)
        await asyncio.sleep(0)  # the list's screen goes out first
        if idle is not None and self._factory is None:
            await idle()
        for name in steps:
            if self._factory is not None:
                return
            importlib.import_module(name)
            await asyncio.sleep(0)
        self.storage()


class _Told(FirstReadUnitOfWork):
    """A first-read unit of work that says when it is done."""

    def __init__(self, path: str, then: Callable[[], Any], done: Callable[[], None]) -> None:
        super().__init__(path, then)
        self._done = done

    def __exit__(self, *exc: Any) -> None:
        super().__exit__(*exc)
        self._done()
