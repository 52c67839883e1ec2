"""The deal entry form model: fields, keypad, live preview, inline errors, editing."""

from __future__ import annotations

import pytest

from scorepad.domain import (
    FFT_RULES,
    Contract,
    PoigneeSize,
    RuleSet,
    Side,
    parse_deal,
    score_deal,
)
from scorepad.ui.models.deal_form import (
    KEY_BACK,
    KEY_CLEAR,
    KEY_HALF,
    DealForm,
    outcome_text,
    parse_points_text,
)
from tests.factories import FIVE, FOUR

THREE = ("André", "Bruno", "Cécile")


def filled(players: tuple[str, ...] = FOUR, **changes: object) -> DealForm:
    form = DealForm(players=players)
    form.set_taker("André")
    if len(players) == 5:
        form.set_partner(None)
    form.set_contract("garde")
    form.set_bouts(2)
    form.set_points_text("49")
    for name, value in changes.items():
        setattr(form, name, value)
    return form


def test_an_empty_form_lists_what_is_missing_in_filling_order() -> None:
    form = DealForm(players=FOUR)
    assert form.missing_fields == ("taker", "contract", "bouts", "points")
    preview = form.preview()
    assert not preview.can_save
    assert preview.reason == "Choisissez le preneur"
    assert preview.error is None


def test_five_players_require_choosing_a_partner_or_alone() -> None:
    form = DealForm(players=FIVE)
    form.set_taker("André")
    form.set_contract("prise")
    form.set_bouts(1)
    form.set_points_text("58")
    assert form.missing_fields == ("partner",)
    assert form.preview(lang="en").reason == 'Choose the partner (or "alone")'
    form.set_partner(None)
    assert form.preview().can_save
    assert form.to_deal_dict()["partner"] is None


def test_the_common_garde_previews_the_row_of_the_rules() -> None:
    preview = filled().preview()
    assert preview.can_save and preview.scored is not None
    # garde, 2 bouts, 49 points: (25 + 8) x 2 = 66 per defender.
    assert preview.scored.scores == {"André": 198, "Bruno": -66, "Cécile": -66, "Didier": -66}
    assert outcome_text(preview.scored) == "Fait de 8"
    assert outcome_text(preview.scored, "en") == "Made by 8"
    assert preview.reason == ""


def test_a_called_partner_at_five_players_gets_one_share() -> None:
    form = filled(FIVE)
    form.set_partner("Cécile")
    form.set_points_text("37")
    scored = form.preview().scored
    assert scored is not None
    # garde lost by 4: -(25 + 4) x 2 = -58.
    assert scored.scores == {"André": -116, "Bruno": 58, "Cécile": -58, "Didier": 58,
                             "Élodie": 58}
    assert outcome_text(scored) == "Chuté de 4"


def test_defence_points_are_sent_as_defense_points_and_scored_as_91_minus_them() -> None:
    form = filled()
    form.set_as_defense(True)
    form.set_points_text("42")
    data = form.to_deal_dict()
    assert data["defense_points"] == 42 and "points" not in data
    assert form.attack_points() == 49
    scored = form.preview().scored
    assert scored is not None and scored.scores["André"] == 198


def test_points_out_of_range_show_an_error_on_the_points_control_at_once() -> None:
    form = DealForm(players=FOUR)
    form.set_points_text("95")
    preview = form.preview()
    assert preview.error is not None
    assert preview.error.control == "points"
    assert preview.error_for("points") == "Les points vont de 0 à 91 (reçu 95)."
    assert preview.error_for("taker") is None
    assert not preview.can_save


def test_a_half_point_at_four_players_is_refused_in_words() -> None:
    form = filled(points_text="45,5")
    preview = form.preview()
    assert not preview.can_save
    assert preview.error_for("points") == "À 4 joueurs les points sont entiers (reçu 45,5)."


def test_an_error_typed_as_defence_points_still_belongs_to_the_points_control() -> None:
    form = filled(as_defense=True, points_text="93")
    preview = form.preview(lang="en")
    assert preview.error is not None
    assert preview.error.field == "defense_points"
    assert preview.error_for("points") == "Points go from 0 to 91 (got 93)."


def test_points_that_are_not_a_number_are_refused_not_crashed() -> None:
    form = filled(points_text="4x")
    preview = form.preview()
    assert preview.error_for("points") == "Les points sont un nombre de 0 à 91 (reçu « 4x »)."


def test_points_impossible_for_the_bouts_name_the_points() -> None:
    form = filled(points_text="2")
    preview = form.preview()
    assert preview.error is not None and preview.error.field == "points"
    assert "au moins 8 points" in preview.reason


def test_petit_au_bout_for_the_attack_without_bouts_points_at_petit_au_bout() -> None:
    form = filled(bouts=0, points_text="60")
    form.set_petit_au_bout("attack")
    preview = form.preview()
    assert preview.error is not None and preview.error.control == "petit_au_bout"


def test_a_lost_garde_with_petit_au_bout_to_the_defence_and_a_poignee() -> None:
    form = filled(points_text="37")
    form.set_petit_au_bout(Side.DEFENSE)
    form.set_poignee("Bruno", "simple")
    scored = form.preview().scored
    assert scored is not None
    # (-(25 + 4) - 10) x 2 - 20 = -98 per defender.
    assert scored.per_defender == -98
    assert scored.scores["André"] == -294
    assert sum(scored.scores.values()) == 0


def test_the_chelem_fields_reach_the_deal() -> None:
    form = filled(points_text="91", bouts=3)
    form.set_chelem_announced(True)
    form.set_chelem("attack")
    data = form.to_deal_dict()
    assert data["chelem_announced"] is True and data["chelem"] == "attack"
    scored = form.preview().scored
    assert scored is not None and scored.warnings == ()


def test_a_defence_chelem_on_a_made_contract_is_an_error_on_the_chelem_control() -> None:
    form = filled(points_text="60")
    form.set_chelem("defense")
    assert form.preview().error_for("chelem") is not None


def test_too_many_poignees_are_refused_on_the_poignees_control() -> None:
    form = filled(THREE, points_text="49")
    form.set_poignee("Bruno", "simple")
    form.set_poignee("Cécile", PoigneeSize.SIMPLE)
    assert form.preview().error_for("poignees") is not None
    form.set_poignee("Cécile", None)
    assert form.preview().can_save


def test_the_form_refuses_a_misere_until_the_house_rule_is_on() -> None:
    form = filled()
    assert not form.misere_enabled
    form.toggle_misere("Bruno")
    assert form.preview().error_for("miseres") is not None

    house = filled()
    house.rules = RuleSet.from_dict({"misere": True})
    house.toggle_misere("Bruno")
    scored = house.preview().scored
    assert scored is not None
    assert scored.scores["Bruno"] == -66 + 30
    house.toggle_misere("Bruno")
    assert house.to_deal_dict()["miseres"] == []


def test_choosing_the_partner_as_taker_clears_the_call() -> None:
    form = filled(FIVE)
    form.set_partner("Bruno")
    form.set_taker("Bruno")
    assert form.partner is None and not form.partner_chosen
    assert form.partner_choices() == ("André", "Cécile", "Didier", "Élodie")
    assert form.missing_fields == ("partner",)


def test_the_keypad_types_points_with_a_half_point_toggle() -> None:
    form = DealForm(players=THREE)
    for key in "045":
        form.press_key(key)
    assert form.points_text == "45"
    form.press_key("7")  # a third digit is never a valid score
    assert form.points_text == "45"
    form.press_key(KEY_HALF)
    assert form.points_text == "45,5"
    form.press_key("1")
    assert form.points_text == "45,5"
    form.press_key(KEY_BACK)
    assert form.points_text == "45"
    form.press_key(KEY_BACK)
    assert form.points_text == "4"
    form.press_key(KEY_HALF)
    form.press_key(KEY_HALF)
    assert form.points_text == "4"
    form.press_key(KEY_CLEAR)
    assert form.points_text == ""
    form.press_key(KEY_HALF)
    assert form.points_text == "0,5"
    with pytest.raises(ValueError):
        form.press_key("x")


def test_the_half_key_does_nothing_at_four_players() -> None:
    form = DealForm(players=FOUR)
    form.press_key("4")
    form.press_key(KEY_HALF)
    assert form.points_text == "4"
    assert not form.half_points_allowed


def test_three_player_half_points_go_to_the_winning_side() -> None:
    form = filled(THREE, points_text="44,5")
    scored = form.preview().scored
    assert scored is not None
    assert scored.scores == {"André": 116, "Bruno": -58, "Cécile": -58}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", None), ("45", 45.0), ("45,5", 45.5), ("45.5", 45.5), (" 7 ", 7.0), ("3½", 3.5)],
)
def test_points_text_is_read_with_a_comma_or_a_dot(text: str, expected: float | None) -> None:
    assert parse_points_text(text) == expected


@pytest.mark.parametrize("text", ["4x", "1,2,3", "-3", "."])
def test_points_text_that_is_not_a_number_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_points_text(text)


def test_to_deal_dict_is_format_1_and_scores_like_the_domain() -> None:
    form = filled(FIVE)
    form.set_partner("Didier")
    form.set_poignee("Élodie", "double")
    form.set_petit_au_bout("attack")
    data = form.to_deal_dict()
    assert data == {
        "players": list(FIVE), "taker": "André", "partner": "Didier", "contract": "garde",
        "bouts": 2, "points": 49, "poignees": [{"player": "Élodie", "size": "double"}],
        "petit_au_bout": "attack", "chelem_announced": False, "chelem": None, "miseres": [],
    }
    deal, rules = parse_deal(data)
    assert form.preview().scored == score_deal(deal, rules)


def test_to_deal_dict_refuses_an_incomplete_form_naming_the_field() -> None:
    form = DealForm(players=FOUR)
    form.set_taker("Bruno")
    with pytest.raises(Exception) as info:
        form.to_deal_dict()
    assert getattr(info.value, "field", None) == "contract"


def test_editing_a_deal_entered_as_defence_points_round_trips() -> None:
    data = {"players": list(FIVE), "taker": "Cécile", "partner": None, "contract": "garde_sans",
            "bouts": 1, "defense_points": 30.5, "poignees": [{"player": "André", "size": "simple"}],
            "petit_au_bout": None, "chelem_announced": False, "chelem": None, "miseres": []}
    deal, _ = parse_deal(data)
    form = DealForm.from_deal_input(deal, FFT_RULES)
    assert form.points_text == "30,5" and form.as_defense
    assert form.partner_chosen and form.partner is None
    assert form.contract is Contract.GARDE_SANS
    assert form.has_extras
    assert form.to_deal_dict() == data


def test_a_form_needs_three_to_five_players() -> None:
    with pytest.raises(ValueError):
        DealForm(players=("André", "Bruno"))


def test_unknown_players_are_refused_by_the_setters() -> None:
    form = DealForm(players=FOUR)
    for setter in (form.set_taker, form.set_partner, form.toggle_misere):
        with pytest.raises(ValueError):
            setter("Zoé")
    with pytest.raises(ValueError):
        form.set_bouts(4)


def test_poignee_thresholds_follow_the_number_of_players() -> None:
    assert DealForm(players=FIVE).poignee_threshold(PoigneeSize.SIMPLE) == 8
    assert DealForm(players=THREE).poignee_threshold(PoigneeSize.TRIPLE) == 18


def test_entries_carried_to_the_following_deal_drop_only_the_player_who_sits_out() -> None:
    from scorepad.domain import Contract

    form = DealForm(players=("Bruno", "Cécile", "Didier", "Élodie"))
    form.taker = "Bruno"
    form.contract = Contract.GARDE
    form.bouts = 2
    form.points_text = "49"
    carried = form.carried_to(("André", "Cécile", "Didier", "Élodie"))
    assert carried.players == ("André", "Cécile", "Didier", "Élodie")
    assert carried.taker is None
    assert (carried.contract, carried.bouts, carried.points_text) == (Contract.GARDE, 2, "49")
    assert form.carried_to(form.players).taker == "Bruno"
