"""The organiser's tournament page does not move under a thumb: a phone holding the
tournament's key is shown the page once with its organiser's buttons and each table's
code, never first without them (they came in above and between the tables a moment later,
and a tap meant for "Ouvrir la feuille" landed on a player's line). In a real Flet session
on a real SQLite file, the organiser's check made slow as on a loaded machine."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from scorepad.services import tournament as tm
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui.services_context import set_uow_factory
from scorepad.ui.state import AppState
from tests.flet_session import Phone
from tests.integration.tournament_helpers import new_night

#: how long the organiser's check takes here: the tournament's own read lands first
SLOW_CHECK = 0.6


def test_the_organisers_page_is_drawn_once_with_its_buttons_and_codes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = open_database(f"sqlite:///{tmp_path / 'night.db'}")
    uow = database.uow
    tid, who = new_night(uow, 8, deals_4=4)
    tm.draw_next_round(uow(), tid, organiser=who, seed=7)
    tm.start_round(uow(), tid, 1, organiser=who)
    set_uow_factory(uow)

    async def holding_the_key() -> AppState:
        return AppState(tournament_keys={tid: who.key or ""})

    monkeypatch.setattr(app_module, "load_state", holding_the_key)
    real_check = tm.check_tournament_organiser

    def slow_check(*args: Any) -> bool:
        time.sleep(SLOW_CHECK)  # a worker thread, as the app runs it
        return real_check(*args)

    monkeypatch.setattr(tm, "check_tournament_organiser", slow_check)

    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route=f"/tournaments/{tid}")
        # Every state the page is drawn in, until table 1's code is there: the tables'
        # "Ouvrir la feuille" never without the organiser's codes beside them.
        drawn_without: list[list[str]] = []
        deadline = time.monotonic() + 15
        while "table-code-1" not in (ids := phone.identifiers()):
            assert time.monotonic() < deadline, f"the codes never came; {phone.texts()}"
            if "r1-open-1" in ids:
                drawn_without.append(sorted(ids))
            await asyncio.sleep(0.01)
        assert {"r1-open-1", "r1-open-2", "table-code-2"} <= ids
        assert drawn_without == []
        phone.close()

    try:
        asyncio.run(scenario())
    finally:
        database.dispose()
