"""The new game's form acts on every change made, even one the screen has not shown yet:
on a slow link or a busy server, "Commencer la partie" tapped right after a switch was
turned on reached the server before the screen's next render, and the game started as
the form was before the switch (a full run's five-seat test met it). A real Flet session
on a real SQLite file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from scorepad import services
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui.services_context import set_uow_factory
from tests.factories import FIVE
from tests.flet_session import Phone, no_browser_settings


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    db = open_database(f"sqlite:///{tmp_path / 'new-game.db'}")
    # Five players the phone knows (offered as chips).
    services.create_game(db.uow(), name="Hier", seats=FIVE, deal_size=5)
    set_uow_factory(db.uow)

    no_browser_settings(monkeypatch)
    yield db
    db.dispose()


def _chip(phone: Phone, name: str) -> ft.Chip:
    return next(c for c in phone.controls() if isinstance(c, ft.Chip)
                and isinstance(c.label, ft.Text) and c.label.value == name)


def test_start_tapped_right_after_the_dealer_sits_out_switch_starts_the_game_with_it(
        database: object) -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/new")
        await phone.until(lambda: any(isinstance(c, ft.Chip) for c in phone.controls()))
        for name in FIVE:
            chip = _chip(phone, name)
            phone.session.apply_patch(chip._i, {"selected": True})
            await phone.session.dispatch_event(chip._i, "select", None)
            await phone.until(lambda n=name: _chip(phone, n).selected is True)  # type: ignore[misc]
        await phone.until(lambda: any(isinstance(c, ft.Switch) for c in phone.controls()))
        switch = next(c for c in phone.controls() if isinstance(c, ft.Switch))
        start = next(c for c in phone.controls() if isinstance(c, ft.FilledButton))
        # The switch, then "Commencer" before any render: as the server gets them.
        phone.session.apply_patch(switch._i, {"value": True})
        await phone.session.dispatch_event(switch._i, "change", "true")
        await phone.session.dispatch_event(start._i, "click", None)
        await phone.until(lambda: len(services.list_games(database.uow())) == 2)  # type: ignore[attr-defined]
        game = max(services.list_games(database.uow()), key=lambda g: g.id)  # type: ignore[attr-defined]
        sheet = services.get_sheet(database.uow(), game.id)  # type: ignore[attr-defined]
        assert (len(sheet.seats), sheet.deal_size) == (5, 4)
        phone.close()

    asyncio.run(scenario())
