"""How views reach the database: `use_uow()` gives a callable returning a fresh unit of work.

Every unit of work handed to the UI announces its commits to the other sessions (phones)
of the process, so their open screens reload the games from the database.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import TracebackType
from typing import Any

UowFactory = Callable[[], Any]
CHANGED_TOPIC = "scorepad/changed"

logger = logging.getLogger(__name__)
_factory: list[UowFactory] = []


def set_uow_factory(factory: UowFactory) -> None:
    """Wired once by the entry point (`scorepad serve`, tests) before the app starts."""
    _factory.clear()
    _factory.append(factory)


def announce_change() -> None:
    """Tells every other session that the database changed (no-op outside a session)."""
    import flet as ft

    try:
        page = ft.context.page
        page.pubsub.send_all_on_topic(CHANGED_TOPIC, page.session.id)
    except (RuntimeError, AttributeError) as exc:
        logger.debug("change not announced: %s", exc)


class _AnnouncingUow:
    """A unit of work that announces its commits; everything else is the real one."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    @property
    def repo(self) -> Any:
        return self._inner.repo

    def __enter__(self) -> _AnnouncingUow:
        self._inner.__enter__()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._inner.__exit__(exc_type, exc, tb)

    def commit(self) -> None:
        self._inner.commit()
        announce_change()

    def rollback(self) -> None:
        self._inner.rollback()


def _announcing_factory() -> Any:
    if not _factory:
        raise RuntimeError("scorepad: the UI was started without a database (set_uow_factory)")
    return _AnnouncingUow(_factory[0]())


def use_uow() -> UowFactory:
    """The unit-of-work factory; each call of the result opens a new unit of work
    (one per operation)."""
    if not _factory:
        raise RuntimeError("scorepad: the UI was started without a database (set_uow_factory)")
    return _announcing_factory
