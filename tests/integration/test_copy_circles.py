"""`scorepad copy` keeps circles, hidden players and merges (which still split back)."""

from __future__ import annotations

from pathlib import Path

from scorepad import services as s
from scorepad.cli.copying import copy_database
from scorepad.storage import open_database


def test_circles_hidden_and_merged_players_survive_a_copy(tmp_path: Path, db_url: str) -> None:
    source_url = f"sqlite:///{tmp_path / 'phone.db'}"
    source = open_database(source_url)
    uow = source.uow
    circle = s.create_circle(uow(), "Les mardis")
    tuesday = s.create_game(uow(), name="Mardi", seats=["JP", "Bruno", "Cécile"],
                            deal_size=3, circle=circle)
    s.record_deal(uow(), tuesday, {"taker": "JP", "contract": "garde", "bouts": 2,
                                   "points": 49})
    s.create_game(uow(), name="Vendredi", seats=["Jean-Pierre", "Bruno", "Didier"],
                  deal_size=3)
    s.merge_players(uow(), keep="Jean-Pierre", merge="JP")
    s.hide_player(uow(), "Didier")
    source.dispose()

    copy_database(source_url, db_url)
    target = open_database(db_url)
    uow = target.uow
    [copied_circle] = s.list_circles(uow())
    assert (copied_circle.name, copied_circle.games) == ("Les mardis", 1)
    games = {g.name: g for g in s.list_games(uow())}
    assert games["Mardi"].circle_id == copied_circle.id
    assert games["Mardi"].seats[0] == "Jean-Pierre"
    assert "Didier" not in [p.name for p in s.list_players(uow())]
    assert [(m.name, m.into) for m in s.list_merged(uow())] == [("JP", "Jean-Pierre")]
    s.unmerge_player(uow(), "JP")
    assert s.get_sheet(uow(), games["Mardi"].id).seats[0] == "JP"
    assert s.get_sheet(uow(), games["Mardi"].id).totals["JP"] > 0
    target.dispose()


def test_a_name_merged_on_the_server_seats_the_player_it_means_and_splits_back(
        tmp_path: Path, db_url: str) -> None:
    source_url = f"sqlite:///{tmp_path / 'phone.db'}"
    source = open_database(source_url)
    game = s.create_game(source.uow(), name="Jeudi", seats=["Bruno", "Cécile", "Didier"],
                         deal_size=3)
    s.record_deal(source.uow(), game, {"taker": "Bruno", "contract": "garde", "bouts": 2,
                                       "points": 49, "poignees": [
                                           {"player": "Bruno", "size": "simple"}]})
    source.dispose()
    club = open_database(db_url)
    uow = club.uow
    s.create_game(uow(), name="Club", seats=["Bruno", "Fanny", "Gaston"], deal_size=3)
    s.create_game(uow(), name="Club 2", seats=["Bruno B.", "Fanny", "Gaston"], deal_size=3)
    s.merge_players(uow(), keep="Bruno B.", merge="Bruno")

    copy_database(source_url, db_url)

    games = {g.name: g for g in s.list_games(uow())}
    assert games["Jeudi"].seats == ("Bruno B.", "Cécile", "Didier")
    assert s.get_sheet(uow(), games["Jeudi"].id).totals == {
        "Bruno B.": 2 * (25 + 8) * 2 + 2 * 20, "Cécile": -(25 + 8) * 2 - 20,
        "Didier": -(25 + 8) * 2 - 20}
    s.unmerge_player(uow(), "Bruno")
    sheet = s.get_sheet(uow(), games["Jeudi"].id)
    assert sheet.seats == ("Bruno", "Cécile", "Didier")
    assert [p.player for p in sheet.deals[0].input.poignees] == ["Bruno"]
    club.dispose()
