"""What a server stores of its statistics for its next start (every game's seats and
totals, each scope's ratings after each game: scorepad.services.stats.stored): the first
read after a restart takes them instead of reading the seats and rating the games again,
and shows exactly what a read with nothing kept or stored shows, whatever changed in
between; a phone stores nothing; what other code stored, a broken body or a store that
fails changes nothing a person sees. On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import json
import logging
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select, update
from sqlalchemy.exc import OperationalError

from scorepad import ratings
from scorepad import services as s
from scorepad.services.stats import kept, reads, stored
from scorepad.services.stats.reads import forget_kept
from scorepad.storage import open_database
from scorepad.storage.stats_games import GameStatsRepository
from scorepad.storage.stats_repo import STORED, StatsRepository
from tests.integration.test_stats_kept import START, _change, _everything, _game

_circles = itertools.count(1)


@pytest.fixture(autouse=True)
def store_after_any_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every read that read or rated a game stores (a server stores after 64: a start)."""
    monkeypatch.setattr(kept, "STORE_AFTER", 0)
    monkeypatch.setattr(reads, "STORE_AFTER", 0)


def _stored(database: Any) -> dict[str, str]:
    with database.engine.connect() as connection:
        return dict(connection.execute(select(STORED.c.name, STORED.c.body)).all())


def _nothing_stored(database: Any) -> None:
    """A server started on the database with nothing kept or stored."""
    with database.engine.begin() as connection:
        connection.execute(delete(STORED))
    forget_kept()


def _fresh(database: Any, circle: int) -> list[object]:
    """The reads of a server started on the database with nothing stored."""
    _nothing_stored(database)
    return _everything(database, circle)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """What the reads read of the seats, sum over the scope and rate: (what, how many
    games), in order."""
    asked: list[tuple[str, int]] = []
    seats = GameStatsRepository.game_seats
    monkeypatch.setattr(GameStatsRepository, "game_seats", lambda self, ids: (
        asked.append(("seats", len(ids))), seats(self, ids))[1])
    summed = StatsRepository.scope_sums
    monkeypatch.setattr(StatsRepository, "scope_sums", lambda self, *a: (
        asked.append(("summed", 1)), summed(self, *a))[1])
    rate = ratings.rating_history
    monkeypatch.setattr(ratings, "rating_history", lambda standings, start=None: (
        asked.append(("rated", len(standings))), rate(standings, start))[1])
    return asked


def test_a_start_takes_the_seats_sums_and_ratings_the_last_start_stored(
        database: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    circle = s.create_circle(database.uow(), f"Les stockés {next(_circles)}")
    for n in range(12):
        _game(database, circle, n, START + timedelta(days=n), 3)
    forget_kept()
    first = _everything(database, circle)
    stored = _stored(database)
    assert "seats" in stored
    assert f"ratings {circle}  " in stored  # the circle's games of all time
    forget_kept()  # the server restarted
    asked = _counted(monkeypatch)
    again = _everything(database, circle)
    assert again == first
    assert [n for what, n in asked if n] == [], asked
    monkeypatch.undo()
    assert _fresh(database, circle) == first


def test_the_statistics_screen_after_a_restart_does_not_sum_the_season_again(
        database: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its sums over every game but the newest come from what the last start stored;
    the newest, where tonight's deals go, are read game by game as when kept."""
    circle = s.create_circle(database.uow(), f"Les sommés {next(_circles)}")
    games = [_game(database, circle, n, START + timedelta(days=n), 3) for n in range(12)]
    forget_kept()
    first = (s.stats_overview(database.uow(), circle=circle),
             s.ranking(database.uow(), circle=circle))
    forget_kept()
    asked: list[str] = []
    for owner, name in ((StatsRepository, "scope_sums"), (GameStatsRepository, "game_sums")):
        read = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda self, *a, _n=name, _r=read, **k: (
            asked.append(_n), _r(self, *a, **k))[1])
    again = (s.stats_overview(database.uow(), circle=circle),
             s.ranking(database.uow(), circle=circle))
    assert again == first
    assert asked == ["game_sums"]  # the newest games (kept.LIVE), once for both
    # A deal recorded in an old game while the server was stopped: summed again.
    monkeypatch.undo()
    s.edit_deal(database.uow(), games[0],
                s.get_sheet(database.uow(), games[0]).deals[0].id, None, kind="passed")
    forget_kept()
    changed = s.stats_overview(database.uow(), circle=circle)
    assert changed != first[0]
    _nothing_stored(database)
    assert changed == s.stats_overview(database.uow(), circle=circle)


def test_a_deal_recorded_in_an_old_game_after_a_stop_rates_on_from_that_game(
        database: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    circle = s.create_circle(database.uow(), f"Les repris {next(_circles)}")
    games = [_game(database, circle, n, START + timedelta(days=n), 3) for n in range(12)]
    forget_kept()
    _everything(database, circle)
    forget_kept()
    # While the server was stopped: the tenth game of twelve changed (a command, a sync).
    s.edit_deal(database.uow(), games[9],
                s.get_sheet(database.uow(), games[9]).deals[0].id, None, kind="passed")
    asked = _counted(monkeypatch)
    read = s.player_record(database.uow(), "André", circle=circle)
    assert ("seats", 1) in asked and ("rated", 3) in asked, asked
    assert all(n <= 3 for _, n in asked), asked
    monkeypatch.undo()
    _nothing_stored(database)
    assert read == s.player_record(database.uow(), "André", circle=circle)


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_whatever_changed_between_two_starts_a_start_reads_what_nothing_stored_reads(
        database: Any, data: st.DataObject) -> None:
    circle = s.create_circle(database.uow(), f"Les redémarrés {next(_circles)}")
    games = [_game(database, circle, n, START + timedelta(days=n), 3) for n in range(12)]
    _everything(database, circle)
    for step in range(data.draw(st.integers(min_value=1, max_value=4))):
        _change(database, circle, games, data, step)
        forget_kept()  # a restart after each change: what the last start stored is read
        after_restart = _everything(database, circle)
        assert after_restart == _fresh(database, circle), step


def test_a_phone_stores_nothing(db_url: str, database: Any) -> None:
    phone = open_database(db_url, stores_stats=False)
    try:
        circle = s.create_circle(phone.uow(), f"Le téléphone {next(_circles)}")
        for n in range(4):
            _game(phone, circle, n, START + timedelta(days=n), 2)
        forget_kept()
        _everything(phone, circle)
        assert _stored(phone) == {}
    finally:
        phone.dispose()


def _other_results(body: str, by: str | None) -> str:
    """A stored body with other results in it: the seats' and sums' André and Bruno
    swapped, every rating's level one higher; `by`, the code it names (None: as it was)."""
    data = json.loads(body.replace("André", "\0").replace("Bruno", "André")
                      .replace("\0", "Bruno"))
    if "levels" in data:
        data["levels"] = stored._packed_out("d", [level + 1 for level in
                                                  stored._packed_in("d", data["levels"])])
    if by is not None:
        data["by"] = by
    return json.dumps(data)


def _store_instead(database: Any, bodies: dict[str, str]) -> None:
    with database.engine.begin() as connection:
        for name, body in bodies.items():
            connection.execute(update(STORED).where(STORED.c.name == name)
                               .values(body=body))
    forget_kept()


def test_what_other_code_stored_or_a_broken_body_is_not_used(database: Any) -> None:
    circle = s.create_circle(database.uow(), f"Les anciens stockés {next(_circles)}")
    for n in range(12):  # sums stored: more than the newest eight
        _game(database, circle, n, START + timedelta(days=n), 3)
    forget_kept()
    first = _everything(database, circle)
    bodies = _stored(database)
    assert {name.split()[0] for name in bodies} == {"seats", "sums", "ratings"}
    # Other results named as this code's are used (the tampering shows)...
    _store_instead(database, {name: _other_results(body, None)
                              for name, body in bodies.items()})
    assert _everything(database, circle) != first
    # ...named as another version's, they are not.
    _store_instead(database, {name: _other_results(body, "0 another version")
                              for name, body in bodies.items()})
    assert _everything(database, circle) == first
    _store_instead(database, {name: '{"by": [1, 2' for name in bodies})
    assert _everything(database, circle) == first


def test_a_store_that_fails_is_given_up_and_the_page_still_shows(
        database: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
        ) -> None:
    circle = s.create_circle(database.uow(), f"Les verrouillés {next(_circles)}")
    for n in range(4):
        _game(database, circle, n, START + timedelta(days=n), 3)
    forget_kept()
    expected = _everything(database, circle)
    forget_kept()

    def locked(self: StatsRepository, bodies: object) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(StatsRepository, "store_stats", locked)
    _nothing_stored(database)
    with caplog.at_level(logging.INFO, "scorepad.services.stats.stored"):
        assert _everything(database, circle) == expected
    assert "not stored for the next start" in caplog.text
    assert _stored(database) == {}
