"""Two `scorepad serve` processes on one PostgreSQL: a change made through one reaches the
phones following the game on the other (LISTEN/NOTIFY, no polling between them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from scorepad import services as s
from scorepad.storage import open_database
from scripts.appserver import start_app, stop_app
from tests.factories import FOUR
from tests.integration.api_helpers import sse_events

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
STARTUP_TIMEOUT = 60.0
POSTGRES_ONLY = pytest.mark.parametrize(
    "db_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)


def next_update(events: Iterator[tuple[str, dict[str, Any]]]) -> tuple[str, dict[str, Any]]:
    """The next change other than the game's creation (made by this test's process just
    before: the other server may hear of it after the stream opened)."""
    event = next(events)
    while event[1].get("kind") == "created":
        event = next(events)
    return event


@pytest.fixture
def two_servers(db_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    open_database(db_url).dispose()  # the schema, before two processes race for it
    first, first_url = start_app(db_url, tmp_path / "first.log", timeout=STARTUP_TIMEOUT)
    try:
        second, second_url = start_app(db_url, tmp_path / "second.log",
                                       timeout=STARTUP_TIMEOUT)
    except BaseException:
        stop_app(first)
        raise
    yield first_url, second_url
    stop_app(second)
    stop_app(first)


@POSTGRES_ONLY
def test_a_deal_saved_through_one_server_reaches_a_phone_of_the_other(
        db_url: str, two_servers: tuple[str, str]) -> None:
    first, second = two_servers
    database = open_database(db_url)
    try:
        game = s.create_game(database.uow(), name="Club", seats=FOUR, deal_size=4)
        other = s.create_game(database.uow(), name="Autre table", seats=FOUR, deal_size=4)
    finally:
        database.dispose()
    with httpx.Client(timeout=20) as http, \
            http.stream("GET", f"{second}/api/games/{game}/events") as response:
        events = sse_events(response)
        assert next(events)[0] == "hello"
        http.post(f"{first}/api/games/{other}/deals", json={"kind": "passed"})  # not ours
        saved = http.post(f"{first}/api/games/{game}/deals", json=GARDE)
        assert saved.status_code == 201
        assert next_update(events) == ("changed", {"game_id": game, "kind": "updated",
                                                   "revision": 1})
        # The other server reads the sheet the first one wrote.
        sheet = http.get(f"{second}/api/games/{game}/sheet").json()
        assert sheet["totals"] == {"André": 198, "Bruno": -66, "Cécile": -66, "Didier": -66}
        # And the other way round, an undo on the second reaches the first's phones.
        with http.stream("GET", f"{first}/api/games/{game}/events") as back:
            back_events = sse_events(back)
            assert next(back_events) == ("hello", {"game_id": game, "kind": "hello",
                                                   "revision": 1})
            assert http.post(f"{second}/api/games/{game}/undo").status_code == 200
            name, undone = next_update(back_events)
            assert (name, undone["kind"]) == ("changed", "updated")
            assert undone["revision"] > 1
        # The second's own phone heard it too, once.
        assert next_update(events) == ("changed", undone)
