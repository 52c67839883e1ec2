"""Listeners of the database hear of every committed change, once, after the commit."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain import InvalidDeal
from scorepad.services import ChangeKind, GameChanged
from tests.factories import FOUR

UoW = Callable[[], Any]
GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


class Heard:
    """A listener that keeps what it hears (and checks the change is already readable)."""

    def __init__(self, database: Any) -> None:
        self.events: list[GameChanged] = []
        self.revisions_seen: list[int | None] = []
        self._database = database

    def __call__(self, event: GameChanged) -> None:
        self.events.append(event)
        if event.game_id is not None and event.kind is ChangeKind.UPDATED:
            # Outside the transaction: a fresh unit of work already sees the change.
            self.revisions_seen.append(s.get_sheet(self._database.uow(), event.game_id).revision)

    def take(self) -> list[tuple[int | None, ChangeKind]]:
        result = [(e.game_id, e.kind) for e in self.events]
        self.events.clear()
        return result


@pytest.fixture
def heard(database: Any) -> Heard:
    listener = Heard(database)
    database.subscribe(listener)
    return listener


def test_every_write_of_a_game_is_told_once_with_its_new_revision(
        uow: UoW, database: Any, heard: Heard) -> None:
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    assert heard.take() == [(game, ChangeKind.CREATED)]
    writes: list[Callable[[], object]] = [
        lambda: s.record_deal(uow(), game, GARDE),
        lambda: s.record_redeal(uow(), game, "petit_sec"),
        lambda: s.edit_deal(uow(), game, s.get_sheet(uow(), game).deals[0].id,
                            {**GARDE, "points": 70}),
        lambda: s.delete_deal(uow(), game, s.get_sheet(uow(), game).deals[1].id),
        lambda: s.undo(uow(), game),
        lambda: s.redo(uow(), game),
        lambda: s.change_rules(uow(), game, {"base": 30}),
        lambda: s.rename_game(uow(), game, "Mardi soir"),
        lambda: s.finish_game(uow(), game),
        lambda: s.reopen_game(uow(), game),
        lambda: s.set_table_code(uow(), game, "1234", organiser=s.OPERATOR),
    ]
    for write in writes:
        revision = s.get_sheet(uow(), game).revision
        write()
        [event] = heard.events
        assert (event.game_id, event.kind) == (game, ChangeKind.UPDATED)
        assert event.revision is not None and event.revision > revision
        assert heard.revisions_seen[-1] == event.revision
        heard.events.clear()
    s.delete_game(uow(), game, organiser=s.OPERATOR)
    assert heard.take() == [(game, ChangeKind.DELETED)]


def test_an_import_tells_the_games_list(uow: UoW, heard: Heard) -> None:
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    s.record_deal(uow(), game, GARDE)
    data = s.export_game(uow(), game, "json")
    heard.take()
    new = s.import_game(uow(), data)
    assert heard.take() == [(new, ChangeKind.CREATED)]


def test_a_refused_or_empty_write_tells_nothing(uow: UoW, heard: Heard) -> None:
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    s.set_table_code(uow(), game, "1234", organiser=s.OPERATOR)
    heard.take()
    with pytest.raises(InvalidDeal):
        s.record_deal(uow(), game, {**GARDE, "points": 45.5}, code="1234")
    with pytest.raises(s.EditForbidden):
        s.record_deal(uow(), game, GARDE)
    assert s.undo(uow(), game, code="1234") is None  # nothing to undo: no commit
    s.change_rules(uow(), game, {}, code="1234")  # the same rules: nothing changes
    with pytest.raises(s.GameNotFound):
        s.rename_game(uow(), 999, "x")
    assert heard.take() == []


def test_renaming_a_player_tells_every_game(uow: UoW, heard: Heard) -> None:
    mardi = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    s.create_game(uow(), name="Sans André", seats=["Bruno", "Cécile", "Didier", "Élodie"],
                  deal_size=4)
    heard.take()
    before = s.game_revision(uow(), mardi)
    s.rename_player(uow(), "André", "Andrée")
    # The game that seats the player has a new sheet (a new revision); the games list and
    # every screen naming players hear it too.
    assert heard.take() == [(mardi, ChangeKind.UPDATED), (None, ChangeKind.PLAYERS)]
    assert s.game_revision(uow(), mardi) == before + 1


def test_a_failing_listener_neither_breaks_the_write_nor_the_other_listeners(
        uow: UoW, database: Any, heard: Heard) -> None:
    def broken(_event: GameChanged) -> None:
        raise RuntimeError("listener bug")

    database.subscribe(broken)
    second = Heard(database)
    database.subscribe(second)
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    s.record_deal(uow(), game, GARDE)
    assert len(s.get_sheet(uow(), game).deals) == 1
    assert len(heard.events) == len(second.events) == 2


def test_an_unsubscribed_listener_hears_nothing_more(uow: UoW, database: Any) -> None:
    listener = Heard(database)
    unsubscribe = database.subscribe(listener)
    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    unsubscribe()
    unsubscribe()  # twice is harmless
    s.record_deal(uow(), game, GARDE)
    assert listener.take() == [(game, ChangeKind.CREATED)]


def test_concurrent_writers_are_each_told_and_revisions_never_repeat(
        uow: UoW, database: Any) -> None:
    games = [s.create_game(uow(), name=f"Table {i}", seats=FOUR, deal_size=4)
             for i in range(2)]
    events: list[GameChanged] = []
    lock = threading.Lock()

    def keep(event: GameChanged) -> None:
        with lock:
            events.append(event)

    database.subscribe(keep)

    def writer(game: int) -> None:
        for _ in range(10):
            s.record_redeal(uow(), game, "passed")

    threads = [threading.Thread(target=writer, args=(g,)) for g in games for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for game in games:
        revisions = [e.revision for e in events if e.game_id == game]
        assert len(revisions) == 20
        assert len(set(revisions)) == 20
        assert s.get_sheet(uow(), game).revision == max(r or 0 for r in revisions)


def _wait_for(predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def test_a_watching_database_hears_changes_made_by_another_process(db_url: str) -> None:
    from scorepad.storage import open_database

    server, other = open_database(db_url), open_database(db_url)
    try:
        game = s.create_game(server.uow(), name="Mardi", seats=FOUR, deal_size=4)
        events: list[GameChanged] = []
        server.subscribe(events.append)
        server.watch(interval=0.05)
        s.record_deal(other.uow(), game, GARDE)  # e.g. the command line, elsewhere
        assert _wait_for(lambda: [(e.game_id, e.kind, e.revision) for e in events]
                         == [(game, ChangeKind.UPDATED, 1)])
        imported = s.create_game(other.uow(), name="Jeudi", seats=FOUR, deal_size=4)
        assert _wait_for(lambda: (imported, ChangeKind.CREATED) in
                         [(e.game_id, e.kind) for e in events])
        s.delete_game(other.uow(), imported)
        assert _wait_for(lambda: (imported, ChangeKind.DELETED) in
                         [(e.game_id, e.kind) for e in events])
        events.clear()
        s.record_redeal(server.uow(), game, "passed")  # told once by the commit, not again
        time.sleep(0.3)
        assert [(e.game_id, e.kind) for e in events] == [(game, ChangeKind.UPDATED)]
    finally:
        server.dispose()
        other.dispose()


@pytest.mark.parametrize(
    "db_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
def test_on_postgresql_another_process_is_told_of_renames_and_refusals_tell_nothing(
        db_url: str) -> None:
    """LISTEN/NOTIFY carries a renamed player (a new revision of the games seating them,
    and the names' change for every screen), and a transaction that rolls back announces
    nothing."""
    from scorepad.storage import open_database

    server, other = open_database(db_url), open_database(db_url)
    try:
        game = s.create_game(other.uow(), name="Mardi", seats=FOUR, deal_size=4)
        s.set_table_code(other.uow(), game, "1234", organiser=s.OPERATOR)
        events: list[GameChanged] = []
        server.subscribe(events.append)
        server.watch()
        with pytest.raises(s.EditForbidden):
            s.record_deal(other.uow(), game, GARDE)  # refused: rolled back
        s.rename_player(other.uow(), "André", "Andrée")
        assert _wait_for(lambda: (None, ChangeKind.PLAYERS) in
                         [(e.game_id, e.kind) for e in events])
        s.record_deal(other.uow(), game, {**GARDE, "taker": "Bruno"}, code="1234")
        assert _wait_for(lambda: len(events) == 3)
        assert [(e.game_id, e.kind, e.revision) for e in events] == [
            (game, ChangeKind.UPDATED, 2), (None, ChangeKind.PLAYERS, None),
            (game, ChangeKind.UPDATED, 3)]
    finally:
        server.dispose()
        other.dispose()
