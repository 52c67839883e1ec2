"""Two builds of the phone site side by side, saving deals: each build on its own phone
(browser profile) holding the same game of 10 deals, one deal saved on one then on the
other, in alternating order, so that both see the same machine at the same moments.
Prints each build's saves (touch to the new line on the sheet, as bench/phone.py times
them), their medians and ratio after/before, and where each median save's time goes.

    .venv/bin/python bench/phone_saves.py BEFORE_SITE AFTER_SITE [--deals 8] [--cpu 0.5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

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
    parser.add_argument("--deals", type=int, default=8, help="deals saved on each phone")
    parser.add_argument("--cpu", type=float, help="share of one core for each browser")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    aim = goals(args.cpu)
    sites = [args.before, args.after]
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-saves-") as tmp:
        limit = None
        if args.cpu is not None:
            refused = CpuLimit.available()
            if refused:
                sys.stderr.write(f"--cpu: {refused}\n")
                return 2
            limit = CpuLimit(args.cpu, Path(tmp))
        servers = [StaticServer(site).start() for site in sites]
        print(f"Saves of two builds (bench/phone_saves.py), load average {load_average()}"
              + (f", each browser held to {args.cpu:.2f} of one core" if args.cpu else ""))
        try:
            with sync_playwright() as p:
                browser_type = p.chromium
                phones = [Phone(name, Path(tmp) / name, limit and limit.executable(name))
                          for name in ("before", "after")]
                for phone, server in zip(phones, servers, strict=True):
                    prepare([phone], browser_type, server.url, None, aim["first"])
                for phone, server in zip(phones, servers, strict=True):
                    phone.open(browser_type, server.url)
                    phone.open_sheet()
                for n in range(args.deals):
                    for phone in (phones if n % 2 == 0 else phones[::-1]):
                        phone.save()
                        phone.back_and_reopen()
                for phone in phones:
                    phone.close()
        finally:
            for server in servers:
                server.stop()
            if limit is not None:
                limit.remove()
        medians = []
        for phone, site in zip(phones, sites, strict=True):
            median = statistics.median(phone.saves)
            medians.append(median)
            each = ", ".join(f"{1000 * s:.0f}" for s in phone.saves)
            print(f"  {phone.name} ({site}): median {1000 * median:.0f} ms over "
                  f"{len(phone.saves)} (goal <= {1000 * aim['save']:.0f} ms); each: {each}")
            middle = sorted(phone.save_breakdowns)[len(phone.save_breakdowns) // 2]
            print(f"    where the median save's time goes: {middle[1]}")
        print(f"  after/before: {medians[1] / medians[0]:.2f}; load average "
              f"{load_average()} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
