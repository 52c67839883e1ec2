"""Service logic against an in-memory fake: explicit commits, refusals, undo, conflicts."""

from __future__ import annotations

import pytest

from scorepad import services as s
from scorepad.domain import InvalidDeal
from tests.factories import FOUR

from .fake_uow import FakeUnitOfWork

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


@pytest.fixture
def uow() -> FakeUnitOfWork:
    return FakeUnitOfWork()


def test_each_use_case_commits_once_and_a_refused_one_not_at_all(uow: FakeUnitOfWork
                                                                 ) -> None:
    game = s.create_game(uow, name="X", seats=FOUR, deal_size=4)
    s.record_deal(uow, game, GARDE)
    assert uow.commits == 2
    with pytest.raises(InvalidDeal):
        s.record_deal(uow, game, {**GARDE, "contract": "garde_royale"})
    assert uow.commits == 2
    assert len(uow.repo.deals) == 1 and len(uow.repo.operations) == 1


def test_reading_the_sheet_commits_nothing(uow: FakeUnitOfWork) -> None:
    game = s.create_game(uow, name="X", seats=FOUR, deal_size=4)
    s.get_sheet(uow, game)
    s.list_games(uow)
    assert uow.commits == 1


def test_undo_labels_speak_the_asked_language(uow: FakeUnitOfWork) -> None:
    game = s.create_game(uow, name="X", seats=FOUR, deal_size=4)
    s.record_redeal(uow, game, "petit_sec")
    assert s.get_sheet(uow, game, lang="en").undo_label == "Deal 1: petit sec"
    assert s.undo(uow, game, lang="en") == "Deal 1: petit sec"
    assert s.get_sheet(uow, game, lang="fr").redo_label == "Donne 1 : petit sec"


def test_a_conflict_is_raised_before_anything_is_written(uow: FakeUnitOfWork) -> None:
    game = s.create_game(uow, name="X", seats=FOUR, deal_size=4)
    deal = s.record_deal(uow, game, GARDE)
    s.edit_deal(uow, game, deal, {**GARDE, "points": 50})
    commits = uow.commits
    with pytest.raises(s.DealConflict) as caught:
        s.delete_deal(uow, game, deal, expected_version=1)
    assert caught.value.current.version == 2
    assert caught.value.field == "version"
    assert uow.commits == commits
    assert "changed meanwhile" in caught.value.message("en")


def test_an_unchanged_edit_is_not_a_new_version(uow: FakeUnitOfWork) -> None:
    game = s.create_game(uow, name="X", seats=FOUR, deal_size=4)
    deal = s.record_deal(uow, game, GARDE)
    assert s.edit_deal(uow, game, deal, dict(GARDE)) == 1
    assert [v.version for v in uow.repo.deal_versions(deal)] == [1]


def test_service_errors_have_the_format_3_shape(uow: FakeUnitOfWork) -> None:
    with pytest.raises(s.GameNotFound) as caught:
        s.record_redeal(uow, 7, "passed")
    assert caught.value.to_dict("fr") == {"error": {"field": "game",
                                                    "message": "Aucune partie n° 7."}}
