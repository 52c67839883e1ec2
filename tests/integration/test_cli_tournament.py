"""`scorepad tournament ...`: the operator runs a night from the server's command line,
every refusal in words with exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad import services as s
from scorepad.cli import main
from scorepad.services import tournament as t
from scorepad.storage import open_database
from tests.integration.tournament_helpers import NAMES, codes, new_night, play

PLAYERS = NAMES[:8]


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_the_operator_runs_a_night_from_new_to_standings(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "--db", url, "tournament", "new", "Open", "--rounds", "1",
                       "--deals-4", "1", "--ranking", "placement", "--minutes", "45")
    assert status == 0 and out.strip() == "1"
    status, out = _run(capsys, "tournament", "checkin", "1", *PLAYERS, "--db", url)
    assert status == 2
    assert json.loads(out)["error"]["field"] == "players"
    new = [arg for name in PLAYERS for arg in ("--new", name)]
    status, out = _run(capsys, "tournament", "checkin", "1", *PLAYERS, *new, "--db", url)
    assert status == 0 and out.startswith("Présents (8) : André, Bruno")
    status, out = _run(capsys, "tournament", "draw", "1", "--seed", "3", "--db", url)
    assert status == 0 and "Manche 1 (tirée, graine 3) : 2 tables de 4" in out
    assert out.count("  Table ") == 2
    database = open_database(url)
    drawn = t.get_tournament(database.uow(), 1).rounds[0]
    first, second = drawn.tables[0].seats[0], drawn.tables[1].seats[0]
    status, out = _run(capsys, "tournament", "swap", "1", "1", first, second, "--db", url)
    assert status == 0 and f"Table 1 : {second}" in out
    status, out = _run(capsys, "tournament", "start", "1", "1", "--db", url)
    assert status == 0 and "donne 0 sur 1" in out
    status, out = _run(capsys, "tournament", "close", "1", "1", "--db", url)
    assert status == 2 and "les tables 1 et 2 jouent encore" in json.loads(out)["error"][
        "message"]
    started = t.get_tournament(database.uow(), 1).rounds[0]
    table_codes = codes(database.uow, 1, 1, s.OPERATOR)
    play(database.uow, started.tables[0].game_id or 0, table_codes[1], 1)
    status, out = _run(capsys, "tournament", "close", "1", "1", "--force", "--db", url)
    assert status == 0
    assert out.splitlines() == ["Manche 1 close.", "Close avant la fin de la table 2.",
                                "Tournoi terminé."]
    status, out = _run(capsys, "tournament", "standings", "1", "--json", "--db", url)
    standings = json.loads(out)
    assert standings["rule"] == "placement" and len(standings["lines"]) == 8
    status, out = _run(capsys, "tournament", "standings", "1", "--db", url)
    assert out.startswith("Classement — départage : à points égaux")
    database.dispose()


def test_exports_write_the_results_and_the_draw_to_print(
        url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = open_database(url)
    made = t.new_tournament(database.uow(), name="Open")
    t.check_in(database.uow(), made.id, PLAYERS, organiser=s.OPERATOR, new=PLAYERS)
    t.draw_next_round(database.uow(), made.id, organiser=s.OPERATOR)
    database.dispose()
    csv, pdf, draw = tmp_path / "r.csv", tmp_path / "r.pdf", tmp_path / "d.pdf"
    assert main(["tournament", "export", "1", "--format", "csv", "-o", str(csv),
                 "--db", url, "--lang", "en"]) == 0
    assert csv.read_text(encoding="utf-8-sig").startswith("Rank,Player")
    assert main(["tournament", "export", "1", "-o", str(pdf), "--db", url]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    assert main(["tournament", "export", "1", "--draw", "1", "--origin",
                 "http://10.1.1.1:8550", "-o", str(draw), "--db", url]) == 0
    assert b"%PDF" in draw.read_bytes()[:8]
    capsys.readouterr()


@pytest.mark.parametrize(("argv", "field"), [
    (["tournament", "show", "9"], "tournament"),
    (["tournament", "new", " "], "name"),
    (["tournament", "new", "X", "--rounds", "0"], "rounds"),
    (["tournament", "draw", "1"], "players"),
    (["tournament", "start", "1", "4"], "round"),
    (["tournament", "close", "1", "1"], "round"),
    (["tournament", "export", "1", "--draw", "2"], "round"),
])
def test_every_refusal_is_said_in_words_with_exit_status_2(
        url: str, argv: list[str], field: str, capsys: pytest.CaptureFixture[str]) -> None:
    database = open_database(url)
    t.new_tournament(database.uow(), name="Open")
    database.dispose()
    status, out = _run(capsys, "--db", url, *argv)
    assert status == 2
    error = json.loads(out)["error"]
    assert error["field"] == field and error["message"] and "Traceback" not in out


def test_the_list_and_the_organisers_link_come_from_the_command_line(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "--db", url, "tournament", "list")
    assert (status, out) == (0, "Aucun tournoi.\n")
    database = open_database(url)
    made = t.new_tournament(database.uow(), name="Open", day="2026-11-24")
    database.dispose()
    status, out = _run(capsys, "--db", url, "tournament", "list", "--json")
    assert json.loads(out) == [{"id": made.id, "name": "Open", "day": "2026-11-24",
                                "circle": None, "status": "in_progress"}]
    status, out = _run(capsys, "--db", url, "tournament", "organiser", "1", "--no-qr",
                       "--origin", "http://10.1.1.1:8550")
    assert status == 0 and "http://10.1.1.1:8550/tournaments/organiser/" in out
    token = out.split("/tournaments/organiser/")[1].split()[0]
    database = open_database(url)
    assert t.claim_tournament_handover(database.uow(), token).id == made.id
    database.dispose()


def test_a_player_who_goes_during_a_round_is_replaced_or_left_from_the_command_line(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    database = open_database(url)
    tid, who = new_night(database.uow, 9, rounds=2)  # tables of 5 and 4
    t.draw_next_round(database.uow(), tid, organiser=who)
    entry = t.start_round(database.uow(), tid, 1, organiser=who)
    five, four = entry.tables[0], entry.tables[1]
    table_codes = codes(database.uow, tid, 1, who)
    play(database.uow, four.game_id or 0, table_codes[2], 1)
    leaver, short = four.seats[0], five.seats[1]

    # A substitute nobody knows yet must be confirmed, as at check-in.
    status, out = _run(capsys, "tournament", "leave", str(tid), "1", leaver,
                       "--substitute", "Yvonne", "--db", url)
    assert status == 2 and json.loads(out)["error"]["field"] == "substitute"
    status, out = _run(capsys, "tournament", "leave", str(tid), "1", leaver,
                       "--substitute", "Yvonne", "--new", "Yvonne", "--db", url)
    assert status == 0
    assert out.splitlines()[0] == (f"Yvonne remplace {leaver} à la table 2 jusqu'à la fin "
                                   "de la manche.")
    assert "Yvonne" in s.next_deal(database.uow(), four.game_id or 0).players

    status, out = _run(capsys, "tournament", "leave", str(tid), "1", short, "--play-on",
                       "--lang", "en", "--db", url)
    assert status == 0
    assert out.splitlines()[0] == f"Table 1 plays on at 4 without {short}."
    assert len(s.next_deal(database.uow(), five.game_id or 0).players) == 4
    # The round as it stands: who replaced whom, who left, in the TV's words.
    status, out = _run(capsys, "tournament", "show", str(tid), "--db", url)
    assert f"Yvonne (remplace {leaver})" in out and f"{short} (a quitté la table)" in out
    # A name not seated in the round: refused in words, nothing changed.
    status, out = _run(capsys, "tournament", "leave", str(tid), "1", "Personne",
                       "--play-on", "--db", url)
    assert status == 2 and "Personne" in json.loads(out)["error"]["message"]
    # Exactly one way: a substitute, or the table plays on.
    with pytest.raises(SystemExit):
        main(["tournament", "leave", str(tid), "1", leaver, "--db", url])
    both = t.get_tournament(database.uow(), tid)
    assert leaver not in both.present and short not in both.present
    database.dispose()
