"""The attacks of a stranger on the same network, against the real server: uvicorn in a
subprocess on a free loopback port with a temporary SQLite file, real sockets.

Each test speaks from its own loopback address (127.0.0.x: Linux routes the whole /8 to
the loopback interface) when it holds connections, so that a capped address or a
wrong-code counter never spills over another test."""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scripts.appserver import start_app, stop_app
from tests.factories import FOUR

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
EXTRA_HOST = "scorepad.test"


@dataclass
class Server:
    url: str
    port: int
    db_path: Path
    log: Path

    @property
    def db_url(self) -> str:
        return f"sqlite:///{self.db_path}"

    def uow_factory(self) -> Callable[[], Any]:
        from scorepad.storage.database import open_database

        return open_database(self.db_url).uow

    def rows(self, game_id: int) -> dict[str, int]:
        """What a refused request must leave untouched: row counts and the revision."""
        with sqlite3.connect(self.db_path) as conn:
            counts = {table: conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                      for table in ("game", "deal", "deal_version", "operation")}
            row = conn.execute("SELECT revision, code_hash FROM game WHERE id = ?",
                               (game_id,)).fetchone()
        counts["revision"] = row[0] if row else -1
        counts["protected"] = int(row is not None and row[1] is not None)
        return counts


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("security")
    db_path = tmp / "scorepad.db"
    log = tmp / "server.log"
    process, url = start_app(f"sqlite:///{db_path}", log,
                             extra_args=["--allowed-host", EXTRA_HOST])
    try:
        yield Server(url=url, port=int(url.rsplit(":", 1)[1]), db_path=db_path, log=log)
    finally:
        stop_app(process)


@pytest.fixture
def game(server: Server) -> int:
    """A game of four with one deal recorded."""
    from scorepad import services

    gid = int(services.create_game(server.uow_factory()(), name="Mardi", seats=FOUR,
                                   deal_size=4))
    services.record_deal(server.uow_factory()(), gid, GARDE)
    return gid


def connect(port: int, source: str = "127.0.0.1", timeout: float = 15.0) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                    source_address=(source, 0))
    return sock


def exchange(port: int, request: bytes, source: str = "127.0.0.1",
             timeout: float = 15.0) -> bytes:
    """Sends raw bytes and reads the answer until the server closes (send
    `Connection: close`) or `timeout`."""
    with connect(port, source, timeout) as sock:
        sock.sendall(request)
        return read_until_closed(sock)


def read_until_closed(sock: socket.socket) -> bytes:
    chunks: list[bytes] = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def status_of(answer: bytes) -> int:
    """The status code of a raw HTTP answer (0 when the server sent nothing)."""
    if not answer.startswith(b"HTTP/1."):
        return 0
    return int(answer.split(b" ", 2)[1])
