"""Storage benchmark: recording cost vs game size, vs a bare sqlite3 insert, standings, and
a circle's season ranking (with ratings) over 100 games x 50 deals, cold and warm, with
where its time goes (a player's page over 110k deals: bench/stats.py).

Run: .venv/bin/python bench/storage.py [--dir DIR] [--samples N] [--only season]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad import services as s  # noqa: E402
from scorepad.domain import DealKind, GameStatus, parse_deal, score_deal  # noqa: E402
from scorepad.domain.period import Period  # noqa: E402
from scorepad.services.ports import DealState, NewDeal  # noqa: E402
from scorepad.services.ports.stats import Asked  # noqa: E402
from scorepad.services.stats.reads import RATINGS, forget_kept, scope_games, stats_scope  # noqa: E402
from scorepad.storage import Database, open_database  # noqa: E402

SEATS = ["André", "Bruno", "Cécile", "Didier"]
DEAL = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


def _state() -> DealState:
    deal, rules = parse_deal({"players": SEATS, **DEAL})
    return DealState(DealKind.PLAYED, deal.to_dict(), dict(score_deal(deal, rules).scores))


def fill(db: Database, game: int, count: int) -> None:
    """Adds `count` deals as the services would have stored them (rows, versions and the
    undo stack), in large transactions so that filling is quick."""
    state = _state()
    now = datetime.now(UTC)
    done = 0
    while done < count:
        chunk = min(5000, count - done)
        with db.uow() as uow:
            start = uow.repo.last_deal_number(game) + 1
            ids = uow.repo.add_deals(game, [
                NewDeal(number=n, dealer=SEATS[(n - 1) % 4], sitting_out=(), state=state)
                for n in range(start, start + chunk)
            ], now=now)
            for n, deal_id in zip(range(start, start + chunk), ids, strict=True):
                uow.repo.push_operation(game, code="record", params={"number": n},
                                        payload={"deals": [[deal_id, None, 1]]}, now=now)
            uow.commit()
        done += chunk


def timed(func: Callable[[], object], samples: int) -> float:
    """Median seconds of `samples` calls."""
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bare_inserter(path: Path, game: int) -> tuple[Callable[[], None], Callable[[], None]]:
    """The same rows as one recorded deal, written with plain sqlite3 and the same
    durability (WAL, synchronous=FULL, foreign keys), one transaction a deal: returns
    the function inserting one deal and the one closing the connection."""
    conn = sqlite3.connect(path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        conn.execute(f"PRAGMA {pragma}")
    ids = dict(conn.execute(
        "SELECT player.name, player.id FROM player JOIN game_seat "
        "ON game_seat.player_id = player.id WHERE game_seat.game_id = ?", (game,)))
    state = _state()
    scores = {ids[p]: v for p, v in state.scores.items()}
    number = [conn.execute("SELECT COALESCE(MAX(number), 0) FROM deal WHERE game_id = ?",
                           (game,)).fetchone()[0]]
    stamp = datetime.now(UTC).isoformat(sep=" ")
    input_json = json.dumps({**(state.input or {}), "players": list(scores)})

    def one() -> None:
        number[0] += 1
        conn.execute("BEGIN")
        conn.execute("UPDATE game SET updated_at = ? WHERE id = ?", (stamp, game))
        cur = conn.execute(
            "INSERT INTO deal (game_id, number, kind, input_json, deleted, version, dealer_id,"
            " sitting_out_id, created_at, updated_at) VALUES (?, ?, 'played', ?, 0, 1, ?,"
            " NULL, ?, ?)", (game, number[0], input_json, ids["André"], stamp, stamp))
        deal_id = cur.lastrowid
        conn.executemany(
            "INSERT INTO deal_score (deal_id, player_id, game_id, points) VALUES (?, ?, ?, ?)",
            [(deal_id, p, game, v) for p, v in scores.items()])
        conn.execute(
            "INSERT INTO deal_version (deal_id, version, action, kind, input_json, "
            "scores_json, deleted, author, at) VALUES (?, 1, 'created', 'played', ?, ?, 0, "
            "NULL, ?)", (deal_id, input_json, json.dumps(scores), stamp))
        conn.execute("DELETE FROM operation WHERE game_id = ? AND undone = 1", (game,))
        conn.execute(
            "INSERT INTO operation (game_id, code, params_json, payload_json, undone, at) "
            "VALUES (?, 'record', ?, ?, 0, ?)",
            (game, json.dumps({"number": number[0]}),
             json.dumps({"deals": [[deal_id, None, 1]]}), stamp))
        conn.execute("COMMIT")

    return one, conn.close


def _season_states() -> list[DealState]:
    """A few different deals (takers, contracts, made or lost) to cycle through."""
    specs = [
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 49},
        {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 45},
        {"taker": "Cécile", "contract": "garde_sans", "bouts": 3, "points": 50},
        {"taker": "Didier", "contract": "prise", "bouts": 0, "points": 60,
         "petit_au_bout": "defense"},
        {"taker": "André", "contract": "garde_contre", "bouts": 1, "points": 40},
    ]
    states = []
    for spec in specs:
        deal, rules = parse_deal({"players": SEATS, **spec})
        states.append(DealState(DealKind.PLAYED, deal.to_dict(),
                                dict(score_deal(deal, rules).scores)))
    return states


def _cpu(func: Callable[[], object], samples: int = 7) -> float:
    """Median CPU seconds of this process over `samples` calls (SQLite runs in it)."""
    times = []
    for _ in range(samples):
        start = time.process_time()
        func()
        times.append(time.process_time() - start)
    return statistics.median(times)


def season_ranking(workdir: Path, games: int = 100, deals: int = 50
                   ) -> dict[str, float]:
    """`services.ranking` over a circle of `games` x `deals` (every game this season):
    median seconds, cold (the ratings kept per list of games forgotten: a first opening
    after a change) and warm (opened again), their CPU seconds, and where a cold one's
    CPU goes: the database's sums, the ratings, the ranking built from them; then the
    awards the ranking screen shows beside it."""
    path = workdir / "season.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    db = open_database(f"sqlite:///{path}")
    circle = s.create_circle(db.uow(), "Les mardis")
    states = _season_states()
    now = datetime.now(UTC)
    with db.uow() as uow:
        for number in range(games):
            game = uow.repo.add_game(name=f"Mardi {number}", seats=SEATS, deal_size=4,
                                     first_dealer=0, rules={}, status=GameStatus.FINISHED,
                                     now=now, created_at=now, circle_id=circle)
            uow.repo.add_deals(game, [
                NewDeal(number=n, dealer=SEATS[(n - 1) % 4], sitting_out=(),
                        state=states[(n + number) % len(states)])
                for n in range(1, deals + 1)], now=now)
        uow.commit()
    period = Period.season(s.today())
    result = s.ranking(db.uow(), circle=circle, period=period)
    assert result.games == games and result.deals == games * deals

    def ranking() -> object:
        return s.ranking(db.uow(), circle=circle, period=period)

    def cold() -> object:
        forget_kept()
        return ranking()

    scope = stats_scope(circle, period)

    def sums() -> object:
        with db.uow() as uow:
            index = uow.repo.scope_index(scope)
            return (scope_games(uow, scope),
                    uow.repo.scope_sums(scope, None, (), Asked(False, "scores")), index)

    read = sums()

    def rated() -> object:
        RATINGS.forget()
        return RATINGS.history(read[0])  # type: ignore[index]

    figures = {"cold": timed(cold, 7), "warm": timed(ranking, 7), "cold_cpu": _cpu(cold),
               "warm_cpu": _cpu(ranking), "sums_cpu": _cpu(sums), "ratings_cpu": _cpu(rated),
               "awards": timed(lambda: s.awards(db.uow(), circle=circle, period=period), 7),
               "deals": float(result.deals)}
    figures["build_cpu"] = max(figures["cold_cpu"] - figures["sums_cpu"]
                               - figures["ratings_cpu"], 0.0)
    db.dispose()
    return figures


def print_season(f: dict[str, float]) -> None:
    ok = {True: "ok", False: "MISSED"}
    print(f"season ranking over 100 games x 50 deals ({f['deals']:.0f} deals, with ratings):")
    for word in ("cold", "warm"):
        print(f"  {word}: {f[word] * 1000:7.2f} ms ({f[word + '_cpu'] * 1000:.0f} ms CPU)  "
              f"goal < 200 ms  {ok[f[word] < 0.2]}")
    print(f"  where a cold one's CPU goes: the database's sums {f['sums_cpu'] * 1000:.0f} ms, "
          f"ratings {f['ratings_cpu'] * 1000:.0f} ms, the rest {f['build_cpu'] * 1000:.0f} ms")
    print(f"  the awards beside it: {f['awards'] * 1000:7.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", type=Path, help="where to put the database (default: temp)")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--big", type=int, default=10_000, help="deals in the large game")
    parser.add_argument("--standings-deals", type=int, default=100_000)
    parser.add_argument("--only", choices=("season",), help="run only this measure")
    args = parser.parse_args()
    workdir = args.dir or Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    ok = {True: "ok", False: "MISSED"}
    print_season(season_ranking(workdir))
    if args.only == "season":
        if args.dir is None:
            shutil.rmtree(workdir, ignore_errors=True)
        return 0
    path = workdir / "bench.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    db = open_database(f"sqlite:///{path}")
    uow = db.uow

    small = s.create_game(uow(), name="Petite", seats=SEATS, deal_size=4)
    big = s.create_game(uow(), name="Grande", seats=SEATS, deal_size=4)
    bare = s.create_game(uow(), name="Nue", seats=SEATS, deal_size=4)
    huge = s.create_game(uow(), name="Énorme", seats=SEATS, deal_size=4)
    t0 = time.perf_counter()
    fill(db, small, 10)
    fill(db, big, args.big)
    fill(db, bare, 10)
    fill(db, huge, args.standings_deals)
    print(f"filled {10 + args.big + 10 + args.standings_deals} deals in "
          f"{time.perf_counter() - t0:.1f} s ({path})")

    # Record into the small and the big game and insert the bare rows in turn, so that
    # the load of a shared machine (disk syncs above all) hits the three alike.
    bare_one, bare_close = bare_inserter(path, bare)
    times: dict[str, list[float]] = {"small": [], "big": [], "bare": []}
    cpu: dict[str, list[float]] = {"small": [], "bare": []}
    steps: list[tuple[str, Callable[[], object]]] = [
        ("small", lambda: s.record_deal(uow(), small, DEAL)),
        ("big", lambda: s.record_deal(uow(), big, DEAL)), ("bare", bare_one)]
    for _ in range(args.samples):
        for name, step in steps:
            start, start_cpu = time.perf_counter(), time.process_time()
            step()
            times[name].append(time.perf_counter() - start)
            if name in cpu:
                cpu[name].append(time.process_time() - start_cpu)
    bare_close()
    t_small, t_big, t_bare = (statistics.median(times[k]) for k in ("small", "big", "bare"))
    cpu_ratio = sum(cpu["small"]) / max(sum(cpu["bare"]), 1e-9)

    totals_time = timed(lambda: s.standings(uow(), huge), 20)
    sheet_time = timed(lambda: s.next_deal(uow(), huge), 20)
    list_time = timed(lambda: s.list_games(uow()), 10)
    # André takes every one of the 110k deals: his page sums them all.
    page_time = timed(lambda: s.player_record(uow(), "André"), 10)
    page_cpu = _cpu(lambda: s.player_record(uow(), "André"))
    stored = sum(g.deals for g in s.list_games(uow()))
    db.dispose()

    ratio_size = t_big / t_small
    ratio_bare = t_small / t_bare
    print(f"record_deal, game of 10 deals:        {t_small * 1000:7.2f} ms (median of "
          f"{args.samples})")
    print(f"record_deal, game of {args.big} deals:    {t_big * 1000:7.2f} ms")
    print(f"bare sqlite3 insert of the same rows:  {t_bare * 1000:7.2f} ms "
          "(WAL, synchronous=FULL)")
    print(f"ratio {args.big} / 10 deals:           {ratio_size:7.2f}  goal <= 1.3  "
          f"{ok[ratio_size <= 1.3]}")
    print(f"ratio record_deal / bare insert:       {ratio_bare:7.2f}  goal <= 4    "
          f"{ok[ratio_bare <= 4]}")
    print(f"  the same ratio in CPU time:          {cpu_ratio:7.2f}  (without the waits "
          "for the disk)")
    print(f"standings of a game of {args.standings_deals} deals: {totals_time * 1000:7.2f} ms"
          f"  goal < 100 ms  {ok[totals_time < 0.1]}")
    print(f"next dealer in that game:              {sheet_time * 1000:7.2f} ms")
    print(f"list_games with totals ({stored} deals stored): {list_time * 1000:7.2f} ms"
          f"  goal <= 50 ms  {ok[list_time <= 0.05]}")
    print(f"a player's page over every deal stored:  {page_time * 1000:7.2f} ms "
          f"({page_cpu * 1000:.0f} ms CPU)  goal <= 200 ms  {ok[page_time <= 0.2]}  "
          "(bench/stats.py: both shapes, PostgreSQL too)")
    if args.dir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
