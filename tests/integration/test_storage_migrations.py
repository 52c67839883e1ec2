"""Migrations: a database created by the first migration is upgraded to head intact."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import inspect, text

from scorepad import services as s
from scorepad.domain import Contract
from scorepad.storage import create_db_engine, open_database, upgrade

AT = "2026-11-29 19:15:00.000000"


def _fill_first_schema(url: str) -> None:
    """A game as revision 0001 stored it: score rows without their game."""
    engine = create_db_engine(url)
    upgrade(engine, "0001")
    assert "game_id" not in {c["name"] for c in inspect(engine).get_columns("deal_score")}
    rules = json.dumps({"coefficients": {"prise": 1, "garde": 2, "garde_sans": 4,
                                         "garde_contre": 6}})
    deal_input = json.dumps({"players": [1, 2, 3, 4], "taker": 1, "partner": None,
                             "contract": "garde", "bouts": 2, "points": 49, "poignees": [],
                             "petit_au_bout": None, "chelem_announced": False,
                             "chelem": None, "miseres": []})
    with engine.begin() as conn:
        # Ids come from the fresh database's sequences: players 1-4, game 1, deal 1.
        for name in ["André", "Bruno", "Cécile", "Didier"]:
            conn.execute(text("INSERT INTO player (name, created_at) VALUES (:n, :t)"),
                         {"n": name, "t": AT})
        conn.execute(text(
            "INSERT INTO game (name, status, deal_size, first_dealer, rules_json, "
            "created_at, updated_at) VALUES ('Avant', 'in_progress', 4, 0, :r, :t, :t)"),
            {"r": rules, "t": AT})
        for pos in range(4):
            conn.execute(text("INSERT INTO game_seat (game_id, position, player_id) "
                              "VALUES (1, :p, :i)"), {"p": pos, "i": pos + 1})
        conn.execute(text(
            "INSERT INTO deal (game_id, number, kind, input_json, deleted, version, "
            "dealer_id, sitting_out_id, created_at, updated_at) "
            "VALUES (1, 1, 'played', :inp, :f, 1, 1, NULL, :t, :t)"),
            {"inp": deal_input, "f": False, "t": AT})
        for pid, points in zip(range(1, 5), (198, -66, -66, -66), strict=True):
            conn.execute(text("INSERT INTO deal_score (deal_id, player_id, points) "
                              "VALUES (1, :p, :v)"), {"p": pid, "v": points})
        conn.execute(text(
            "INSERT INTO deal_version (deal_id, version, action, kind, input_json, "
            "scores_json, deleted, author, at) VALUES (1, 1, 'created', 'played', :inp, "
            ":sc, :f, NULL, :t)"),
            {"inp": deal_input, "sc": json.dumps({"1": 198, "2": -66, "3": -66, "4": -66}),
             "f": False, "t": AT})
        conn.execute(text(
            "INSERT INTO operation (game_id, code, params_json, payload_json, undone, at) "
            "VALUES (1, 'record', :pa, :pl, :f, :t)"),
            {"pa": json.dumps({"number": 1}), "pl": json.dumps({"deals": [[1, None, 1]]}),
             "f": False, "t": AT})
    engine.dispose()


def test_a_database_of_the_first_migration_is_upgraded_with_its_data_intact(db_url: str
                                                                            ) -> None:
    _fill_first_schema(db_url)
    db = open_database(db_url)  # runs every later migration
    sheet = s.get_sheet(db.uow(), 1)
    assert sheet.name == "Avant"
    assert sheet.totals == {"André": 198, "Bruno": -66, "Cécile": -66, "Didier": -66}
    assert sheet.deals[0].input is not None and sheet.deals[0].input.points == 49
    assert sheet.undo_label == "Enregistrement de la donne 1"
    [summary] = s.list_games(db.uow())  # the figures the games list reads, filled in
    assert (summary.deals, summary.totals) == (1, sheet.totals)
    s.record_redeal(db.uow(), 1, "passed")
    assert s.undo(db.uow(), 1) == "Donne 2 : tous passent"
    assert s.undo(db.uow(), 1) == "Enregistrement de la donne 1"
    assert s.get_sheet(db.uow(), 1).totals == dict.fromkeys(sheet.seats, 0)
    db.dispose()


def test_0010_gives_the_stored_score_rows_their_parts_and_the_players_their_tallies(
        db_url: str) -> None:
    # The deal of 0001: André's garde with two bouts and 49 points, made by 8.
    _fill_first_schema(db_url)
    db = open_database(db_url)
    andre = s.player_record(db.uow(), "André")
    assert (andre.taker.deals, andre.taker.won, andre.taker.points) == (1, 1, 198)
    assert andre.contract(Contract.GARDE).margin == 8
    bruno = s.player_record(db.uow(), "Bruno")
    assert (bruno.defender.deals, bruno.defender.won, bruno.stats.total) == (1, 0, -66)
    # The triggers keep them from then on: the next deal counts at once.
    s.record_deal(db.uow(), 1, {"taker": "Bruno", "contract": "prise", "bouts": 1,
                                "points": 40})
    assert s.player_record(db.uow(), "Bruno").contract(Contract.PRISE).takes == 1
    db.dispose()


def test_opening_an_up_to_date_database_again_changes_nothing(db_url: str) -> None:
    db = open_database(db_url)
    game = s.create_game(db.uow(), name="X", seats=["André", "Bruno", "Cécile"], deal_size=3)
    db.dispose()
    again = open_database(db_url)
    assert [g.id for g in s.list_games(again.uow())] == [game]
    again.dispose()


def test_0004_keeps_the_games_of_0003_as_games_without_organiser_and_out_of_the_bin(
        db_url: str) -> None:
    _fill_first_schema(db_url)
    engine = create_db_engine(db_url)
    upgrade(engine, "0003")
    with engine.begin() as conn:
        conn.execute(text("UPDATE game SET code_hash = 'scrypt$x', revision = 7"))
    engine.dispose()
    db = open_database(db_url)  # 0003 -> 0004
    assert {"organiser_hash", "deleted_at"} <= {
        c["name"] for c in inspect(db.engine).get_columns("game")}
    assert "organiser_handover" in inspect(db.engine).get_table_names()
    [game] = s.list_games(db.uow())
    assert (game.name, game.revision, game.protected, game.organised) == (
        "Avant", 7, True, False)
    assert s.get_sheet(db.uow(), 1).totals == {"André": 198, "Bruno": -66, "Cécile": -66,
                                               "Didier": -66}
    assert s.list_bin(db.uow()) == []
    with pytest.raises(s.NoOrganiser):  # the operator names its organiser
        s.rename_game(db.uow(), 1, "Volée")
    link = s.start_handover(db.uow(), 1, organiser=s.OPERATOR)
    key = s.claim_handover(db.uow(), link.token).organiser_key
    s.rename_game(db.uow(), 1, "Après", organiser=s.Organiser(key))
    db.dispose()


def test_0009_keeps_the_games_of_0007_open_as_games_from_before_organisers(
        db_url: str) -> None:
    _fill_first_schema(db_url)
    engine = create_db_engine(db_url)
    upgrade(engine, "0007")
    engine.dispose()
    db = open_database(db_url)  # 0007 -> 0008 -> 0009
    assert "made_by_operator" in {c["name"] for c in inspect(db.engine).get_columns("game")}
    [game] = s.list_games(db.uow())
    assert (game.organised, game.open_to_all) == (False, True)
    s.rename_game(db.uow(), 1, "Renommée par un téléphone")  # today's rule, kept
    assert s.get_sheet(db.uow(), 1).seats == ("André", "Bruno", "Cécile", "Didier")
    db.dispose()


def test_the_newest_migration_named_in_the_code_is_alembic_s_only_head() -> None:
    # A database at that revision opens without Alembic (a phone's start); a migration
    # added without updating the name would be skipped there.
    from alembic.script import ScriptDirectory

    from scorepad.storage.database import LATEST_MIGRATION, _config

    assert ScriptDirectory.from_config(_config()).get_heads() == [LATEST_MIGRATION]


def test_a_database_one_migration_behind_is_still_brought_up_to_date(db_url: str) -> None:
    from scorepad.storage.database import LATEST_MIGRATION, _stored_revisions

    engine = create_db_engine(db_url)
    upgrade(engine, "0008")
    assert _stored_revisions(engine) == {"0008"}
    upgrade(engine)
    assert _stored_revisions(engine) == {LATEST_MIGRATION}
    engine.dispose()


def test_0012_gives_games_deals_and_changes_their_identities_in_every_home(
        db_url: str) -> None:
    from datetime import datetime

    from scorepad.domain.sync import game_uid, is_uid

    _fill_first_schema(db_url)
    db = open_database(db_url)
    with db.uow() as uow:
        game = uow.repo.get_game(1)
        [deal] = uow.repo.list_deals(1)
        [version] = uow.repo.deal_versions(deal.id)
    # The uid the import recognises the game by: the same on every phone restoring it.
    assert game.uid == game_uid("Avant", datetime.fromisoformat(AT + "+00:00"),
                                ("André", "Bruno", "Cécile", "Didier"))
    assert is_uid(deal.uid) and is_uid(version.change)
    assert deal.heads == (version.change,) and version.parents == ()
    s.edit_deal(db.uow(), 1, deal.id, {"taker": "André", "contract": "garde", "bouts": 2,
                                       "points": 50})
    with db.uow() as uow:
        edited = uow.repo.deal_versions(deal.id)[-1]
        assert uow.repo.get_deal(deal.id).heads == (edited.change,)
    assert edited.parents == (version.change,)
    db.dispose()
