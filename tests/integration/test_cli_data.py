"""The data commands of the CLI (FORMAT.md §4): games, export, import, with --db."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad import services as s
from scorepad.cli import main
from scorepad.storage import open_database
from tests.factories import FOUR


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    db = open_database(url)
    game = s.create_game(db.uow(), name="Mardi", seats=FOUR, deal_size=4)
    s.record_deal(db.uow(), game, {"taker": "Bruno", "contract": "garde", "bouts": 2,
                                   "points": 37})
    db.dispose()
    return url


def test_games_json_lists_id_name_seats_deals_and_totals(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", url, "games", "--json"]) == 0
    [game] = json.loads(capsys.readouterr().out)
    assert {k: game[k] for k in ("id", "name", "seats", "deals", "totals")} == {
        "id": 1, "name": "Mardi", "seats": list(FOUR), "deals": 1,
        "totals": {"André": 58, "Bruno": -174, "Cécile": 58, "Didier": 58}}


def test_the_database_comes_from_the_environment_too(
        url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREPAD_DATABASE_URL", url)
    assert main(["games"]) == 0
    assert "Mardi" in capsys.readouterr().out


def test_export_then_import_into_another_database_gives_the_same_file(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    other = f"sqlite:///{tmp_path / 'other.db'}"
    assert main(["export", "1", "--format", "json", "-o", str(first), "--db", url]) == 0
    assert main(["--db", other, "import", str(first)]) == 0
    new_id = int(capsys.readouterr().out.strip())
    assert main(["--db", other, "export", str(new_id), "--format", "json",
                 "-o", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("argv", [
    ["export", "42", "--format", "csv"],
    ["import", "/nonexistent/game.json"],
    ["export", "1", "--format", "pdf", "-o", "/nonexistent/dir/x.pdf"],
])
def test_bad_input_exits_2_with_a_clear_message(
        url: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", url, *argv]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["field"] and error["message"]


def test_a_refused_import_exits_2_and_writes_nothing(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "scorepad-game", "version": 1}', encoding="utf-8")
    assert main(["--db", url, "import", str(bad)]) == 2
    assert "Import refusé" in json.loads(capsys.readouterr().out)["error"]["message"]
    assert main(["--db", url, "games", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1


def test_an_unusable_database_url_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", "nonsense://", "games"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "db"
