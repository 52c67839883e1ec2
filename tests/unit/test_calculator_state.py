"""The Calculette's session state and the card counter's form logic, without a browser."""

from __future__ import annotations

from typing import Any

from scorepad.domain import FFT_RULES, Contract, Side
from scorepad.domain.cards import InvalidPile
from scorepad.ui.models.calculator_state import (
    GAME_PRESET,
    CalculatorSession,
    GameRules,
    calculator_session,
)
from scorepad.ui.models.deal_form import DealForm
from scorepad.ui.models.pile_counter import PileCounter
from tests.factories import FOUR

HOUSE = FFT_RULES.merged({"coefficients": {"garde": 3}})


class FakeStore:
    """The session store of one browser tab."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def get(self, key: str) -> object:
        return self.values.get(key)

    def set(self, key: str, value: object) -> None:
        self.values[key] = value


def counted(counter: PileCounter, **steps: int) -> PileCounter:
    for name, times in steps.items():
        for _ in range(abs(times)):
            counter.step(name, 1 if times > 0 else -1)
    return counter


def test_the_calculator_found_again_in_the_same_session_keeps_what_was_typed() -> None:
    store = FakeStore()
    first = calculator_session(store)
    first.form.set_taker("Joueur 2")
    first.form.set_contract("garde")
    first.form.set_points_text("49")
    first.extras_open = True
    again = calculator_session(store)
    assert again is first
    assert (again.form.taker, again.form.contract, again.form.points_text) == (
        "Joueur 2", Contract.GARDE, "49")
    assert again.extras_open
    assert calculator_session(FakeStore()).form.taker is None  # another phone starts blank


def test_opened_from_a_game_the_calculator_uses_its_players_and_house_rules() -> None:
    session = CalculatorSession()
    session.form.set_taker("Joueur 3")
    session.form.set_contract("garde")
    session.use_game(GameRules(7, "Mardi soir", FOUR, HOUSE))
    assert session.form.players == FOUR
    assert session.form.taker == "Cécile"  # same seat
    assert session.form.rules.coefficient(Contract.GARDE) == 3
    assert session.preset == GAME_PRESET
    options = session.preset_options()
    assert options[0] == (GAME_PRESET, "Règles de la partie « Mardi soir »")
    assert [key for key, _ in options[1:]] == ["fft", "pab_flat", "misere", "gc8"]


def test_the_presets_stay_one_tap_away_and_the_games_rules_come_back() -> None:
    session = CalculatorSession()
    session.use_game(GameRules(7, "Mardi soir", FOUR, HOUSE))
    session.pick_preset("fft")
    assert session.form.rules == FFT_RULES.merged({})
    assert session.form.players == FOUR  # the game's players are kept
    session.pick_preset(GAME_PRESET)
    assert session.form.rules.coefficient(Contract.GARDE) == 3
    session.pick_preset("nonsense")
    assert session.preset == "fft"


def test_without_a_game_there_is_no_game_preset() -> None:
    session = CalculatorSession()
    session.pick_preset(GAME_PRESET)
    assert session.preset == "fft"
    assert GAME_PRESET not in [key for key, _ in session.preset_options()]


def test_clearing_keeps_players_and_rules_and_closes_the_counter() -> None:
    session = CalculatorSession()
    session.use_game(GameRules(7, "Mardi soir", FOUR, HOUSE))
    session.form.set_taker("Bruno")
    session.counter = PileCounter()
    session.clear()
    assert session.form.taker is None
    assert session.form.players == FOUR and session.form.rules == HOUSE
    assert session.counter is None


def test_an_attack_pile_fills_the_points_and_the_bouts() -> None:
    form = DealForm(players=FOUR, contract=Contract.GARDE)
    counter = counted(PileCounter(), bouts=2, kings=3, queens=2, knights=1, jacks=1)
    counter.step("cards", 40)
    counter.step("cards", 4)
    count = counter.count(form)
    assert not isinstance(count, InvalidPile)
    assert counter.attack_and_defence(count) == (51, 40)
    assert counter.use_in(form)
    assert (form.points_text, form.as_defense, form.bouts) == ("51", False, 2)


def test_a_defence_pile_fills_the_defences_points_and_the_attacks_bouts() -> None:
    form = DealForm(players=("A", "B", "C", "D", "E"), contract=Contract.PRISE)
    counter = counted(PileCounter(side=Side.DEFENSE), bouts=1, kings=1)
    counter.step("cards", 33)
    assert counter.use_in(form)
    # 33 cards with a bout and a king: 16.5 + 8 = 24.5; the attack has the other 2 bouts.
    assert (form.points_text, form.as_defense, form.bouts) == ("24,5", True, 2)
    assert form.attack_points() == 66.5


def test_an_impossible_pile_changes_nothing_in_the_form() -> None:
    form = DealForm(players=FOUR, contract=Contract.GARDE, points_text="40", bouts=1)
    counter = counted(PileCounter(), kings=1)
    counter.step("cards", 43)  # odd at 4 players
    result = counter.count(form)
    assert isinstance(result, InvalidPile) and result.field == "cards"
    assert not counter.use_in(form)
    assert (form.points_text, form.bouts) == ("40", 1)


def test_in_a_garde_contre_the_attacks_pile_holds_at_most_72_cards() -> None:
    form = DealForm(players=FOUR, contract=Contract.GARDE_CONTRE)
    counter = counted(PileCounter(), bouts=3, kings=4, queens=4, knights=4, jacks=4)
    counter.step("cards", 74)
    result = counter.count(form)
    assert isinstance(result, InvalidPile) and "au plus 72 cartes" in result.message("fr")
    counter.set_side(Side.DEFENSE)
    assert not isinstance(counter.count(form), InvalidPile)


def test_steppers_stay_within_the_pack_and_switching_to_low_cards_keeps_the_pile() -> None:
    counter = counted(PileCounter(), kings=6, bouts=-1)
    assert counter.value("kings") == 4 and counter.value("bouts") == 0
    counter.step("cards", 100)
    assert counter.value("cards") == 78
    counter.step("cards", -70)
    counter.set_by_low_cards(True)
    assert counter.value("cards") == 4  # 8 cards, 4 of them kings
    counter.set_by_low_cards(False)
    assert counter.value("cards") == 8
