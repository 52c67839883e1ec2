"""Deals on a real database: record, refuse, edit with versions, delete, history, explain."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain import Contract, DealKind, InvalidDeal
from tests.factories import FOUR

UoW = Callable[[], Any]
GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


@pytest.fixture
def game(uow: UoW) -> int:
    return int(s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4, first_dealer=0))


def test_a_recorded_deal_is_scored_with_the_game_rules_and_stored(uow: UoW, game: int
                                                                  ) -> None:
    deal = s.record_deal(uow(), game, GARDE, author="phone-1")
    sheet = s.get_sheet(uow(), game)
    [line] = sheet.deals
    assert line.id == deal
    assert (line.number, line.dealer, line.kind, line.version) == (1, "André",
                                                                   DealKind.PLAYED, 1)
    assert line.scores == {"André": 198, "Bruno": -66, "Cécile": -66, "Didier": -66}
    assert (line.made, line.difference, line.contract, line.taker) == (True, 8,
                                                                      Contract.GARDE, "André")
    assert sheet.totals == line.scores
    assert sheet.undo_label == "Enregistrement de la donne 1"


def test_an_invalid_deal_is_refused_with_the_domain_error_and_nothing_is_stored(
        uow: UoW, game: int) -> None:
    with pytest.raises(InvalidDeal) as caught:
        s.record_deal(uow(), game, {**GARDE, "points": 45.5})
    assert caught.value.field == "points"
    sheet = s.get_sheet(uow(), game)
    assert sheet.deals == () and not sheet.can_undo
    assert sheet.totals == dict.fromkeys(FOUR, 0)


def test_players_given_must_be_the_players_of_the_next_deal(uow: UoW) -> None:
    game = s.create_game(uow(), name="Cinq", seats=[*FOUR, "Élodie"], deal_size=4)
    with pytest.raises(InvalidDeal) as caught:
        s.record_deal(uow(), game, {**GARDE, "taker": "Bruno", "players": list(FOUR)})
    assert caught.value.field == "players"
    assert "entre Bruno, Cécile, Didier et Élodie" in caught.value.message("fr")
    assert "by Bruno, Cécile, Didier, and Élodie" in caught.value.message("en")
    s.record_deal(uow(), game, {**GARDE, "taker": "Bruno",
                                "players": ["Élodie", "Bruno", "Cécile", "Didier"]})
    assert s.get_sheet(uow(), game).totals["André"] == 0


def test_a_deal_with_rules_or_unknown_keys_is_refused(uow: UoW, game: int) -> None:
    with pytest.raises(InvalidDeal) as caught:
        s.record_deal(uow(), game, {**GARDE, "rules": {"base": 30}})
    assert caught.value.field == "rules"
    with pytest.raises(s.ServiceError) as redeal:
        s.record_redeal(uow(), game, "nobody")
    assert redeal.value.field == "kind"


def test_editing_a_deal_rescores_it_and_keeps_the_previous_version(uow: UoW, game: int
                                                                   ) -> None:
    deal = s.record_deal(uow(), game, GARDE, author="phone-1")
    version = s.edit_deal(uow(), game, deal, {**GARDE, "points": 37}, expected_version=1,
                          author="phone-2")
    assert version == 2
    sheet = s.get_sheet(uow(), game)
    assert sheet.totals == {"André": -174, "Bruno": 58, "Cécile": 58, "Didier": 58}
    history = s.deal_history(uow(), deal)
    assert [(h.version, h.action, h.author) for h in history] == [
        (1, "created", "phone-1"), (2, "edited", "phone-2")]
    assert history[0].scores["André"] == 198 and history[0].input is not None
    assert history[0].input.points == 49


def test_a_stale_version_is_a_conflict_carrying_the_deal_as_it_is_now(uow: UoW, game: int
                                                                      ) -> None:
    deal = s.record_deal(uow(), game, GARDE)
    s.edit_deal(uow(), game, deal, {**GARDE, "points": 60}, expected_version=1)
    with pytest.raises(s.DealConflict) as caught:
        s.edit_deal(uow(), game, deal, {**GARDE, "points": 37}, expected_version=1)
    assert caught.value.current.version == 2
    assert caught.value.current.input is not None
    assert caught.value.current.input.points == 60
    assert "entre-temps" in caught.value.message("fr")
    assert s.get_sheet(uow(), game).totals["André"] == 3 * (25 + 19) * 2


def test_an_invalid_edit_changes_nothing(uow: UoW, game: int) -> None:
    deal = s.record_deal(uow(), game, GARDE)
    with pytest.raises(InvalidDeal):
        s.edit_deal(uow(), game, deal, {**GARDE, "bouts": 4})
    assert [h.version for h in s.deal_history(uow(), deal)] == [1]


def test_a_played_deal_can_become_a_redeal_and_back(uow: UoW, game: int) -> None:
    deal = s.record_deal(uow(), game, GARDE)
    s.edit_deal(uow(), game, deal, None, kind="passed")
    assert s.get_sheet(uow(), game).totals == dict.fromkeys(FOUR, 0)
    s.edit_deal(uow(), game, deal, GARDE)
    assert s.get_sheet(uow(), game).totals["André"] == 198


def test_deleting_the_last_deal_gives_its_number_and_dealer_back(uow: UoW, game: int
                                                                 ) -> None:
    s.record_redeal(uow(), game, "passed")
    second = s.record_deal(uow(), game, {**GARDE, "taker": "Bruno"})
    s.delete_deal(uow(), game, second)
    sheet = s.get_sheet(uow(), game)
    assert [d.number for d in sheet.deals] == [1]
    assert (sheet.next.number, sheet.next.dealer) == (2, "Bruno")
    assert sheet.totals == dict.fromkeys(FOUR, 0)
    assert [h.action for h in s.deal_history(uow(), second)] == ["created", "deleted"]
    with pytest.raises(s.DealNotFound):
        s.edit_deal(uow(), game, second, GARDE)


def test_deleting_an_earlier_deal_keeps_the_others_as_they_were_played(uow: UoW, game: int
                                                                       ) -> None:
    first = s.record_deal(uow(), game, GARDE)
    s.record_redeal(uow(), game, "passed")
    s.record_deal(uow(), game, {**GARDE, "taker": "Cécile"})
    s.delete_deal(uow(), game, first)
    sheet = s.get_sheet(uow(), game)
    assert [(d.number, d.dealer) for d in sheet.deals] == [(2, "Bruno"), (3, "Cécile")]
    assert (sheet.next.number, sheet.next.dealer) == (4, "Didier")


def test_a_deal_of_another_game_is_not_found(uow: UoW, game: int) -> None:
    other = s.create_game(uow(), name="Autre", seats=FOUR, deal_size=4)
    deal = s.record_deal(uow(), other, GARDE)
    with pytest.raises(s.DealNotFound):
        s.delete_deal(uow(), game, deal)
    with pytest.raises(s.GameNotFound):
        s.record_deal(uow(), 999_999, GARDE)


def test_explaining_a_stored_deal_redoes_the_calculation(uow: UoW, game: int) -> None:
    deal = s.record_deal(uow(), game, GARDE)
    scored, text = s.explain_deal(uow(), game, deal, "fr")
    assert scored.scores["André"] == 198
    assert "41" in text and "198" in text
    redeal = s.record_redeal(uow(), game, "petit_sec")
    with pytest.raises(s.ServiceError) as caught:
        s.explain_deal(uow(), game, redeal, "en")
    assert "nothing to explain" in caught.value.message("en")


def test_the_deal_a_phone_was_entering_recorded_meanwhile_elsewhere_is_not_saved_twice(
        uow: UoW, game: int) -> None:
    s.record_deal(uow(), game, GARDE, expected_number=1)
    with pytest.raises(s.NextDealTaken) as info:
        s.record_deal(uow(), game, GARDE, expected_number=1)
    assert (info.value.expected, info.value.number) == (1, 2)
    assert "sur un autre téléphone" in info.value.message("fr")
    with pytest.raises(s.NextDealTaken):
        s.record_redeal(uow(), game, "passed", expected_number=1)
    assert len(s.get_sheet(uow(), game).deals) == 1
    # Saved on purpose as the following deal, it is recorded.
    s.record_deal(uow(), game, GARDE, expected_number=2)
    assert len(s.get_sheet(uow(), game).deals) == 2
