"""The drafts kept in the browser (scorepad.ui.models.drafts): what was typed goes to
JSON and back unchanged, a saved deal's mark too, and whatever the browser hands back
unreadable is left out rather than stopping the start."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain import Contract, PoigneeSize, Side
from scorepad.ui.models.deal_form import DealForm
from scorepad.ui.models.drafts import (
    MAX_KEPT,
    Draft,
    Saved,
    drafts_from_json,
    drafts_to_json,
    form_from_dict,
    form_to_dict,
    new_game_from_json,
    new_game_to_json,
)
from scorepad.ui.models.game_forms import NewGameForm, RulesForm
from tests.factories import FIVE


@st.composite
def forms(draw: st.DrawFn) -> DealForm:
    players = FIVE[:draw(st.integers(3, 5))]
    maybe_player = st.none() | st.sampled_from(players)
    return DealForm(
        players=players, taker=draw(maybe_player), partner=draw(maybe_player),
        partner_chosen=draw(st.booleans()), contract=draw(st.none() | st.sampled_from(Contract)),
        bouts=draw(st.none() | st.integers(0, 3)),
        points_text=draw(st.sampled_from(["", "4", "45", "45,5", "91", "4½"])),
        as_defense=draw(st.booleans()),
        poignees=draw(st.dictionaries(st.sampled_from(players), st.sampled_from(PoigneeSize))),
        petit_au_bout=draw(st.none() | st.sampled_from(Side)),
        chelem_announced=draw(st.booleans()), chelem=draw(st.none() | st.sampled_from(Side)),
        miseres=draw(st.lists(st.sampled_from(players), unique=True)))


@given(forms())
def test_every_form_goes_to_json_and_back_unchanged(form: DealForm) -> None:
    assert form_from_dict(json.loads(json.dumps(form_to_dict(form)))) == form


@given(forms(), st.none() | st.integers(1, 9), st.integers(1, 300))
def test_drafts_and_saved_marks_go_to_the_browser_and_back(form: DealForm, version: int | None,
                                                          number: int) -> None:
    kept = {(3, None): Draft(form, None, number), (3, 12): Draft(form, version, 4),
            (5, None): Saved(number)}
    assert drafts_from_json(drafts_to_json(kept)) == kept


def test_only_the_most_recent_drafts_are_kept_in_the_browser() -> None:
    form = DealForm(players=FIVE[:4], taker="Bruno")
    kept = {(game, None): Draft(form, None, 1) for game in range(MAX_KEPT + 5)}
    back = drafts_from_json(drafts_to_json(kept))
    assert list(back) == [(game, None) for game in range(5, MAX_KEPT + 5)]


def test_what_the_browser_hands_back_unreadable_is_left_out() -> None:
    good = drafts_to_json({(1, None): Saved(2)})
    mixed = json.loads(good) | {"2:new": {"form": {"players": ["A"]}},  # one player
                                "x:new": {"saved": 1}, "3:new": {"form": {}},
                                "4:new": {"saved": "deux"}}
    assert drafts_from_json(json.dumps(mixed)) == {(1, None): Saved(2)}
    for raw in (None, "", "[1, 2]", "{", 42, '"texte"'):
        assert drafts_from_json(raw) == {}


def test_the_new_game_s_form_goes_to_the_browser_and_back() -> None:
    rules = RulesForm.from_rules().with_text("base", "30").with_flag("misere", True)
    form = NewGameForm(name="Chez Didier", seats=("André", "Bruno", "Cécile", "Didier", "Élodie"),
                       first_dealer=2, dealer_sits_out=True, house_rules=True, rules=rules,
                       circle=7)
    assert new_game_from_json(new_game_to_json(form)) == form
    assert new_game_from_json("{") is None
    assert new_game_from_json(None) is None
    assert new_game_from_json('{"name": "sans joueurs"}') is None
