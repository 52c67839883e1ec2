"""Games and players on a real database: create, list, sheet, dealer rotation, status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain import DealKind, GameStatus, InvalidDeal
from tests.factories import FIVE, FOUR

UoW = Callable[[], Any]


def test_a_new_game_has_its_seats_rules_and_no_deal(uow: UoW) -> None:
    game = s.create_game(uow(), name="Mardi soir", seats=FOUR, deal_size=4,
                         rules={"coefficients": {"garde_contre": 8}})
    sheet = s.get_sheet(uow(), game)
    assert sheet.name == "Mardi soir"
    assert sheet.seats == tuple(FOUR)
    assert sheet.status is GameStatus.IN_PROGRESS
    assert sheet.rules.to_dict()["coefficients"]["garde_contre"] == 8
    assert sheet.deals == ()
    assert sheet.totals == dict.fromkeys(FOUR, 0)
    assert (sheet.next.number, sheet.next.dealer) == (1, "André")
    assert not sheet.can_undo and not sheet.can_redo


def test_players_are_reused_by_name_across_games(uow: UoW) -> None:
    s.create_game(uow(), name="Un", seats=FOUR, deal_size=4)
    s.create_game(uow(), name="Deux", seats=FIVE, deal_size=5)
    players = {p.name: p.games for p in s.list_players(uow())}
    assert players == {"André": 2, "Bruno": 2, "Cécile": 2, "Didier": 2, "Élodie": 1}


@pytest.mark.parametrize(("seats", "size", "field"), [
    (["André", "Bruno"], 2, "seats"),
    (["André", "Bruno", "André", "Didier"], 4, "seats"),
    (FIVE, 3, "deal_size"),
    (FOUR, 5, "deal_size"),
    (["André", "", "Cécile"], 3, "seats"),
])
def test_an_impossible_table_is_refused_naming_the_field(
        uow: UoW, seats: list[str], size: int, field: str) -> None:
    with pytest.raises((InvalidDeal, s.ServiceError)) as caught:
        s.create_game(uow(), name="X", seats=seats, deal_size=size)
    assert caught.value.field == field
    assert caught.value.message("fr")
    assert s.list_games(uow()) == []


def test_bad_house_rules_are_refused_and_nothing_is_stored(uow: UoW) -> None:
    with pytest.raises(InvalidDeal) as caught:
        s.create_game(uow(), name="X", seats=FOUR, deal_size=4, rules={"base": "vingt"})
    assert caught.value.field == "rules"
    assert s.list_games(uow()) == []


def test_five_at_a_table_of_four_the_dealer_sits_out_and_the_deal_moves_every_deal(
        uow: UoW) -> None:
    game = s.create_game(uow(), name="Cinq", seats=FIVE, deal_size=4, first_dealer=3)
    nxt = s.next_deal(uow(), game)
    assert (nxt.number, nxt.dealer, nxt.sitting_out) == (1, "Didier", ("Didier",))
    assert nxt.players == ("André", "Bruno", "Cécile", "Élodie")
    s.record_redeal(uow(), game, "passed")
    s.record_redeal(uow(), game, "petit_sec")
    s.record_deal(uow(), game, {"taker": "Didier", "contract": "prise", "bouts": 1,
                                "points": 58})
    sheet = s.get_sheet(uow(), game)
    assert [(d.number, d.dealer, d.kind) for d in sheet.deals] == [
        (1, "Didier", DealKind.PASSED), (2, "Élodie", DealKind.PETIT_SEC),
        (3, "André", DealKind.PLAYED)]
    assert sheet.totals == {"André": 0, "Bruno": -32, "Cécile": -32, "Didier": 96,
                            "Élodie": -32}
    assert (sheet.next.dealer, sheet.next.sitting_out) == ("Bruno", ("Bruno",))


def test_games_are_listed_in_progress_first_then_finished_most_recent_first(
        uow: UoW) -> None:
    old = s.create_game(uow(), name="Ancienne", seats=FOUR, deal_size=4)
    done = s.create_game(uow(), name="Finie", seats=FOUR, deal_size=4)
    new = s.create_game(uow(), name="Nouvelle", seats=FOUR, deal_size=4)
    s.finish_game(uow(), done)
    s.record_deal(uow(), old, {"taker": "Bruno", "contract": "garde", "bouts": 2,
                               "points": 37})
    games = s.list_games(uow())
    assert [g.id for g in games] == [old, new, done]
    assert games[0].deals == 1
    assert games[0].totals == {"André": 58, "Bruno": -174, "Cécile": 58, "Didier": 58}
    assert games[2].status is GameStatus.FINISHED


def test_a_finished_game_refuses_deals_until_it_is_reopened(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    s.finish_game(uow(), game)
    with pytest.raises(s.GameFinished) as caught:
        s.record_redeal(uow(), game, "passed")
    assert "rouvrez" in caught.value.message("fr")
    s.reopen_game(uow(), game)
    s.record_redeal(uow(), game, "passed")
    assert s.get_sheet(uow(), game).status is GameStatus.IN_PROGRESS


def test_renaming_a_player_keeps_every_deal_and_total_under_the_new_name(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    deal = s.record_deal(uow(), game, {"taker": "Bruno", "contract": "prise", "bouts": 1,
                                       "points": 58,
                                       "poignees": [{"player": "Bruno", "size": "simple"}]})
    s.rename_player(uow(), "Bruno", "Bruno L.")
    sheet = s.get_sheet(uow(), game)
    assert sheet.seats == ("André", "Bruno L.", "Cécile", "Didier")
    assert sheet.totals["Bruno L."] == 156
    assert sheet.deals[0].taker == "Bruno L."
    assert sheet.deals[0].input is not None
    assert sheet.deals[0].input.poignees[0].player == "Bruno L."
    assert s.deal_history(uow(), deal)[0].scores["Bruno L."] == 156
    with pytest.raises(s.PlayerNameTaken):
        s.rename_player(uow(), "André", "Cécile")
    with pytest.raises(s.PlayerNotFound):
        s.rename_player(uow(), "Zoé", "Zoé B.")


def test_renaming_and_deleting_a_game(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    s.record_redeal(uow(), game, "passed")
    s.rename_game(uow(), game, "  Dimanche  ")
    assert s.get_sheet(uow(), game).name == "Dimanche"
    with pytest.raises(s.ServiceError) as caught:
        s.rename_game(uow(), game, " ")
    assert caught.value.field == "name"
    s.delete_game(uow(), game)
    assert s.list_games(uow()) == []
    with pytest.raises(s.GameNotFound) as missing:
        s.get_sheet(uow(), game)
    assert missing.value.message("en") == f"No game number {game}."


def test_standings_rank_equal_totals_together(uow: UoW) -> None:
    game = s.create_game(uow(), name="X", seats=FOUR, deal_size=4)
    s.record_deal(uow(), game, {"taker": "Cécile", "contract": "prise", "bouts": 1,
                                "points": 58})
    assert s.standings(uow(), game) == [(1, "Cécile", 96), (2, "André", -32),
                                        (2, "Bruno", -32), (2, "Didier", -32)]


def test_a_new_name_is_told_apart_from_known_players_with_the_ones_it_may_be_a_slip_of(
    uow: UoW
) -> None:
    s.create_game(uow(), name="Hier", seats=["Gérard", "Cécile", "Maxime", "Zoé"],
                  deal_size=4)
    found = s.new_players(uow(), ["Gérard", "Géard", "cecile", "Maximilien", "Zoé"])
    assert found == {"Géard": ["Gérard"], "cecile": ["Cécile"], "Maximilien": []}
    # Nothing was created by asking.
    assert sorted(p.name for p in s.list_players(uow())) == ["Cécile", "Gérard", "Maxime",
                                                              "Zoé"]
