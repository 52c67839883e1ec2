"""The new-game and rules forms, without a browser."""

from __future__ import annotations

from scorepad.domain import FFT_RULES
from scorepad.domain.model import Contract
from scorepad.ui.models.game_forms import NewGameForm, RulesForm


def form_with(*names: str) -> NewGameForm:
    form = NewGameForm(name="Mardi soir")
    for name in names:
        form = form.add_player(name)
    return form


def test_four_players_play_four_unless_the_dealer_sits_out() -> None:
    form = form_with("André", "Bruno", "Cécile", "Didier")
    assert form.deal_size == 4 and form.can_choose_sit_out
    assert form.with_sit_out(True).deal_size == 3


def test_five_seats_can_play_four_with_the_dealer_sitting_out() -> None:
    form = form_with("André", "Bruno", "Cécile", "Didier", "Élodie").with_sit_out(True)
    assert form.to_create_kwargs()["deal_size"] == 4


def test_six_seats_always_sit_the_dealer_out_and_a_seventh_is_refused() -> None:
    form = form_with("A1", "A2", "A3", "A4", "A5", "A6")
    assert form.deal_size == 5 and not form.can_choose_sit_out
    assert form.add_player("A7").seats == form.seats


def test_a_player_is_seated_once_whatever_the_case_or_spaces() -> None:
    form = form_with("André", "  andré ", "Bruno")
    assert form.seats == ("André", "Bruno")


def test_moving_a_seat_keeps_the_first_dealer_on_the_same_person() -> None:
    form = form_with("André", "Bruno", "Cécile").with_dealer(1)
    moved = form.move(1, -1)
    assert moved.seats == ("Bruno", "André", "Cécile")
    assert moved.seats[moved.first_dealer] == "Bruno"


def test_removing_the_dealer_falls_back_to_a_seated_player() -> None:
    form = form_with("André", "Bruno", "Cécile", "Didier").with_dealer(3)
    after = form.remove_player("Didier")
    assert 0 <= after.first_dealer < len(after.seats)


def test_too_few_players_or_no_name_are_explained_in_french_and_english() -> None:
    form = NewGameForm(name=" ").add_player("André")
    assert set(form.errors()) == {"name", "seats"}
    assert "3 à 6 joueurs" in form.errors("fr")["seats"]
    assert "3 to 6 players" in form.errors("en")["seats"]


def test_fft_rules_form_round_trips_to_the_fft_rule_set() -> None:
    form = RulesForm.from_rules()
    assert form.errors() == {}
    assert form.to_rules() == FFT_RULES and form.is_fft()


def test_a_house_rule_value_is_merged_and_a_bad_one_named() -> None:
    form = RulesForm.from_rules().with_text("coefficients.garde_contre", "8")
    assert form.to_rules().coefficient(Contract.GARDE_CONTRE) == 8
    bad = form.with_text("base", "vingt")
    assert list(bad.errors()) == ["base"]
    assert "vingt" in bad.errors()["base"]
    negative = form.with_text("coefficients.prise", "0")
    assert "coefficients.prise" in negative.errors()


def test_house_rules_are_sent_only_when_chosen() -> None:
    form = form_with("André", "Bruno", "Cécile")
    assert form.to_create_kwargs()["rules"] is None
    house = NewGameForm(name="x", seats=form.seats, house_rules=True,
                        rules=RulesForm.from_rules().with_flag("misere", True))
    assert house.to_create_kwargs()["rules"]["misere"] is True
