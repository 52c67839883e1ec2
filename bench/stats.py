"""Statistics benchmark: the time to build a player's page (services.player_record) and
the statistics screen's figures over a history of 110k deals, on SQLite or PostgreSQL,
in two shapes: the storage bench's (four games, one of 100,000 deals) and a club's
(2,200 games of 50 deals, eight players taking turns at four seats, one circle).

Each figure is the median of several calls: "cold" (every rating and sum kept in memory
forgotten before each call: the first opening after a server's restart, which finds the
seats and ratings the last start stored: scorepad.services.stats.stored), "first start"
(nothing kept and nothing stored: a server's very first start on the database, or the
first after an upgrade of the code that rates), "warm" (a page opened again), and after
a deal recorded in the newest game (its ratings rated on from that game, its sums read
alone: scorepad.services.stats.kept). Goal: a player's page and the statistics screen
<= 100 ms, cold or warm; the first start is shown beside them. A database given by
--url that already holds games is read as it is.

    .venv/bin/python bench/stats.py [--url URL] [--shape storage|club|both] [--samples N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad import services as s  # noqa: E402
from scorepad.domain import DealKind, GameStatus, parse_deal, score_deal  # noqa: E402
from scorepad.services.ports import DealState, NewDeal  # noqa: E402
from scorepad.services.stats.reads import forget_kept  # noqa: E402
from scorepad.storage import Database, open_database  # noqa: E402
from scorepad.storage.stats_repo import STORED  # noqa: E402

#: a player's page and the statistics screen, cold or warm (seconds)
GOAL = 0.1
PLAYERS = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny", "Gaston", "Hélène"]
SPECS = [
    {"contract": "garde", "bouts": 2, "points": 49},
    {"contract": "prise", "bouts": 1, "points": 45},
    {"contract": "garde_sans", "bouts": 3, "points": 50, "petit_au_bout": "attack"},
    {"contract": "prise", "bouts": 0, "points": 60, "petit_au_bout": "defense"},
    {"contract": "garde_contre", "bouts": 1, "points": 40},
    {"contract": "garde", "bouts": 2, "points": 38, "poignees": "taker"},
    {"contract": "prise", "bouts": 1, "points": 52},
]


def _state(seats: list[str], number: int, taker: str) -> DealState:
    spec = dict(SPECS[number % len(SPECS)])
    if spec.pop("poignees", None):
        spec["poignees"] = [{"player": taker, "size": "simple"}]
    deal, rules = parse_deal({"players": seats, "taker": taker, **spec})
    return DealState(DealKind.PLAYED, deal.to_dict(), dict(score_deal(deal, rules).scores))


def _game(db: Database, seats: list[str], name: str, deals: int, when: datetime,
          circle: int | None, takers: Callable[[int], str]) -> None:
    """A game of `deals` deals stored as the services store them, by chunks."""
    states: dict[tuple[int, str], DealState] = {}
    with db.uow() as uow:
        game = uow.repo.add_game(name=name, seats=seats, deal_size=4, first_dealer=0,
                                 rules={}, status=GameStatus.FINISHED, now=when,
                                 created_at=when, circle_id=circle)
        uow.commit()
    for start in range(1, deals + 1, 5000):
        with db.uow() as uow:
            batch = []
            for n in range(start, min(start + 5000, deals + 1)):
                taker = takers(n)
                key = (n % len(SPECS), taker)
                if key not in states:
                    states[key] = _state(seats, n, taker)
                batch.append(NewDeal(number=n, dealer=seats[(n - 1) % 4], sitting_out=(),
                                     state=states[key]))
            uow.repo.add_deals(game, batch, now=when)
            uow.commit()


def fill_storage_shape(db: Database) -> None:
    """The games of bench/storage.py: 10, 10,000, 10 and 100,000 deals (André's garde
    every deal there; here the takers turn so that every figure has something to sum)."""
    seats = PLAYERS[:4]
    start = datetime(2025, 9, 2, 20, tzinfo=UTC)
    for index, deals in enumerate((10, 10_000, 10, 100_000)):
        _game(db, seats, f"Partie {index}", deals, start + timedelta(days=index), None,
              lambda n: seats[n % 3])


def fill_club_shape(db: Database, games: int = 2200, deals: int = 50) -> int:
    circle = s.create_circle(db.uow(), "Le club")
    start = datetime(2020, 9, 1, 20, tzinfo=UTC)
    for index in range(games):
        seats = [PLAYERS[(index + k * 3) % len(PLAYERS)] for k in range(4)]
        if len(set(seats)) < 4:
            seats = PLAYERS[index % 2 * 4:index % 2 * 4 + 4]
        _game(db, seats, f"Soir {index}", deals, start + timedelta(days=index), circle,
              lambda n, seats=seats: seats[n % 4])
    return circle


def add_a_deal(db: Database) -> None:
    """One more deal in the newest game, as the services store one (not timed)."""
    newest = max(s.list_games(db.uow()), key=lambda g: (g.created_at, g.id))
    with db.uow() as uow:
        seats = list(newest.seats)
        number = uow.repo.last_deal_number(newest.id) + 1
        uow.repo.add_deals(newest.id, [NewDeal(
            number=number, dealer=seats[(number - 1) % 4], sitting_out=(),
            state=_state(seats, number, seats[number % 4]))], now=datetime.now(UTC))
        uow.commit()


def timed(func: Callable[[], object], samples: int, cold: bool | Callable[[], object]
          ) -> tuple[float, float]:
    """Median seconds of `samples` calls, and the same in CPU seconds of this process
    (SQLite runs in it: the figure a busy machine's other work does not inflate). `cold`
    True: every rating and sum kept forgotten before each call; a function: called (not
    timed) before each call."""
    times, cpu = [], []
    for _ in range(samples):
        if callable(cold):
            cold()
        elif cold:
            forget_kept()
        began, began_cpu = time.perf_counter(), time.process_time()
        func()
        times.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
    return statistics.median(times), statistics.median(cpu)


def report(label: str, db: Database, samples: int, circle: int | None) -> None:
    ok = {True: "ok", False: "MISSED"}
    record = s.player_record(db.uow(), "André", circle=circle)
    print(f"{label}: André {record.deals_played} deals played over {record.games} games")

    def first_start() -> None:
        forget_kept()
        with db.engine.begin() as connection:
            connection.execute(STORED.delete())

    for word, cold in (("first start", first_start), ("cold", True), ("warm", False)):
        page, page_cpu = timed(lambda: s.player_record(db.uow(), "André", circle=circle),
                               samples, cold)
        screen, screen_cpu = timed(lambda: s.stats_overview(db.uow(), circle=circle),
                                   samples, cold)
        goal = "" if word == "first start" else "  goal <= 100 ms  "
        print(f"  player's page ({word}):     {page * 1000:8.1f} ms ({page_cpu * 1000:.0f} ms "
              f"CPU){goal}{ok[page <= GOAL] if goal else ''}")
        print(f"  statistics screen ({word}): {screen * 1000:8.1f} ms "
              f"({screen_cpu * 1000:.0f} ms CPU){goal}{ok[screen <= GOAL] if goal else ''}")
    for label, call in (("player's page", lambda: s.player_record(db.uow(), "André",
                                                                  circle=circle)),
                        ("statistics screen", lambda: s.stats_overview(db.uow(),
                                                                       circle=circle))):
        took, cpu = timed(call, samples, lambda: add_a_deal(db))
        print(f"  {label} after a deal recorded in the newest game: {took * 1000:8.1f} ms "
              f"({cpu * 1000:.0f} ms CPU)  goal <= 100 ms  {ok[took <= GOAL]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", help="database URL (default: a SQLite file in a temp dir)")
    parser.add_argument("--shape", choices=("storage", "club", "both"), default="both")
    parser.add_argument("--samples", type=int, default=7)
    args = parser.parse_args()
    for shape in ("storage", "club") if args.shape == "both" else (args.shape,):
        url = args.url or f"sqlite:///{tempfile.mkdtemp(prefix='scorepad-stats-')}/s.db"
        db = open_database(url)
        began = time.perf_counter()
        circle = None
        reused = bool(s.list_games(db.uow()))
        if reused:  # filled by an earlier run: read as it is
            circle = next((c.id for c in s.list_circles(db.uow())), None)
        elif shape == "storage":
            fill_storage_shape(db)
        else:
            circle = fill_club_shape(db)
        total = sum(g.deals for g in s.list_games(db.uow()))
        filled = ("already there" if reused
                  else f"filled in {time.perf_counter() - began:.0f} s")
        print(f"{shape} shape on {db.engine.dialect.name}: {total} deals {filled}")
        report(f"  {shape}", db, args.samples, circle)
        db.dispose()
        if args.url and args.shape == "both":
            print("(one shape at a time on a given URL: --shape)")
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
