"""RULES.md §5: every impossible deal is refused naming the field; warnings are kept."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad.domain import InvalidDeal, parse_deal, score_deal
from tests.factories import FIVE
from tests.unit.helpers_domain import THREE, deal, score


def refused(**overrides: Any) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as info:
        parsed, rules = parse_deal(deal(**overrides))
        score_deal(parsed, rules)
    return info.value


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"contract": "garde_avec"}, "contract"),
        ({"contract": 2}, "contract"),
        ({"bouts": 4}, "bouts"),
        ({"bouts": -1}, "bouts"),
        ({"bouts": 1.5}, "bouts"),
        ({"bouts": True}, "bouts"),
        ({"points": 92}, "points"),
        ({"points": -1}, "points"),
        ({"points": 50.25}, "points"),
        ({"points": 51.5}, "points"),  # half point at 4 players
        ({"points": "51"}, "points"),
        ({"points": float("nan")}, "points"),
        ({"points": float("inf")}, "points"),
    ],
)
def test_values_out_of_range_are_refused_naming_the_field(overrides: dict[str, Any],
                                                          field: str) -> None:
    assert refused(**overrides).field == field


def test_a_half_point_at_four_players_says_points_are_whole() -> None:
    error = refused(points=45.5)
    assert error.message("fr") == "À 4 joueurs les points sont entiers (reçu 45,5)."
    assert "4 players" in error.message("en")


def test_half_points_are_fine_at_three_and_five_players() -> None:
    assert score(players=THREE, points=51.5).made
    assert score(players=FIVE, points=51.5).made


@pytest.mark.parametrize(
    ("bouts", "points", "ok"),
    [
        (3, 12, True), (3, 11, False),    # the attack holds its own bouts
        (0, 79, True), (0, 80, False),    # the defence holds three bouts
        (1, 4, True), (1, 3, False),
        (2, 87, True), (2, 88, False),
    ],
)
def test_points_must_be_possible_for_the_bouts(bouts: int, points: int, ok: bool) -> None:
    data = deal(bouts=bouts, points=points, contract="garde")
    if ok:
        parsed, rules = parse_deal(data)
        score_deal(parsed, rules)
    else:
        assert refused(bouts=bouts, points=points, contract="garde").field == "points"


@pytest.mark.parametrize("contract", ["prise", "garde", "garde_sans"])
def test_the_ecart_or_chien_gives_the_attack_at_least_3_points(contract: str) -> None:
    assert refused(contract=contract, bouts=0, points=2.5, players=THREE).field == "points"
    assert score(contract=contract, bouts=0, points=3).per_defender < 0


def test_at_five_players_the_three_card_chien_gives_at_least_one_and_a_half() -> None:
    assert score(players=FIVE, bouts=0, points=1.5).made is False
    assert refused(players=FIVE, bouts=0, points=1).field == "points"


def test_in_garde_contre_the_chien_is_the_defences() -> None:
    assert refused(contract="garde_contre", bouts=3, points=89).field == "points"
    assert score(contract="garde_contre", bouts=3, points=88).made
    assert score(contract="garde_contre", bouts=0, points=0).made is False
    assert refused(players=FIVE, contract="garde_contre", bouts=3, points=90).field == "points"
    assert score(players=FIVE, contract="garde_contre", bouts=3, points=89.5).made


def test_defence_points_errors_name_the_defense_points_field() -> None:
    data = deal()
    del data["points"]
    data["defense_points"] = 40.5
    with pytest.raises(InvalidDeal) as info:
        parsed, rules = parse_deal(data)
        score_deal(parsed, rules)
    assert info.value.field == "defense_points"


def test_points_and_defence_points_that_disagree_are_refused() -> None:
    assert refused(points=50, defense_points=40).field == "defense_points"
    assert score(points=50, defense_points=41).per_defender == -(25 + 1)


def test_no_points_at_all_is_refused_on_points() -> None:
    data = deal()
    del data["points"]
    with pytest.raises(InvalidDeal) as info:
        parse_deal(data)
    assert info.value.field == "points"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"partner": "Bruno"}, "partner"),  # not at 5 players
        ({"players": FIVE, "partner": "André"}, "partner"),  # partner = taker
        ({"players": FIVE, "partner": "Zoé"}, "partner"),
        ({"taker": "Zoé"}, "taker"),
        ({"taker": None}, "taker"),
        ({"players": ["André", "Bruno"]}, "players"),
        ({"players": [*FIVE, "Fanny"]}, "players"),
        ({"players": ["André", "André", "Bruno", "Cécile"]}, "players"),
        ({"players": ["André", "", "Bruno", "Cécile"]}, "players"),
        ({"players": "André, Bruno"}, "players"),
    ],
)
def test_players_taker_and_partner_are_checked(overrides: dict[str, Any], field: str) -> None:
    assert refused(**overrides).field == field


def test_petit_au_bout_for_the_attack_needs_a_bout() -> None:
    assert refused(bouts=0, points=60, petit_au_bout="attack").field == "petit_au_bout"


def test_petit_au_bout_for_the_defence_impossible_with_three_bouts() -> None:
    assert refused(bouts=3, points=60, petit_au_bout="defense").field == "petit_au_bout"


def test_attack_chelem_on_a_lost_contract_is_refused() -> None:
    assert refused(bouts=1, points=50, chelem="attack").field == "chelem"


def test_defence_chelem_on_a_made_contract_is_refused() -> None:
    assert refused(bouts=1, points=51, chelem="defense").field == "chelem"


def test_petit_au_bout_against_the_side_that_made_the_chelem_is_refused() -> None:
    assert refused(bouts=3, points=91, chelem="attack",
                   petit_au_bout="defense").field == "petit_au_bout"
    assert refused(bouts=0, points=3, chelem="defense",
                   petit_au_bout="attack").field == "petit_au_bout"


def test_a_player_cannot_declare_two_poignees() -> None:
    error = refused(poignees=[{"player": "Bruno", "size": "simple"},
                              {"player": "Bruno", "size": "double"}])
    assert error.field == "poignees"


@pytest.mark.parametrize(
    ("players", "sizes", "ok"),
    [
        (THREE, ["simple"], True),
        (THREE, ["simple", "simple"], False),   # 26 trumps
        (["André", "Bruno", "Cécile", "Didier"], ["simple", "simple"], True),   # 20
        (["André", "Bruno", "Cécile", "Didier"], ["simple", "double"], False),  # 23
        (FIVE, ["simple", "simple"], True),     # 16
        (FIVE, ["simple", "triple"], True),     # 21
        (FIVE, ["double", "double"], True),     # 20
        (FIVE, ["double", "triple"], False),    # 23
        (FIVE, ["simple", "simple", "simple"], False),  # 24
    ],
)
def test_poignees_cannot_show_more_than_22_trumps(players: list[str], sizes: list[str],
                                                  ok: bool) -> None:
    poignees = [{"player": p, "size": s} for p, s in zip(players, sizes, strict=False)]
    if ok:
        assert score(players=players, poignees=poignees).made
    else:
        assert refused(players=players, poignees=poignees).field == "poignees"


def test_a_poignee_of_someone_not_playing_is_refused() -> None:
    assert refused(poignees=[{"player": "Zoé", "size": "simple"}]).field == "poignees"


def test_unknown_poignee_size_is_refused() -> None:
    assert refused(poignees=[{"player": "André", "size": "quadruple"}]).field == "poignees"


def test_misere_needs_the_house_rule() -> None:
    error = refused(miseres=["Bruno"])
    assert error.field == "miseres"
    assert "règle maison" in error.message("fr")


def test_misere_of_someone_not_playing_is_refused() -> None:
    assert refused(miseres=["Zoé"], rules={"misere": True}).field == "miseres"


@pytest.mark.parametrize(
    "rules",
    [
        {"coefficients": {"garde": 0}},
        {"coefficients": {"garde": 1.5}},
        {"coefficients": {"garde_avec": 3}},
        {"base": -5},
        {"base": "25"},
        {"petit_au_bout_multiplied": "yes"},
        {"chelem": {"announced_failed": 200}},
        {"chelem": {"perfect": 1}},
        {"poignees": {"quadruple": 50}},
        {"poignees": []},
        {"colour": "red"},
        [],
    ],
)
def test_bad_house_rules_are_refused_on_the_rules_field(rules: object) -> None:
    assert refused(rules=rules).field == "rules"


def test_an_unknown_key_is_refused_naming_it() -> None:
    error = refused(petit_au_bou="attack")
    assert error.field == "petit_au_bou"
    assert "petit_au_bout" in error.message("fr")


# Warnings ---------------------------------------------------------------------------

@pytest.mark.parametrize("contract", ["prise", "garde", "garde_sans"])
def test_attack_chelem_below_87_points_outside_garde_contre_is_refused_on_chelem(
        contract: str) -> None:
    error = refused(contract=contract, bouts=2, points=60, chelem="attack",
                    chelem_announced=True)
    assert error.field == "chelem"
    assert "91 − 4 = 87" in error.message("fr") and "excuse" in error.message("fr")
    assert "60 points" in error.message("en") and "91 − 4 = 87" in error.message("en")
    assert refused(contract=contract, bouts=3, points=86, chelem="attack").field == "chelem"


def test_attack_chelem_from_87_points_or_in_garde_contre_is_accepted() -> None:
    assert score(contract="garde", bouts=3, points=87, chelem="attack").warnings == ()
    assert score(contract="garde_contre", bouts=3, points=80, chelem="attack").warnings == ()


def test_ninety_one_points_without_chelem_is_warned() -> None:
    result = score(contract="prise", bouts=3, points=91)
    assert [w.code for w in result.warnings] == ["all_points_no_chelem"]


def test_messages_exist_in_both_languages_for_every_error_code() -> None:
    from scorepad.domain.language import keys

    assert keys("fr") == keys("en")
    assert any(k.startswith("error.") for k in keys("fr"))
    assert any(k.startswith("warning.") for k in keys("fr"))
