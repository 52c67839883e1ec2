"""Circles, soirées and rankings through the services, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain.period import Period
from tests.factories import FIVE, FOUR
from tests.integration.soiree_helpers import stored_game

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
NIGHT = datetime(2026, 11, 24, 20, 30, tzinfo=UTC)
DAY = date(2026, 11, 24)


def test_circles_are_created_renamed_listed_and_deleted_keeping_their_games(
        database: Any) -> None:
    uow = database.uow
    mardis = s.create_circle(uow(), "  Les mardis ")
    famille = s.create_circle(uow(), "Famille")
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4, circle=mardis)
    assert s.get_sheet(uow(), game).circle_id == mardis
    assert [(c.name, c.games) for c in s.list_circles(uow())] == [("Famille", 0),
                                                                  ("Les mardis", 1)]
    s.set_game_circle(uow(), game, famille)
    assert s.list_games(uow())[0].circle_id == famille
    s.rename_circle(uow(), famille, "La famille")
    with pytest.raises(s.CircleNameTaken) as taken:
        s.create_circle(uow(), "La famille")
    assert "existe déjà" in taken.value.message("fr")
    s.delete_circle(uow(), famille)
    assert s.get_sheet(uow(), game).circle_id is None
    assert [c.name for c in s.list_circles(uow())] == ["Les mardis"]
    with pytest.raises(s.CircleNotFound):
        s.create_game(uow(), name="X", seats=FOUR, deal_size=4, circle=famille)
    with pytest.raises(s.ServiceError) as empty:
        s.create_circle(uow(), " ")
    assert empty.value.field == "name"


def test_setting_a_protected_games_circle_needs_its_table_code(database: Any) -> None:
    uow = database.uow
    circle = s.create_circle(uow(), "Club")
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    s.set_table_code(uow(), game, "1234", organiser=s.OPERATOR)
    with pytest.raises(s.EditForbidden):
        s.set_game_circle(uow(), game, circle)
    s.set_game_circle(uow(), game, circle, code="1234")
    assert s.get_sheet(uow(), game).circle_id == circle


def test_a_club_night_with_several_tables_and_a_player_at_two_of_them(database: Any) -> None:
    uow = database.uow
    club = s.create_circle(uow(), "Club")
    table1 = stored_game(database, name="Table 1", seats=FOUR, when=NIGHT, circle=club,
                         deals=[GARDE, {"taker": "Bruno", "contract": "prise", "bouts": 1,
                                        "points": 40}])
    # Élodie plays table 2 early, then André joins it: five seated, the dealer sits out.
    seats2 = ["Élodie", "Fanny", "Gaston", "Hélène", "André"]
    table2 = stored_game(database, name="Table 2", seats=seats2,
                         deal_size=4, when=NIGHT + timedelta(minutes=5), circle=club,
                         deals=[{"taker": seats2[n % 5], "contract": "garde", "bouts": 1,
                                 "points": 55} for n in range(1, 6)])
    # The same evening in another circle, and the evening before in this one.
    stored_game(database, name="Ailleurs", seats=FOUR, when=NIGHT, deals=[GARDE])
    stored_game(database, name="Veille", seats=FOUR, when=NIGHT - timedelta(days=1),
                circle=club, deals=[GARDE])

    recap = s.soiree(uow(), DAY, circle=club, tz=UTC)
    assert [t.game_id for t in recap.tables] == [table1, table2]
    sheets = [s.get_sheet(uow(), g).totals for g in (table1, table2)]
    andre = recap.player("André")
    assert andre.total == sheets[0]["André"] + sheets[1]["André"]
    assert andre.games == 2
    assert andre.deals_played == 2 + 4  # sat out once at table 2
    assert andre.average == pytest.approx(andre.total / 6)
    assert recap.deals == 7 and recap.circle == "Club"
    assert recap.duration == timedelta(minutes=45)  # 20:30-21:15 overlapping 20:35-20:40

    everyone = s.soiree(uow(), DAY, tz=UTC)
    assert len(everyone.tables) == 3 and everyone.circle is None
    assert s.evenings(uow(), circle=club, tz=UTC) == [(DAY, 2), (DAY - timedelta(days=1), 1)]


def test_a_player_who_sat_out_is_averaged_on_the_deals_played(database: Any) -> None:
    deals = [{"taker": FIVE[n % 5], "contract": "prise", "bouts": 1, "points": 60}
             for n in range(1, 6)]
    game = stored_game(database, name="Cinq", seats=FIVE, deal_size=4, when=NIGHT,
                       deals=deals)
    recap = s.soiree(database.uow(), DAY, tz=UTC)
    for player in FIVE:
        entry = recap.player(player)
        assert entry.deals_played == 4  # each dealer sat out once
        assert entry.average == pytest.approx(entry.total / 4)
    assert recap.totals() == s.get_sheet(database.uow(), game).totals


def test_the_ranking_filters_by_circle_and_period_and_rates_the_steady_winner_first(
        database: Any) -> None:
    uow = database.uow
    club = s.create_circle(uow(), "Les mardis")
    won_by_cecile = [{"taker": "Cécile", "contract": "garde", "bouts": 2, "points": 50}] * 3
    for week in range(5):
        stored_game(database, name=f"Semaine {week}", seats=FOUR, circle=club,
                    when=NIGHT - timedelta(days=7 * week), deals=won_by_cecile)
    stored_game(database, name="Saison passée", seats=FOUR, circle=club,
                when=datetime(2026, 5, 5, 20, tzinfo=UTC),
                deals=[{"taker": "Didier", "contract": "garde", "bouts": 2,
                        "points": 60}] * 3)
    stored_game(database, name="Hors cercle", seats=FOUR, when=NIGHT,
                deals=[{"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 60}])

    season = s.ranking(uow(), circle=club, period=Period.season(DAY), tz=UTC)
    assert season.games == 5 and season.circle == "Les mardis"
    first = season.players[0]
    assert (first.player, first.games_won, first.deals_played) == ("Cécile", 5, 15)
    assert first.average == pytest.approx(first.total / 15)
    assert first.rating is not None and first.rating.games == 5
    best = max(season.players, key=lambda p: p.rating.ordinal if p.rating else -99)
    assert best.player == "Cécile"
    assert s.rating_sentence(first.rating, "en").startswith("Estimated level")

    month = s.ranking(uow(), circle=club, period=Period.month(DAY), tz=UTC)
    assert month.games == 4  # five Tuesdays back reaches October
    everything = s.ranking(uow(), tz=UTC)
    assert everything.games == 7
    stats = {p.player: p for p in s.all_statistics(uow(), circle=club,
                                                   period=Period.season(DAY))}
    assert stats["Cécile"].total == first.total


def test_soiree_exports_come_in_three_formats_and_refuse_others(database: Any) -> None:
    stored_game(database, name="Table 1", seats=FOUR, when=NIGHT, deals=[GARDE])
    uow = database.uow
    assert s.export_soiree(uow(), DAY, "csv", tz=UTC).decode("utf-8-sig").startswith("Rang;")
    assert s.export_soiree(uow(), DAY, "pdf", tz=UTC).startswith(b"%PDF")
    assert s.export_soiree(uow(), DAY, "png", tz=UTC).startswith(b"\x89PNG")
    with pytest.raises(s.ServiceError) as bad:
        s.export_soiree(uow(), DAY, "docx")
    assert bad.value.field == "format" and "png" in bad.value.message("fr")
