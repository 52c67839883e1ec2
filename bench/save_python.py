"""Python's share of a deal's save, with no browser: the real app in one in-process Flet
session (tests/flet_session.Phone) on a real SQLite file, a deal typed by its controls'
own click events, then "Enregistrer la donne"; the process's CPU time from the tap until
the screens have settled (the deal stored, the sheet read again, every render and diff).

It is the part of a save the phone's Python does (slower there: Pyodide), measured where
a profiler can look. Compare two versions by their medians (a ratio), not one figure.

    .venv/bin/python bench/save_python.py [--games 30] [--saves 8]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import flet as ft  # noqa: E402

from scorepad import services  # noqa: E402
from scorepad.services.games.deals import record_deal  # noqa: E402
from scorepad.storage import open_database  # noqa: E402
from scorepad.ui import app as app_module  # noqa: E402
from scorepad.ui.dialogs.game_actions import show_route_now  # noqa: E402
from scorepad.ui.services_context import set_uow_factory  # noqa: E402
from scorepad.ui.state import AppState  # noqa: E402
from scorepad.ui.widgets.exits import allow_see_through_exits  # noqa: E402
from tests.factories import FOUR  # noqa: E402
from tests.flet_session import Phone  # noqa: E402

TAPS = ("taker-André", "contract-garde", "bouts-2", "key-5", "key-1")


def _tappable(phone: Phone, identifier: str) -> Any:
    for control in phone.controls():
        if getattr(control, "identifier", None) == identifier:
            inner = control.content
            while getattr(inner, "on_click", None) is None:
                inner = inner.content
            return inner
    raise LookupError(identifier)


def _save_button(phone: Phone) -> Any:
    return next(c for c in phone.controls()
                if isinstance(c, ft.FilledButton) and "Enregistrer" in str(c.content))


async def _tap(phone: Phone, control: Any) -> None:
    await phone.session.dispatch_event(control._i, "click", None)


async def _saves(game: int, count: int) -> list[float]:
    async def saved_settings() -> AppState:  # no browser storage to ask
        return AppState()

    app_module.load_state = saved_settings  # type: ignore[assignment]
    phone = await Phone.open(app_module.main, route=f"/games/{game}")
    await phone.until(lambda: any(text.startswith("Donne ") for text in phone.texts()),
                      timeout=30)
    # As on one phone alone: the deal form leaves see-through (its updates held together).
    allow_see_through_exits(phone.page, lambda: (lambda: None))
    spent: list[float] = []
    for _ in range(count + 1):  # the first save warms up
        show_route_now(phone.page, f"/games/{game}/deal")
        await phone.until(lambda: "Preneur" in phone.texts(), timeout=30)
        await phone.settle(0.5)
        for identifier in TAPS:
            await _tap(phone, _tappable(phone, identifier))
            await phone.settle(0.15)
        await phone.settle(0.5)
        before = time.process_time()
        await _tap(phone, _save_button(phone))
        await phone.settle(1.0)
        spent.append((time.process_time() - before) * 1000)
    phone.close()
    return spent[1:]


def main() -> None:
    # No browser answers the session's calls to it (the drafts written to its storage,
    # the address it is asked to follow); they fail when the session closes, each with a
    # traceback logged by concurrent.futures or asyncio. They are not the save's work.
    for noisy in ("concurrent.futures", "asyncio"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="other games on the phone")
    parser.add_argument("--saves", type=int, default=8, help="saves timed")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-save-"))
    database = open_database(f"sqlite:///{folder / 'bench.db'}")
    game = services.create_game(database.uow(), name="Mardi", seats=FOUR, deal_size=4)
    for n in range(10):
        record_deal(database.uow(), game, {"taker": FOUR[n % 4], "contract": "garde",
                                           "bouts": 2, "points": 45})
    for n in range(args.games):
        other = services.create_game(database.uow(), name=f"Autre {n}", seats=FOUR,
                                     deal_size=4)
        record_deal(database.uow(), other, {"taker": FOUR[0], "contract": "garde",
                                            "bouts": 2, "points": 45})
    set_uow_factory(database.uow)
    spent = asyncio.run(_saves(game, args.saves))
    print(f"Python's CPU per save, a game of 10 deals and {args.games} other games: "
          f"median {statistics.median(spent):.1f} ms over {len(spent)} "
          f"(min {min(spent):.1f}, max {max(spent):.1f})")
    database.dispose()


if __name__ == "__main__":
    main()
