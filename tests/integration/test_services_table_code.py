"""The table code on a real database: set, change, remove, and every write refused without it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text

from scorepad import services as s
from scorepad.services import EditForbidden, ServiceError
from scorepad.storage import create_db_engine, open_database, upgrade
from scorepad.storage.database import MIGRATIONS
from tests.factories import FOUR

UoW = Callable[[], Any]
GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


KEY = "la-cle-de-l-organisateur"
ORGANISER = s.Organiser(KEY)


@pytest.fixture
def game(uow: UoW) -> int:
    game_id = int(s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4,
                                organiser_key=KEY))
    s.record_deal(uow(), game_id, GARDE)
    return game_id


def _stored_hash(database: Any, game_id: int) -> str | None:
    with database.engine.connect() as conn:
        value = conn.execute(text("SELECT code_hash FROM game WHERE id = :id"),
                             {"id": game_id}).scalar_one()
    return None if value is None else str(value)


def test_a_game_without_a_code_is_editable_by_anybody_as_before(uow: UoW, game: int) -> None:
    assert not s.game_is_protected(uow(), game)
    assert s.check_table_code(uow(), game, None)
    assert s.check_table_code(uow(), game, "WHATEVER")
    s.record_deal(uow(), game, {**GARDE, "taker": "Bruno"}, code="IGNORED")
    assert len(s.get_sheet(uow(), game).deals) == 2


def test_the_code_is_stored_only_as_a_salted_hash(uow: UoW, database: Any, game: int) -> None:
    s.set_table_code(uow(), game, "tarot42", organiser=ORGANISER)
    stored = _stored_hash(database, game)
    assert stored is not None and stored.startswith("scrypt$")
    assert "tarot42" not in stored.lower()
    other = int(s.create_game(uow(), name="Jeudi", seats=FOUR, deal_size=4,
                              organiser_key=KEY))
    s.set_table_code(uow(), other, "tarot42", organiser=ORGANISER)
    assert _stored_hash(database, other) != stored  # a salt of its own
    assert s.game_is_protected(uow(), game)
    assert s.get_sheet(uow(), game).protected
    assert [g.protected for g in s.list_games(uow())] == [True, True]


def test_the_right_code_is_accepted_whatever_its_case_and_spaces(uow: UoW, game: int) -> None:
    s.set_table_code(uow(), game, "Tarot42", organiser=ORGANISER)
    assert s.check_table_code(uow(), game, "TAROT42")
    assert s.check_table_code(uow(), game, " tarot42 ")
    assert not s.check_table_code(uow(), game, "tarot43")
    assert not s.check_table_code(uow(), game, None)
    assert not s.check_table_code(uow(), game, "é!")


# Every write of the sheet, called with a code (None: none given).
WRITES: dict[str, Callable[[UoW, int, int, str | None], object]] = {
    "record_deal": lambda u, g, d, c: s.record_deal(u(), g, {**GARDE, "taker": "Bruno"},
                                                    code=c),
    "record_redeal": lambda u, g, d, c: s.record_redeal(u(), g, "passed", code=c),
    "edit_deal": lambda u, g, d, c: s.edit_deal(u(), g, d, {**GARDE, "points": 60}, code=c),
    "delete_deal": lambda u, g, d, c: s.delete_deal(u(), g, d, code=c),
    "undo": lambda u, g, d, c: s.undo(u(), g, code=c),
    "redo": lambda u, g, d, c: s.redo(u(), g, code=c),
    "change_rules": lambda u, g, d, c: s.change_rules(u(), g, {"base": 30}, code=c),
}


@pytest.mark.parametrize("write", sorted(WRITES))
def test_every_write_of_a_protected_game_is_refused_without_the_code_and_changes_nothing(
        uow: UoW, game: int, write: str) -> None:
    s.set_table_code(uow(), game, "1234", organiser=ORGANISER)
    s.undo(uow(), game, code="1234")
    s.redo(uow(), game, code="1234")
    before = s.get_sheet(uow(), game)
    deal = before.deals[0].id
    for wrong in (None, "9999", "bad code!"):
        with pytest.raises(EditForbidden) as caught:
            WRITES[write](uow, game, deal, wrong)
        assert caught.value.field == "code"
    after = s.get_sheet(uow(), game)
    assert after == before
    assert s.check_table_code(uow(), game, "1234")


@pytest.mark.parametrize("write", sorted(WRITES))
def test_every_write_of_a_protected_game_goes_through_with_the_code(
        uow: UoW, game: int, write: str) -> None:
    s.set_table_code(uow(), game, "1234", organiser=ORGANISER)
    s.record_redeal(uow(), game, "passed", code="1234")
    s.undo(uow(), game, code="1234")  # something to undo and something to redo
    deal = s.get_sheet(uow(), game).deals[0].id
    revision = s.get_sheet(uow(), game).revision
    WRITES[write](uow, game, deal, "1234")
    assert s.get_sheet(uow(), game).revision > revision


def test_the_refusal_says_what_to_do_in_french_and_english(uow: UoW, game: int) -> None:
    s.set_table_code(uow(), game, "1234", organiser=ORGANISER)
    with pytest.raises(EditForbidden) as caught:
        s.record_redeal(uow(), game, "passed")
    assert caught.value.to_dict("fr") == {"error": {
        "field": "code",
        "message": "Cette partie est protégée par un code de table : saisissez-le pour "
                   "modifier."}}
    assert caught.value.message("en") == ("This game is protected by a table code: enter it "
                                          "to make changes.")


def test_a_protected_finished_game_asks_for_the_code_before_saying_it_is_finished(
        uow: UoW, game: int) -> None:
    s.finish_game(uow(), game, organiser=ORGANISER)
    s.set_table_code(uow(), game, "1234", organiser=ORGANISER)
    with pytest.raises(EditForbidden):
        s.record_redeal(uow(), game, "passed")
    with pytest.raises(s.GameFinished):
        s.record_redeal(uow(), game, "passed", code="1234")


def test_setting_changing_or_removing_the_code_needs_the_organiser_not_the_code(
        uow: UoW, game: int) -> None:
    with pytest.raises(s.OrganiserOnly) as caught:
        s.set_table_code(uow(), game, "AAAA")  # the takeover of an unprotected game
    assert caught.value.field == "organiser_key"
    assert not s.game_is_protected(uow(), game)
    s.set_table_code(uow(), game, "AAAA", organiser=ORGANISER)
    for who in (None, s.Organiser("AAAA"), s.Organiser("une-autre-cle")):
        with pytest.raises(s.OrganiserOnly):
            s.set_table_code(uow(), game, "BBBB", organiser=who)
        with pytest.raises(s.OrganiserOnly):
            s.set_table_code(uow(), game, None, organiser=who)
    assert s.check_table_code(uow(), game, "AAAA")
    s.set_table_code(uow(), game, "BBBB", organiser=ORGANISER)
    assert not s.check_table_code(uow(), game, "AAAA")
    assert s.check_table_code(uow(), game, "BBBB")
    s.set_table_code(uow(), game, None, organiser=ORGANISER)
    assert not s.game_is_protected(uow(), game)
    s.record_redeal(uow(), game, "passed")


@pytest.mark.parametrize("bad", ["abc", "abcdefghijklm", "ab cd", "café", "12-34", "", 1234])
def test_a_malformed_code_is_refused_with_what_is_allowed(uow: UoW, game: int,
                                                          bad: object) -> None:
    with pytest.raises(ServiceError) as caught:
        s.set_table_code(uow(), game, bad, organiser=ORGANISER)  # type: ignore[arg-type]
    assert caught.value.field == "code"
    assert "4 à 12 caractères" in caught.value.message("fr")
    assert "4 to 12 characters" in caught.value.message("en")
    assert not s.game_is_protected(uow(), game)


def test_removing_a_code_that_is_not_set_changes_nothing(uow: UoW, game: int) -> None:
    revision = s.get_sheet(uow(), game).revision
    s.set_table_code(uow(), game, None, organiser=ORGANISER)
    assert s.get_sheet(uow(), game).revision == revision
    assert not s.game_is_protected(uow(), game)


def test_a_code_on_a_missing_game_says_the_game_is_missing(uow: UoW) -> None:
    with pytest.raises(s.GameNotFound):
        s.set_table_code(uow(), 999, "1234", organiser=s.OPERATOR)
    with pytest.raises(s.GameNotFound):
        s.check_table_code(uow(), 999, "1234")
    with pytest.raises(s.GameNotFound):
        s.game_is_protected(uow(), 999)


def test_games_from_before_the_table_code_are_unprotected_and_the_migration_goes_back(
        db_url: str) -> None:
    engine = create_db_engine(db_url)
    upgrade(engine, "0002")
    engine.dispose()
    db = open_database(db_url, migrate=False)
    with db.engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO game (name, status, deal_size, first_dealer, rules_json, "
            "created_at, updated_at) VALUES ('Avant', 'in_progress', 3, 0, '{}', "
            "'2026-11-29 19:15:00', '2026-11-29 19:15:00')"))
    db.dispose()
    db = open_database(db_url)
    [summary] = s.list_games(db.uow())
    assert (summary.protected, summary.revision) == (False, 0)
    s.rename_game(db.uow(), summary.id, "Après")  # editable without a code, as before
    s.set_table_code(db.uow(), summary.id, "1234", organiser=s.OPERATOR)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with db.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0002")  # through 0004 and 0003
    columns = {c["name"] for c in inspect(db.engine).get_columns("game")}
    assert "code_hash" not in columns and "revision" not in columns
    db.dispose()
