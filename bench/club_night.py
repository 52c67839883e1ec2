"""Club night: many tables, five phones each, every phone a real Flet web session.

Each phone speaks Flet's websocket protocol as the browser's client does (binary frames,
`0x00` + MessagePack `[action, body]`: it registers with the route of its game's sheet,
answers the server's method calls such as the saved language, and receives the control
patches), without drawing anything, so 100 of them fit on one machine. Every game gets
one deal every `--interval` seconds, recorded through the JSON API (`POST
/api/games/{id}/deals`, the path of a scorekeeper's script or of a sixth phone) at a
staggered time; a phone has shown the deal when a patch carrying its line's controls
(`row-N-...`) arrives. With `--servers 2` (PostgreSQL, `--db URL`) half the phones of
each game are on each server process and the writes alternate between them.

    .venv/bin/python bench/club_night.py [--games 20] [--phones 5] [--minutes 5]
    .venv/bin/python bench/club_night.py --servers 2 --db postgresql+psycopg://...
    .venv/bin/python bench/club_night.py --smoke      # 3 games, 20 s: correctness only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import msgpack  # noqa: E402
import websockets  # noqa: E402

from scripts.appserver import start_app, stop_app  # noqa: E402

SEATS = ["André", "Bruno", "Cécile", "Didier"]
REGISTER, PATCH, INVOKE = 1, 2, 5
PAGE = {"width": 390, "height": 844, "platform": "android", "web": True, "pwa": False,
        "debug": False, "platform_brightness": "light"}


def rows_in(obj: Any, found: set[int]) -> set[int]:
    """The deal numbers whose sheet line (`row-N-name` identifiers) a patch carries."""
    if isinstance(obj, str):
        if obj.startswith("row-"):
            number = obj.split("-", 2)[1]
            if number.isdigit():
                found.add(int(number))
    elif isinstance(obj, list | tuple):
        for item in obj:
            rows_in(item, found)
    elif isinstance(obj, dict):
        for item in obj.values():
            rows_in(item, found)
    return found


@dataclass
class Phone:
    """One browser session at protocol level, following one game's sheet."""

    name: str
    base: str
    game: int
    seen: dict[int, float] = field(default_factory=dict)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    errors: list[str] = field(default_factory=list)
    received: int = 0
    closing: bool = False

    async def run(self) -> None:
        url = self.base.replace("http://", "ws://") + "/ws"
        try:
            async with websockets.connect(url, max_size=None, ping_interval=None) as ws:
                self._ws = ws
                await self._send([REGISTER, {"session_id": "", "page_name": "",
                                             "page": {**PAGE, "route": f"/games/{self.game}"}}])
                async for data in ws:
                    await self._on_frame(data, time.perf_counter())
        except Exception as exc:
            if not self.closing:
                self.errors.append(f"{self.name}: connection lost ({exc!r})")
        finally:
            if not self.closing:
                self.errors.append(f"{self.name}: the server closed the session")

    async def _send(self, message: list[Any]) -> None:
        await self._ws.send(b"\x00" + msgpack.packb(message))

    async def _on_frame(self, data: Any, now: float) -> None:
        if not isinstance(data, bytes) or not data or data[0] != 0:
            return
        self.received += len(data)
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)[:2]
        if action == INVOKE:  # e.g. SharedPreferences.get: nothing saved on this phone
            await self._send([INVOKE, {"control_id": body["control_id"],
                                       "call_id": body["call_id"], "result": None,
                                       "error": None}])
        elif action == PATCH:
            if not self.ready.is_set() and '"total-' in json.dumps(body, default=str):
                self.ready.set()
            for number in rows_in(body, set()):
                self.seen.setdefault(number, now)

    async def close(self) -> None:
        self.closing = True
        ws = getattr(self, "_ws", None)
        if ws is not None:
            await ws.close()


@dataclass
class Table:
    game: int
    phones: list[Phone]
    sent: dict[int, float] = field(default_factory=dict)
    api_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def scorekeeper(table: Table, bases: list[str], http: httpx.AsyncClient,
                      interval: float, offset: float, deadline: float) -> None:
    """One deal every `interval` seconds, alternating between the servers."""
    await asyncio.sleep(offset)
    number = 0
    while time.perf_counter() < deadline:
        number += 1
        base = bases[number % len(bases)]
        body = {"taker": SEATS[number % 4], "contract": "garde", "bouts": 2, "points": 49}
        start = time.perf_counter()
        table.sent[number] = start
        try:
            reply = await http.post(f"{base}/api/games/{table.game}/deals", json=body)
            if reply.status_code != 201:
                table.errors.append(f"game {table.game} deal {number}: HTTP "
                                    f"{reply.status_code} {reply.text[:200]}")
        except httpx.HTTPError as exc:
            table.errors.append(f"game {table.game} deal {number}: {exc!r}")
        table.api_ms.append(1000 * (time.perf_counter() - start))
        await asyncio.sleep(max(0.0, start + interval - time.perf_counter()))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class ServerStats:
    """CPU seconds and resident memory of the server processes, from /proc."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.tick = os.sysconf("SC_CLK_TCK")

    def cpu(self) -> float:
        total = 0.0
        for pid in self.pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / self.tick
        return total

    def rss_mb(self) -> float:
        total = 0.0
        for pid in self.pids:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        return total


def _create_games(db_url: str, games: int) -> list[int]:
    from scorepad import services
    from scorepad.storage import open_database

    database = open_database(db_url)
    try:
        return [services.create_game(database.uow(), name=f"Table {i + 1}", seats=SEATS,
                                     deal_size=4) for i in range(games)]
    finally:
        database.dispose()


async def _open_phones(tables: list[Table], timeout: float) -> list[asyncio.Task[None]]:
    """Connects the phones a few at a time (a club fills up over minutes, not in one
    instant) and waits until each shows its sheet."""
    tasks = []
    phones = [p for t in tables for p in t.phones]
    for start in range(0, len(phones), 10):
        batch = phones[start:start + 10]
        tasks += [asyncio.create_task(p.run()) for p in batch]
        await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in batch)), timeout)
    return tasks


async def club_night(bases: list[str], game_ids: list[int], args: argparse.Namespace,
                     stats: ServerStats) -> dict[str, Any]:
    tables = [Table(g, [Phone(f"game {g} phone {i + 1}", bases[i % len(bases)], g)
                        for i in range(args.phones)]) for g in game_ids]
    rss_before = stats.rss_mb()
    tasks = await _open_phones(tables, timeout=120)
    await asyncio.sleep(2)
    rss_after = stats.rss_mb()
    sessions = sum(len(t.phones) for t in tables)
    cpu_start, wall_start = stats.cpu(), time.perf_counter()
    deadline = wall_start + args.seconds
    async with httpx.AsyncClient(timeout=30) as http:
        await asyncio.gather(*(
            scorekeeper(t, bases, http, args.interval, args.interval * i / len(tables),
                        deadline) for i, t in enumerate(tables)))
    await asyncio.sleep(args.grace)
    cpu_used, wall = stats.cpu() - cpu_start, time.perf_counter() - wall_start
    for table in tables:
        for phone in table.phones:
            await phone.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return report(tables, sessions, rss_before, rss_after, cpu_used, wall)


def report(tables: list[Table], sessions: int, rss_before: float, rss_after: float,
           cpu_used: float, wall: float) -> dict[str, Any]:
    delays: list[float] = []
    errors = [e for t in tables for e in t.errors]
    for table in tables:
        for phone in table.phones:
            errors += phone.errors
            for number, sent in table.sent.items():
                if number in phone.seen:
                    delays.append(1000 * (phone.seen[number] - sent))
                else:
                    errors.append(f"{phone.name} never showed deal {number}")
    api = [ms for t in tables for ms in t.api_ms]
    return {
        "games": len(tables), "sessions": sessions,
        "deals": sum(len(t.sent) for t in tables),
        "save_to_phone_ms": {"pairs": len(delays), "p50": percentile(delays, 0.5),
                             "p95": percentile(delays, 0.95),
                             "max": max(delays, default=float("nan"))},
        "api_write_ms": {"median": percentile(api, 0.5), "p95": percentile(api, 0.95)},
        "server_cpu_share_of_one_core": cpu_used / wall,
        "cpus": os.cpu_count() or 1,
        "memory_per_session_mb": (rss_after - rss_before) / max(sessions, 1),
        "server_rss_mb": rss_after, "errors": errors,
    }


def print_report(result: dict[str, Any], servers: int) -> None:
    ok = {True: "ok", False: "MISSED"}
    lat = result["save_to_phone_ms"]
    goal = 500 if servers > 1 else 1000
    print(f"club night: {result['games']} games, {result['sessions']} phone sessions "
          f"(Flet websocket protocol), {servers} server process(es), {result['deals']} "
          "deals recorded through the JSON API")
    print(f"  save -> every other phone of the game: p50 {lat['p50']:.0f} ms, p95 "
          f"{lat['p95']:.0f} ms, max {lat['max']:.0f} ms over {lat['pairs']} phone-deals"
          f"  goal p95 < {goal} ms  {ok[lat['p95'] < goal]}")
    api = result["api_write_ms"]
    print(f"  API write (POST a deal): median {api['median']:.1f} ms, p95 {api['p95']:.1f} ms"
          f"  goal <= 20 / <= 100 ms  {ok[api['median'] <= 20 and api['p95'] <= 100]}")
    share = result["server_cpu_share_of_one_core"]
    print(f"  server CPU: {100 * share:.0f} % of one core ({100 * share / result['cpus']:.0f}"
          f" % of the machine's {result['cpus']} cores)")
    mem = result["memory_per_session_mb"]
    print(f"  memory per session: {mem:.2f} MB (server RSS {result['server_rss_mb']:.0f} MB)"
          f"  goal < 5 MB  {ok[mem < 5]}")
    print(f"  errors: {len(result['errors'])}  goal 0  {ok[not result['errors']]}")
    for error in result["errors"][:10]:
        print(f"    {error}")


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="scorepad-club-") as tmp:
        db_url = args.db or f"sqlite:///{Path(tmp) / 'club.db'}"
        if args.servers > 1 and db_url.startswith("sqlite"):
            raise SystemExit("--servers 2 needs PostgreSQL: --db postgresql+psycopg://...")
        game_ids = _create_games(db_url, args.games)
        # Every phone of the bench comes from 127.0.0.1, as every phone of a club comes
        # from its reverse proxy: that address is the proxy's, exempt from the cap of 64
        # connections per address that protects a server reached directly.
        servers = [start_app(db_url, Path(tmp) / f"server{i}.log", timeout=120,
                             extra_args=["--proxy-headers", "--forwarded-allow-ips",
                                         "127.0.0.1"])
                   for i in range(args.servers)]
        try:
            stats = ServerStats([p.pid for p, _ in servers])
            return asyncio.run(club_night([u for _, u in servers], game_ids, args, stats))
        finally:
            for process, _ in servers:
                stop_app(process)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--phones", type=int, default=5, help="phones per game")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--interval", type=float, default=10.0, help="s between deals")
    parser.add_argument("--grace", type=float, default=5.0,
                        help="s to wait for the last deals to arrive")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2))
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--smoke", action="store_true",
                        help="3 games, 20 s: checks correctness only (CI)")
    parser.add_argument("--json", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    if args.smoke:
        args.games, args.minutes, args.interval = 3, 20 / 60, 5.0
    args.seconds = args.minutes * 60
    result = run(args)
    print_report(result, args.servers)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
