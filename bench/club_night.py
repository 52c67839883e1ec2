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

from bench.flet_sessions import (  # noqa: E402
    FletSession,
    Servers,
    ServerStats,
    close_sessions,
    open_sessions,
    percentile,
    spread_text,
)

SEATS = ["André", "Bruno", "Cécile", "Didier"]


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


class Phone(FletSession):
    """A phone following one game's sheet: when each deal's line first arrived. It opens
    the sheet itself, or `route` (a table's link, which leads to it)."""

    def __init__(self, name: str, base: str, game: int, route: str | None = None) -> None:
        super().__init__(name, base, route or f"/games/{game}", '"total-')
        self.game = game
        self.seen: dict[int, float] = {}

    def on_patch(self, body: Any, now: float) -> None:
        for number in rows_in(body, set()):
            self.seen.setdefault(number, now)


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


def _create_games(db_url: str, games: int) -> list[int]:
    from scorepad import services
    from scorepad.storage import open_database

    database = open_database(db_url)
    try:
        return [services.create_game(database.uow(), name=f"Table {i + 1}", seats=SEATS,
                                     deal_size=4) for i in range(games)]
    finally:
        database.dispose()


async def club_night(bases: list[str], game_ids: list[int], args: argparse.Namespace,
                     stats: ServerStats) -> dict[str, Any]:
    tables = [Table(g, [Phone(f"game {g} phone {i + 1}", bases[i % len(bases)], g)
                        for i in range(args.phones)]) for g in game_ids]
    rss_before = stats.rss_mb()
    phones = [p for t in tables for p in t.phones]
    tasks = await open_sessions(phones, timeout=120)
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
    await close_sessions(phones, tasks)
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
    print(f"  save -> every other phone of the game: {spread_text(lat)} over {lat['pairs']} "
          f"phone-deals  goal p95 < {goal} ms  {ok[lat['p95'] < goal]}")
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
        servers = Servers(db_url, Path(tmp), args.servers)
        game_ids = _create_games(db_url, args.games)
        with servers:
            return asyncio.run(club_night(servers.bases, game_ids, args, servers.stats()))


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
