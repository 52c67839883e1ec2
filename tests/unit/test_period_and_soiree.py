"""Periods (evening, month, club season, custom) and the soirée recap computed from
games: totals, averages per deal played, highlights, time played."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.domain import Contract, DealKind
from scorepad.domain.game import DealRecord, GameRecord, PlayedGame
from scorepad.domain.period import InvalidPeriod, Period, evening_of
from scorepad.domain.soiree import soiree_recap, union_length
from tests.factories import FIVE, FOUR, games, make_game


def test_the_season_is_the_club_year_from_september_to_august() -> None:
    assert Period.season(date(2026, 11, 29)) == Period.season(date(2027, 8, 31))
    season = Period.season(date(2027, 3, 1))
    assert (season.start, season.end) == (date(2026, 9, 1), date(2027, 8, 31))
    assert not season.contains(date(2027, 9, 1))
    assert season.label("fr") == "Saison 2026-2027"


def test_a_month_ends_on_its_last_day_and_an_evening_is_one_day() -> None:
    assert Period.month(date(2027, 2, 14)).end == date(2027, 2, 28)
    assert Period.month(date(2026, 12, 5)).end == date(2026, 12, 31)
    evening = Period.evening(date(2026, 11, 29))
    assert evening.contains(date(2026, 11, 29)) and not evening.contains(date(2026, 11, 30))
    assert Period.all_time().contains(date(1990, 1, 1))


def test_periods_are_read_from_words_and_dates() -> None:
    today = date(2026, 11, 29)
    assert Period.parse("season", today) == Period.season(today)
    assert Period.parse("2026-11", today) == Period.month(today)
    assert Period.parse("2026-10-03", today) == Period.evening(date(2026, 10, 3))
    custom = Period.parse("2026-09-01..2026-10-15", today)
    assert (custom.start, custom.end) == (date(2026, 9, 1), date(2026, 10, 15))
    with pytest.raises(InvalidPeriod) as bad:
        Period.parse("yesterday-ish", today)
    assert bad.value.field == "period" and "AAAA-MM-JJ" in bad.value.message("fr")
    with pytest.raises(InvalidPeriod) as reversed_dates:
        Period.parse("2026-10-15..2026-09-01", today)
    assert "date de début" in reversed_dates.value.message("fr")


def test_a_game_started_after_midnight_belongs_to_the_evening_before() -> None:
    assert evening_of(datetime(2026, 11, 30, 1, 30, tzinfo=UTC), UTC) == date(2026, 11, 29)
    assert evening_of(datetime(2026, 11, 29, 20, 0, tzinfo=UTC), UTC) == date(2026, 11, 29)


def _timed(game: GameRecord, start: datetime, minutes: int) -> GameRecord:
    """The game with its deals recorded every `minutes` from `start`."""
    deals = tuple(DealRecord(d.number, d.dealer, d.sitting_out, d.kind, d.input, d.scores,
                             start + timedelta(minutes=minutes * i))
                  for i, d in enumerate(game.deals))
    return GameRecord(game.name, game.created_at, game.table, game.rules, deals, game.status)


GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
EVENING = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def test_a_player_at_two_tables_sums_across_and_averages_per_deal_played() -> None:
    first = make_game([GARDE, {"taker": "Bruno", "contract": "prise", "bouts": 1,
                               "points": 40}], name="Table 1")
    # André again at a second table, five seated, four a deal: he sits out deal 1.
    second = make_game([{"taker": "Élodie", "contract": "prise", "bouts": 1, "points": 60},
                        {"taker": "André", "contract": "prise", "bouts": 1, "points": 60}],
                       seats=FIVE, deal_size=4, name="Table 2")
    recap = soiree_recap([PlayedGame(1, first), PlayedGame(2, second)])
    andre = recap.player("André")
    assert andre.total == first.totals()["André"] + second.totals()["André"]
    assert andre.games == 2
    assert andre.deals_played == 3  # 2 at table 1, 1 at table 2 (sat out the other)
    assert andre.average == pytest.approx(andre.total / 3)
    assert [p.rank for p in recap.players] == sorted(p.rank for p in recap.players)
    assert recap.deals == 4 and recap.played == 4
    assert recap.most_played_contract == (Contract.PRISE, 3)


def test_best_and_worst_deal_chelems_and_petits_au_bout_name_their_deal() -> None:
    game = make_game([
        GARDE,
        {"taker": "Cécile", "contract": "garde_sans", "bouts": 3, "points": 91,
         "chelem": "attack", "chelem_announced": True},
        {"taker": "Didier", "contract": "prise", "bouts": 1, "points": 45,
         "petit_au_bout": "defense"},
        DealKind.PASSED,
    ])
    recap = soiree_recap([PlayedGame(7, game)])
    assert recap.best_deal is not None and recap.worst_deal is not None
    assert (recap.best_deal.player, recap.best_deal.number, recap.best_deal.game_id) == (
        "Cécile", 2, 7)
    assert recap.best_deal.score == max(game.deals[1].scores.values())
    assert recap.worst_deal.score == min(min(d.scores.values()) for d in game.deals
                                         if d.scores)
    assert [(h.number, h.taker, h.announced) for h in recap.chelems] == [(2, "Cécile", True)]
    assert [(h.number, h.side.value) for h in recap.petits_au_bout] == [(3, "defense")]
    assert recap.deals == 4 and recap.played == 3


def test_time_played_counts_tables_playing_at_once_only_once() -> None:
    one = _timed(make_game([GARDE] * 4, name="T1"), EVENING, 10)  # 20:00-20:30
    two = _timed(make_game([GARDE] * 3, seats=FOUR, name="T2"),
                 EVENING + timedelta(minutes=20), 10)  # 20:20-20:40
    late = _timed(make_game([GARDE] * 2, name="T3"), EVENING + timedelta(hours=2), 15)
    recap = soiree_recap([PlayedGame(1, one), PlayedGame(2, two), PlayedGame(3, late)])
    assert [t.duration for t in recap.tables] == [timedelta(minutes=30),
                                                  timedelta(minutes=20),
                                                  timedelta(minutes=15)]
    assert recap.duration == timedelta(minutes=40 + 15)


def test_union_length_of_nested_and_separate_spans() -> None:
    assert union_length([]) == timedelta(0)
    assert union_length([(EVENING, EVENING + timedelta(hours=2)),
                         (EVENING + timedelta(minutes=10), EVENING + timedelta(minutes=20)),
                         (EVENING + timedelta(hours=3), EVENING + timedelta(hours=4))]
                        ) == timedelta(hours=3)


@settings(max_examples=60, deadline=None)
@given(st.lists(games(max_deals=6), min_size=1, max_size=4))
def test_soiree_totals_are_the_sum_of_its_games_totals(records: list[GameRecord]) -> None:
    recap = soiree_recap([PlayedGame(i, g) for i, g in enumerate(records)])
    expected: dict[str, int] = {}
    for game in records:
        for player, total in game.totals().items():
            expected[player] = expected.get(player, 0) + total
    assert recap.totals() == expected
    assert sum(p.total for p in recap.players) == 0
    assert recap.deals == sum(len(g.deals) for g in records)
    for p in recap.players:
        assert p.deals_played <= recap.played
        if p.deals_played:
            assert p.average == pytest.approx(p.total / p.deals_played)
