"""Two builds of the phone site side by side: starts from the phone's cache of one, then
the other, in alternating order, each build on its own phone (browser profile) holding
the same game of 10 deals, so that both see the same machine at the same moments, after a
few untimed starts of each (--warm: the browser caches the compiled WebAssembly over a
phone's first starts, so the first ones are slower on any build). Prints
each build's median start (to the games screen) and games list (names and totals on
screen), their ratio after/before, and where the median start's time goes.

With --deals N, then N deals saved on each, one on one phone then one on the other (as
bench/phone.py times them: touch to the new line drawn): each build's median save, the
ratio after/before, and where the median save's time goes. --starts 0 compares saves
only.

    .venv/bin/python bench/phone_compare.py BEFORE_SITE AFTER_SITE [--starts 8]
                                            [--deals 8] [--cpu 0.5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phone import Phone, goals, prepare  # noqa: E402
from phone_parts import CpuLimit, load_average  # noqa: E402

from tests.e2e.phone_site import StaticServer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="a built site (scorepad build-phone)")
    parser.add_argument("after", type=Path, help="another built site")
    parser.add_argument("--starts", type=int, default=8, help="starts from the cache, each")
    parser.add_argument("--deals", type=int, default=0, help="deals saved and timed, each")
    parser.add_argument("--cpu", type=float, help="share of one core for each browser")
    parser.add_argument("--warm", type=int, default=3,
                        help="starts before the timed ones, each (the browser's code "
                             "caches of the WebAssembly grow over a phone's first starts)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    aim = goals(args.cpu)
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-compare-") as tmp:
        limit = CpuLimit.asked(args.cpu, Path(tmp))
        servers = [StaticServer(args.before).start(), StaticServer(args.after).start()]
        print(f"Two phone sites side by side (bench/phone_compare.py), load average "
              f"{load_average()} at start; CPU: "
              f"{'each browser held to ' + str(args.cpu) + ' of one core' if limit else 'free'}",
              flush=True)
        try:
            with sync_playwright() as p:
                phones = [Phone(name, Path(tmp) / name, limit and limit.executable(name))
                          for name in ("before", "after")]
                for phone, server in zip(phones, servers, strict=True):
                    prepare([phone], p.chromium, server.url, None, aim["first"])
                pairs = list(zip(phones, servers, strict=True))
                for _ in range(args.warm if args.starts else 0):
                    for phone, server in pairs:
                        phone.open(p.chromium, server.url)
                        phone.close()
                for n in range(args.starts):
                    for phone, server in (pairs if n % 2 == 0 else pairs[::-1]):
                        phone.timed_start(p.chromium, server.url)
                        print(f"    {phone.name}: start {phone.starts[-1]:.2f} s, list "
                              f"{phone.lists[-1]:.2f} s", flush=True)
                if args.deals:
                    _saves(pairs, p.chromium, args.deals)
        finally:
            for server in servers:
                server.stop()
            if limit is not None:
                limit.remove()
        if args.starts:
            _report_starts(phones, aim)
        if args.deals:
            _report_saves(phones, aim)
        print(f"  load average {load_average()} at the end")
    return 0


def _saves(pairs: list[tuple[Phone, Any]], browser_type: Any, deals: int) -> None:
    """Each phone on its game's sheet, then `deals` saves on each, in alternating order."""
    for phone, server in pairs:
        phone.open(browser_type, server.url)
        phone.open_sheet()
    for n in range(deals):
        for phone, _server in (pairs if n % 2 == 0 else pairs[::-1]):
            phone.save()
            phone.back_and_reopen()
    for phone, _server in pairs:
        phone.close()


def _report_starts(phones: list[Phone], aim: dict[str, float]) -> None:
    medians = {}
    for phone in phones:
        start, listed = statistics.median(phone.starts), statistics.median(phone.lists)
        medians[phone.name] = (start, listed)
        middle = sorted(phone.breakdowns)[len(phone.breakdowns) // 2]
        print(f"  {phone.name}: start from the cache median {start:.2f} s (min "
              f"{min(phone.starts):.2f}, max {max(phone.starts):.2f}; goal <= "
              f"{aim['start']} s), the games list {listed:.2f} s")
        print(f"    where the median start's time goes: {middle[1]}")
    (b_start, b_list), (a_start, a_list) = medians["before"], medians["after"]
    print(f"  after/before: start {a_start / b_start:.2f}, games list {a_list / b_list:.2f}")


def _report_saves(phones: list[Phone], aim: dict[str, float]) -> None:
    medians = []
    for phone in phones:
        median = statistics.median(phone.saves)
        medians.append(median)
        each = ", ".join(f"{1000 * s:.0f}" for s in phone.saves)
        print(f"  {phone.name}: save median {1000 * median:.0f} ms over {len(phone.saves)} "
              f"(goal <= {1000 * aim['save']:.0f} ms); each: {each}")
        middle = sorted(phone.save_breakdowns)[len(phone.save_breakdowns) // 2]
        print(f"    where the median save's time goes: {middle[1]}")
    print(f"  after/before: save {medians[1] / medians[0]:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
