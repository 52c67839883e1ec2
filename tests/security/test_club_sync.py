"""The club's sync routes (/api/club/, a phone alone's games) against a stranger, on the
real server (uvicorn in a subprocess, real sockets): only the origins the operator allows
(`--allow-origin`), never another page; a foreign Host refused; bodies capped; wrong
invitations counted and held back; an invitation reaches its own circle and nothing
else, and a revoked one nothing at all."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from scripts.appserver import start_app, stop_app
from tests.factories import FOUR
from tests.security.conftest import connect, exchange, read_until_closed, status_of

ALLOWED = "https://tarot.example.github.io"
EVIL = "https://evil.example"


class SyncServer:
    def __init__(self, url: str, db_path: Path, process: Any) -> None:
        self.url, self.db_path, self.process = url, db_path, process
        self.port = int(url.rsplit(":", 1)[1])

    def uow(self) -> Any:
        from scorepad.storage.database import open_database

        return open_database(f"sqlite:///{self.db_path}", migrate=False).uow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SyncServer]:
    tmp = tmp_path_factory.mktemp("sync-security")
    db_path = tmp / "scorepad.db"
    process, url = start_app(f"sqlite:///{db_path}", tmp / "server.log",
                             extra_args=["--allow-origin", ALLOWED], timeout=180)
    try:
        yield SyncServer(url, db_path, process)
    finally:
        stop_app(process)


@pytest.fixture
def circles(server: SyncServer) -> tuple[str, int, int]:
    """Two circles, each with a game; an invitation into the first: (token, first, second)."""
    from scorepad import services as s
    from scorepad.services.sync.invitations import invite

    stamp = time.monotonic_ns()
    first = s.create_circle(server.uow()(), f"Mardis {stamp}")
    second = s.create_circle(server.uow()(), f"Jeudis {stamp}")
    for circle, name in ((first, "Mardi"), (second, "Jeudi")):
        game = s.create_game(server.uow()(), name=f"{name} {stamp}", seats=FOUR,
                             deal_size=4, circle=circle)
        s.record_deal(server.uow()(), game, {"taker": "André", "contract": "garde",
                                             "bouts": 2, "points": 49})
    return invite(server.uow()(), first, days=3).token, first, second


def _rows(server: SyncServer) -> tuple[int, int]:
    import sqlite3

    with sqlite3.connect(server.db_path) as conn:
        return (conn.execute("SELECT COUNT(*) FROM deal_version").fetchone()[0],
                conn.execute("SELECT COALESCE(SUM(revision), 0) FROM game").fetchone()[0])


def test_only_an_allowed_origin_s_page_reaches_the_sync_routes_and_only_them(
        server: SyncServer, circles: tuple[str, int, int]) -> None:
    token = {"X-Invitation": circles[0]}
    with httpx.Client(base_url=server.url) as client:
        for origin, status in ((ALLOWED, 200), (EVIL, 403), ("null", 403)):
            answer = client.get("/api/club/season", headers={**token, "Origin": origin})
            assert answer.status_code == status, origin
            granted = answer.headers.get("access-control-allow-origin")
            assert granted == (ALLOWED if status == 200 else None)
        before = _rows(server)
        written = client.post("/api/club/games", content=json.dumps({"games": []}),
                              headers={**token, "Origin": EVIL,
                                       "Content-Type": "text/plain"})
        assert written.status_code == 403
        assert "--allow-origin https://evil.example" in written.text
        preflight = client.options("/api/club/games", headers={
            "Origin": EVIL, "Access-Control-Request-Method": "POST"})
        assert preflight.status_code == 403
        # The allowed origin writes nothing elsewhere: a game's routes stay its own.
        game = client.post("/api/games", json={"name": "X", "seats": list(FOUR)},
                           headers={"Origin": ALLOWED})
        assert game.status_code == 403
        assert "access-control-allow-origin" not in game.headers
        assert _rows(server) == before


def test_a_foreign_host_reaches_no_sync_route(server: SyncServer,
                                              circles: tuple[str, int, int]) -> None:
    before = _rows(server)
    body = json.dumps({"games": []}).encode()
    for host in ("rebind.evil.example", f"rebind.evil.example:{server.port}"):
        request = (f"POST /api/club/games HTTP/1.1\r\nHost: {host}\r\nX-Invitation: "
                   f"{circles[0]}\r\nContent-Length: {len(body)}\r\nConnection: close"
                   "\r\n\r\n").encode() + body
        assert status_of(exchange(server.port, request)) in (400, 421)
        season = (f"GET /api/club/season HTTP/1.1\r\nHost: {host}\r\nX-Invitation: "
                  f"{circles[0]}\r\nConnection: close\r\n\r\n").encode()
        answer = exchange(server.port, season)
        assert status_of(answer) in (400, 421) and b"ranking" not in answer
    assert _rows(server) == before


def test_a_huge_body_is_refused_before_it_is_read(server: SyncServer,
                                                  circles: tuple[str, int, int]) -> None:
    declared = (f"POST /api/club/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                f"X-Invitation: {circles[0]}\r\nContent-Length: 104857600\r\n"
                "Connection: close\r\n\r\n").encode()
    started = time.monotonic()
    assert status_of(exchange(server.port, declared + b"{" * 1000)) == 413
    assert time.monotonic() - started < 5
    # Sent without saying its length: cut at the limit, 413.
    with connect(server.port) as sock:
        sock.sendall((f"POST /api/club/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                      f"X-Invitation: {circles[0]}\r\nTransfer-Encoding: chunked\r\n"
                      "Connection: close\r\n\r\n").encode())
        chunk = b"x" * 65536
        try:
            for _ in range(12):  # 768 KB, over the 512 KB the sync route takes
                sock.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        except OSError:
            pass  # the server closed it: refused
        assert status_of(read_until_closed(sock)) == 413


def test_wrong_invitations_are_held_back_and_the_others_still_served(
        server: SyncServer, circles: tuple[str, int, int]) -> None:
    flood = "127.0.0.21"
    wrong = (f"GET /api/club/season HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
             f"X-Invitation: {'w' * 24}\r\nConnection: close\r\n\r\n").encode()
    statuses = [status_of(exchange(server.port, wrong, source=flood)) for _ in range(12)]
    assert statuses[:10] == [403] * 10 and statuses[-1] == 429
    right = (f"GET /api/club/season HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
             f"X-Invitation: {circles[0]}\r\nConnection: close\r\n\r\n").encode()
    # The right token from the flooding address waits too; another address is served.
    assert status_of(exchange(server.port, right, source=flood)) == 429
    started = time.monotonic()
    assert status_of(exchange(server.port, right, source="127.0.0.22")) == 200
    assert time.monotonic() - started < 3


def test_an_invitation_reaches_its_circle_alone_and_a_revoked_one_nothing(
        server: SyncServer, circles: tuple[str, int, int]) -> None:
    from scorepad import services as s
    from scorepad.services.sync.invitations import invitations, revoke_invitation
    from scorepad.services.sync.wire import GameHeader, change_to_dict

    token, first, second = circles
    [other] = [g for g in s.list_games(server.uow()()) if g.circle_id == second]
    with server.uow()() as uow:
        row = uow.repo.get_game(other.id)
        changes = uow.repo.deal_changes(other.id)
    body = {**GameHeader.of(row).to_dict(), "name": "Pris !", "cursor": 0,
            "changes": [change_to_dict(c) for c in changes]}
    before = _rows(server)
    with httpx.Client(base_url=server.url, headers={"X-Invitation": token}) as client:
        answer = client.post("/api/club/games", json={"games": [body]}).json()["games"][0]
        assert answer["state"] == "refused"
        assert "autre cercle" in answer["message"]
        assert answer["changes"] == []  # nothing of the other circle's game handed back
        season = client.get("/api/club/season").json()
        assert season["circle"].startswith("Mardis")
        assert all(p["stats"]["player"] in FOUR for p in season["ranking"]["players"])
        assert season["ranking"]["games"] == 1
        assert s.get_sheet(server.uow()(), other.id).name == other.name
        assert _rows(server) == before
        [line] = invitations(server.uow()(), first)
        revoke_invitation(server.uow()(), line.id, organiser=s.OPERATOR)
        for answer in (client.get("/api/club/season"),
                       client.post("/api/club/games", json={"games": []}),
                       client.post("/api/club/behind", json={"games": {}}),
                       client.get("/api/club/invitation")):
            assert answer.status_code == 403
            assert "révoquée" in answer.json()["error"]["message"]
