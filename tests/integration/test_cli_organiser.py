"""The operator's commands (FORMAT.md §4): new, code, organiser, bin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad import services as s
from scorepad.cli import main
from scorepad.storage import open_database
from tests.factories import FOUR

PLAYERS = ",".join(FOUR)  # as --players takes them


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


def _new(url: str, capsys: pytest.CaptureFixture[str], *extra: str) -> int:
    assert main(["--db", url, "new", "Mardi", "--players", PLAYERS, *extra]) == 0
    return int(capsys.readouterr().out)


def test_new_creates_a_game_only_the_operator_runs_and_says_how_to_name_its_organiser(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text('{"base": 30}')
    assert main(["--db", url, "new", "Mardi", "--players", PLAYERS, "--dealer", "Cécile",
                 "--rules", str(rules)]) == 0
    out = capsys.readouterr()
    game = int(out.out)
    assert f"scorepad organiser {game}" in out.err
    assert "seule cette ligne de commande peut la renommer, la terminer" in out.err
    db = open_database(url)
    sheet = s.get_sheet(db.uow(), game)
    assert (sheet.name, sheet.seats, sheet.deal_size) == ("Mardi", FOUR, 4)
    assert (sheet.next.dealer, sheet.rules.base) == ("Cécile", 30)
    assert (sheet.organised, sheet.open_to_all) == (False, False)
    with pytest.raises(s.NoOrganiser):  # nobody on the network may take it
        s.set_table_code(db.uow(), game, "1234")
    db.dispose()


@pytest.mark.parametrize("made_by", ["new", "import"])
def test_a_stranger_can_neither_rename_finish_nor_bin_a_game_made_by_the_command_line(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], made_by: str) -> None:
    game = _new(url, capsys)
    if made_by == "import":
        exported = tmp_path / "game.json"
        assert main(["--db", url, "export", str(game), "--format", "json",
                     "-o", str(exported)]) == 0
        assert main(["--db", url, "import", str(exported)]) == 0
        out = capsys.readouterr()
        game = int(out.out)
        assert f"scorepad organiser {game}" in out.err
    db = open_database(url)
    stranger = s.Organiser("a key guessed on the Wi-Fi")
    for who in (None, stranger):
        with pytest.raises(s.NoOrganiser):
            s.rename_game(db.uow(), game, "Pris", organiser=who)
        with pytest.raises(s.NoOrganiser):
            s.finish_game(db.uow(), game, organiser=who)
        with pytest.raises(s.NoOrganiser):
            s.delete_game(db.uow(), game, organiser=who)
    sheet = s.get_sheet(db.uow(), game)
    assert (sheet.name, sheet.status.value) == ("Mardi", "in_progress")
    s.rename_game(db.uow(), game, "Mardi soir", organiser=s.OPERATOR)  # the operator may
    assert s.get_sheet(db.uow(), game).name == "Mardi soir"
    db.dispose()


@pytest.mark.parametrize(("args", "field"), [
    (["--players", "A,B"], "seats"),
    (["--players", PLAYERS, "--dealer", "Zoé"], "dealer"),
    (["--players", PLAYERS, "--deal-size", "6"], "deal_size"),
    (["--players", PLAYERS, "--rules", "/nowhere/rules.json"], "rules"),
])
def test_a_bad_new_game_exits_2_with_format_3_and_creates_nothing(
        url: str, capsys: pytest.CaptureFixture[str], args: list[str], field: str) -> None:
    assert main(["--db", url, "new", "X", *args]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == field
    assert main(["--db", url, "games", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_code_sets_shows_and_removes_the_table_code_without_any_key(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = _new(url, capsys)
    assert main(["--db", url, "code", str(game), "--set", "Tarot42"]) == 0
    assert "enregistré" in capsys.readouterr().out
    db = open_database(url)
    assert s.check_table_code(db.uow(), game, "TAROT42")
    assert main(["--db", url, "code", str(game)]) == 0
    assert "protégée" in capsys.readouterr().out
    assert main(["--db", url, "code", str(game), "--set", "ab"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "code"
    assert main(["--db", url, "code", str(game), "--remove"]) == 0
    assert "retiré" in capsys.readouterr().out
    assert not s.game_is_protected(db.uow(), game)
    assert main(["--db", url, "code", "99", "--remove"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "game"
    db.dispose()


def test_organiser_prints_a_one_time_link_whose_token_makes_a_phone_organiser(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = _new(url, capsys)
    assert main(["--db", url, "organiser", str(game), "--no-qr"]) == 0
    out = capsys.readouterr().out
    token = out.split("Jeton : ")[1].strip()
    assert f"/organiser/{token}" in out and "10 minutes" in out
    db = open_database(url)
    key = s.claim_handover(db.uow(), token).organiser_key
    s.set_table_code(db.uow(), game, "1234", organiser=s.Organiser(key))
    with pytest.raises(s.HandoverInvalid):
        s.claim_handover(db.uow(), token)
    db.dispose()


def test_bin_lists_restores_purges_and_empties(url: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    first, second = _new(url, capsys), _new(url, capsys)
    assert main(["--db", url, "bin"]) == 0
    assert "vide" in capsys.readouterr().out
    db = open_database(url)
    for game in (first, second):
        s.delete_game(db.uow(), game, organiser=s.OPERATOR)
    assert main(["--db", url, "bin", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert sorted(g["id"] for g in listed) == [first, second]
    assert {g["days_left"] for g in listed} == {30}
    assert main(["--db", url, "bin"]) == 0
    assert "encore 30 jours" in capsys.readouterr().out
    assert main(["--db", url, "bin", "--restore", str(first)]) == 0
    assert [g.id for g in s.list_games(db.uow())] == [first]
    assert main(["--db", url, "bin", "--purge"]) == 0  # nothing older than 30 days
    assert "définitivement : 0" in capsys.readouterr().out
    assert main(["--db", url, "bin", "--empty"]) == 0
    assert "définitivement : 1" in capsys.readouterr().out
    assert s.list_bin(db.uow()) == []
    assert main(["--db", url, "bin", "--restore", str(second)]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "game"
    db.dispose()
