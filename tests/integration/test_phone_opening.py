"""A phone's start (scorepad.phone.opening), in a real Flet session on a real SQLite file,
wired as on the phone (no threads): the games list is on screen before the storage is
opened; the storage opens right after, on its own; a sheet asked for before then opens
it at once; a file to migrate opens it before the first screen."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from scorepad import services
from scorepad.phone.opening import StorageOpening
from scorepad.storage import Database, open_database
from scorepad.storage.first_read import readable
from scorepad.ui import app as app_module
from scorepad.ui import services_context as ctx
from tests.factories import FOUR
from tests.flet_session import Phone, no_browser_settings

PLAYED = {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 49}


class Storage:
    """The storage as the phone opens it: its factory, how many times it opened, and
    what `seen()` said at each opening (the phone's screen at that moment)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.opened = 0
        self.seen: Callable[[], object] = lambda: None
        self.openings: list[object] = []
        #: where each opening came from (thread and stack), for a failure's message
        self.callers: list[str] = []

    def open(self) -> ctx.UowFactory:
        self.opened += 1
        self.openings.append(self.seen())
        self.callers.append(f"in thread {threading.current_thread().name}:\n"
                            + "".join(traceback.format_stack(limit=14)))
        return self.database.uow


@pytest.fixture
def phone_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "scorepad.db"
    database = open_database(f"sqlite:///{path}")
    game = services.create_game(database.uow(), name="Mardi soir", seats=list(FOUR),
                                deal_size=4)
    services.record_deal(database.uow(), game, dict(PLAYED))
    database.dispose()

    no_browser_settings(monkeypatch)
    ctx.set_wiring(ctx.ONE_PHONE)
    yield path
    ctx.set_wiring(ctx.SERVED)


@pytest.fixture
def storage(phone_file: Path) -> Iterator[Storage]:
    database = open_database(f"sqlite:///{phone_file}", migrate=False)
    yield Storage(database)
    database.dispose()


def test_the_games_list_is_on_screen_before_the_storage_which_opens_right_after(
        phone_file: Path, storage: Storage) -> None:
    async def scenario() -> None:
        opening = StorageOpening(str(phone_file), storage.open,
                                 first_read=readable(phone_file))
        ctx.set_uow_factory(opening)
        phones: list[Phone] = []
        # At the storage's opening: was the list on the phone's screen already?
        storage.seen = lambda: bool(phones) and "Mardi soir" in phones[0].texts()
        phone = await Phone.open(app_module.main)
        phones.append(phone)
        # (the storage's own deadline, 5 s after the start without a list read, is not
        # what this tests: a loaded machine can take longer to draw the list)
        opened_later = asyncio.ensure_future(opening.open_soon(("json", "csv"),
                                                               first_screen=120))
        await phone.until(lambda: "Mardi soir" in phone.texts())
        assert "Bruno +198  ·  André −66  ·  Cécile −66  ·  Didier −66" in phone.texts()

        await opened_later
        assert storage.openings == [True], (
            "the storage opened before the list was on screen, from "
            + "\n".join(storage.callers))
        assert opening.opened
        phone.close()

    asyncio.run(scenario())


def test_a_sheet_asked_for_before_the_storage_is_open_opens_it_at_once(
        phone_file: Path, storage: Storage) -> None:
    async def scenario() -> None:
        opening = StorageOpening(str(phone_file), storage.open, first_read=True)
        ctx.set_uow_factory(opening)
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "Mardi soir" in phone.texts())
        assert storage.opened == 0

        # A tap on its tile (what the client sends once it has changed the address).
        phone.connection.page_url = "http://127.0.0.1/"
        phone.session.apply_page_patch({"route": "/games/1"})
        await phone.session.dispatch_event(phone.page._i, "route_change",
                                           {"route": "/games/1"})
        await phone.until(lambda: "total-André" in phone.identifiers())
        assert storage.opened == 1
        # The storage opened for the sheet stays the app's: the later opening does nothing.
        await opening.open_soon(("json",))
        assert storage.opened == 1
        phone.close()

    asyncio.run(scenario())


def test_a_file_to_migrate_is_opened_by_the_storage_before_the_first_screen(
        phone_file: Path, storage: Storage) -> None:
    with sqlite3.connect(phone_file) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0008'")
    connection.close()
    assert not readable(phone_file)

    opening = StorageOpening(str(phone_file), storage.open, first_read=readable(phone_file))
    assert storage.opened == 1 and opening.opened
    with opening() as uow:
        assert [g.name for g in uow.repo.list_games()] == ["Mardi soir"]


def test_the_storage_is_opened_even_when_no_first_read_comes(
        phone_file: Path, storage: Storage) -> None:
    async def scenario() -> None:
        opening = StorageOpening(str(phone_file), storage.open, first_read=True)
        await opening.open_soon(("json",), first_screen=0.05)
        assert storage.opened == 1

    asyncio.run(scenario())


def test_the_storage_waits_for_the_page_to_have_drawn_the_first_screen(
        phone_file: Path, storage: Storage) -> None:
    async def scenario() -> None:
        said: list[str] = []
        drawn = asyncio.Event()

        async def idle() -> None:
            said.append("asked")
            await drawn.wait()

        opening = StorageOpening(str(phone_file), storage.open, first_read=True)
        with opening() as uow:  # the games list's read
            uow.repo.list_games()
        later = asyncio.ensure_future(opening.open_soon(("json",), idle=idle))
        await asyncio.sleep(0.1)
        assert said == ["asked"] and storage.opened == 0
        drawn.set()
        await later
        assert storage.opened == 1

    asyncio.run(scenario())
