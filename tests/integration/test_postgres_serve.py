"""The club server: `scorepad serve` and the data commands on PostgreSQL (`--db`), and a
clear message when the server is wrong or stopped."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from scorepad import services as s
from scorepad.cli import main
from scorepad.storage import Database, open_database
from scripts.appserver import free_port, start_app, stop_app
from tests.factories import FIVE

STARTUP_TIMEOUT = 60.0
POSTGRES_ONLY = pytest.mark.parametrize(
    "db_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    db = open_database(db_url)
    game = s.create_game(db.uow(), name="Jeudi au club", seats=FIVE, deal_size=4)
    s.record_deal(db.uow(), game, {"taker": "Cécile", "contract": "garde", "bouts": 2,
                                   "points": 49, "petit_au_bout": "attack"})
    s.record_redeal(db.uow(), game, "passed")
    s.record_deal(db.uow(), game, {"taker": "Didier", "contract": "prise", "bouts": 1,
                                   "points": 45})
    yield db
    db.dispose()


def get(url: str) -> tuple[int, bytes, Message]:
    try:
        # Exports are rendered by workers at the lowest priority: a busy machine gives
        # them little time, so this waits as tests/security does (the CI machine is alone).
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read(), response.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers


@POSTGRES_ONLY
def test_serve_on_postgresql_answers_health_and_export_downloads(
        database: Database, tmp_path: Path) -> None:
    server, base = start_app(database.url, tmp_path / "server.log", timeout=STARTUP_TIMEOUT)
    try:
        [game] = s.list_games(database.uow())

        status, body, headers = get(f"{base}/export/games/{game.id}.json")
        assert status == 200
        assert body == s.export_game(database.uow(), game.id, "json")
        assert json.loads(body)["totals"] == s.totals(database.uow(), game.id)
        assert "jeudi-au-club" in headers.get("Content-Disposition", "")
        status, body, _ = get(f"{base}/export/games/{game.id}.csv?lang=en")
        assert (status, body) == (200, s.export_game(database.uow(), game.id, "csv", "en"))
        # A deal recorded meanwhile (another table's phone) is in the next download.
        s.record_deal(database.uow(), game.id, {"taker": "André", "contract": "garde_sans",
                                                "bouts": 3, "points": 40})
        status, body, _ = get(f"{base}/export/games/{game.id}.json")
        assert len(json.loads(body)["deals"]) == 4
        assert get(f"{base}/export/games/{game.id + 99}.json")[0] == 404
    finally:
        stop_app(server)


def test_games_export_and_import_work_with_db(
        database: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = database.url
    assert main(["--db", url, "games", "--json"]) == 0
    [listed] = json.loads(capsys.readouterr().out)
    assert (listed["name"], listed["deals"]) == ("Jeudi au club", 3)
    exported = tmp_path / "jeudi.json"
    assert main(["export", str(listed["id"]), "--format", "json", "-o", str(exported),
                 "--db", url]) == 0
    assert main(["import", str(exported), "--db", url]) == 0
    new_id = int(capsys.readouterr().out)
    assert main(["--db", url, "export", str(new_id), "--format", "json"]) == 0
    # Imported a second time into the same database, the game is another game there:
    # its own uid, and its deals their own (FORMAT.md §5); the rest is byte for byte.
    assert _without_identities(capsys.readouterr().out.encode()) == \
        _without_identities(exported.read_bytes())
    assert main(["--db", url, "games"]) == 0
    assert capsys.readouterr().out.count("Jeudi au club") == 2


def _without_identities(export: bytes) -> bytes:
    return re.sub(rb'"(uid|change)": "[0-9a-f]{32}"', rb'"\1": "-"', export)


@pytest.mark.parametrize("url", [
    "postgresql+psycopg://scorepad:secret@127.0.0.1:{port}/scorepad",  # server stopped
    "postgresql+psycopg://scorepad:secret@no-such-host.invalid/scorepad",
    "postgresql+psycopg://scorepad:secret@127.0.0.1:5432:9/scorepad",  # malformed
])
def test_an_unreachable_or_wrong_server_gives_a_clear_message_not_a_traceback(
        url: str, capsys: pytest.CaptureFixture[str]) -> None:
    url = url.format(port=free_port())
    assert main(["--db", url, "games"]) == 2
    out, err = capsys.readouterr()
    error = json.loads(out)["error"]
    assert error["field"] == "db"
    assert "Impossible d'ouvrir la base de données" in error["message"]
    assert "Traceback" not in out + err

    assert main(["--db", url, "serve", "--port", str(free_port()), "--no-qr"]) == 2
    out, err = capsys.readouterr()
    assert "scorepad: Impossible d'ouvrir la base de données" in err
    assert "Traceback" not in out + err
