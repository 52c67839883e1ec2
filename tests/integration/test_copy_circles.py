"""`scorepad copy` keeps circles, hidden players and merges (which still split back)."""

from __future__ import annotations

from pathlib import Path

from scorepad import services as s
from scorepad.storage import open_database
from scorepad.storage.copy import copy_database


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
