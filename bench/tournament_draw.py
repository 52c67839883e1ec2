"""Tournament benchmark: how well the draw keeps players who met apart, how long a draw
takes, and what a night of 120 players costs the server (start a round, standings).

- Quality: 40 players, 5 rounds, over many seeds: pairs who meet more than once with
  scorepad's draw against a draw from a hat (goal: at most a third of the hat's).
- Speed: drawing round 1 to 5 of 120 players (the domain alone, and through the service
  with its transaction on SQLite) (goal: <= 1 s a round).
- The night: 120 players, 30 tables, 5 rounds of 4 deals recorded through the services;
  starting a round (30 games), and the standings after the last deal (goal: a few SQL
  statements, whatever the size).

    .venv/bin/python bench/tournament_draw.py [--seeds 20] [--db URL]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import event  # noqa: E402

from scorepad import services as s  # noqa: E402
from scorepad.domain.tournament import (  # noqa: E402
    draw_round,
    random_draw,
    repeated_pairs,
    table_plans,
)
from scorepad.services import tournament as t  # noqa: E402
from scorepad.storage import open_database  # noqa: E402

GARDE = {"contract": "garde", "bouts": 2, "points": 49}


def _names(count: int) -> list[str]:
    return [f"Joueur {i:03d}" for i in range(count)]


def quality(seeds: int) -> None:
    players = _names(40)
    plan = table_plans(40)[0]
    ours, hat = [], []
    for seed in range(seeds):
        history: list[tuple[tuple[str, ...], ...]] = []
        for number in range(5):
            history.append(draw_round(players, plan, seed * 10 + number, history).tables)
        ours.append(repeated_pairs(history))
        hat.append(repeated_pairs(random_draw(players, plan, seed * 10 + n).tables
                                  for n in range(5)))
    mean_ours, mean_hat = statistics.mean(ours), statistics.mean(hat)
    print(f"40 players, 5 rounds of 10 tables, {seeds} seeds: pairs meeting more than once")
    print(f"  scorepad's draw: mean {mean_ours:.1f}, max {max(ours)}")
    print(f"  from a hat:      mean {mean_hat:.1f}, min {min(hat)}, max {max(hat)}")
    ratio = mean_ours / mean_hat if mean_hat else 0.0
    print(f"  ratio {ratio:.3f}   goal <= 0.333   {'OK' if ratio <= 1 / 3 else 'MISSED'}")


def speed(seeds: int) -> None:
    players = _names(120)
    plan = table_plans(120)[0]
    times = []
    for seed in range(seeds):
        history: list[tuple[tuple[str, ...], ...]] = []
        for number in range(5):
            start = time.perf_counter()
            history.append(draw_round(players, plan, seed * 10 + number, history).tables)
            times.append(time.perf_counter() - start)
    worst = max(times)
    print(f"120 players, 30 tables, rounds 1-5 x {seeds} seeds: a draw takes median "
          f"{statistics.median(times) * 1000:.0f} ms, max {worst * 1000:.0f} ms   goal <= 1000 ms"
          f"   {'OK' if worst <= 1 else 'MISSED'}")


def _statements(database: object, work: object) -> tuple[float, int]:
    seen: list[str] = []

    def listener(*args: object) -> None:
        seen.append(str(args[2]))

    engine = database.engine  # type: ignore[attr-defined]
    event.listen(engine, "before_cursor_execute", listener)
    start = time.perf_counter()
    work()  # type: ignore[operator]
    elapsed = time.perf_counter() - start
    event.remove(engine, "before_cursor_execute", listener)
    return elapsed, len(seen)


def night(url: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        database = open_database(url or f"sqlite:///{Path(tmp) / 'night.db'}")
        uow = database.uow
        players = _names(120)
        made = t.new_tournament(uow(), name="Bench")
        t.check_in(uow(), made.id, players, organiser=s.OPERATOR, new=players)
        draws, starts, service_draws = [], [], []
        for number in range(1, 6):
            start = time.perf_counter()
            t.draw_next_round(uow(), made.id, organiser=s.OPERATOR)
            service_draws.append(time.perf_counter() - start)
            elapsed, _ = _statements(database, lambda n=number: t.start_round(
                uow(), made.id, n, organiser=s.OPERATOR))
            starts.append(elapsed)
            links = t.table_links(uow(), made.id, number, organiser=s.OPERATOR, origin="x")
            started = t.get_tournament(uow(), made.id).round(number)
            assert started is not None
            for table, link in zip(started.tables, links, strict=True):
                for _ in range(table.deals_due):
                    taker = s.next_deal(uow(), table.game_id or 0).players[0]
                    s.record_deal(uow(), table.game_id or 0, {"taker": taker, **GARDE},
                                  code=link.code)
            t.close_round(uow(), made.id, number, organiser=s.OPERATOR)
            draws.append(number)
        samples = [_statements(database, lambda: t.tournament_results(uow(), made.id))
                   for _ in range(10)]
        times = [elapsed for elapsed, _ in samples]
        kind = "PostgreSQL" if database.engine.dialect.name == "postgresql" else "SQLite"
        print(f"a night of 120 players, 30 tables, 5 rounds of 4 deals ({kind}):")
        print(f"  drawing a round through the service: max {max(service_draws) * 1000:.0f} ms"
              f"   goal <= 1000 ms   {'OK' if max(service_draws) <= 1 else 'MISSED'}")
        print(f"  starting a round (30 games with their codes): median "
              f"{statistics.median(starts) * 1000:.0f} ms, max {max(starts) * 1000:.0f} ms")
        print(f"  standings after 600 deals: median {statistics.median(times) * 1000:.0f} ms, "
              f"max {max(times) * 1000:.0f} ms, {samples[0][1]} SQL statements")
        database.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--db", help="a PostgreSQL URL for the night (default: SQLite)")
    args = parser.parse_args()
    quality(args.seeds)
    speed(max(args.seeds // 4, 2))
    night(args.db)


if __name__ == "__main__":
    main()
