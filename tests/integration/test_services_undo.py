"""Undo, redo and rules changes on a real database, including across a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain import InvalidDeal
from scorepad.storage import open_database
from tests.factories import FOUR

UoW = Callable[[], Any]
GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


def _totals(uow: UoW, game: int) -> dict[str, int]:
    return dict(s.get_sheet(uow(), game).totals)


def test_undo_and_redo_walk_several_steps_back_and_forth(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    states = [_totals(uow, game)]
    first = s.record_deal(uow(), game, GARDE)
    states.append(_totals(uow, game))
    s.edit_deal(uow(), game, first, {**GARDE, "points": 37})
    states.append(_totals(uow, game))
    s.record_deal(uow(), game, {**GARDE, "taker": "Bruno"})
    states.append(_totals(uow, game))
    s.delete_deal(uow(), game, first)
    states.append(_totals(uow, game))

    assert s.undo(uow(), game) == "Suppression de la donne 1"
    for expected in reversed(states[:-1]):
        assert _totals(uow, game) == expected
        s.undo(uow(), game)
    assert s.undo(uow(), game) is None
    assert s.get_sheet(uow(), game).deals == ()
    for expected in states[1:]:
        assert s.redo(uow(), game, lang="en") is not None
        assert _totals(uow, game) == expected
    assert s.redo(uow(), game) is None


def test_undo_and_redo_survive_a_restart(db_url: str) -> None:
    db = open_database(db_url)
    game = s.create_game(db.uow(), name="X", seats=FOUR, deal_size=4)
    s.record_deal(db.uow(), game, GARDE)
    s.record_redeal(db.uow(), game, "passed")
    s.undo(db.uow(), game)
    db.dispose()

    again = open_database(db_url)
    sheet = s.get_sheet(again.uow(), game)
    assert sheet.can_undo and sheet.can_redo
    assert sheet.redo_label == "Donne 2 : tous passent"
    assert s.redo(again.uow(), game) == "Donne 2 : tous passent"
    assert s.undo(again.uow(), game) == "Donne 2 : tous passent"
    assert s.undo(again.uow(), game) == "Enregistrement de la donne 1"
    assert s.get_sheet(again.uow(), game).deals == ()
    again.dispose()


def test_a_new_change_clears_what_could_be_redone(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    s.record_deal(uow(), game, GARDE)
    s.undo(uow(), game)
    s.record_redeal(uow(), game, "passed")
    sheet = s.get_sheet(uow(), game)
    assert not sheet.can_redo
    assert s.redo(uow(), game) is None
    assert [d.number for d in sheet.deals] == [1]


def test_undoing_a_recording_keeps_the_deal_in_the_audit_trail(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    deal = s.record_deal(uow(), game, GARDE)
    s.undo(uow(), game)
    s.redo(uow(), game)
    history = s.deal_history(uow(), deal)
    assert [(h.action, h.deleted) for h in history] == [
        ("created", False), ("undo", True), ("redo", False)]
    assert all(h.scores["André"] == 198 for h in history)


def test_changing_the_rules_rescores_every_deal_and_is_undoable(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    s.record_deal(uow(), game, GARDE)
    s.record_redeal(uow(), game, "passed")
    s.change_rules(uow(), game, {"coefficients": {"garde": 3}})
    assert _totals(uow, game)["André"] == 3 * 33 * 3
    assert s.get_sheet(uow(), game).rules.to_dict()["coefficients"]["garde"] == 3
    assert s.undo(uow(), game) == "Changement des règles"
    assert _totals(uow, game)["André"] == 198
    assert s.get_sheet(uow(), game).rules.is_default


def test_rules_under_which_a_deal_is_invalid_are_refused_naming_the_deal(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4,
                         rules={"misere": True})
    s.record_redeal(uow(), game, "passed")
    s.record_deal(uow(), game, {**GARDE, "taker": "Bruno", "miseres": ["Cécile"]})
    with pytest.raises(s.RulesRefused) as caught:
        s.change_rules(uow(), game, {})
    assert caught.value.field == "rules"
    assert "donne 2" in caught.value.message("fr")
    assert "misère" in caught.value.message("fr").lower()
    assert s.get_sheet(uow(), game).rules.misere
    with pytest.raises(InvalidDeal):
        s.change_rules(uow(), game, {"coefficients": {"garde": 0}})
