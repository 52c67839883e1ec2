"""A change's message goes when the phone leaves its screen, in a real Flet session on a
real SQLite file: going forward (a form over the sheet), at once; going back (the sheet
leaving), only once Flet's client has finished drawing the leaving sheet, whose 300 ms
exit a message closing would make it draw again, and a collection in between turned
that into Flutter's grey error box (found with a garbage collection forced before each
frame: 3 Backs in 18 on a phone alone)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorepad import services
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui.services_context import set_uow_factory
from scorepad.ui.widgets import snackbar
from tests.factories import FOUR
from tests.flet_session import KeptConnection, Phone, no_browser_settings

#: how long Flet's client draws a screen taken off the top (its page exit)
FLET_EXIT = 0.3


class TimedConnection(KeptConnection):
    """Keeps when each message left for the phone."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.sent_at: list[float] = []

    def send_message(self, message: Any) -> None:
        super().send_message(message)
        self.sent_at.append(time.monotonic())


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    database = open_database(f"sqlite:///{tmp_path / 'messages.db'}")
    created = services.create_game(database.uow(), name="Mardi soir", seats=FOUR,
                                   deal_size=4)
    set_uow_factory(database.uow)

    no_browser_settings(monkeypatch)
    yield created
    database.dispose()


async def _sheet_with_a_message(game: int, text: str) -> tuple[Phone, ft.SnackBar]:
    phone = await Phone.open(app_module.main, route=f"/games/{game}",
                             connection=TimedConnection)
    await phone.until(lambda: "total-André" in phone.identifiers())

    async def show() -> None:
        snackbar.show_snackbar(text)

    phone.page.run_task(show)
    await phone.until(lambda: bool(phone.page.session.store.get("scorepad.snackbar")))
    bar = phone.page.session.store.get("scorepad.snackbar")[1]
    await phone.settle(0.2)
    return phone, bar


async def _go(phone: Phone, route: str) -> None:
    """What the client sends once it has changed the address (a tap, Back)."""
    phone.connection.page_url = "http://127.0.0.1/"
    phone.session.apply_page_patch({"route": route})
    await phone.session.dispatch_event(phone.page._i, "route_change", {"route": route})


def _closed_at(phone: Phone, bar: ft.SnackBar, since: int) -> float | None:
    connection = phone.connection
    assert isinstance(connection, TimedConnection)
    for message, at in zip(connection.sent[since:], connection.sent_at[since:],
                           strict=True):
        body = message.body
        if getattr(body, "id", None) == bar._i and any(
                len(op) == 4 and op[2] == "open" and op[3] is False
                for op in getattr(body, "patch", [])[1:]):
            return at
    return None


def test_back_from_the_sheet_sends_the_list_at_once_and_closes_the_message_after_the_exit(
        game: int) -> None:
    async def scenario() -> None:
        phone, bar = await _sheet_with_a_message(game, "Donne 1 enregistrée")
        since = len(phone.connection.sent)
        tapped = time.monotonic()
        await _go(phone, "/")
        await phone.until(lambda: "Mardi soir" in phone.texts() and not bar.open)
        closed = _closed_at(phone, bar, since)
        assert closed is not None, "the message never closed"
        connection = phone.connection
        assert isinstance(connection, TimedConnection)
        assert connection.sent_at[since] - tapped < FLET_EXIT, "the list came late"
        assert closed - connection.sent_at[since] >= FLET_EXIT, \
            "the message closed while the leaving sheet was still drawn"
        phone.close()

    asyncio.run(scenario())


def test_a_form_opened_over_the_sheet_closes_its_message_at_once(game: int) -> None:
    async def scenario() -> None:
        phone, bar = await _sheet_with_a_message(game, "Donne 1 enregistrée")
        since = len(phone.connection.sent)
        tapped = time.monotonic()
        await _go(phone, f"/games/{game}/deal")
        await phone.until(lambda: not bar.open, timeout=FLET_EXIT)
        closed = _closed_at(phone, bar, since)
        assert closed is not None and closed - tapped < FLET_EXIT
        phone.close()

    asyncio.run(scenario())


def test_a_message_shown_on_the_list_just_after_back_stays(game: int) -> None:
    async def scenario() -> None:
        phone, left = await _sheet_with_a_message(game, "Donne 1 enregistrée")
        await _go(phone, "/")
        await phone.until(lambda: "Mardi soir" in phone.texts())

        async def show() -> None:
            snackbar.show_snackbar("Partie mise à la corbeille")

        phone.page.run_task(show)
        await phone.until(lambda: phone.page.session.store.get("scorepad.snackbar")[1]
                          is not left)
        shown = phone.page.session.store.get("scorepad.snackbar")[1]
        await phone.settle(snackbar.AFTER_LEAVING_EXIT + 0.3)
        assert shown.open and not left.open
        phone.close()

    asyncio.run(scenario())
