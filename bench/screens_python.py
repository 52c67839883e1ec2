"""Python's share of opening the screens a family's years weigh on, with no browser: the
real app in one in-process Flet session (tests/flet_session.Phone) on a SQLite file, on a
phone restored with a family's years (bench/phone_history.py: ~N deals) and on a new one
(10 deals), each screen opened on one then the other: the process's CPU time from the
route's change until the screen has settled (reads, renders, diffs), and the bytes sent
to the page (what the client then has to draw). Screens: the statistics, a player's page,
the ranking, the games list back from a sheet and a sheet opened from the list. The
first opening of each (nothing kept yet) is printed apart from the medians of the next
ones.

It is the part of an opening the phone's Python does (slower there: Pyodide), measured
where a profiler can look; bench/phone.py times the same screens on the phone itself.

    .venv/bin/python bench/screens_python.py [--history 9000] [--openings 6]
                                             [--profile stats|player|ranking|list]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import logging
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import msgpack  # noqa: E402
from flet.controls.context import _context_page  # noqa: E402
from phone_history import history_backup  # noqa: E402

from scorepad import services  # noqa: E402
from scorepad.storage import Database, open_database  # noqa: E402
from scorepad.ui import app as app_module  # noqa: E402
from scorepad.ui.dialogs.game_actions import show_route_now  # noqa: E402
from scorepad.ui.services_context import set_uow_factory  # noqa: E402
from scorepad.ui.state import AppState  # noqa: E402
from tests.flet_session import _ENCODE, KeptConnection, Phone  # noqa: E402

#: each screen: its address (the game's id filled in) and what says it is on screen
SCREENS: dict[str, tuple[str, Callable[[Phone, int], bool]]] = {
    "stats": ("/stats", lambda p, _g: "stats-summary" in p.identifiers()),
    "player": ("/stats/player/Andr%C3%A9", lambda p, _g: "player-summary" in p.identifiers()),
    "ranking": ("/stats/ranking", lambda p, _g: "ranking-summary" in p.identifiers()),
    "list": ("/", lambda p, g: f"game-{g}" in p.identifiers()),
    "sheet": ("/games/{game}", lambda p, _g: "total-André" in p.identifiers()),
}
#: where each screen is opened from
#: the phone profiled with --profile
PROFILED = "past"
BEFORE = {"stats": "/calculator", "player": "/stats", "ranking": "/stats",
          "list": "/games/{game}", "sheet": "/"}


class Counted(KeptConnection):
    """Keeps the size of each message as the web transport packs it (packing it again
    later gives less: Flet sends a control whole once, then its changes)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.sizes: list[int] = []

    def send_message(self, message: Any) -> None:
        self.sizes.append(len(msgpack.packb([message.action, message.body], default=_ENCODE)))
        self.sent.append(message)


class Side:
    """One phone: its database, its session, what each opening cost."""

    def __init__(self, name: str, db: Database) -> None:
        self.name, self.db = name, db
        self.game = max(g.id for g in services.list_games(db.uow()))
        self.phone: Phone | None = None
        self.cpu: dict[str, list[float]] = {key: [] for key in SCREENS}
        self.sent: dict[str, list[int]] = {key: [] for key in SCREENS}


def restored(folder: Path, name: str, deals: int) -> Database:
    db = open_database(f"sqlite:///{folder / name}.db")
    services.import_backup(db.uow(), history_backup(deals))
    return db


async def _go(phone: Phone, route: str, ready: Callable[[], bool]) -> float:
    """Shows `route` and waits until `ready()` and the screen has settled; the CPU
    seconds the waiting's own looks at the controls took (a walk of every control on
    the page: more under a phone's long games list), not the app's."""
    looking = 0.0

    def looked() -> bool:
        nonlocal looking
        began = time.process_time()
        try:
            return ready()
        finally:
            looking += time.process_time() - began

    # In the session's own context (two sessions live in this process), as an event of
    # that phone's would run.
    _context_page.set(phone.page)
    show_route_now(phone.page, route)
    await phone.until(looked, timeout=60)
    await phone.settle(0.4)
    return looking


async def opening(side: Side, key: str, profile: cProfile.Profile | None) -> None:
    assert side.phone is not None
    phone = side.phone
    set_uow_factory(side.db.uow)
    route, ready = SCREENS[key]
    route = route.format(game=side.game)
    before = BEFORE[key].format(game=side.game)
    await _go(phone, before, lambda: True)
    connection = phone.connection
    assert isinstance(connection, Counted)
    sent = len(connection.sizes)
    began = time.process_time()
    if profile is not None:
        profile.enable()
    looking = await _go(phone, route, lambda: ready(phone, side.game))
    if profile is not None:
        profile.disable()
    side.cpu[key].append((time.process_time() - began - looking) * 1000)
    side.sent[key].append(sum(connection.sizes[sent:]))


async def run(sides: list[Side], openings: int, profiled: str | None) -> cProfile.Profile:
    async def saved_settings() -> AppState:  # no browser storage to ask
        return AppState()

    app_module.load_state = saved_settings  # type: ignore[assignment]
    for side in sides:
        set_uow_factory(side.db.uow)
        side.phone = await Phone.open(app_module.main, route="/", connection=Counted)
        await side.phone.until(lambda s=side: f"game-{s.game}" in s.phone.identifiers(),
                               timeout=60)
    profile = cProfile.Profile()
    for n in range(openings):
        for key in SCREENS:
            for side in (sides if n % 2 == 0 else sides[::-1]):
                wanted = profiled == key and side.name == PROFILED and n > 0
                await opening(side, key, profile if wanted else None)
    for side in sides:
        assert side.phone is not None
        side.phone.close()
    return profile


def main() -> int:
    for noisy in ("concurrent.futures", "asyncio"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--history", type=int, default=9000)
    parser.add_argument("--openings", type=int, default=6)
    parser.add_argument("--profile", choices=list(SCREENS), help="cProfile that screen")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-screens-"))
    sides = [Side("new", restored(folder, "new", 10)),
             Side("past", restored(folder, "past", args.history))]
    profile = asyncio.run(run(sides, args.openings, args.profile))
    new, past = sides
    print(f"Python's CPU per opening, {args.history} deals against 10 (first opening, "
          f"then the median of {args.openings - 1}; bytes sent to the page):")
    for key in SCREENS:
        first = f"first {past.cpu[key][0]:.0f} / {new.cpu[key][0]:.0f} ms"
        big, small = (statistics.median(s.cpu[key][1:]) for s in (past, new))
        print(f"  {key:8s} {first}; then {big:6.1f} / {small:6.1f} ms (ratio "
              f"{big / small:.2f}); sent {statistics.median(past.sent[key]) / 1000:.1f} / "
              f"{statistics.median(new.sent[key]) / 1000:.1f} kB")
    if args.profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    for side in sides:
        side.db.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
