"""Run by bench/phone_stats.py inside Pyodide (the phone's Python and SQLite), /build
mounted: times the statistics' services on each database of /build/databases, copied
first into the in-memory file system (where the phone's storage keeps its database
between syncs), and writes /build/result.json. Its last line's value (True) tells the
runner all went well."""

import json
import shutil
import statistics
import sys
import time
from collections.abc import Callable

sys.path[:0] = ["/build/app/__pypackages__", "/build/app"]

from scorepad import services  # noqa: E402
from scorepad.services.stats.reads import forget_kept  # noqa: E402
from scorepad.storage.database import Database, open_database  # noqa: E402

SAMPLES = 7


def median_ms(call: Callable[[], object], cold: bool) -> float:
    times = []
    for _ in range(SAMPLES):
        if cold:
            forget_kept()
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return round(statistics.median(times) * 1000, 1)


def measure(db: Database, player: str, circle: int) -> dict[str, object]:
    calls: dict[str, Callable[[], object]] = {
        "player_page": lambda: services.player_record(db.uow(), player),
        "statistics_screen": lambda: services.stats_overview(db.uow()),
        "ranking_and_awards": lambda: services.ranking_and_awards(db.uow(), circle=circle),
    }
    calls["player_page"]()  # the first call imports what the services import
    found: dict[str, object] = {key: {"cold": median_ms(call, True),
                                      "warm": median_ms(call, False)}
                                for key, call in calls.items()}
    found["deals"] = sum(g.deals for g in services.list_games(db.uow()))
    return found


def run() -> bool:
    with open("/build/config.json") as source:
        config = json.load(source)
    result = {}
    for name in config["databases"]:
        shutil.copyfile(f"/build/databases/{name}.db", f"/tmp/{name}.db")
        db = open_database(f"sqlite:////tmp/{name}.db")
        result[name] = measure(db, config["player"], config["circle"])
        db.dispose()
    with open("/build/result.json", "w") as out:
        json.dump(result, out)
    return True


run()
