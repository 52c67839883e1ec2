"""The statistics on one phone alone with a long history: the services' time inside the
phone's own Python (the Pyodide runtime and packages the phone site ships, run by Node.js
as the site's build runs it), on a database of N deals (default 9,000: 300 games of 30)
against one of ten deals. Goals: a player's page <= 1 s with the history; the statistics
screen's reads the same (within 20 %) with the history as with ten deals.

What is timed is the services' work as the phone does it (SQLite in WebAssembly, the
database in the in-memory file system where the phone's storage keeps it), not the drawing
of the screen; `--history` of bench/phone.py (a phone restored with N deals, in Chromium)
times the whole opening once it is there.

    .venv/bin/python bench/phone_stats.py [--history 9000]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad.domain import DealKind, GameStatus, parse_deal, score_deal  # noqa: E402
from scorepad.services.ports import DealState, NewDeal  # noqa: E402
from scorepad.storage import open_database  # noqa: E402
from scorepad.web import client  # noqa: E402
from scorepad.web.phone_site import packages  # noqa: E402
from scorepad.web.phone_site.build import default_cache, scorepad_files  # noqa: E402

PLAYERS = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny"]
SPECS = [
    {"contract": "garde", "bouts": 2, "points": 49},
    {"contract": "prise", "bouts": 1, "points": 45, "petit_au_bout": "defense"},
    {"contract": "garde_sans", "bouts": 3, "points": 50},
    {"contract": "prise", "bouts": 0, "points": 60},
    {"contract": "garde", "bouts": 1, "points": 48, "poignees": "taker"},
]


def _state(seats: list[str], taker: str, number: int) -> DealState:
    spec = dict(SPECS[number % len(SPECS)])
    if spec.pop("poignees", None):
        spec["poignees"] = [{"player": taker, "size": "simple"}]
    deal, rules = parse_deal({"players": seats, "taker": taker, **spec})
    return DealState(DealKind.PLAYED, deal.to_dict(), dict(score_deal(deal, rules).scores))


def fill(path: Path, games: int, deals: int) -> int:
    """A database of `games` games of `deals` deals, four of six players at each table,
    one circle; its circle's id."""
    db = open_database(f"sqlite:///{path}")
    start = datetime(2024, 9, 3, 20, tzinfo=UTC)
    with db.uow() as uow:
        circle = uow.repo.add_circle("Les mardis", now=start)
        for index in range(games):
            seats = [PLAYERS[(index + k) % len(PLAYERS)] for k in range(4)]
            if "André" not in seats:
                seats[0] = "André"
            when = start + timedelta(days=2 * index)
            game = uow.repo.add_game(name=f"Mardi {index + 1}", seats=seats, deal_size=4,
                                     first_dealer=0, rules={}, status=GameStatus.FINISHED,
                                     now=when, created_at=when, circle_id=circle)
            uow.repo.add_deals(game, [
                NewDeal(number=n, dealer=seats[(n - 1) % 4], sitting_out=(),
                        state=_state(seats, seats[(n + index) % 4], n + index))
                for n in range(1, deals + 1)], now=when)
        uow.commit()
    db.dispose()
    return int(circle)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--history", type=int, default=9000, help="deals of the history")
    args = parser.parse_args()
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        sys.stderr.write("Node.js is needed (it runs the phone's Python here)\n")
        return 2
    with tempfile.TemporaryDirectory(prefix="scorepad-phone-stats-") as tmp:
        folder = Path(tmp)
        app = folder / "app"
        wheels = packages.fetch(default_cache() / "wheels")
        files = [*scorepad_files(), *((f"__pypackages__/{name}", data)
                                      for name, data in packages.package_files(wheels))]
        for name, data in files:
            (app / name).parent.mkdir(parents=True, exist_ok=True)
            (app / name).write_bytes(data)
        (folder / "databases").mkdir()
        fill(folder / "databases" / "ten.db", 1, 10)
        games = max(1, args.history // 30)
        circle = fill(folder / "databases" / "history.db", games, args.history // games)
        (folder / "config.json").write_text(json.dumps(
            {"databases": ["ten", "history"], "player": "André", "circle": circle}))
        for script in ("pyodide_run.mjs", "phone_stats_inside.py"):
            shutil.copyfile(ROOT / "bench" / script, folder / script)
        done = subprocess.run([node, str(folder / "pyodide_run.mjs"),
                               str(client.stock_web_dir() / "pyodide"), str(folder),
                               "phone_stats_inside.py"], capture_output=True, text=True,
                              timeout=1800, check=False)
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
            return 1
        result = json.loads((folder / "result.json").read_text())
    small, big = result["ten"], result["history"]
    print(f"The statistics inside the phone's Python (Pyodide under Node.js): "
          f"{big['deals']} deals against {small['deals']}")
    labels = {"player_page": "a player's page", "statistics_screen": "the statistics screen",
              "ranking_and_awards": "the ranking and its awards"}
    for key, label in labels.items():
        for word in ("cold", "warm"):
            b, s = big[key][word], small[key][word]
            print(f"  {label} ({word}): {b:7.1f} ms with the history, {s:6.1f} ms with ten "
                  f"deals (+{b - s:.0f} ms)")
    page = big["player_page"]["cold"]
    print(f"  goal: a player's page <= 1000 ms with the history: {page:.0f} ms "
          f"{'ok' if page <= 1000 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
