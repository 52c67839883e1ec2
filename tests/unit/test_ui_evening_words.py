"""The evening's recap in the session's language: its dates (Babel, the catalog's pattern),
who won a chelem (the catalog's side words) and each language's own name."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from scorepad.domain.messages import render
from scorepad.domain.model import Contract, Side
from scorepad.domain.soiree import Highlight
from scorepad.ui.i18n import LANGS, set_lang


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    set_lang("fr")


def test_an_evening_is_dated_with_its_weekday_in_each_language(lang: None) -> None:
    from scorepad.ui.widgets.soiree_parts import day_text

    set_lang("fr")
    assert day_text(date(2026, 11, 29)) == "dimanche 29/11/2026"
    assert day_text(date(2026, 9, 5)) == "samedi 05/09/2026"
    set_lang("en")
    assert day_text(date(2026, 11, 29)) == "Sun 29 Nov 2026"
    assert day_text(date(2026, 9, 5)) == "Sat 05 Sep 2026"


def test_a_chelem_of_the_evening_says_whose_contract_and_which_side_won_it(lang: None) -> None:
    from scorepad.ui.widgets.soiree_parts import _highlight

    won = Highlight(game_id=1, game="Mardi soir", number=5, taker="André",
                    contract=Contract.GARDE_SANS, side=Side.DEFENSE)
    set_lang("fr")
    assert _highlight(won) == "Garde sans d'André, gagné par la défense (donne 5, Mardi soir)"
    set_lang("en")
    assert _highlight(won) == "André's Garde sans, won by the defence (deal 5, Mardi soir)"


def test_the_settings_name_each_language_in_that_language() -> None:
    assert [render("settings.language_name", {}, code) for code in LANGS] == [
        "Français", "English"]
