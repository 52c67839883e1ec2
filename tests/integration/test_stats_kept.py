"""What the statistics keep between reads (scorepad.services.stats.kept) never shows
anything but what a first read shows: a circle of more games than are kept game by game,
read, then changed as tables change it (a deal recorded, edited, deleted or undone in
tonight's game or in an old one, a new game, a game to the bin and back, moved out of
the circle, a player merged, an old game imported), and read again after each change: the
same figures as a read with nothing kept, on SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad import services as s
from scorepad.domain.period import Period, PeriodKind
from scorepad.services.stats.kept import LIVE
from scorepad.services.stats.reads import forget_kept
from scorepad.storage.stats_games import GameStatsRepository
from scorepad.storage.stats_repo import StatsRepository
from tests.integration.soiree_helpers import stored_game

START = datetime(2026, 3, 2, 20, 0, tzinfo=UTC)
PEOPLE = ["André", "Bruno", "Cécile", "Didier", "Élodie"]
SPECS = [
    {"contract": "garde", "bouts": 2, "points": 49},
    {"contract": "prise", "bouts": 1, "points": 45, "petit_au_bout": "defense"},
    {"contract": "garde_sans", "bouts": 3, "points": 50, "poignees": "taker"},
    {"contract": "prise", "bouts": 0, "points": 60},
    {"contract": "garde_contre", "bouts": 1, "points": 41},
]
_circles = itertools.count(1)
_newcomers = itertools.count(1)  # a merged name is never seated again


def _deal(seats: list[str], n: int) -> dict[str, Any]:
    spec = dict(SPECS[n % len(SPECS)])
    taker = seats[(n * 3) % len(seats)]
    if spec.pop("poignees", None):
        spec["poignees"] = [{"player": taker, "size": "simple"}]
    if len(seats) == 5:
        spec["partner"] = seats[(n * 3 + 2) % 5]
    return {"taker": taker, **spec}


def _game(database: Any, circle: int, index: int, when: datetime, deals: int) -> int:
    seats = [PEOPLE[(index + k) % 5] for k in range(4 if index % 3 else 5)]
    return stored_game(database, name=f"Soir {index}", seats=seats, when=when,
                       circle=circle, deals=[_deal(seats, index + n) for n in range(deals)])


def _everything(database: Any, circle: int) -> list[object]:
    """Every read the kept sums serve: the statistics screen (all time and a period),
    each player's page, the ranking and its awards."""
    uow = database.uow
    period = Period(PeriodKind.CUSTOM, START.date() + timedelta(days=3), None)
    found: list[object] = [s.stats_overview(uow(), circle=circle),
                           s.stats_overview(uow(), circle=circle, period=period),
                           s.ranking_and_awards(uow(), circle=circle),
                           s.ranking_and_awards(uow(), circle=circle, period=period)]
    players = {p.player for p in s.all_statistics(uow(), circle=circle)}
    found += [s.player_record(uow(), who, circle=circle) for who in sorted(players)]
    return found


def _change(database: Any, circle: int, games: list[int], data: st.DataObject,
            step: int) -> None:
    uow = database.uow
    action = data.draw(st.sampled_from(
        ["record", "record", "edit", "delete", "undo", "new", "bin", "out", "merge",
         "import"]))
    newest = max(games)
    if action == "record":
        target = data.draw(st.sampled_from([newest, newest, games[0]]))
        s.record_deal(uow(), target, _deal(list(s.get_sheet(uow(), target).seats), step))
    elif action in ("edit", "delete", "undo"):
        target = data.draw(st.sampled_from([newest, games[len(games) // 2], games[0]]))
        deals = [d for d in s.get_sheet(uow(), target).deals]
        if not deals:
            return
        deal = data.draw(st.sampled_from(deals))
        if action == "edit":
            s.edit_deal(uow(), target, deal.id, None, kind="passed")
        else:
            s.delete_deal(uow(), target, deal.id)
            if action == "undo":
                s.undo(uow(), target)
    elif action == "new":
        games.append(_game(database, circle, len(games) + step, START + timedelta(
            days=len(games) + 40 + step), 3))
    elif action == "bin":
        target = data.draw(st.sampled_from(games))
        s.delete_game(uow(), target)
        if data.draw(st.booleans()):
            s.restore_game(uow(), target)
        else:
            games.remove(target)
    elif action == "out":
        target = data.draw(st.sampled_from(games))
        s.set_game_circle(uow(), target, None)
        games.remove(target)
    elif action == "merge":  # a newcomer of an old game was Bruno all along
        newcomer = f"Fabrice {'I' * next(_newcomers)}"
        seats = [newcomer, "André", "Cécile", "Didier"]
        games.append(stored_game(database, name=f"Vieux {step}", seats=seats, circle=circle,
                                 when=START + timedelta(days=2, hours=step),
                                 deals=[_deal(seats, n) for n in range(3)]))
        _everything(database, circle)
        s.merge_players(uow(), "Bruno", newcomer)
    else:  # an old game comes into the circle: its place is among the summed games
        games.append(_game(database, circle, 100 + step, START - timedelta(days=step + 1), 2))


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_reads_kept_between_changes_are_the_reads_of_nothing_kept(
        database: Any, data: st.DataObject) -> None:
    circle = s.create_circle(database.uow(), f"Les gardés {next(_circles)}")
    games = [_game(database, circle, n, START + timedelta(days=n), 4)
             for n in range(LIVE + 4)]
    _everything(database, circle)
    for step in range(data.draw(st.integers(min_value=2, max_value=6))):
        _change(database, circle, games, data, step)
        kept = _everything(database, circle)
        forget_kept()
        assert kept == _everything(database, circle), step


def test_a_deal_recorded_tonight_reads_tonight_s_game_alone(
        database: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summed games are not summed again: after a deal in the newest game, the read
    asks the database for that game's sums only (counted on the repository)."""
    circle = s.create_circle(database.uow(), f"Les comptés {next(_circles)}")
    games = [_game(database, circle, n, START + timedelta(days=n), 3) for n in range(12)]
    forget_kept()
    s.stats_overview(database.uow(), circle=circle)
    s.record_deal(database.uow(), games[-1], _deal(list(s.get_sheet(
        database.uow(), games[-1]).seats), 7))
    asked: list[tuple[str, object]] = []
    for owner, name in ((StatsRepository, "scope_sums"), (GameStatsRepository, "game_sums")):
        read = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda self, *a, _n=name, _r=read, **k: (
            asked.append((_n, list(a[0]))), _r(self, *a, **k))[1])
    kept = s.stats_overview(database.uow(), circle=circle)
    assert asked == [("game_sums", [games[-1]])]
    monkeypatch.undo()
    forget_kept()
    assert kept == s.stats_overview(database.uow(), circle=circle)


def test_an_old_game_come_into_the_scope_takes_its_place_among_the_best_deals(
        database: Any) -> None:
    """A game older than every game summed (imported, or moved into the circle) holding
    a player's best deal: its cells come first, as a read with nothing kept has them."""
    circle = s.create_circle(database.uow(), f"Les anciens {next(_circles)}")
    for n in range(LIVE + 4):
        _game(database, circle, n % 3, START + timedelta(days=n), 5)
    kept_before = _everything(database, circle)
    # The same game as the oldest, a year earlier: the same scores, the same best deals.
    _game(database, circle, 0, START - timedelta(days=365), 5)
    kept = _everything(database, circle)
    forget_kept()
    fresh = _everything(database, circle)
    assert kept == fresh
    assert kept != kept_before


def test_a_screen_opened_again_with_nothing_changed_sums_nothing_again(
        database: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opened again, the statistics, a player's page and the ranking read the scope's
    games and their revisions, and nothing else: the same figures, worked out once (a
    period's awards as well, though they read the games before it)."""
    circle = s.create_circle(database.uow(), f"Les revenus {next(_circles)}")
    for n in range(LIVE + 3):
        _game(database, circle, n, START + timedelta(days=n), 3)
    first = _everything(database, circle)
    asked: list[str] = []
    for owner, name in ((StatsRepository, "scope_sums"), (GameStatsRepository, "game_sums"),
                        (GameStatsRepository, "game_seats")):
        read = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda self, *a, _n=name, _r=read, **k: (
            asked.append(_n), _r(self, *a, **k))[1])
    again = _everything(database, circle)
    assert asked == []
    assert again == first
    assert all(a is b for a, b in zip(again[:2], first[:2], strict=True))
    # A period's awards, which read the games before it too, are not worked out again.
    assert again[3][1] is first[3][1]
