"""How views reach the database: `use_uow()` gives a callable returning a fresh unit of work.

Other phones hear of the changes through the database's listeners (scorepad.ui.live), so a
unit of work needs nothing more than the storage's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

UowFactory = Callable[[], Any]

_factory: list[UowFactory] = []


def set_uow_factory(factory: UowFactory) -> None:
    """Wired once by the entry point (`scorepad serve`, tests) before the app starts."""
    _factory.clear()
    _factory.append(factory)


def use_uow() -> UowFactory:
    """The unit-of-work factory; each call of the result opens a new unit of work
    (one per operation)."""
    if not _factory:
        raise RuntimeError("scorepad: the UI was started without a database (set_uow_factory)")
    return _factory[0]
