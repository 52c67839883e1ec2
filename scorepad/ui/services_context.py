"""How views reach the database: `use_uow()` gives a callable returning a fresh unit of work;
`code_attempts()` the wrong-code counter and `sheet_cache()` the sheets the app shares with
the API; `off_loop()` runs blocking work where it may.

Other phones hear of the changes through the database's listeners (scorepad.ui.live), so a
unit of work needs nothing more than the storage's.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from scorepad.services.access import CodeAttempts
from scorepad.services.sheet_cache import SheetCache

UowFactory = Callable[[], Any]
T = TypeVar("T")

#: blocking work may run in a worker thread (not in the browser's Python, Pyodide)
THREADS = sys.platform != "emscripten"

_factory: list[UowFactory] = []
_attempts: list[CodeAttempts] = [CodeAttempts()]
_sheets: list[SheetCache] = [SheetCache()]


def set_code_attempts(attempts: CodeAttempts) -> None:
    """Wired by the app's assembly: the same counter as the API's, so that a phone's
    wrong table codes count once, whether typed in the app or sent to the API."""
    _attempts[0] = attempts


def code_attempts() -> CodeAttempts:
    return _attempts[0]


def set_uow_factory(factory: UowFactory) -> None:
    """Wired once by the entry point (`scorepad serve`, tests) before the app starts;
    the sheets kept for another database are forgotten."""
    _factory.clear()
    _factory.append(factory)
    _sheets[0] = SheetCache()


def sheet_cache() -> SheetCache:
    """The sheets shared by every phone of this server (and its API): a change is read
    once, not once per phone."""
    return _sheets[0]


def use_uow() -> UowFactory:
    """The unit-of-work factory; each call of the result opens a new unit of work
    (one per operation)."""
    if not _factory:
        raise RuntimeError("scorepad: the UI was started without a database (set_uow_factory)")
    return _factory[0]


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` off the event loop in a worker thread where there are threads (a
    server's other phones keep being served meanwhile), inline where there are none."""
    if THREADS:
        return await asyncio.to_thread(fn, *args)
    return fn(*args)
