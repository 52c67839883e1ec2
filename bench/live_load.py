"""Live load test: 8 simulated phones on 2 games of a real server, 300 deals recorded.

Starts the server (a subprocess on 127.0.0.1, a free port, a temporary SQLite file), opens
4 phones per game that follow `GET /api/games/{id}/events` and re-read the sheet after
each event, and has one scorekeeper phone per game record deals (plus edits, undo/redo,
a stale edit refused as a conflict, a write without the table code refused). Reports how
long each change took to reach every other phone and checks that every phone ends with
exactly the database's sheet. Loopback only; bounded in time.

With `--browsers N` (default 2 when Debian's chromium is there and the full server runs),
N real headless Chromium pages also show the games' sheets in the Flet UI; at the end
their totals must equal the database's.

Run: .venv/bin/python bench/live_load.py [--deals 300] [--interval 0.02] [--api-only]
         [--browsers 2] [--json report.json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.appserver import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

GAMES = [
    {"name": "Table 1", "seats": ["André", "Bruno", "Cécile", "Didier"], "deal_size": 4,
     "code": None},
    {"name": "Table 2", "seats": ["Élodie", "Fanny", "Gaston", "Hélène", "Igor"],
     "deal_size": 5, "code": "TAROT5"},
]
PHONES_PER_GAME = 4
CONTRACTS = ["prise", "prise", "garde", "garde", "garde_sans", "garde_contre"]


# -- the server --------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_api_only(url: str, port: int) -> None:
    """The API without the Flet UI (for measuring the API alone): `--serve-api URL PORT`."""
    import uvicorn
    from fastapi import FastAPI

    from scorepad.storage import open_database
    from scorepad.web.api import build_api_router

    db = open_database(url)
    app = FastAPI()
    app.include_router(build_api_router(db.uow, subscribe=db.subscribe))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning",
                timeout_graceful_shutdown=2)


def start_server(url: str, port: int, api_only: bool, log: Path) -> subprocess.Popen[bytes]:
    if api_only:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve-api", url, str(port)]
    else:
        cmd = [sys.executable, "-m", "scorepad", "--db", url, "serve", "--host", "127.0.0.1",
               "--port", str(port), "--no-qr"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log.open("wb") as out:
        return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


async def wait_ready(base: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base, timeout=2) as http:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise SystemExit(f"the server stopped (exit {proc.returncode})")
            with contextlib.suppress(httpx.HTTPError):
                reply = await http.get("/api/games")
                if reply.status_code == 200:
                    return
                if reply.status_code == 404:
                    raise SystemExit("this server has no /api routes (try --api-only)")
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not answer in time")


# -- the phones ------------------------------------------------------------------------------

@dataclass
class Phone:
    name: str
    game_id: int
    base: str
    code: str | None = None
    #: (monotonic time a sheet was received, its revision)
    seen: list[tuple[float, int]] = field(default_factory=list)
    sheet: dict[str, Any] | None = None
    revision: int = -1
    reads: int = 0
    reconnects: int = 0
    #: (went offline, came back), monotonic times
    offline: list[tuple[float, float]] = field(default_factory=list)
    _dirty: asyncio.Event = field(default_factory=asyncio.Event)
    _online: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self._online.set()
        headers = {"X-Table-Code": self.code} if self.code else {}
        # One connection pool a phone, as separate devices have.
        self.http = httpx.AsyncClient(base_url=self.base, timeout=30, headers=headers)
        self.stream_http = httpx.AsyncClient(base_url=self.base, timeout=httpx.Timeout(
            30, read=None))

    async def read_sheet(self) -> None:
        reply = await self.http.get(f"/api/games/{self.game_id}/sheet")
        reply.raise_for_status()
        sheet = reply.json()
        self.reads += 1
        if sheet["revision"] >= self.revision:
            self.sheet, self.revision = sheet, sheet["revision"]
            self.seen.append((time.monotonic(), sheet["revision"]))

    async def reader(self) -> None:
        """Re-reads the sheet when told it changed; one read at a time (changes during a
        read are caught by the next one), as a real client would."""
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            await self.read_sheet()

    async def follow(self) -> None:
        """Follows the event stream; reconnects (and re-reads) after losing it."""
        while True:
            await self._online.wait()
            try:
                async with self.stream_http.stream(
                        "GET", f"/api/games/{self.game_id}/events") as response:
                    async for line in response.aiter_lines():
                        if not self._online.is_set():
                            break
                        if not line.startswith("data: "):
                            continue
                        revision = json.loads(line[6:]).get("revision")
                        if revision is None or revision > self.revision:
                            self._dirty.set()
            except httpx.HTTPError:
                await asyncio.sleep(0.2)
            self.reconnects += 1

    async def lose_wifi(self, seconds: float) -> None:
        """Drops the stream for a while (as a phone whose Wi-Fi goes away)."""
        self._online.clear()
        went = time.monotonic()
        await self.stream_http.aclose()
        await asyncio.sleep(seconds)
        self.stream_http = httpx.AsyncClient(base_url=self.base, timeout=httpx.Timeout(
            30, read=None))
        self.offline.append((went, time.monotonic()))
        self._online.set()

    async def close(self) -> None:
        await self.http.aclose()
        await self.stream_http.aclose()


@dataclass
class Change:
    game_id: int
    what: str
    sent: float
    acked: float
    revision: int


def random_deal(rng: random.Random, players: list[str]) -> dict[str, Any]:
    taker = rng.choice(players)
    bouts = rng.randint(0, 3)
    points = rng.randint(30, 60) + (0 if len(players) == 4 else rng.choice([0, 0.5]))
    deal: dict[str, Any] = {"taker": taker, "contract": rng.choice(CONTRACTS),
                            "bouts": bouts, "points": points}
    if len(players) == 5:
        deal["partner"] = rng.choice([p for p in players if p != taker] + [None])
    if bouts and rng.random() < 0.1:
        deal["petit_au_bout"] = rng.choice(["attack", "defense"])
    return deal


async def scorekeeper(phone: Phone, deals: int, interval: float, rng: random.Random,
                      changes: list[Change], counters: dict[str, int],
                      outsider: Phone, dropout: Phone | None) -> None:
    """Records `deals` deals through the API, with some edits, undo/redo, a stale edit and
    a write without the code; `dropout` loses its Wi-Fi for 2 s a third of the way."""
    gid = phone.game_id

    async def write(what: str, method: str, path: str, body: Any = None) -> dict[str, Any]:
        sent = time.monotonic()
        reply = await phone.http.request(method, path, json=body)
        acked = time.monotonic()
        if reply.status_code >= 400:
            counters[f"refused_{reply.status_code}"] += 1
            return {}
        data: dict[str, Any] = reply.json()
        changes.append(Change(gid, what, sent, acked, data["sheet"]["revision"]))
        return data

    recorded = 0
    while recorded < deals:
        sheet = (await phone.http.get(f"/api/games/{gid}/sheet")).json()
        if rng.random() < 0.04:
            data = await write("redeal", "POST", f"/api/games/{gid}/deals", {"kind": "passed"})
        else:
            data = await write("deal", "POST", f"/api/games/{gid}/deals",
                               random_deal(rng, sheet["next"]["players"]))
        if not data:
            continue
        recorded += 1
        counters["deals"] += 1
        deals_now = data["sheet"]["deals"]
        if recorded % 10 == 0:
            target = rng.choice(deals_now)
            if target["kind"] == "played":
                body = random_deal(rng, target["input"]["players"])
                await write("edit", "PUT", f"/api/games/{gid}/deals/{target['id']}",
                            {**body, "expected_version": target["version"]})
                # A second phone saving the same old version is refused, never applied.
                stale = await outsider.http.put(
                    f"/api/games/{gid}/deals/{target['id']}",
                    json={**body, "expected_version": target["version"]},
                    headers={"X-Table-Code": phone.code or ""})
                counters["conflicts_409"] += stale.status_code == 409
        if recorded % 25 == 0:
            await write("undo", "POST", f"/api/games/{gid}/undo")
            await write("redo", "POST", f"/api/games/{gid}/redo")
        if recorded % 50 == 0 and phone.code:
            # A viewer without the code tries to write: the server refuses it.
            refused = await outsider.http.post(f"/api/games/{gid}/deals",
                                               json={"kind": "passed"})
            counters["forbidden_403"] += refused.status_code == 403
        if dropout is not None and recorded == deals // 3:
            asyncio.get_running_loop().create_task(dropout.lose_wifi(2.0))
        await asyncio.sleep(interval)


class BrowserPhones:
    """Real phones: headless Chromium pages showing the Flet sheet of the games."""

    def __init__(self, base: str, game_ids: list[int], count: int) -> None:
        self.base = base
        self.targets = [game_ids[i % len(game_ids)] for i in range(count)]
        self.pages: list[tuple[int, Any]] = []
        self._playwright: Any = None
        self._browser: Any = None

    async def open(self, workdir: Path) -> None:
        from playwright.async_api import async_playwright

        # On a table these pages are other phones, with processors of their own: here they
        # share the server's two cores, so they run at the lowest priority and draw with
        # the time the server leaves.
        low = workdir / "chromium-low-priority"
        low.write_text(f'#!/bin/sh\nexec nice -n 19 {CHROMIUM} "$@"\n')
        low.chmod(0o755)
        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(
            executable_path=str(low), args=CHROMIUM_ARGS, headless=True)
        for gid in self.targets:
            context = await self._browser.new_context(viewport={"width": 390,
                                                                "height": 844})
            page = await context.new_page()
            await page.goto(f"{self.base}/games/{gid}")
            await page.locator("flt-semantics-placeholder").dispatch_event("click")
            await page.locator('[flt-semantics-identifier^="total-"]').first.wait_for(
                timeout=60_000)
            self.pages.append((gid, page))

    @staticmethod
    def _number(shown: str) -> int:
        clean = shown.replace("\u2212", "-").replace("+", "")
        return int("".join(ch for ch in clean if ch.isdigit() or ch == "-") or "0")

    async def totals(self, page: Any, seats: list[str]) -> dict[str, int]:
        result = {}
        for seat in seats:
            shown = await page.locator(f'[flt-semantics-identifier="total-{seat}"]'
                                       ).first.inner_text()
            result[seat] = self._number(shown.strip())
        return result

    async def wait_in_sync(self, truth: dict[int, dict[str, Any]], timeout: float
                           ) -> dict[str, bool]:
        """Whether each page shows the database's totals (polled until `timeout`)."""
        deadline = time.monotonic() + timeout
        result: dict[str, bool] = {}
        for index, (gid, page) in enumerate(self.pages):
            name = f"g{gid}-chromium{index + 1}"
            expected = truth[gid]["totals"]
            while True:
                shown = await self.totals(page, list(expected))
                if shown == expected or time.monotonic() > deadline:
                    result[name] = shown == expected
                    break
                await asyncio.sleep(0.2)
        return result

    async def close(self) -> None:
        if self._browser is not None:
            await self._browser.close()
        if self._playwright is not None:
            await self._playwright.stop()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def delays(changes: list[Change], phones: list[Phone], writers: set[str]
           ) -> tuple[list[float], list[float], int]:
    """For every change and every other phone of its game, seconds from the write being
    sent to that phone holding a sheet that includes it; changes made while a phone was
    offline are measured from its return instead (second list); and how many never
    arrived."""
    online: list[float] = []
    catch_up: list[float] = []
    missing = 0
    for change in changes:
        for phone in phones:
            if phone.game_id != change.game_id or phone.name in writers:
                continue
            arrival = next((t for t, rev in phone.seen if rev >= change.revision), None)
            if arrival is None:
                missing += 1
                continue
            back = next((on for off, on in phone.offline if off <= change.sent <= on), None)
            if back is None:
                online.append(max(0.0, arrival - change.sent))
            else:
                catch_up.append(max(0.0, arrival - back))
    return online, catch_up, missing


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from scorepad import services
    from scorepad.storage import open_database
    from scorepad.web.api import sheet_to_dict

    workdir = Path(tempfile.mkdtemp(prefix="scorepad-live-"))
    url = f"sqlite:///{workdir / 'live.db'}"
    db = open_database(url)
    game_ids = []
    for spec in GAMES:
        gid = services.create_game(db.uow(), name=str(spec["name"]), seats=list(spec["seats"]),
                                   deal_size=int(spec["deal_size"]))
        if spec["code"]:
            services.set_table_code(db.uow(), gid, str(spec["code"]),
                                    organiser=services.OPERATOR)
        game_ids.append(gid)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(url, port, args.api_only, workdir / "server.log")
    phones: list[Phone] = []
    tasks: list[asyncio.Task[None]] = []
    browsers = BrowserPhones(base, game_ids, args.browsers)
    try:
        started = time.monotonic()
        await wait_ready(base, proc)
        ready = time.monotonic() - started
        if args.browsers:
            await browsers.open(workdir)
        for gid, spec in zip(game_ids, GAMES, strict=True):
            for i in range(PHONES_PER_GAME):
                code = spec["code"] if i == 0 else None  # only the scorekeeper has it
                phones.append(Phone(f"g{gid}-phone{i + 1}", gid, base, code))
        for phone in phones:
            await phone.read_sheet()
            tasks.append(asyncio.create_task(phone.reader()))
            tasks.append(asyncio.create_task(phone.follow()))
        await asyncio.sleep(0.5)  # every stream open
        changes: list[Change] = []
        counters = dict.fromkeys(["deals", "conflicts_409", "forbidden_403", "refused_400",
                                  "refused_403", "refused_404", "refused_409"], 0)
        keepers = [p for p in phones if p.name.endswith("phone1")]
        per_game = [args.deals // len(game_ids) + (i < args.deals % len(game_ids))
                    for i in range(len(game_ids))]
        rng = random.Random(args.seed)
        t0 = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*(
            scorekeeper(keeper, n, args.interval, random.Random(rng.random()), changes,
                        counters,
                        outsider=next(p for p in phones
                                      if p.game_id == keeper.game_id and p is not keeper),
                        dropout=phones[PHONES_PER_GAME - 1] if keeper is keepers[0] else None)
            for keeper, n in zip(keepers, per_game, strict=True))), args.timeout)
        writing = time.monotonic() - t0
        # Let the last changes arrive (bounded), then compare with the database.
        final = {gid: services.get_sheet(db.uow(), gid).revision for gid in game_ids}
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(p.revision < final[p.game_id]
                                                  for p in phones):
            await asyncio.sleep(0.05)
        truth = {gid: sheet_to_dict(services.get_sheet(db.uow(), gid)) for gid in game_ids}
        in_sync = {p.name: p.sheet == truth[p.game_id] for p in phones}
        browser_sync = await browsers.wait_in_sync(truth, 30) if args.browsers else {}
        for gid, sheet in truth.items():
            sums: dict[str, int] = {}
            for deal in sheet["deals"]:
                for player, points in deal["scores"].items():
                    sums[player] = sums.get(player, 0) + points
            assert all(sheet["totals"][p] == sums.get(p, 0) for p in sheet["totals"]), gid
        writers = {p.name for p in keepers}
        measured, catch_up, missing = delays(changes, phones, writers)
        writes = [c.acked - c.sent for c in changes]
        dropout = phones[PHONES_PER_GAME - 1]
        return {
            "server": "api-only" if args.api_only else "scorepad serve (API + Flet UI)",
            "server_ready_s": round(ready, 2),
            "phones": len(phones), "games": len(game_ids),
            "deals_recorded": counters["deals"],
            "deals_in_database": sum(len(s["deals"]) for s in truth.values()),
            "changes": len(changes),
            "changes_by_kind": {k: sum(c.what == k for c in changes)
                                for k in sorted({c.what for c in changes})},
            "writing_s": round(writing, 2),
            "write_ms": {"median": round(statistics.median(writes) * 1000, 1),
                         "p95": round(percentile(writes, 0.95) * 1000, 1)},
            "propagation_ms": {
                "pairs": len(measured), "never_arrived": missing,
                "median": round(statistics.median(measured) * 1000, 1) if measured else None,
                "p95": round(percentile(measured, 0.95) * 1000, 1) if measured else None,
                "max": round(max(measured) * 1000, 1) if measured else None},
            "sheet_reads": sum(p.reads for p in phones),
            "stale_edits_refused_409": counters["conflicts_409"],
            "writes_without_code_refused_403": counters["forbidden_403"],
            # random deals the rules refuse (400) are drawn again; nothing else is refused
            "refused_writes": {k: v for k, v in counters.items()
                               if k.startswith("refused_") and v},
            "wifi_dropout": {
                "phone": dropout.name, "offline_s": [round(on - off, 2)
                                                     for off, on in dropout.offline],
                "changes_missed": len(catch_up),
                "caught_up_ms_after_return": round(max(catch_up) * 1000, 1)
                if catch_up else None,
                "in_sync": in_sync[dropout.name]},
            "phones_in_sync_with_database": sum(in_sync.values()),
            "chromium_pages_showing_database_totals": browser_sync,
            "in_sync": in_sync,
            "ok": all(in_sync.values()) and missing == 0 and all(browser_sync.values()),
        }
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for phone in phones:
            await phone.close()
        await browsers.close()
        stop_server(proc)
        db.dispose()
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


def print_goals(report: dict[str, Any]) -> None:
    """The issue's figures with their goals, one line each."""
    ok = {True: "ok", False: "MISSED"}
    delay, write = report["propagation_ms"], report["write_ms"]
    if delay["p95"] is not None:
        print(f"change -> every other phone: median {delay['median']:.0f} ms, p95 "
              f"{delay['p95']:.0f} ms, max {delay['max']:.0f} ms  goal p95 <= 500 ms  "
              f"{ok[delay['p95'] <= 500]}")
    print(f"API write under that load: median {write['median']:.1f} ms, p95 "
          f"{write['p95']:.1f} ms  goal median <= 20, p95 <= 100 ms  "
          f"{ok[write['median'] <= 20 and write['p95'] <= 100]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="deals in all (default 300)")
    parser.add_argument("--interval", type=float, default=0.02,
                        help="pause of a scorekeeper between two deals, seconds")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--timeout", type=float, default=600, help="bound on the writing, s")
    parser.add_argument("--api-only", action="store_true",
                        help="serve the API without the Flet UI")
    parser.add_argument("--browsers", type=int, default=None,
                        help="real Chromium pages showing the sheets (default 2, 0: none)")
    parser.add_argument("--json", type=Path, help="also write the report to this file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--serve-api", nargs=2, metavar=("URL", "PORT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_api:
        serve_api_only(args.serve_api[0], int(args.serve_api[1]))
        return 0
    if args.browsers is None:
        args.browsers = 2 if Path(CHROMIUM).exists() and not args.api_only else 0
    if args.browsers and args.api_only:
        parser.error("--browsers needs the full server (without --api-only)")
    report = asyncio.run(run(args))
    shown = {k: v for k, v in report.items() if k != "in_sync"}
    print(json.dumps(shown, indent=2, ensure_ascii=False))
    print_goals(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
