"""A tournament's settings and table plans: tables of 4 and 5 whenever the count allows,
the honest choices otherwise, each said in words, and every bad setting refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain.tournament import (
    PlanRefused,
    RankingRule,
    TablePlan,
    TournamentRefused,
    TournamentSettings,
    choose_plan,
    table_plans,
    tournament_name,
)


@pytest.mark.parametrize(("count", "sizes"), [
    (4, (4,)), (5, (5,)), (8, (4, 4)), (9, (5, 4)), (10, (5, 5)), (12, (4, 4, 4)),
    (13, (5, 4, 4)), (14, (5, 5, 4)), (15, (5, 5, 5)), (40, (4,) * 10),
    (41, (5,) + (4,) * 9), (120, (4,) * 30),
])
def test_counts_that_split_into_fours_and_fives_have_one_plan_with_the_fewest_fives(
        count: int, sizes: tuple[int, ...]) -> None:
    assert table_plans(count) == (TablePlan(sizes),)


@pytest.mark.parametrize(("count", "keys"), [
    (3, ["3"]), (6, ["6", "3,3"]), (7, ["4,3"]), (11, ["6,5", "4,4,3"]),
])
def test_counts_that_do_not_split_so_offer_a_six_seat_table_or_tables_of_three(
        count: int, keys: list[str]) -> None:
    assert [p.key for p in table_plans(count)] == keys


@given(st.integers(3, 400))
def test_every_plan_seats_everybody_at_tables_of_three_to_six(count: int) -> None:
    for plan in table_plans(count):
        assert plan.players == count
        assert all(3 <= size <= 6 for size in plan.sizes)
        assert list(plan.sizes) == sorted(plan.sizes, reverse=True)


@given(st.integers(8, 400).filter(lambda n: n != 11))
def test_from_eight_players_but_eleven_the_plan_is_fours_and_fives(count: int) -> None:
    [plan] = table_plans(count)
    assert plan.usual


def test_plans_are_described_in_words_in_both_languages() -> None:
    six, threes = table_plans(11)
    assert six.describe("fr") == "1 table de 6 (le donneur ne joue pas) et 1 table de 5"
    assert threes.describe("fr") == "2 tables de 4 et 1 table de 3"
    assert six.describe("en") == "1 table of 6 (the dealer sits out) and 1 table of 5"
    assert TablePlan((5, 4, 4)).describe("en") == "1 table of 5 and 2 tables of 4"


def test_a_draw_of_too_few_players_is_refused_with_the_count() -> None:
    with pytest.raises(TournamentRefused) as refused:
        table_plans(2)
    assert refused.value.field == "players"
    assert refused.value.message("fr") == ("Il faut au moins 3 joueurs présents pour un "
                                           "tirage (présents : 2).")


def test_a_count_with_choices_asks_for_one_listing_them_in_words() -> None:
    with pytest.raises(PlanRefused) as needed:
        choose_plan(11)
    text = needed.value.message("fr")
    assert "11 joueurs ne font pas que des tables de 4 et 5" in text
    assert "« 6,5 » (1 table de 6 (le donneur ne joue pas) et 1 table de 5)" in text
    assert "« 4,4,3 » (2 tables de 4 et 1 table de 3)" in text
    assert choose_plan(11, "4,3,4") == TablePlan((4, 4, 3))
    assert choose_plan(11, [5, 6]) == TablePlan((6, 5))
    with pytest.raises(PlanRefused) as wrong:
        choose_plan(11, "5,3,3")
    assert "ne sont pas proposées" in wrong.value.message("fr")
    assert choose_plan(13) == TablePlan((5, 4, 4))


@pytest.mark.parametrize("bad", ["4;4", "4,x", [4, 7], [], "2,2", [True, 4], 44])
def test_tables_written_wrongly_are_refused(bad: object) -> None:
    with pytest.raises(TournamentRefused) as refused:
        TablePlan.parse(bad)
    assert refused.value.field == "plan"
    assert "5,4,4" in refused.value.message("fr")


def test_settings_default_to_five_rounds_of_four_deals_summing_the_table_scores() -> None:
    settings = TournamentSettings()
    assert (settings.rounds, settings.deals_at(4), settings.deals_at(5)) == (5, 4, 5)
    assert (settings.deals_at(3), settings.deals_at(6)) == (3, 6)
    assert settings.ranking is RankingRule.SUM
    eight = TournamentSettings.from_dict({"deals_4": 8})
    assert (eight.deals_at(3), eight.deals_at(6)) == (6, 12)
    assert TournamentSettings.from_dict({"deals_3": 4}).deals_at(3) == 4


def test_settings_round_trip_and_merge_onto_a_base() -> None:
    base = TournamentSettings.from_dict({"rounds": 4, "round_minutes": 60,
                                         "ranking": "placement"})
    assert TournamentSettings.from_dict(base.to_dict()) == base
    changed = TournamentSettings.from_dict({"rounds": 6}, base)
    assert (changed.rounds, changed.round_minutes, changed.ranking) == (
        6, 60, RankingRule.PLACEMENT)


@pytest.mark.parametrize(("data", "field", "french"), [
    ({"rounds": 0}, "rounds", "Le nombre de manches : un nombre entier de 1 à 20 (reçu 0)."),
    ({"deals_4": "4"}, "deals_4", "Les donnes d'une manche à une table de 4 : un nombre "
                                  "entier de 1 à 40 (reçu « 4 »)."),
    ({"round_minutes": 1000}, "round_minutes", "La durée d'une manche (minutes) : un nombre "
                                               "entier de 1 à 600 (reçu 1000)."),
    ({"deals_5": True}, "deals_5", None),
    ({"rounds": None}, "rounds", None),
    ({"ranking": "best"}, "ranking", "« placement »"),
    ({"round": 5}, "round", "Réglage « round » inconnu"),
])
def test_bad_settings_are_refused_naming_the_setting(
        data: dict[str, object], field: str, french: str | None) -> None:
    with pytest.raises(TournamentRefused) as refused:
        TournamentSettings.from_dict(data)
    assert refused.value.field == field
    if french is not None:
        assert french in refused.value.message("fr")
    assert refused.value.message("en") != refused.value.message("fr")


def test_a_tournament_name_is_trimmed_and_bounded() -> None:
    assert tournament_name("  Tournoi   du mardi ") == "Tournoi du mardi"
    for bad in ("", "   ", "x" * 121, None):
        with pytest.raises(TournamentRefused) as refused:
            tournament_name(bad)
        assert refused.value.field == "name"
