"""One phone alone's notices (scorepad.phone.notices) in the app's own dialog, on an
in-process Flet session: a browser that keeps nothing, and a refused copy with its retry."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest

from scorepad import services
from scorepad.domain.messages import render
from scorepad.phone import notices
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui.services_context import set_uow_factory
from tests.factories import FOUR
from tests.flet_session import Phone, no_browser_settings


class FakeStorage:
    """The browser's storage as the notices use it: a failure callback, and a retry."""

    def __init__(self) -> None:
        self.on_failure: Callable[[str], None] | None = None
        self.retries = 0

    def retry(self) -> None:
        self.retries += 1


@pytest.fixture(autouse=True)
def _database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    database = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    services.create_game(database.uow(), name="Mardi soir", seats=FOUR, deal_size=4)
    set_uow_factory(database.uow)

    no_browser_settings(monkeypatch)
    yield
    database.dispose()


def _open_dialogs(phone: Phone) -> list[ft.AlertDialog]:
    return [d for d in phone.page._dialogs.controls
            if isinstance(d, ft.AlertDialog) and d.open]


def _texts(dialog: ft.AlertDialog) -> list[str]:
    content = dialog.content
    inner = content.content if isinstance(content, ft.Semantics) else content
    return [str(inner.value)] if isinstance(inner, ft.Text) else []


def _button(dialog: ft.AlertDialog, label: str) -> ft.Control:
    return next(b for b in dialog.actions or []
                if isinstance(b, ft.TextButton | ft.FilledButton) and b.content == label)


def test_a_browser_that_keeps_nothing_is_said_at_start_and_closes_with_its_button() -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "Mardi soir" in phone.texts())
        notices.watch(phone.page, FakeStorage(), refused="private browsing",  # type: ignore[arg-type]
                      updated=False)
        await phone.until(lambda: bool(_open_dialogs(phone)))
        dialog = _open_dialogs(phone)[0]
        assert _texts(dialog) == [render("phone.storage.unavailable",
                                         {"reason": "private browsing"}, "fr")]
        close = _button(dialog, render("common.close", {}, "fr"))
        await phone.session.dispatch_event(close._i, "click", None)
        await phone.until(lambda: not _open_dialogs(phone))
        phone.close()

    asyncio.run(scenario())


def test_a_refused_copy_is_said_and_its_retry_button_stores_again() -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "Mardi soir" in phone.texts())
        storage = FakeStorage()
        notices.watch(phone.page, storage, refused=None, updated=False)  # type: ignore[arg-type]
        assert storage.on_failure is not None
        storage.on_failure("QuotaExceededError: storage full")
        await phone.until(lambda: bool(_open_dialogs(phone)))
        dialog = _open_dialogs(phone)[0]
        assert _texts(dialog) == [render("phone.storage.full",
                                         {"reason": "QuotaExceededError: storage full"}, "fr")]
        retry = _button(dialog, render("phone.storage.retry", {}, "fr"))
        await phone.session.dispatch_event(retry._i, "click", None)
        await phone.until(lambda: not _open_dialogs(phone))
        assert storage.retries == 1
        phone.close()

    asyncio.run(scenario())
