"""A stranger on the Wi-Fi against the real server: does the table keep playing?

Starts `scorepad serve` on loopback with a temporary SQLite file and a game of 1,500
deals, then measures, each figure printed with its goal:
  1. the worst latency of `GET /api/games` (a phone, from 127.0.0.2) while 12 phones
     export that game as PDF at once (6 in French, 6 in English);
  2. one PDF export of such a game, cold and then cached;
  3. how long a phone waits for `/` while one address (127.0.0.3) holds 300 idle sockets
     and 20 half-sent requests;
  4. the server's memory (RSS) idle and after a 100 MB request body.

Run: .venv/bin/python bench/attack.py [--deals 1500]
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.appserver import start_app, stop_app  # noqa: E402

FOUR = ["André", "Bruno", "Cécile", "Didier"]
CONTRACTS = ["prise", "garde", "garde", "garde_sans", "garde_contre"]
PHONE = "127.0.0.2"
ATTACKER = "127.0.0.3"


def build_game(db_url: str, deals: int) -> tuple[int, int]:
    """A game of `deals` deals, and an identical copy (imported) for a cold export."""
    from scorepad import services
    from scorepad.storage import open_database

    database = open_database(db_url)
    uow = database.uow
    gid = int(services.create_game(uow(), name="Longue partie", seats=FOUR, deal_size=4))
    for i in range(deals):
        services.record_deal(uow(), gid, {
            "taker": FOUR[i % 4], "contract": CONTRACTS[i % 5], "bouts": i % 4,
            "points": 30 + (i * 7) % 50})
    copy = services.import_game(uow(), services.export_game(uow(), gid, "json"))
    database.dispose()
    return gid, int(copy)


def phone(timeout: float = 300) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=PHONE), timeout=timeout)


def exports_under_load(url: str, gid: int) -> tuple[list[float], list[float]]:
    """12 concurrent PDF exports; a phone lists the games every 50 ms meanwhile.
    Returns each list's latency and each export's duration."""
    durations: list[float] = []
    lock = threading.Lock()

    def export(lang: str) -> None:
        start = time.monotonic()
        with httpx.Client(timeout=600) as client:
            reply = client.get(f"{url}/export/games/{gid}.pdf?lang={lang}")
        assert reply.status_code == 200, reply.text[:200]
        with lock:
            durations.append(time.monotonic() - start)

    threads = [threading.Thread(target=export, args=("fr" if i % 2 else "en",))
               for i in range(12)]
    for thread in threads:
        thread.start()
    latencies: list[float] = []
    with phone() as client:
        while any(t.is_alive() for t in threads):
            start = time.monotonic()
            assert client.get(f"{url}/api/games").status_code == 200
            latencies.append(time.monotonic() - start)
            time.sleep(0.05)
    for thread in threads:
        thread.join()
    return latencies, durations


def timed_export(url: str, gid: int) -> float:
    start = time.monotonic()
    with phone() as client:
        assert client.get(f"{url}/export/games/{gid}.pdf").status_code == 200
    return time.monotonic() - start


def hoarded_connections(url: str, port: int) -> tuple[float, int, int]:
    """300 idle sockets and 20 half-requests from one address; a phone asks for `/`.
    Returns the phone's wait, and how many of the 320 the server closed at once."""
    held: list[socket.socket] = []
    refused = 0
    try:
        for i in range(320):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5,
                                            source_address=(ATTACKER, 0))
            if i >= 300:
                sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
            held.append(sock)
        start = time.monotonic()
        with phone(timeout=60) as client:
            assert client.get(f"{url}/").status_code == 200
        waited = time.monotonic() - start
        for sock in held:
            sock.setblocking(False)
            try:
                refused += sock.recv(1) == b""
            except (BlockingIOError, ConnectionResetError) as exc:
                refused += isinstance(exc, ConnectionResetError)
    finally:
        for sock in held:
            sock.close()
    return waited, refused, len(held)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def send_huge_body(port: int, gid: int, size: int = 100 * 1024 * 1024) -> int:
    """Posts a `size`-byte body (as fast as the server takes it); returns the status."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"POST /api/games/{gid}/deals HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
                     .encode())
        chunk = b'{"taker": "' + b"x" * (1024 * 1024 - 11)
        try:
            for _ in range(size // len(chunk)):
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed: exactly what should happen
        answer = b""
        with contextlib.suppress(ConnectionResetError, TimeoutError):
            answer = sock.recv(4096)
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scorepad-attack-") as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'attack.db'}"
        start = time.monotonic()
        gid, copy = build_game(db_url, args.deals)
        print(f"game of {args.deals} deals built in {time.monotonic() - start:.1f} s")
        process, url = start_app(db_url, Path(tmp) / "server.log")
        port = int(url.rsplit(":", 1)[1])
        try:
            report(url, port, process.pid, gid, copy)
        finally:
            stop_app(process)
    return 0


def report(url: str, port: int, pid: int, gid: int, copy: int) -> None:
    with phone() as client:
        client.get(f"{url}/api/games")
    latencies, durations = exports_under_load(url, gid)
    print(f"1. GET /api/games while 12 PDF exports run: worst {max(latencies) * 1000:.0f} ms "
          f"(goal < 1000 ms), median {statistics.median(latencies) * 1000:.0f} ms over "
          f"{len(latencies)} requests; exports took {min(durations):.1f} to "
          f"{max(durations):.1f} s")
    cold = timed_export(url, copy)
    cached = timed_export(url, copy)
    print(f"2. one PDF export of such a game: cold {cold:.2f} s, cached "
          f"{cached * 1000:.0f} ms (goal: cached much faster than cold)")
    waited, refused, held = hoarded_connections(url, port)
    print(f"3. a phone waited {waited * 1000:.0f} ms for / while one address held {held} "
          f"sockets (goal < 3000 ms); {refused} of them closed at once by the server")
    time.sleep(1)
    idle = rss_kb(pid)
    status = send_huge_body(port, gid)
    time.sleep(1)
    after = rss_kb(pid)
    print(f"4. server RSS idle {idle / 1024:.0f} MB, after a 100 MB body {after / 1024:.0f} MB "
          f"(answer {status}; goal < 2x idle: {'met' if after < 2 * idle else 'MISSED'})")


if __name__ == "__main__":
    raise SystemExit(main())
