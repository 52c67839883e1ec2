"""The new game's form under quick taps, as a full run's tests met them on a slow link or
a busy server. A real Flet session on a real SQLite file.

- It acts on every change made, even one the screen has not shown yet: "Commencer la
  partie" tapped right after a switch was turned on reached the server before the
  screen's next render, and the game started as the form was before the switch.
- A seat and its "Nouveau joueur" line come in the same message: the line came in a
  later one, after a read, and moved the rules below it under a thumb already on its way
  to them ("Règles maison" missed on a slow link)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import pytest

from scorepad import services
from scorepad.services import PlayerRow
from scorepad.storage import open_database
from scorepad.storage.games_repo import GamesRepository
from scorepad.ui import app as app_module
from scorepad.ui.services_context import set_uow_factory
from tests.factories import FIVE
from tests.flet_session import KeptConnection, Phone, no_browser_settings


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


def _first_message_with(connection: KeptConnection, words: str) -> int | None:
    """The index of the first message the phone received that carries `words`."""
    return next((i for i, got in enumerate(connection.received) if words.encode() in got),
                None)


def test_a_new_seat_comes_with_its_new_player_line_in_one_message(
        database: object, monkeypatch: pytest.MonkeyPatch) -> None:
    # A busy server: every read of the players takes a while.
    read = GamesRepository.list_players

    def slow_read(self: GamesRepository) -> list[PlayerRow]:
        time.sleep(0.2)
        return read(self)

    monkeypatch.setattr(GamesRepository, "list_players", slow_read)

    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/new")
        received = phone.connection
        await phone.until(lambda: any(isinstance(c, ft.Chip) for c in phone.controls()))
        field = next(c for c in phone.controls() if isinstance(c, ft.TextField)
                     and c.label == "Nouveau joueur")
        # Two names ended by Enter, as the phone reports them (the line, then the field
        # emptied by the page's script): one nobody has, one a slip of a known player's.
        for name in ("Zoé", "Brunno"):
            await phone.type_into(field, f"{name}\n")
            await phone.type_into(field, "")
        await phone.until(lambda: {"new-player-Zoé", "new-player-Brunno"}
                          <= phone.identifiers())
        for name in ("Zoé", "Brunno"):
            seat = _first_message_with(received, f"seat-{name}")
            assert seat is not None
            assert _first_message_with(received, f"new-player-{name}") == seat, name
        # The slip's known name, offered under the seat.
        assert any(isinstance(c, ft.TextButton) and c.content == "Bruno ?"
                   for c in phone.controls())
        phone.close()

    asyncio.run(scenario())
