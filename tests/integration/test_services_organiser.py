"""The organiser and the bin on a real database (SQLite and PostgreSQL): only the
organiser's key rules the code, the name, the status and the bin; the role moves by a
one-time link; a deleted game waits 30 days in the bin; a refused request writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlmodel import SQLModel

from scorepad import services as s
from scorepad.domain import InvalidDeal
from scorepad.services.base.common import now
from tests.factories import FOUR

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
UoW = Callable[[], Any]


@pytest.fixture
def made(uow: UoW) -> s.NewGame:
    game = s.new_game(uow(), name="Mardi", seats=FOUR)
    s.record_deal(uow(), game.id, GARDE)
    return game


def _counts(database: Any) -> dict[str, int]:
    with database.engine.connect() as conn:
        return {name: int(conn.execute(select(func.count()).select_from(table)).scalar_one())
                for name, table in SQLModel.metadata.tables.items()}


def _snapshot(database: Any, game_id: int) -> tuple[object, ...]:
    with database.engine.connect() as conn:
        row = conn.execute(text(
            "SELECT name, status, revision, code_hash, organiser_hash, deleted_at "
            "FROM game WHERE id = :id"), {"id": game_id}).one()
    return (tuple(row), _counts(database))


# Every organiser's action, called as `who` (None: nobody).
ACTIONS: dict[str, Callable[[UoW, int, s.Organiser | None], object]] = {
    "set_code": lambda u, g, w: s.set_table_code(u(), g, "TAROT42", organiser=w),
    "rename": lambda u, g, w: s.rename_game(u(), g, "Autre nom", organiser=w),
    "finish": lambda u, g, w: s.finish_game(u(), g, organiser=w),
    "reopen": lambda u, g, w: s.reopen_game(u(), g, organiser=w),
    "to_bin": lambda u, g, w: s.delete_game(u(), g, organiser=w),
    "handover": lambda u, g, w: s.start_handover(u(), g, organiser=w),
}


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_an_organisers_action_without_the_key_is_refused_and_writes_nothing(
        uow: UoW, database: Any, made: s.NewGame, action: str) -> None:
    before = _snapshot(database, made.id)
    for who in (None, s.Organiser(None), s.Organiser("devine"), s.Organiser("x" * 500)):
        with pytest.raises(s.OrganiserOnly) as caught:
            ACTIONS[action](uow, made.id, who)
        assert caught.value.field == "organiser_key"
    assert _snapshot(database, made.id) == before
    assert "organisateur" in caught.value.message("fr")
    assert "organiser" in caught.value.message("en")


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_the_organisers_key_and_the_operator_may_do_each_action(
        uow: UoW, made: s.NewGame, action: str) -> None:
    for who in (s.Organiser(made.organiser_key), s.OPERATOR):
        if action == "reopen":
            s.finish_game(uow(), made.id, organiser=who)
        revision = s.get_sheet(uow(), made.id).revision
        ACTIONS[action](uow, made.id, who)
        if action == "to_bin":
            assert made.id not in [g.id for g in s.list_games(uow())]
            s.restore_game(uow(), made.id)
        assert s.get_sheet(uow(), made.id).revision > revision


def test_the_table_code_is_not_the_organisers_key(uow: UoW, made: s.NewGame) -> None:
    s.set_table_code(uow(), made.id, "TAROT42", organiser=s.Organiser(made.organiser_key))
    s.record_redeal(uow(), made.id, "passed", code="TAROT42")  # the code writes deals
    with pytest.raises(s.OrganiserOnly):
        s.set_table_code(uow(), made.id, None, organiser=s.Organiser("TAROT42"))
    with pytest.raises(s.OrganiserOnly):
        s.delete_game(uow(), made.id, organiser=s.Organiser("TAROT42"))
    assert s.game_is_protected(uow(), made.id)


def test_only_the_hash_of_the_organisers_key_is_stored(database: Any, made: s.NewGame
                                                       ) -> None:
    with database.engine.connect() as conn:
        stored = conn.execute(text("SELECT organiser_hash FROM game WHERE id = :id"),
                              {"id": made.id}).scalar_one()
    assert stored.startswith("sha256$") and made.organiser_key not in stored
    assert len(made.organiser_key) >= 40
    assert s.check_organiser(database.uow(), made.id, made.organiser_key)
    assert not s.check_organiser(database.uow(), made.id, None)


def test_a_hand_over_link_moves_the_role_once(uow: UoW, database: Any,
                                            made: s.NewGame) -> None:
    link = s.start_handover(uow(), made.id, organiser=s.Organiser(made.organiser_key))
    assert link.path == f"/organiser/{link.token}"
    assert timedelta(minutes=9) < link.expires_at - now() <= timedelta(minutes=10)
    with database.engine.connect() as conn:
        stored = conn.execute(text("SELECT token_hash FROM organiser_handover")).scalar_one()
    assert link.token not in stored
    claimed = s.claim_handover(uow(), link.token)
    assert claimed.id == made.id and claimed.organiser_key != made.organiser_key
    assert s.check_organiser(uow(), made.id, claimed.organiser_key)
    assert not s.check_organiser(uow(), made.id, made.organiser_key)  # moved, not shared
    with pytest.raises(s.OrganiserOnly):
        s.rename_game(uow(), made.id, "Vol", organiser=s.Organiser(made.organiser_key))
    before = _snapshot(database, made.id)
    with pytest.raises(s.HandoverInvalid) as caught:
        s.claim_handover(uow(), link.token)  # single use
    assert caught.value.field == "token" and "10 minutes" in caught.value.message("fr")
    assert _snapshot(database, made.id) == before


def test_a_hand_over_link_expires_after_ten_minutes(uow: UoW, database: Any,
                                                  made: s.NewGame) -> None:
    link = s.start_handover(uow(), made.id, organiser=s.OPERATOR)
    before = _snapshot(database, made.id)
    with pytest.raises(s.HandoverInvalid):
        s.claim_handover(uow(), link.token, at=link.expires_at + timedelta(seconds=1))
    assert _snapshot(database, made.id) == before
    assert s.claim_handover(uow(), link.token, at=link.expires_at - timedelta(seconds=1)
                            ).id == made.id


def test_a_new_link_or_a_claim_ends_the_other_links(uow: UoW, made: s.NewGame) -> None:
    first = s.start_handover(uow(), made.id, organiser=s.OPERATOR)
    second = s.start_handover(uow(), made.id, organiser=s.OPERATOR)
    s.claim_handover(uow(), second.token)
    with pytest.raises(s.HandoverInvalid):
        s.claim_handover(uow(), first.token)
    for bad in ("", "court", "x" * 300, "pas-un-jeton-valable"):
        with pytest.raises(s.HandoverInvalid):
            s.claim_handover(uow(), bad)


def test_a_game_from_before_organisers_stays_open_without_a_code_until_claimed(
        uow: UoW, database: Any) -> None:
    legacy = int(s.create_game(uow(), name="Avant", seats=FOUR, deal_size=4))
    s.rename_game(uow(), legacy, "Toujours ouverte")  # as before: anybody, no code
    s.finish_game(uow(), legacy)
    s.reopen_game(uow(), legacy)
    before = _snapshot(database, legacy)
    for strict in ("set_code", "handover"):
        with pytest.raises(s.NoOrganiser) as caught:
            ACTIONS[strict](uow, legacy, s.Organiser("n-importe-quoi"))
    assert f"scorepad organiser {legacy}" in caught.value.message("fr")
    assert _snapshot(database, legacy) == before
    link = s.start_handover(uow(), legacy, organiser=s.OPERATOR)
    key = s.claim_handover(uow(), link.token).organiser_key
    with pytest.raises(s.OrganiserOnly):
        s.rename_game(uow(), legacy, "Prise")
    s.set_table_code(uow(), legacy, "TAROT42", organiser=s.Organiser(key))


def test_a_game_from_before_organisers_with_a_code_waits_for_the_operator(
        uow: UoW, database: Any) -> None:
    legacy = int(s.create_game(uow(), name="Avant", seats=FOUR, deal_size=4))
    s.set_table_code(uow(), legacy, "TAROT42", organiser=s.OPERATOR)
    before = _snapshot(database, legacy)
    for action in sorted(ACTIONS):
        with pytest.raises(s.NoOrganiser):
            ACTIONS[action](uow, legacy, s.Organiser("TAROT42"))
    assert _snapshot(database, legacy) == before
    s.record_redeal(uow(), legacy, "passed", code="TAROT42")  # deals: the code, as before


def test_a_binned_game_leaves_every_read_and_write_until_restored(
        uow: UoW, made: s.NewGame) -> None:
    other = s.new_game(uow(), name="Jeudi", seats=FOUR)
    s.record_deal(uow(), other.id, {**GARDE, "taker": "Bruno"})
    sheet = s.get_sheet(uow(), made.id)
    s.delete_game(uow(), made.id, organiser=s.Organiser(made.organiser_key))
    assert [g.id for g in s.list_games(uow())] == [other.id]
    assert [p.games for p in s.all_statistics(uow())] == [1, 1, 1, 1]
    for read in (s.get_sheet, s.totals, s.next_deal, s.game_record, s.game_is_protected):
        with pytest.raises(s.GameNotFound):
            read(uow(), made.id)
    for write in (lambda: s.record_redeal(uow(), made.id, "passed"),
                  lambda: s.undo(uow(), made.id),
                  lambda: s.change_rules(uow(), made.id, {"base": 30}),
                  lambda: s.delete_game(uow(), made.id, organiser=s.OPERATOR)):
        with pytest.raises(s.GameNotFound):
            write()
    [binned] = s.list_bin(uow())
    assert (binned.id, binned.name, binned.days_left) == (made.id, "Mardi", 30)
    s.restore_game(uow(), made.id)
    restored = s.get_sheet(uow(), made.id)
    assert (restored.totals, restored.deals) == (sheet.totals, sheet.deals)
    assert s.list_bin(uow()) == []
    with pytest.raises(s.NotInBin):
        s.restore_game(uow(), made.id)


def test_only_the_organiser_or_the_operator_deletes_for_good(
        uow: UoW, database: Any, made: s.NewGame) -> None:
    s.delete_game(uow(), made.id, organiser=s.Organiser(made.organiser_key))
    before = _counts(database)
    for who in (None, s.Organiser("devine")):
        with pytest.raises(s.OrganiserOnly):
            s.purge_game(uow(), made.id, organiser=who)
    assert _counts(database) == before
    s.purge_game(uow(), made.id, organiser=s.Organiser(made.organiser_key))
    after = _counts(database)
    assert (after["game"], after["deal"], after["deal_score"]) == (0, 0, 0)
    with pytest.raises(s.NotInBin):
        s.restore_game(uow(), made.id)


def test_the_bin_is_purged_after_thirty_days_and_emptied_by_the_operator(
        uow: UoW, made: s.NewGame) -> None:
    other = s.new_game(uow(), name="Jeudi", seats=FOUR)
    kept = s.new_game(uow(), name="Gardée", seats=FOUR)
    s.delete_game(uow(), made.id, organiser=s.OPERATOR)
    s.delete_game(uow(), other.id, organiser=s.OPERATOR)
    assert s.purge_expired(uow(), at=now() + timedelta(days=29)) == []
    assert len(s.list_bin(uow())) == 2
    assert sorted(s.purge_expired(uow(), at=now() + timedelta(days=30, seconds=1))) == sorted(
        [made.id, other.id])
    assert s.list_bin(uow()) == []
    s.delete_game(uow(), kept.id, organiser=s.OPERATOR)
    assert s.empty_bin(uow()) == [kept.id]
    assert s.list_games(uow()) == []


def test_a_new_game_from_a_description_refuses_unknown_keys_and_strangers_at_the_table(
        uow: UoW, database: Any) -> None:
    before = _counts(database)
    cases = [({"name": "X", "seats": list(FOUR), "deal_sise": 4}, "deal_sise"),
             ({"seats": list(FOUR)}, "name"),
             ({"name": "X", "seats": list(FOUR), "dealer": "Zoé"}, "dealer"),
             ({"name": "X", "seats": "André"}, "seats"),
             ({"name": "X", "seats": list(FOUR), "rules": [1]}, "rules"),
             ({"name": "X", "seats": list(FOUR), "rules": {"base": -3}}, "rules.base")]
    for data, field in cases:
        with pytest.raises((s.ServiceError, InvalidDeal)) as caught:
            s.new_game_from_dict(uow(), data)
        assert caught.value.field.startswith(field.split(".")[0]), (data, caught.value.field)
    assert _counts(database) == before
    made = s.new_game_from_dict(uow(), {"name": "Six", "seats": [*FOUR, "Élodie", "Fanny"],
                                        "dealer": "Cécile", "rules": {"base": 30}})
    sheet = s.get_sheet(uow(), made.id)
    assert (sheet.deal_size, sheet.first_dealer, sheet.rules.base) == (5, 2, 30)
    assert sheet.organised and sheet.next.dealer == "Cécile"
