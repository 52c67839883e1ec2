"""`scorepad copy` moves tournaments too: their players, rounds and seats, and their
tables' games still belong to them, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from scorepad.cli.copying import copy_database
from scorepad.services import tournament as t
from scorepad.storage import open_database
from tests.integration.tournament_helpers import new_night, play_round


def _standings(uow: object, tid: int) -> list[tuple[int, str, int]]:
    lines = t.tournament_results(uow, tid).standings.lines  # type: ignore[arg-type]
    return [(line.rank, line.player, line.score) for line in lines]


def test_a_tournament_copied_to_the_club_server_keeps_its_rounds_tables_and_standings(
        tmp_path: Path, db_url: str) -> None:
    phone = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    tid, who = new_night(phone.uow, 9, rounds=2, deals_4=1, deals_5=1)
    t.draw_next_round(phone.uow(), tid, organiser=who, seed=4)
    play_round(phone.uow, tid, 1, who)
    t.close_round(phone.uow(), tid, 1, organiser=who)
    t.draw_next_round(phone.uow(), tid, organiser=who, seed=5)
    before = t.get_tournament(phone.uow(), tid)
    club = open_database(db_url)
    copy_database(phone.url, club.url)
    copy_database(phone.url, club.url)  # twice: nothing doubled
    [copied] = t.list_tournaments(club.uow())
    after = t.get_tournament(club.uow(), copied.id)
    assert (after.name, after.day, after.present) == (before.name, before.day, before.present)
    assert [(r.number, r.status, r.seed, [x.seats for x in r.tables]) for r in after.rounds] == [
        (r.number, r.status, r.seed, [x.seats for x in r.tables]) for r in before.rounds]
    assert all(x.game_id is not None for x in after.rounds[0].tables)
    assert _standings(club.uow(), copied.id) == _standings(phone.uow(), tid)
    phone.dispose()
    club.dispose()
