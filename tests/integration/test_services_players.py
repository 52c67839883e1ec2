"""The players' screen: hide and unhide, merge two players who are the same person (all
history moves), refused when they sat at the same game, and split them back."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad import services as s

GARDE = {"taker": "JP", "contract": "garde", "bouts": 2, "points": 49}


def _names(uow: Any, **kwargs: Any) -> list[str]:
    return [p.name for p in s.list_players(uow(), **kwargs)]


def test_a_hidden_player_leaves_the_pickers_but_keeps_every_game(database: Any) -> None:
    uow = database.uow
    game = s.create_game(uow(), name="Mardi", seats=["André", "Bruno", "Cécile"], deal_size=3)
    s.record_deal(uow(), game, {"taker": "Bruno", "contract": "garde", "bouts": 2,
                                "points": 49})
    s.hide_player(uow(), "Bruno")
    assert _names(uow) == ["André", "Cécile"]
    assert "Bruno" in _names(uow, include_hidden=True)
    assert [p.hidden for p in s.list_players(uow(), include_hidden=True)] == [False, True,
                                                                              False]
    assert s.get_sheet(uow(), game).totals["Bruno"] > 0
    s.unhide_player(uow(), "Bruno")
    assert _names(uow) == ["André", "Bruno", "Cécile"]
    with pytest.raises(s.PlayerNotFound):
        s.hide_player(uow(), "Personne")


def _two_names_one_person(uow: Any) -> tuple[int, int]:
    """"JP" typed on Tuesday, "Jean-Pierre" on Friday: the same person."""
    tuesday = s.create_game(uow(), name="Mardi", seats=["JP", "Bruno", "Cécile", "Didier"],
                            deal_size=4)
    s.record_deal(uow(), tuesday, GARDE)
    s.record_deal(uow(), tuesday, {"taker": "Bruno", "contract": "prise", "bouts": 1,
                                   "points": 40, "poignees": [{"player": "JP",
                                                               "size": "simple"}]})
    s.edit_deal(uow(), tuesday, s.get_sheet(uow(), tuesday).deals[0].id,
                {**GARDE, "points": 52})
    friday = s.create_game(uow(), name="Vendredi",
                           seats=["Jean-Pierre", "Bruno", "Cécile", "Élodie"], deal_size=4)
    s.record_deal(uow(), friday, {"taker": "Jean-Pierre", "contract": "prise", "bouts": 1,
                                  "points": 60})
    return tuesday, friday


def test_merging_moves_seats_inputs_scores_and_versions_and_unmerging_splits_back(
        database: Any) -> None:
    uow = database.uow
    tuesday, friday = _two_names_one_person(uow)
    before = s.get_sheet(uow(), tuesday)
    s.merge_players(uow(), keep="Jean-Pierre", merge="JP")

    merged = s.get_sheet(uow(), tuesday)
    assert merged.seats[0] == "Jean-Pierre" and merged.revision > before.revision
    assert merged.totals["Jean-Pierre"] == before.totals["JP"]
    assert merged.deals[0].taker == "Jean-Pierre"
    assert merged.deals[1].input is not None
    assert merged.deals[1].input.poignees[0].player == "Jean-Pierre"
    history = s.deal_history(uow(), merged.deals[0].id)
    assert all("JP" not in v.scores for v in history) and len(history) == 2
    assert set(_names(uow)) == {"Bruno", "Cécile", "Didier", "Élodie", "Jean-Pierre"}
    stats = {p.player: p for p in s.all_statistics(uow())}
    assert stats["Jean-Pierre"].games == 2 and "JP" not in stats
    assert [(m.name, m.into) for m in s.list_merged(uow())] == [("JP", "Jean-Pierre")]
    # Undo works on a merged game too: versions moved with the deals.
    assert s.undo(uow(), tuesday) == "Modification de la donne 1"
    assert s.get_sheet(uow(), tuesday).deals[0].taker == "Jean-Pierre"
    assert s.redo(uow(), tuesday) is not None

    s.unmerge_player(uow(), "JP")
    split = s.get_sheet(uow(), tuesday)
    assert split.seats == before.seats and split.totals == before.totals
    assert split.deals[1].input is not None and split.deals[1].input.poignees[0].player == "JP"
    assert s.get_sheet(uow(), friday).seats[0] == "Jean-Pierre"
    assert "JP" in _names(uow) and s.list_merged(uow()) == []
    with pytest.raises(s.MergeRefused) as again:
        s.unmerge_player(uow(), "JP")
    assert "rien à séparer" in again.value.message("fr")


def test_a_merged_name_typed_in_a_new_game_seats_the_kept_player(database: Any) -> None:
    uow = database.uow
    _two_names_one_person(uow)
    s.merge_players(uow(), keep="Jean-Pierre", merge="JP")
    game = s.create_game(uow(), name="Samedi", seats=["JP", "Bruno", "Cécile"], deal_size=3)
    assert s.get_sheet(uow(), game).seats[0] == "Jean-Pierre"
    with pytest.raises(s.ServiceError) as twice:
        s.create_game(uow(), name="X", seats=["JP", "Jean-Pierre", "Cécile"], deal_size=3)
    assert twice.value.field == "seats" and "même personne" in twice.value.message("fr")
    exported = s.export_game(uow(), 1, "json")
    s.unmerge_player(uow(), "JP")
    s.merge_players(uow(), keep="Jean-Pierre", merge="JP")
    imported = s.import_game(uow(), exported)
    assert s.get_sheet(uow(), imported).seats[0] == "Jean-Pierre"


def test_players_who_sat_at_the_same_game_are_never_merged(database: Any) -> None:
    uow = database.uow
    _two_names_one_person(uow)
    with pytest.raises(s.MergeRefused) as refused:
        s.merge_players(uow(), keep="Bruno", merge="Cécile")
    message = refused.value.message("fr")
    assert "Mardi" in message and "pas la même personne" in message
    assert "played together" in refused.value.message("en")
    with pytest.raises(s.MergeRefused):
        s.merge_players(uow(), keep="Bruno", merge="Bruno")
    with pytest.raises(s.PlayerNotFound):
        s.merge_players(uow(), keep="Bruno", merge="Personne")
    assert s.get_sheet(uow(), 1).seats == ("JP", "Bruno", "Cécile", "Didier")


def test_chained_merges_split_back_in_any_order(database: Any) -> None:
    uow = database.uow
    _two_names_one_person(uow)
    third = s.create_game(uow(), name="Dimanche", seats=["J.-P.", "Bruno", "Cécile"],
                          deal_size=3)
    s.merge_players(uow(), keep="Jean-Pierre", merge="JP")
    s.merge_players(uow(), keep="J.-P.", merge="Jean-Pierre")
    assert {g.seats[0] for g in s.list_games(uow())} == {"J.-P."}
    s.unmerge_player(uow(), "Jean-Pierre")  # JP stays merged into Jean-Pierre
    seats = {g.name: g.seats[0] for g in s.list_games(uow())}
    assert seats == {"Mardi": "Jean-Pierre", "Vendredi": "Jean-Pierre", "Dimanche": "J.-P."}
    s.unmerge_player(uow(), "JP")
    assert s.get_sheet(uow(), 1).seats[0] == "JP"
    assert s.get_sheet(uow(), third).seats[0] == "J.-P."
