"""The command line and the web's refusals in the pseudo-locale: every word they show comes
from the catalogs (marked ⟦…⟧), the rest is data (names, numbers, paths)."""

from __future__ import annotations

import io
import json
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorepad.domain import language as languages
from tests.pseudo_locale import PSEUDO, install, leaks

PLAYERS = ["André", "Bruno", "Cécile", "Didier"]
NAMES = [*PLAYERS, "Mardi soir", "Les mardis", "Jeudi"]
DEAL = {"players": PLAYERS, "taker": "André", "contract": "garde", "bouts": 2, "points": 49,
        "poignees": [{"player": "André", "size": "simple"}], "petit_au_bout": "attack"}


@pytest.fixture(scope="module")
def pseudo_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return install(tmp_path_factory.mktemp("pseudo"))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from scorepad import services
    from scorepad.storage import open_database

    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'scorepad.db'}"
    database = open_database(url)
    uow = database.uow
    game = services.create_game(uow(), name="Mardi soir", seats=PLAYERS, deal_size=4)
    services.record_deal(uow(), game, {k: v for k, v in DEAL.items() if k != "players"})
    services.record_redeal(uow(), game, "passed")
    circle = services.create_circle(uow(), "Les mardis")
    services.set_game_circle(uow(), game, circle)
    binned = services.create_game(uow(), name="Jeudi", seats=PLAYERS, deal_size=4)
    services.delete_game(uow(), binned)
    database.dispose()
    yield url


def cli(*args: str, stdin: bytes = b"") -> tuple[str, str, int]:
    """`scorepad ARGS` run in this process: (stdout, stderr, exit status)."""
    from scorepad.cli import main

    out, err = io.BytesIO(), io.StringIO()
    written = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    streams = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = written, err
    try:
        status = main(list(args))
    except SystemExit as exc:
        status = int(exc.code or 0)
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        written.flush()
        written.detach()  # `out` stays open to be read
    return out.getvalue().decode(), err.getvalue(), status


def _texts(output: str) -> list[str]:
    """What a person reads in an output: a JSON document's messages and labels, else its
    lines."""
    try:
        data = json.loads(output)
    except ValueError:
        return output.splitlines()
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("message", "label") and isinstance(item, str):
                    found.append(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(data)
    return found


def _commands(db: str, tmp: Path) -> list[tuple[str, ...]]:
    deal = json.dumps(DEAL)
    bad = json.dumps({**DEAL, "points": 45.5})
    rules = tmp / "rules.json"
    rules.write_text("[1]")
    return [
        ("score", deal), ("explain", deal), ("score", bad), ("explain", "{"),
        ("games", "--db", db), ("export", "1", "--format", "csv", "--db", db),
        ("export", "9", "--format", "csv", "--db", db),
        ("export", "1", "--format", "csv", "-o", str(tmp / "no" / "x.csv"), "--db", db),
        ("import", str(tmp / "missing.json"), "--db", db),
        ("new", "Jeudi", "--players", "André,Bruno,Cécile,Didier", "--db", db),
        ("new", "Jeudi", "--players", "André,,Cécile", "--db", db),
        ("new", "Jeudi", "--players", "André,Bruno,Cécile", "--rules", str(rules), "--db", db),
        ("code", "1", "--db", db), ("code", "1", "--set", "ab", "--db", db),
        ("organiser", "1", "--no-qr", "--db", db), ("bin", "--db", db),
        ("bin", "--restore", "1", "--db", db), ("circles", "--db", db),
        ("ranking", "--period", "all", "--db", db), ("ranking", "--period", "x", "--db", db),
        ("export-soiree", "someday", "--format", "csv", "--db", db),
        ("copy", "--from", db, "--to", f"sqlite:///{tmp / 'copy.db'}"),
        ("copy", "--from", db, "--to", db), ("games", "--db", "nope://"),
    ]


def test_every_message_of_the_command_line_comes_from_the_catalogs(
        pseudo_language: str, db: str, tmp_path: Path) -> None:
    found: list[tuple[str, str, list[str]]] = []
    marked = 0
    for command in _commands(db, tmp_path):
        name, *rest = command
        args, stdin = rest, b""
        if name in ("score", "explain"):
            args, stdin = [], rest[0].encode()
        out, err, _ = cli(name, *args, "--lang", pseudo_language, stdin=stdin)
        data = [*NAMES, str(tmp_path), db, "sqlite:///", "--port", "--format", "csv",
                "scorepad.db"]
        for text in [*_texts(out), *err.splitlines()]:
            marked += "⟦" in text
            words = leaks(text, data)
            if words:
                found.append((name, text, words))
    assert found == []
    assert marked > len(_commands(db, tmp_path))  # they did speak, in the pseudo-locale


def test_serve_speaks_the_language_asked_for(pseudo_language: str, db: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        _, in_use, code = cli("--db", db, "serve", "--host", "127.0.0.1", "--port", port,
                              "--lang", pseudo_language)
    assert code == 2 and in_use.startswith("⟦scorepad") and leaks(in_use) == []
    _, bad_port, code = cli("serve", "--port", "99999", "--lang", pseudo_language)
    said = bad_port.splitlines()[-1]
    assert code == 2 and said.startswith("scorepad: argument --port: ⟦")  # argparse's own
    assert leaks(said.removeprefix("scorepad: argument --port:")) == []


@pytest.fixture
def pseudo_language(pseudo_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
                    ) -> Iterator[str]:
    for name, value in pseudo_env.items():
        monkeypatch.setenv(name, value)
    languages.reload_catalogs()
    yield PSEUDO
    monkeypatch.delenv(languages.EXTRA_LOCALES_ENV)
    languages.reload_catalogs()


def test_the_downloads_and_the_server_s_refusals_come_from_the_catalogs(
        pseudo_language: str, db: str) -> None:
    from fastapi.testclient import TestClient

    from scorepad.storage import open_database
    from scorepad.web.app import create_app

    database = open_database(db)
    found = []
    with TestClient(create_app(database.uow), base_url="http://localhost") as client:
        for url in ("/export/games/1.xls", "/export/games/abc.csv", "/export/games/99.csv",
                    "/export/soirees/someday.csv", "/export/soirees/2026-11-24.xls"):
            answer = client.get(url, params={"lang": pseudo_language})
            found += [(url, answer.text, w) for w in [leaks(answer.text)] if w]
            assert answer.status_code in (400, 404), url
        foreign = client.get("/", headers={"host": "evil.example",
                                           "accept-language": pseudo_language})
        cross = client.post("/api/games", params={"lang": pseudo_language}, content=b"{}",
                            headers={"origin": "http://evil.example"})
        large = client.post("/api/games", params={"lang": pseudo_language},
                            content=b"x" * (70 * 1024))
        for answer in (foreign, cross, large):
            found += [(answer.status_code, text, w) for text in _texts(answer.text)
                      for w in [leaks(text)] if w]
        csv = client.get("/export/games/1.csv", params={"lang": pseudo_language})
        found += [("csv", line, w) for line in csv.text.splitlines()
                  for w in [leaks(line, NAMES)] if w]
    database.dispose()
    assert (foreign.status_code, cross.status_code, large.status_code) == (400, 403, 413)
    assert found == []


#: API requests that are refused, each for another reason (FORMAT.md §3 bodies).
API_REFUSALS = [
    ("post", "/api/games/1/deals", {**{k: v for k, v in DEAL.items() if k != "players"},
                                    "points": 45.5}),
    ("post", "/api/games/1/deals", {"taker": "Zoé", "contract": "garde", "bouts": 2,
                                    "points": 49}),
    ("post", "/api/games/1/deals", b"not json"), ("post", "/api/games/1/deals", b"[1, 2]"),
    ("post", "/api/games/1/deals", {"kind": "maybe"}),
    ("post", "/api/games/1/deals", {"kind": "passed", "taker": "Bruno"}),
    ("put", "/api/games/1/deals/1", {"expected_version": "two"}),
    ("put", "/api/games/1/deals/1", {"expected_version": 99, "kind": "passed"}),
    ("delete", "/api/games/1/deals/1?expected_version=-1", None),
    ("get", "/api/games/abc/sheet", None), ("get", "/api/games/999/sheet", None),
    ("delete", "/api/games/1/deals/999", None), ("put", "/api/games/1/code", {"code": "ab"}),
    ("post", "/api/games", {"name": "", "seats": PLAYERS}),
    ("post", "/api/games", {"name": "Jeudi", "seats": ["André", "André", "Bruno"]}),
    ("post", "/api/games", {"name": "Jeudi", "seats": PLAYERS, "colour": "red"}),
    ("patch", "/api/games/1", {"status": "over"}),
    ("post", "/api/games/1/undo", {"operation": 12345}),
    ("get", "/api/soirees/someday", None), ("get", "/api/circles/99/ranking", None),
    ("get", "/api/circles/1/ranking?period=2026-99", None),
]


def test_the_api_s_refusals_come_from_the_catalogs(pseudo_language: str, db: str) -> None:
    from fastapi.testclient import TestClient

    from scorepad.storage import open_database
    from scorepad.web.app import create_app

    database = open_database(db)
    found, answered = [], []
    with TestClient(create_app(database.uow), base_url="http://localhost") as client:
        for method, path, body in API_REFUSALS:
            sep = "&" if "?" in path else "?"
            answer = client.request(method, f"{path}{sep}lang={pseudo_language}",
                                    **({"content": body} if isinstance(body, bytes) else
                                       {"json": body} if body is not None else {}))
            answered.append(answer.status_code)
            error = answer.json()["error"]
            found += [(path, error["message"], w) for w in [leaks(error["message"], NAMES)]
                      if w]
    database.dispose()
    assert all(400 <= status < 500 for status in answered), answered
    assert found == []
