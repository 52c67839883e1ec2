"""A phone's backup (FORMAT.md §7): every game in one file, taken all or nothing by
`scorepad import` and by the phone itself, each game once however often it is taken."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from scorepad import services as s
from scorepad.cli import main
from scorepad.storage import open_database
from tests.factories import FOUR

GARDE = {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 37}
PRISE = {"taker": "André", "contract": "prise", "bouts": 1, "points": 58}


def _phone(uow: Callable[[], Any]) -> tuple[int, int]:
    """A phone's two games: one of two deals, one of one."""
    first = s.create_game(uow(), name="Au jardin", seats=list(FOUR), deal_size=4)
    s.record_deal(uow(), first, PRISE)
    s.record_deal(uow(), first, GARDE)
    second = s.create_game(uow(), name="Chez Bruno", seats=list(FOUR), deal_size=4)
    s.record_deal(uow(), second, GARDE)
    return first, second


def _totals(uow: Callable[[], Any]) -> dict[str, dict[str, int]]:
    return {g.name: dict(s.get_sheet(uow(), g.id).totals) for g in s.list_games(uow())}


@pytest.fixture
def phone(tmp_path: Path) -> Any:
    db = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    yield db
    db.dispose()


@pytest.fixture
def laptop(tmp_path: Path) -> Any:
    db = open_database(f"sqlite:///{tmp_path / 'laptop.db'}")
    yield db
    db.dispose()


def test_a_backup_holds_every_game_of_the_phone_as_game_exports(phone: Any) -> None:
    _phone(phone.uow)
    doc = json.loads(s.export_backup(phone.uow()))
    assert doc["format"] == "scorepad-backup" and doc["version"] == 1
    assert [g["name"] for g in doc["games"]] == ["Au jardin", "Chez Bruno"]
    assert all(g["format"] == "scorepad-game" for g in doc["games"])
    assert [len(g["deals"]) for g in doc["games"]] == [2, 1]


def test_a_backup_taken_twice_adds_each_game_once(phone: Any, laptop: Any) -> None:
    _phone(phone.uow)
    backup = s.export_backup(phone.uow())
    assert s.import_backup(laptop.uow(), backup) == s.BackupReport(2, 0, 0)
    assert s.import_backup(laptop.uow(), backup) == s.BackupReport(0, 0, 2)
    assert _totals(laptop.uow) == _totals(phone.uow)
    assert len(s.list_games(laptop.uow())) == 2


def test_deals_played_since_the_last_backup_are_added_to_the_same_game(
        phone: Any, laptop: Any) -> None:
    first, _ = _phone(phone.uow)
    s.import_backup(laptop.uow(), s.export_backup(phone.uow()))
    s.record_deal(phone.uow(), first, PRISE)
    assert s.import_backup(laptop.uow(), s.export_backup(phone.uow())) == \
        s.BackupReport(0, 1, 1)
    assert _totals(laptop.uow) == _totals(phone.uow)
    [game] = [g for g in s.list_games(laptop.uow()) if g.name == "Au jardin"]
    assert len(s.get_sheet(laptop.uow(), game.id).deals) == 3


def test_a_game_changed_on_both_sides_refuses_the_whole_backup_naming_it(
        phone: Any, laptop: Any) -> None:
    first, second = _phone(phone.uow)
    s.import_backup(laptop.uow(), s.export_backup(phone.uow()))
    [copy] = [g for g in s.list_games(laptop.uow()) if g.name == "Au jardin"]
    s.record_deal(laptop.uow(), copy.id, GARDE)        # played on the laptop...
    s.record_deal(phone.uow(), first, PRISE)           # ...and differently on the phone
    s.record_deal(phone.uow(), second, PRISE)          # another game with a new deal
    before = _totals(laptop.uow)
    with pytest.raises(s.ImportRefused) as refused:
        s.import_backup(laptop.uow(), s.export_backup(phone.uow()))
    message = refused.value.message("fr")
    assert "Au jardin" in message and "donne 3" in message and "rien n'est importé" in message
    assert _totals(laptop.uow) == before  # not even the other game's new deal


def test_a_damaged_game_in_a_backup_names_its_place_and_writes_nothing(
        phone: Any, laptop: Any) -> None:
    _phone(phone.uow)
    doc = json.loads(s.export_backup(phone.uow()))
    doc["games"][1]["deals"][0]["scores"]["Bruno"] = 999
    with pytest.raises(s.ImportRefused) as refused:
        s.import_backup(laptop.uow(), json.dumps(doc).encode())
    assert "partie 2 de la sauvegarde (« Chez Bruno »)" in refused.value.message("fr")
    assert s.list_games(laptop.uow()) == []


def test_a_file_that_is_no_backup_is_said_so(laptop: Any) -> None:
    with pytest.raises(s.ImportRefused) as refused:
        s.import_backup(laptop.uow(), b'{"format": "scorepad-game"}')
    assert "n'est pas une sauvegarde scorepad" in refused.value.message("fr")
    assert "is not a scorepad backup" in refused.value.message("en")


def test_scorepad_import_takes_a_backup_all_at_once_and_says_what_it_added(
        phone: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _phone(phone.uow)
    path = tmp_path / "sauvegarde.json"
    path.write_bytes(s.export_backup(phone.uow()))
    url = f"sqlite:///{tmp_path / 'club.db'}"
    assert main(["--db", url, "import", str(path)]) == 0
    assert "ajoutées 2, complétées 0, déjà là 0" in capsys.readouterr().out
    assert main(["--db", url, "import", str(path)]) == 0
    assert "ajoutées 0, complétées 0, déjà là 2" in capsys.readouterr().out


def test_restored_games_keep_the_days_they_were_played_not_the_restore_s(
        phone: Any, laptop: Any) -> None:
    _phone(phone.uow)
    doc = json.loads(s.export_backup(phone.uow()))
    # A backup made long ago: the games' start and last play, as the file says them.
    doc["games"][0]["created_at"] = "2024-03-08T20:30:00+01:00"
    doc["games"][0]["updated_at"] = "2024-03-08T23:45:00+01:00"
    doc["games"][1]["created_at"] = "2024-05-17T20:00:00+02:00"
    del doc["games"][1]["updated_at"]   # a file of an earlier version: its start then
    s.import_backup(laptop.uow(), json.dumps(doc).encode())
    shown = {g.name: g.updated_at.isoformat() for g in s.list_games(laptop.uow())}
    assert shown == {"Au jardin": "2024-03-08T22:45:00+00:00",
                     "Chez Bruno": "2024-05-17T18:00:00+00:00"}
    # Its deals are of that day too: none of them counts as played since a backup.
    assert s.count_deals_since(laptop.uow(), datetime(2024, 6, 1, tzinfo=UTC)) == 0
    assert s.count_deals_since(laptop.uow(), None) == 3
    # And a backup of the restored phone says the same days.
    again = json.loads(s.export_backup(laptop.uow()))
    assert [g.get("updated_at") for g in again["games"]] == [
        "2024-03-08T22:45:00+00:00", "2024-05-17T18:00:00+00:00"]


def test_deals_recorded_since_the_last_backup_are_counted(phone: Any) -> None:
    first, second = _phone(phone.uow)
    backup = datetime.now(UTC)
    assert s.count_deals_since(phone.uow(), backup) == 0
    s.record_deal(phone.uow(), first, PRISE)
    s.record_deal(phone.uow(), second, PRISE)
    assert s.count_deals_since(phone.uow(), backup) == 2
    s.delete_game(phone.uow(), second)  # a game in the bin is not in a backup
    assert s.count_deals_since(phone.uow(), backup) == 1
    assert s.count_deals_since(phone.uow(), None) == 3


def test_a_restore_says_how_far_it_is_and_writes_nothing_if_left_half_way(
        phone: Any, laptop: Any) -> None:
    _phone(phone.uow)
    backup = s.export_backup(phone.uow())
    steps = s.import_backup_steps(laptop.uow(), backup)
    assert next(steps) == s.Progress(1, 2)
    steps.close()                                # the phone closed half-way
    assert s.list_games(laptop.uow()) == []
    steps = s.import_backup_steps(laptop.uow(), backup)
    assert [next(steps), next(steps)] == [s.Progress(1, 2), s.Progress(2, 2)]
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert done.value.value == s.BackupReport(2, 0, 0)
    assert len(done.value.value.games) == 2
    assert len(s.list_games(laptop.uow())) == 2


def test_a_game_imported_twice_in_the_app_is_there_once(phone: Any, laptop: Any) -> None:
    first, _ = _phone(phone.uow)
    data = s.export_game(phone.uow(), first, "json")
    made = s.import_game_once(laptop.uow(), data)
    assert made == s.BackupReport(1, 0, 0)
    again = s.import_game_once(laptop.uow(), data)
    assert again == s.BackupReport(0, 0, 1) and again.games == made.games
    s.record_deal(phone.uow(), first, PRISE)      # played on since: its new deal added
    later = s.import_game_once(laptop.uow(), s.export_game(phone.uow(), first, "json"))
    assert later == s.BackupReport(0, 1, 0)
    assert [g.name for g in s.list_games(laptop.uow())] == ["Au jardin"]
    assert len(s.get_sheet(laptop.uow(), made.games[0]).deals) == 3
