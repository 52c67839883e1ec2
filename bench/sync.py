"""A phone alone and its club: a family's years sent to the club, a sync with nothing
new, and the club's read of a circle's season for a phone.

The club is the real server (`scorepad serve` in a subprocess, on SQLite or on the
PostgreSQL named by --db, an empty database), reached over loopback HTTP; the phone is
the phone's own link (scorepad.phone.club) on a SQLite file, in CPython (the browser's
Python runs the same code two to three times slower: its figures are bench/phone.py's
kind, not these).

    .venv/bin/python bench/sync.py                                   # SQLite club
    .venv/bin/python bench/sync.py --db postgresql+psycopg://...     # PostgreSQL club

Goals: 300 games / 9,000 deals sent in <= 30 s; a sync with nothing new <= 1 s; the
season's read for a phone <= 200 ms with 2,200 games in the circle.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.phone_history import _deal, _seats, history_backup  # noqa: E402
from scorepad import services as s  # noqa: E402
from scorepad.domain import GameStatus  # noqa: E402
from scorepad.domain.period import season_start  # noqa: E402
from scorepad.phone.club import ClubLink, Reply  # noqa: E402
from scorepad.services.ports import NewDeal  # noqa: E402
from scorepad.services.ports.sync import GameSyncRow  # noqa: E402
from scorepad.services.sync import phone as side  # noqa: E402
from scorepad.services.sync.invitations import invite  # noqa: E402
from scorepad.storage import open_database  # noqa: E402
from scripts.appserver import start_app, stop_app  # noqa: E402


class Http:
    """The phone's transport over a real HTTP connection (kept open, as a browser's)."""

    def __init__(self) -> None:
        self.client = httpx.AsyncClient(timeout=60)
        self.requests = 0
        self.sent = 0

    async def __call__(self, method: str, url: str, *, headers: dict[str, str],
                       body: bytes | None = None) -> Reply:
        self.requests += 1
        self.sent += len(body or b"")
        reply = await self.client.request(method, url, headers=headers, content=body)
        return Reply(reply.status_code, dict(reply.headers), reply.content)


def _club_history(db_url: str, games: int) -> int:
    """The club's circle filled with `games` games of ten deals, all of this season (a
    big club's evenings since September, several tables a night), as the services store
    them."""
    db = open_database(db_url)
    circle = s.create_circle(db.uow(), "Le club")
    today = datetime.now(UTC).replace(hour=20, minute=30, second=0, microsecond=0)
    start = datetime.combine(season_start(today.date()), today.timetz())
    days = max(1, (today - start).days)
    for first in range(0, games, 200):
        with db.uow() as uow:
            for game in range(first, min(games, first + 200)):
                seats = _seats(game)
                played = start + timedelta(days=game * days // games, minutes=game % 7)
                game_id = uow.repo.add_game(
                    name=f"Table {game % 7 + 1} du {played:%d/%m}", seats=list(seats),
                    deal_size=len(seats), first_dealer=0, rules={},
                    status=GameStatus.FINISHED, now=played, created_at=played,
                    circle_id=circle)
                uow.repo.add_deals(game_id, [
                    NewDeal(number=n, dealer=seats[(n - 1) % len(seats)], sitting_out=(),
                            state=_deal(seats, n + game)) for n in range(1, 11)],
                    now=played)
            uow.commit()
    db.dispose()
    return circle


async def _send(link: ClubLink) -> float:
    started = time.perf_counter()
    waiting = await link.sync()
    assert waiting == 0, f"{waiting} games still wait"
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="the club's database (default: a new SQLite file)")
    parser.add_argument("--deals", type=int, default=9000)
    parser.add_argument("--club-games", type=int, default=2200)
    parser.add_argument("--reads", type=int, default=20)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="scorepad-sync-bench-"))
    club_url = args.db or f"sqlite:///{tmp / 'club.db'}"
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    started = time.perf_counter()
    circle = _club_history(club_url, args.club_games)
    print(f"club: {args.club_games} games in its circle, made in "
          f"{time.perf_counter() - started:.0f} s")
    club = open_database(club_url)
    made = invite(club.uow(), circle, days=30)
    club.dispose()
    process, url = start_app(club_url, tmp / "club.log", timeout=180)
    try:
        phone = open_database(f"sqlite:///{tmp / 'phone.db'}")
        s.import_backup(phone.uow(), history_backup(args.deals))
        games = s.list_games(phone.uow())
        deals = sum(g.deals for g in games)
        side.join(phone.uow(), server=url, token=made.token, club="Club", circle_id=circle,
                  circle="Le club", expires_at=made.expires_at, mode="chosen")
        with phone.uow() as uow:
            for game in games:
                uow.repo.set_game_sync(GameSyncRow(game.id, chosen=True))
            uow.commit()
        asyncio.run(_phone(phone, len(games), deals))
        _season_reads(url, made.token, args.reads, club_url)
        phone.dispose()
    finally:
        stop_app(process)
    return 0


async def _phone(phone: object, games: int, deals: int) -> None:
    transport = Http()
    link = ClubLink(phone.uow, transport)  # type: ignore[attr-defined]
    load = os.getloadavg()[0]
    first = await _send(link)
    print(f"send {games} games / {deals} deals: {first:.1f} s "
          f"({transport.requests} requests, {transport.sent / 1e6:.1f} MB; load "
          f"{load:.1f}-{os.getloadavg()[0]:.1f})  goal <= 30 s")
    transport.requests = 0
    again = [await _send(link) for _ in range(5)]
    print(f"sync with nothing new: median {statistics.median(again) * 1000:.0f} ms, "
          f"max {max(again) * 1000:.0f} ms ({transport.requests // 5} requests each)"
          "  goal <= 1 s")
    await transport.client.aclose()


def _season_reads(url: str, token: str, reads: int, club_url: str) -> None:
    """The season as a phone reads it: the first read after a change (a deal recorded
    at the club: the circle's season read again), then again (kept), then with the
    phone's tag (304)."""
    club = open_database(club_url, migrate=False)
    # (the circle's games are all finished: a game begun at the club tonight)
    circle = s.list_circles(club.uow())[0].id
    game = s.create_game(club.uow(), name="Ce soir", circle=circle, deal_size=4,
                         seats=list(_seats(0))[:4])
    s.record_redeal(club.uow(), game, "passed")
    club.dispose()
    headers = {"X-Invitation": token}
    with httpx.Client(base_url=url, timeout=60, headers=headers) as client:
        def timed(**extra: str) -> tuple[float, httpx.Response]:
            started = time.perf_counter()
            reply = client.get("/api/club/season", headers=extra)
            return (time.perf_counter() - started) * 1000, reply

        cold, reply = timed()
        assert reply.status_code == 200, reply.text[:200]
        games = reply.json()["ranking"]["games"]
        kept = [timed()[0] for _ in range(reads)]
        tag = reply.headers["etag"]
        same = [timed(**{"If-None-Match": tag})[0] for _ in range(reads)]
    print(f"season read, {games} games this season in the circle: first {cold:.0f} ms, "
          f"then median {statistics.median(kept):.0f} ms (max {max(kept):.0f}), with the "
          f"phone's tag (304) median {statistics.median(same):.0f} ms  goal <= 200 ms")


if __name__ == "__main__":
    raise SystemExit(main())
