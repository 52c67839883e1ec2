"""The phone's first read (scorepad.storage.first_read): the games list read with plain
sqlite3 is the storage's own, record for record, on the same real SQLite file; anything
else goes on in the storage's unit of work; and only a file at the newest migration is
read that way."""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from scorepad import services
from scorepad.storage import Database, open_database
from scorepad.storage.first_read import FirstReadUnitOfWork, readable
from scorepad.storage.migrations import LATEST_MIGRATION
from tests.factories import FIVE, FOUR

PLAYED = {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 49}


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    yield opened
    opened.dispose()


def first_read(database: Database) -> FirstReadUnitOfWork:
    path = database.url.removeprefix("sqlite:///")
    return FirstReadUnitOfWork(path, then=database.uow)


def a_family_s_phone(database: Database) -> None:
    """Games of every kind the list shows: in progress and finished, with and without
    deals, in a circle, with a table code, made by the command line, five at a table of
    four, a renamed and a merged player, one in the bin."""
    uow = database.uow
    circle = services.create_circle(uow(), "Les mardis")
    tonight = services.create_game(uow(), name="Mardi soir", seats=list(FOUR), deal_size=4,
                                   circle=circle, organiser_key="clé-du-mardi")
    for _ in range(3):
        services.record_deal(uow(), tonight, dict(PLAYED))
    services.record_redeal(uow(), tonight, "passed")
    five = services.create_game(uow(), name="Réveillon", seats=list(FIVE), deal_size=4,
                                first_dealer=2, rules={"misere": True})
    services.record_deal(uow(), five, {"taker": "Bruno", "contract": "prise", "bouts": 1,
                                       "points": 47})
    services.finish_game(uow(), five)
    services.create_game(uow(), name="Sans donne", seats=list(FOUR), deal_size=4,
                         made_by_operator=True)
    coded = services.create_game(uow(), name="Au club", seats=["Gaston", *FOUR[1:]],
                                 deal_size=4, organiser_key="clé-du-club")
    services.set_table_code(uow(), coded, "TAROT5",
                            organiser=services.Organiser("clé-du-club"))
    services.record_deal(uow(), coded, dict(PLAYED), code="TAROT5")
    binned = services.create_game(uow(), name="Pour rien", seats=list(FOUR), deal_size=4)
    services.record_deal(uow(), binned, dict(PLAYED))
    services.delete_game(uow(), binned)
    services.rename_player(uow(), "Didier", "Didier L.")
    services.merge_players(uow(), "Élodie", "Gaston")


def test_the_games_list_read_first_is_the_storage_s_own(database: Database) -> None:
    a_family_s_phone(database)

    listed = services.list_games(first_read(database))

    assert listed == services.list_games(database.uow())
    assert [g.name for g in listed] == ["Au club", "Sans donne", "Mardi soir", "Réveillon"]
    assert services.list_bin(first_read(database)) == services.list_bin(database.uow())
    with first_read(database) as light, database.uow() as full:
        for read in ("list_games", "binned_games", "deal_counts", "all_totals"):
            assert getattr(light.repo, read)() == getattr(full.repo, read)(), read
        # The backup reminder's count, from the start and from each deal's moment.
        moments = sorted({d.created_at for g in full.repo.list_games()
                          for d in full.repo.list_deals(g.id)})
        for moment in [None, *moments, moments[0] - timedelta(days=1)]:
            assert light.repo.count_deals_since(moment) == \
                full.repo.count_deals_since(moment), moment


def test_the_games_list_read_first_needs_no_sqlalchemy(database: Database,
                                                       tmp_path: Path) -> None:
    a_family_s_phone(database)
    script = (
        "import sys\n"
        "from scorepad import services\n"
        "from scorepad.storage.first_read import FirstReadUnitOfWork\n"
        f"uow = FirstReadUnitOfWork({str(tmp_path / 'phone.db')!r}, then=None)\n"
        "games = services.list_games(uow)\n"
        "print(len(games), sorted(m for m in ('sqlalchemy', 'sqlmodel', 'pydantic')"
        " if m in sys.modules))\n")
    import subprocess

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split(maxsplit=1) == ["4", "[]\n"]


def test_what_the_first_read_cannot_answer_goes_on_in_the_storage(
        database: Database) -> None:
    a_family_s_phone(database)
    opened: list[str] = []

    def storage_uow() -> object:
        opened.append("storage")
        return database.uow()

    light = FirstReadUnitOfWork(database.url.removeprefix("sqlite:///"),
                                then=storage_uow)  # type: ignore[arg-type]
    services.list_games(light)
    assert opened == []

    tonight = next(g.id for g in services.list_games(database.uow()) if g.name == "Mardi soir")
    sheet = services.get_sheet(FirstReadUnitOfWork(
        database.url.removeprefix("sqlite:///"), then=storage_uow), tonight)  # type: ignore[arg-type]
    assert opened == ["storage"]
    assert sheet == services.get_sheet(database.uow(), tonight)

    # A write goes on in the storage's unit of work and is committed there.
    services.record_deal(FirstReadUnitOfWork(database.url.removeprefix("sqlite:///"),
                                             then=database.uow), tonight, dict(PLAYED))
    assert services.get_sheet(database.uow(), tonight).deals[-1].number == 5


def test_a_new_phone_reads_an_empty_list_without_making_the_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.db"
    assert readable(path)

    uow = FirstReadUnitOfWork(path, then=None)  # type: ignore[arg-type]
    assert services.list_games(uow) == []
    assert services.list_bin(uow) == []
    assert not path.exists()


def test_only_a_file_at_the_newest_migration_is_read_first(database: Database,
                                                           tmp_path: Path) -> None:
    path = database.url.removeprefix("sqlite:///")
    assert readable(path)

    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0008'")
    connection.close()
    assert not readable(path), "an older file is migrated by the storage first"

    made_elsewhere = tmp_path / "elsewhere.db"
    sqlite3.connect(made_elsewhere).close()
    assert not readable(made_elsewhere), "a file without a version table"
    not_sqlite = tmp_path / "notes.db"
    not_sqlite.write_text("pas une base")
    assert not readable(not_sqlite)
    assert LATEST_MIGRATION == "0013"


def test_a_file_whose_name_holds_uri_characters_is_read_first(database: Database,
                                                             tmp_path: Path) -> None:
    services.create_game(database.uow(), name="Mardi soir", seats=list(FOUR), deal_size=4)
    folder = tmp_path / "50% ?#"
    folder.mkdir()
    source = sqlite3.connect(database.url.removeprefix("sqlite:///"))
    copy = sqlite3.connect(folder / "phone.db")
    source.backup(copy)  # what the WAL holds too
    source.close()
    copy.close()

    assert readable(folder / "phone.db")
    listed = services.list_games(FirstReadUnitOfWork(folder / "phone.db", then=None))  # type: ignore[arg-type]
    assert [g.name for g in listed] == ["Mardi soir"]
