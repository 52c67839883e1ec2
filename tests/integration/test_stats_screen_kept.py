"""The statistics screen hands Flet back the very controls it showed when its figures did
not change: a player's page or the ranking opened above it reads the statistics again
(the same figures), and their chart's hundreds of points are neither built nor compared
again (in a real Flet session on a real SQLite file)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import flet_charts as fch
import pytest
from flet.controls.context import _context_page

from scorepad import services
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui.dialogs.game_actions import show_route_now
from scorepad.ui.services_context import set_uow_factory
from tests.flet_session import Phone, no_browser_settings, walk
from tests.integration.soiree_helpers import stored_game


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    db = open_database(f"sqlite:///{tmp_path / 'stats.db'}")
    seats = ["André", "Bruno", "Cécile", "Didier"]
    start = datetime(2026, 9, 1, 20, tzinfo=UTC)
    for n in range(12):
        stored_game(db, name=f"Soir {n}", seats=seats, when=start + timedelta(days=n),
                    deals=[{"taker": seats[n % 4], "contract": "garde", "bouts": 2,
                            "points": 40 + n}])
    set_uow_factory(db.uow)

    no_browser_settings(monkeypatch)
    yield db
    db.dispose()


def _charts(phone: Phone) -> list[Any]:
    return [c for c in walk(phone.page.views) if isinstance(c, fch.LineChart)]


def test_a_screen_opened_above_the_statistics_leaves_their_chart_as_it_was(
        database: Any) -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/stats")
        await phone.until(lambda: "stats-summary" in phone.identifiers(), timeout=30)
        await phone.settle(0.5)
        (chart,) = _charts(phone)
        for route, shown in (("/stats/ranking", "ranking-summary"),
                             ("/stats/player/Andr%C3%A9", "player-summary")):
            _context_page.set(phone.page)
            show_route_now(phone.page, route)
            await phone.until(lambda s=shown: s in phone.identifiers(), timeout=30)
            await phone.settle(0.5)  # the statistics below were read again meanwhile
            charts = _charts(phone)
            assert any(c is chart for c in charts), route
        phone.close()

    asyncio.run(scenario())
    assert services.stats_overview(database.uow()).games == 12
