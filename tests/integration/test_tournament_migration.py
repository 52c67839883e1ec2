"""Migration 0008: a database of 0007 gets the tournaments' tables, and its games stay
games of no tournament, written and read as before."""

from __future__ import annotations

from sqlalchemy import inspect

from scorepad import services as s
from scorepad.services import tournament as t
from scorepad.storage import create_db_engine, open_database, upgrade
from tests.factories import FOUR

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


def test_0008_adds_tournaments_and_leaves_the_games_of_0007_as_they_were(db_url: str
                                                                       ) -> None:
    engine = create_db_engine(db_url)
    upgrade(engine, "0007")
    assert "tournament" not in inspect(engine).get_table_names()
    engine.dispose()
    before = open_database(db_url, migrate=False)
    with before.uow() as uow:  # a game as 0007 stores it (its columns only)
        from sqlalchemy import text

        uow.repo.conn.execute(text(
            "INSERT INTO game (name, status, deal_size, first_dealer, rules_json, "
            "created_at, updated_at, revision) VALUES ('Avant', 'in_progress', 4, 0, '{}', "
            "'2026-11-29 19:15:00', '2026-11-29 19:15:00', 0)"))
        uow.commit()
    before.dispose()
    database = open_database(db_url)  # 0007 -> head
    tables = set(inspect(database.engine).get_table_names())
    assert {"tournament", "tournament_player", "tournament_round", "tournament_seat",
            "tournament_handover"} <= tables
    columns = {c["name"] for c in inspect(database.engine).get_columns("game")}
    assert {"tournament_id", "tournament_round", "tournament_table", "deal_limit"} <= columns
    [old] = s.list_games(database.uow())
    assert (old.name, old.tournament_id, old.deal_limit) == ("Avant", None, None)
    game = s.create_game(database.uow(), name="Après", seats=list(FOUR), deal_size=4)
    for _ in range(6):  # no round's count for a game of no tournament
        s.record_deal(database.uow(), game, GARDE)
    assert len(s.get_sheet(database.uow(), game).deals) == 6
    assert t.list_tournaments(database.uow()) == []
    database.dispose()
