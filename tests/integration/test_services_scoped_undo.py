"""Undo and redo about one change: a phone's "Annuler" never removes another phone's deal
(SQLite and PostgreSQL, through the `db_url` fixture)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from scorepad import services as s
from scorepad.services import Change
from tests.factories import FOUR

UoW = Callable[[], Any]
GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
TABLES = ("game", "deal", "deal_version", "deal_score", "operation")


@pytest.fixture
def count_rows(db_url: str) -> Iterator[Callable[[], dict[str, int]]]:
    engine = create_engine(db_url)

    def counts() -> dict[str, int]:
        with engine.connect() as conn:
            result = {t: int(conn.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one())
                      for t in TABLES}
            result["revision"] = int(conn.execute(text("SELECT SUM(revision) FROM game"))
                                     .scalar_one())
            result["undone"] = int(conn.execute(text(
                "SELECT COUNT(*) FROM operation WHERE undone")).scalar_one())
        return result

    yield counts
    engine.dispose()


def _record(uow: UoW, game: int, data: dict[str, Any]) -> tuple[int, Change]:
    changes: list[Change] = []
    deal = s.record_deal(uow(), game, data, on_done=changes.append)
    return deal, changes[0]


def test_every_change_says_which_operation_and_revision_it_is(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _, first = _record(uow, game, GARDE)
    _, second = _record(uow, game, {**GARDE, "taker": "Bruno"})
    assert second.operation is not None and first.operation is not None
    assert second.operation > first.operation
    assert second.revision == first.revision + 1 == s.get_sheet(uow(), game).revision
    assert second.label("fr") == "Enregistrement de la donne 2"
    undone: list[Change] = []
    s.undo(uow(), game, operation=second.operation, on_done=undone.append)
    assert undone[0].operation == second.operation
    assert undone[0].revision == s.get_sheet(uow(), game).revision


def test_a_phones_undo_after_another_phone_saved_is_refused_and_changes_nothing(
        uow: UoW, count_rows: Callable[[], dict[str, int]]) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _, mine = _record(uow, game, GARDE)                                 # phone A: deal 1
    theirs, _ = _record(uow, game, {**GARDE, "taker": "Bruno"})         # phone B: deal 2
    before = count_rows()
    for kwargs in ({"operation": mine.operation}, {"expected_revision": mine.revision}):
        with pytest.raises(s.StaleUndo) as caught:
            s.undo(uow(), game, **kwargs)
        assert caught.value.message("fr") == (
            "Donne 2 enregistrée depuis sur un autre téléphone : rien n'a été annulé, "
            "la feuille est à jour.")
        assert caught.value.message("en").startswith("Deal 2 recorded since on another phone")
        assert count_rows() == before
    sheet = s.get_sheet(uow(), game)
    assert [d.id for d in sheet.deals][-1] == theirs
    assert [d.number for d in sheet.deals] == [1, 2]


def test_the_undo_of_the_change_still_last_undoes_exactly_it(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _record(uow, game, GARDE)
    _, second = _record(uow, game, {**GARDE, "taker": "Bruno"})
    assert s.undo(uow(), game, operation=second.operation) == "Enregistrement de la donne 2"
    assert [d.number for d in s.get_sheet(uow(), game).deals] == [1]
    # The same message tapped twice: already undone, refused in words.
    with pytest.raises(s.StaleUndo) as caught:
        s.undo(uow(), game, operation=second.operation)
    assert "déjà été annulé" in caught.value.message("fr")
    assert [d.number for d in s.get_sheet(uow(), game).deals] == [1]


def test_undo_and_redo_buttons_pass_the_revision_the_phone_saw(
        uow: UoW, count_rows: Callable[[], dict[str, int]]) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _record(uow, game, GARDE)
    seen = s.get_sheet(uow(), game).revision                    # phone A shows deal 1
    s.undo(uow(), game)                                         # phone B undoes it
    before = count_rows()
    with pytest.raises(s.StaleUndo) as caught:                  # A's undo button
        s.undo(uow(), game, expected_revision=seen)
    assert caught.value.field == "expected_revision"
    assert "Partie modifiée depuis sur un autre téléphone" in caught.value.message("fr")
    with pytest.raises(s.StaleUndo):
        s.redo(uow(), game, expected_revision=seen)
    assert count_rows() == before
    now_seen = s.get_sheet(uow(), game).revision
    assert s.redo(uow(), game, expected_revision=now_seen) == "Enregistrement de la donne 1"
    assert len(s.get_sheet(uow(), game).deals) == 1


def test_a_stale_redo_names_the_change_and_redoes_nothing(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    deal, first = _record(uow, game, GARDE)
    undone: list[Change] = []
    s.undo(uow(), game, operation=first.operation, on_done=undone.append)
    s.record_redeal(uow(), game, "passed")                      # clears the redo stack
    with pytest.raises(s.StaleUndo) as caught:
        s.redo(uow(), game, operation=first.operation)
    assert caught.value.message("fr").startswith(
        "Donne 1 (tous passent) enregistrée depuis sur un autre téléphone : rien n'a été "
        "rétabli")
    assert [d.kind.value for d in s.get_sheet(uow(), game).deals] == ["passed"]
    assert all(d.id != deal for d in s.get_sheet(uow(), game).deals)


def test_without_a_scope_undo_keeps_undoing_the_games_last_change(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _record(uow, game, GARDE)
    _record(uow, game, {**GARDE, "taker": "Bruno"})
    assert s.undo(uow(), game) == "Enregistrement de la donne 2"
    assert s.undo(uow(), game) == "Enregistrement de la donne 1"


def test_an_undone_change_replaced_by_a_new_one_is_never_reached_by_its_old_id(
        uow: UoW) -> None:
    # Phone A records deal 1; phone B undoes it and records another deal 1 (the redo
    # entry is dropped): A's "Annuler" must not reach B's deal through a reused id.
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _, mine = _record(uow, game, GARDE)
    s.undo(uow(), game)
    theirs, newer = _record(uow, game, {**GARDE, "taker": "Bruno"})
    assert newer.operation != mine.operation
    with pytest.raises(s.StaleUndo):
        s.undo(uow(), game, operation=mine.operation)
    assert [d.id for d in s.get_sheet(uow(), game).deals] == [theirs]


def test_a_sheet_that_went_back_is_not_called_a_deal_saved_on_another_phone(
        uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    _record(uow, game, GARDE)
    s.undo(uow(), game)
    with pytest.raises(s.NextDealTaken) as caught:
        s.record_deal(uow(), game, GARDE, expected_number=2)
    message = caught.value.message("fr")
    assert "autre téléphone" not in message
    assert message.startswith("La feuille a changé (une donne annulée ou supprimée)")
