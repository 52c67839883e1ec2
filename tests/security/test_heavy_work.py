"""Heavy work cannot stop the table: exports render in a few threads, once per game
revision however many phones ask, while the small requests keep being answered; an
import file past 20 MB is refused with a message that says so."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

import httpx
import pytest

from scripts.appserver import start_app, stop_app
from tests.security.conftest import FOUR, Server

PHONES = 60  # well past the server's 40 worker threads: they used to starve everyone else


def _long_game(server: Server, deals: int) -> int:
    from scorepad import services

    uow = server.uow_factory()
    gid = int(services.create_game(uow(), name="Longue", seats=FOUR, deal_size=4))
    for i in range(deals):
        services.record_deal(uow(), gid, {"taker": FOUR[i % 4], "contract": "garde",
                                          "bouts": 1 + i % 3, "points": 40 + i % 30})
    return gid


def test_many_phones_exporting_one_pdf_do_not_keep_the_games_list_waiting(
        server: Server) -> None:
    gid = _long_game(server, 60)
    finished: list[tuple[str, float, int, bytes]] = []
    lock = threading.Lock()

    def export() -> None:
        transport = httpx.HTTPTransport(local_address="127.0.0.50")
        with httpx.Client(transport=transport, timeout=120) as client:
            reply = client.get(f"{server.url}/export/games/{gid}.pdf")
        with lock:
            finished.append(("pdf", time.monotonic(), reply.status_code, reply.content))

    phones = [threading.Thread(target=export) for _ in range(PHONES)]
    for phone in phones:
        phone.start()
    time.sleep(1.0)  # every export asked before the list
    # How long the list waits is a figure of bench/attack.py (timings stay out of the
    # tests); here the list answers while the phones export, and they all get one file.
    listed = httpx.get(f"{server.url}/api/games", timeout=120)
    for phone in phones:
        phone.join()
    assert listed.status_code == 200
    assert {status for _, _, status, _ in finished} == {200}
    assert len({content for _, _, _, content in finished}) == 1
    assert finished[0][3].startswith(b"%PDF")


def test_an_export_follows_the_game_once_it_changes(server: Server) -> None:
    from scorepad import services

    gid = _long_game(server, 2)
    # The exports' workers run at the lowest priority: on a busy machine a file takes
    # longer than httpx's default 5 s, as the other tests here allow too.
    first = httpx.get(f"{server.url}/export/games/{gid}.csv", timeout=120).text
    services.record_deal(server.uow_factory()(), gid,
                         {"taker": "Bruno", "contract": "prise", "bouts": 3, "points": 41})
    again = httpx.get(f"{server.url}/export/games/{gid}.csv", timeout=120).text
    assert again != first
    assert again.count("\n") == first.count("\n") + 1


def test_an_import_file_past_20_mb_is_refused_with_its_size(server: Server) -> None:
    from scorepad import services

    data = b'{"format": "scorepad-game", "padding": "' + b"x" * (20 * 1024 * 1024) + b'"}'
    with pytest.raises(services.ImportRefused) as refused:
        services.import_game(server.uow_factory()(), data)
    assert "20 Mo" in refused.value.message("fr")
    assert "20 MB" in refused.value.message("en")


def _export_workers(pid: int) -> list[int]:
    """The server's export worker processes (multiprocessing's spawned children)."""
    children: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            children += [int(c) for c in (task / "children").read_text().split()]
    workers = []
    for child in children:
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                workers.append(child)
    return workers


def test_a_server_has_its_export_worker_ready_before_the_first_export(
        tmp_path: Path) -> None:
    # A worker yields to everything else on the machine: started at the first export,
    # on a busy machine, it kept that download waiting past 15 s.
    process, _url = start_app(f"sqlite:///{tmp_path / 'w.db'}", tmp_path / "server.log")
    try:
        deadline = time.monotonic() + 60
        while not _export_workers(process.pid):
            assert time.monotonic() < deadline, "no export worker started with the server"
            time.sleep(0.1)
    finally:
        stop_app(process)
