"""RULES.md §2, §3 and §8: the amounts, the rows, and the worked examples."""

from __future__ import annotations

import pytest

from scorepad.domain import parse_deal, score_deal
from tests.factories import FIVE, FOUR
from tests.unit.helpers_domain import THREE, deal, score

# §8 worked examples ---------------------------------------------------------------

def test_a_prise_made_by_7_with_one_bout_pays_32_per_defender() -> None:
    result = score(contract="prise", bouts=1, points=58)
    assert result.per_defender == 32
    assert list(result.scores.values()) == [96, -32, -32, -32]


def test_a_garde_lost_by_4_with_two_bouts_costs_the_taker_174() -> None:
    result = score(contract="garde", bouts=2, points=37)
    assert result.made is False
    assert result.difference == 4
    assert result.per_defender == -58
    assert list(result.scores.values()) == [-174, 58, 58, 58]


def test_a_garde_sans_with_poignee_and_petit_au_bout_is_worth_216() -> None:
    result = score(contract="garde_sans", bouts=3, points=50, petit_au_bout="attack",
                   poignees=[{"player": "André", "size": "simple"}])
    assert result.per_defender == 216
    assert list(result.scores.values()) == [648, -216, -216, -216]


def test_three_players_garde_with_44_and_a_half_points_is_made_by_4() -> None:
    result = score(players=THREE, contract="garde", bouts=2, points=44.5)
    assert result.difference == 4
    assert result.per_defender == 58
    assert list(result.scores.values()) == [116, -58, -58]


def test_five_players_with_a_partner_split_116_and_58() -> None:
    result = score(players=FIVE, partner="Cécile", contract="garde", bouts=2, points=45)
    assert result.per_defender == 58
    assert result.scores == {"André": 116, "Bruno": -58, "Cécile": 58, "Didier": -58,
                             "Élodie": -58}


# §2 the computation ---------------------------------------------------------------

@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_points_needed_depend_only_on_the_bouts(bouts: int, needed: int) -> None:
    points = max(needed, 4 * bouts)
    assert score(bouts=bouts, points=points).needed == needed


def test_exactly_the_points_needed_is_made_by_zero_and_worth_the_base() -> None:
    result = score(bouts=1, points=51)
    assert result.made is True
    assert result.difference == 0
    assert result.per_defender == 25


@pytest.mark.parametrize(
    ("points", "made", "difference"),
    [(40.5, False, 1), (41.5, True, 1), (44.5, True, 4), (41, True, 0), (36.5, False, 5)],
)
def test_the_half_point_goes_to_the_winning_side(points: float, made: bool,
                                                 difference: int) -> None:
    result = score(players=THREE, contract="garde", bouts=2, points=points)
    assert (result.made, result.difference) == (made, difference)


def test_missing_points_add_to_the_base_like_extra_points() -> None:
    assert score(bouts=0, points=46).per_defender == -(25 + 10)


@pytest.mark.parametrize(("side", "delta"), [("attack", 10), ("defense", -10)])
def test_petit_au_bout_counts_whether_the_contract_is_made_or_not(side: str,
                                                                  delta: int) -> None:
    made = score(bouts=1, points=60, petit_au_bout=side)
    lost = score(bouts=1, points=40, petit_au_bout=side)
    assert made.per_defender == 25 + 9 + delta
    assert lost.per_defender == -(25 + 11) + delta


@pytest.mark.parametrize(("contract", "coefficient"),
                         [("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)])
def test_the_contract_multiplies_base_and_petit_au_bout(contract: str, coefficient: int) -> None:
    result = score(contract=contract, bouts=2, points=51, petit_au_bout="attack")
    assert result.per_defender == (25 + 10 + 10) * coefficient


@pytest.mark.parametrize(("size", "value"), [("simple", 20), ("double", 30), ("triple", 40)])
def test_a_poignee_is_not_multiplied_and_goes_to_the_winning_side(size: str, value: int) -> None:
    # Declared by a defender, but the attack won: the attack gets it.
    made = score(contract="garde_contre", bouts=2, points=41,
                 poignees=[{"player": "Bruno", "size": size}])
    assert made.per_defender == 25 * 6 + value
    # Declared by the taker, but the attack lost: the defence gets it.
    lost = score(contract="garde_contre", bouts=2, points=40,
                 poignees=[{"player": "André", "size": size}])
    assert lost.per_defender == -26 * 6 - value


def test_several_poignees_add_up() -> None:
    result = score(bouts=2, points=41, poignees=[{"player": "André", "size": "simple"},
                                                 {"player": "Bruno", "size": "simple"}])
    assert result.per_defender == 25 + 40


def test_an_announced_chelem_made_adds_400_unmultiplied() -> None:
    result = score(contract="garde", bouts=3, points=91, chelem_announced=True, chelem="attack")
    assert result.per_defender == (25 + 55) * 2 + 400


def test_a_chelem_made_without_announcement_adds_200() -> None:
    result = score(contract="garde", bouts=3, points=91, chelem="attack")
    assert result.per_defender == (25 + 55) * 2 + 200


def test_an_announced_chelem_not_made_costs_200() -> None:
    result = score(contract="garde", bouts=3, points=80, chelem_announced=True)
    assert result.per_defender == (25 + 44) * 2 - 200


def test_a_defence_chelem_costs_the_attack_a_further_200() -> None:
    result = score(contract="prise", bouts=0, points=3, chelem="defense")
    assert result.per_defender == -(25 + 53) - 200


def test_an_announced_chelem_won_by_the_defence_costs_both_penalties_and_warns() -> None:
    result = score(contract="prise", bouts=0, points=3, chelem="defense", chelem_announced=True)
    assert result.per_defender == -(25 + 53) - 200 - 200
    assert [w.code for w in result.warnings] == ["announced_lost_defense_chelem"]


def test_attack_chelem_with_petit_au_bout_counts_both() -> None:
    result = score(contract="garde_sans", bouts=3, points=91, chelem="attack",
                   chelem_announced=True, petit_au_bout="attack")
    assert result.per_defender == (25 + 55 + 10) * 4 + 400


def test_defence_points_are_turned_into_attack_points() -> None:
    by_attack = score(bouts=2, points=49)
    entered = dict(deal(bouts=2))
    del entered["points"]
    entered["defense_points"] = 42
    parsed, rules = parse_deal(entered)
    assert parsed.points == 49
    assert score_deal(parsed, rules).scores == by_attack.scores


# §3 the rows --------------------------------------------------------------------

def test_three_players_taker_receives_twice_the_amount() -> None:
    assert list(score(players=THREE, bouts=1, points=61).scores.values()) == [70, -35, -35]


def test_five_players_taker_alone_receives_four_times_the_amount() -> None:
    result = score(players=FIVE, partner=None, bouts=1, points=61)
    assert list(result.scores.values()) == [140, -35, -35, -35, -35]


def test_five_players_lost_with_partner_the_partner_pays_too() -> None:
    result = score(players=FIVE, taker="Didier", partner="Bruno", contract="garde",
                   bouts=1, points=40)
    assert result.scores == {"André": 72, "Bruno": -72, "Cécile": 72, "Didier": -144,
                             "Élodie": 72}


@pytest.mark.parametrize("players", [THREE, FOUR, FIVE])
def test_every_row_sums_to_zero(players: list[str]) -> None:
    assert sum(score(players=players, contract="garde_contre", bouts=3, points=70,
                     petit_au_bout="attack").scores.values()) == 0


# §7 house rules -------------------------------------------------------------------

def test_house_coefficients_change_the_multiplier() -> None:
    result = score(contract="garde_contre", bouts=2, points=41,
                   rules={"coefficients": {"garde_contre": 8}})
    assert result.per_defender == 25 * 8


def test_house_base_and_petit_au_bout_values() -> None:
    result = score(contract="garde", bouts=2, points=41, petit_au_bout="attack",
                   rules={"base": 30, "petit_au_bout": 20})
    assert result.per_defender == (30 + 20) * 2


def test_petit_au_bout_not_multiplied_is_added_after_the_coefficient() -> None:
    result = score(contract="garde", bouts=2, points=41, petit_au_bout="defense",
                   rules={"petit_au_bout_multiplied": False})
    assert result.per_defender == 25 * 2 - 10


def test_house_poignee_and_chelem_values() -> None:
    result = score(contract="prise", bouts=3, points=91, chelem="attack",
                   poignees=[{"player": "André", "size": "double"}],
                   rules={"poignees": {"double": 50}, "chelem": {"made": 300}})
    assert result.per_defender == (25 + 55) + 50 + 300


def test_misere_pays_each_declarer_from_every_other_active_player() -> None:
    result = score(contract="prise", bouts=1, points=51, miseres=["Bruno"],
                   rules={"misere": True})
    assert result.scores == {"André": 75 - 10, "Bruno": -25 + 30, "Cécile": -25 - 10,
                             "Didier": -25 - 10}
    assert sum(result.scores.values()) == 0


def test_misere_uses_the_house_value_and_is_not_multiplied() -> None:
    result = score(contract="garde_contre", bouts=1, points=51,
                   miseres=["André", "Cécile"], rules={"misere": True, "misere_value": 20})
    base = 25 * 6
    assert result.scores == {"André": 3 * base + 60 - 20, "Bruno": -base - 40,
                             "Cécile": -base + 60 - 20, "Didier": -base - 40}


def test_fft_rules_object_is_complete_and_round_trips() -> None:
    from scorepad.domain import FFT_RULES, RuleSet

    data = FFT_RULES.to_dict()
    assert data["coefficients"] == {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
    assert data["chelem"] == {"announced_made": 400, "made": 200, "announced_failed": -200,
                              "defense": 200}
    assert RuleSet.from_dict(data) == FFT_RULES
