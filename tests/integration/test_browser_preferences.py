"""What this phone keeps in the browser (scorepad.ui.state.preferences): the form being
typed is copied to the browser's storage at each tap, through one SharedPreferences
service per page. A service made for each copy was registered with the page, sent to the
browser, then dropped and sent again: two more screen updates for every tap of a deal,
on a real Flet session and a real SQLite file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from scorepad import services
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui.models.drafts import Draft, take_draft
from scorepad.ui.services_context import set_uow_factory
from tests.factories import FOUR
from tests.flet_session import Phone, no_browser_settings


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    database = open_database(f"sqlite:///{tmp_path / 'prefs.db'}")
    created: int = services.create_game(database.uow(), name="Mardi soir", seats=FOUR,
                                        deal_size=4)
    set_uow_factory(database.uow)

    no_browser_settings(monkeypatch)
    yield created
    database.dispose()


def by_identifier(phone: Phone, identifier: str) -> ft.Control:
    for control in phone.controls():
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            assert control.content is not None
            return control.content
    raise KeyError(identifier)


def test_typing_a_deal_keeps_it_in_the_browser_through_one_service(game: int) -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route=f"/games/{game}/deal")
        taps = ("taker-Bruno", "contract-garde", "bouts-2", "key-4", "key-9")
        await phone.until(lambda: taps[0] in phone.identifiers(), timeout=30)
        registry = phone.page._services._i  # the page's services, as Flet sends them
        since = len(phone.connection.sent)
        for identifier in taps:
            await phone.session.dispatch_event(by_identifier(phone, identifier)._i,
                                               "click", None)
            await phone.settle(0.1)
        updates = [message for message in phone.connection.sent[since:]
                   if getattr(message.body, "id", None) == registry]
        # The first copy makes the page's service (one update); the other taps reuse it.
        assert len(updates) <= 1, f"{len(updates)} updates of the page's services"
        kept = take_draft(phone.page, game)  # what is copied to the browser
        assert isinstance(kept, Draft) and kept.form.taker == "Bruno", kept
        phone.close()

    asyncio.run(scenario())
