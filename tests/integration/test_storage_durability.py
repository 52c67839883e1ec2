"""Crash and concurrency: acknowledged deals survive SIGKILL; parallel writers lose nothing."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad import services as s
from scorepad.storage import open_database
from tests.factories import FOUR

ROOT = Path(__file__).resolve().parents[2]
UoW = Callable[[], Any]


def _sqlite_file(url: str) -> str | None:
    return url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None


def test_every_acknowledged_deal_survives_a_sigkill_mid_stream(db_url: str) -> None:
    db = open_database(db_url)
    game = s.create_game(db.uow(), name="Crash", seats=FOUR, deal_size=4)
    db.dispose()
    acknowledged: list[int] = []
    for _round in range(3):  # kill it three times at random moments
        child = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("crash_writer.py")), db_url,
             str(game)],
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert child.stdout is not None
        target = random.randint(20, 60)
        for seen, line in enumerate(child.stdout, 1):
            acknowledged.append(int(line))
            if seen >= target:
                break
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        # Anything printed before the kill was acknowledged too.
        acknowledged.extend(int(line) for line in child.stdout.read().split())

    db = open_database(db_url)
    sheet = s.get_sheet(db.uow(), game)
    stored = {d.id for d in sheet.deals}
    assert set(acknowledged) <= stored
    assert [d.number for d in sheet.deals] == list(range(1, len(sheet.deals) + 1))
    assert sum(sheet.totals.values()) == 0
    assert sheet.totals == {p: sum(d.scores.get(p, 0) for d in sheet.deals) for p in FOUR}
    db.dispose()
    path = _sqlite_file(db_url)
    if path is not None:
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_threads_recording_into_several_games_at_once_lose_no_write(uow: UoW) -> None:
    games = [s.create_game(uow(), name=f"Table {i}", seats=FOUR, deal_size=4)
             for i in range(3)]
    per_thread, threads_per_game = 12, 3
    errors: list[BaseException] = []
    recorded: list[int] = []
    lock = threading.Lock()

    def writer(game: int, seed: int) -> None:
        try:
            for n in range(per_thread):
                if (n + seed) % 3 == 0:
                    deal_id = s.record_redeal(uow(), game, "petit_sec")
                else:
                    deal_id = s.record_deal(uow(), game, {"taker": FOUR[(n + seed) % 4],
                                                          "contract": "prise", "bouts": 1,
                                                          "points": 58})
                with lock:
                    recorded.append(deal_id)
        except BaseException as exc:  # collected: the test reports it below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(g, i))
               for g in games for i in range(threads_per_game)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    for game in games:
        sheet = s.get_sheet(uow(), game)
        expected = per_thread * threads_per_game
        assert [d.number for d in sheet.deals] == list(range(1, expected + 1))
        assert sum(sheet.totals.values()) == 0
        assert sheet.totals == {p: sum(d.scores.get(p, 0) for d in sheet.deals)
                                for p in FOUR}
    assert len(set(recorded)) == len(games) * per_thread * threads_per_game
