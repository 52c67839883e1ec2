"""How views reach the database: `use_uow()` gives a callable returning a fresh unit of work;
`code_attempts()` the wrong-code counter and `sheet_cache()` the sheets the app shares with
the API; `wiring()` says what the app runs on (a server for every phone, or one phone
alone), and `off_loop()` runs blocking work where it may.

Other phones hear of the changes through the database's listeners (scorepad.ui.live), so a
unit of work needs nothing more than the storage's.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from scorepad.services.base.access import CodeAttempts
from scorepad.services.games.sheet_cache import SheetCache

UowFactory = Callable[[], Any]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Wiring:
    """What the app runs on, set once by the entry point: the one switch the screens read
    to leave out what needs a server rather than show it broken."""

    #: a server hands the app to every phone at the table (`scorepad serve`): table code,
    #: organiser, live sharing, the QR to join, the big screen, hand-over, downloads by
    #: address; False on one phone alone (the app in the browser), where the phone holds
    #: every game and hands files over itself
    server: bool = True
    #: blocking work may run in a worker thread (not in the browser's Python)
    threads: bool = sys.platform != "emscripten"


SERVED = Wiring()
ONE_PHONE = Wiring(server=False, threads=False)

_wiring: list[Wiring] = [SERVED]
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


#: one phone alone's link to its club (scorepad.phone.club.ClubLink; None on a server)
_club: list[Any] = [None]


def set_club_link(link: Any) -> None:
    """Wired by the phone's entry point once its storage is open."""
    _club[0] = link


def club_link() -> Any:
    """The phone's link to its club (None: a server, or a phone not ready yet)."""
    return _club[0]


def set_wiring(wiring: Wiring) -> None:
    """Wired once by the entry point (`scorepad serve` keeps SERVED, the phone ONE_PHONE)."""
    _wiring[0] = wiring


def wiring() -> Wiring:
    return _wiring[0]


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` off the event loop in a worker thread where there are threads (a
    server's other phones keep being served meanwhile), inline where there are none."""
    if _wiring[0].threads:
        return await asyncio.to_thread(fn, *args)
    return fn(*args)
