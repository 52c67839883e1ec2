"""One phone alone, measured in Debian's headless Chromium against the site that
`scorepad build-phone` writes, served by a plain static server on loopback; each figure
is printed next to its goal:

- bytes on the wire for a first visit, compressed as a static host serves them (the
  service worker precaches the whole site for that browser): goal <= 15 MB;
- first start to the games screen (a new phone): goal <= 20 s;
- a start from the phone's cache (median of several): goal median <= 4 s;
- save tap to the new line, with the static server stopped: goal median <= 200 ms (timed
  by the page itself, from the finger's touch to the line in the page: WATCH_LINE);

and where a start's time goes, from the marks the phone prints: Python's steps (the
worker, Pyodide, the app archive, the imports, the storage read, the database) run
beside the client's loader; then the session and the first screen.

    .venv/bin/python bench/phone.py [--site DIR] [--starts 5] [--deals 6]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad.web.phone_site.build import Site  # noqa: E402
from tests.e2e.phone_site import StaticServer, build, open_phone  # noqa: E402

MB = 1_000_000
FOUR = ["André", "Bruno", "Cécile", "Didier"]
STEPS = (("loader", "Flutter app loaded"), ("worker", "scorepad: Python starts with the page"),
         ("pyodide", "python_module_name"), ("client", "scorepad: the client connects"),
         ("ready", "scorepad: Python is ready"))


class Start:
    """One start of the app: its console's milestones and the phone's own marks."""

    def __init__(self, page: Any) -> None:
        self.t0 = time.time() * 1000
        self.seen: dict[str, float] = {}
        self.marks: dict[str, float] = {}
        page.on("console", self.heard)

    def heard(self, message: Any) -> None:
        text, now = message.text, time.time() * 1000 - self.t0
        for name, needle in STEPS:
            if needle in text and name not in self.seen:
                self.seen[name] = now
        if "scorepad-startup " in text:
            marks = json.loads(text.split("scorepad-startup ", 1)[1])
            self.marks = {k: v - self.t0 for k, v in marks.items()}

    def breakdown(self) -> str:
        """Each step's end, in the order they ended, with the time since the one before
        (Python and the client load side by side: "loader" is the client's end)."""
        points = {**self.seen, **self.marks}
        parts, last = [], 0.0
        for name, at in sorted(points.items(), key=lambda item: item[1]):
            parts.append(f"{name} +{(at - last) / 1000:.1f}")
            last = at
        return ", ".join(parts)


def start(browser_type: Any, profile: Path, url: str) -> tuple[Any, Any, float, Start]:
    """Opens the phone and waits for the games screen; seconds from the address typed."""
    phone = open_phone(browser_type, profile)
    page = phone.pages[0] if phone.pages else phone.new_page()
    watch = Start(page)
    began = time.perf_counter()
    page.goto(url, wait_until="commit")
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=180_000)
    placeholder.dispatch_event("click")
    page.get_by_text("Parties").first.wait_for(timeout=180_000)
    took = time.perf_counter() - began
    for _ in range(100):  # the marks come right after the first screen
        if watch.marks:
            break
        page.wait_for_timeout(50)
    return phone, page, took, watch


#: In the page: the time of the last touch on the screen, and of the first moment the
#: awaited line is in the page (the screen's accessibility tree, which Flutter writes in
#: the frame that draws it); both on the page's own clock, so Playwright's round trips
#: (finding the button, sending the tap, polling for the line) are not counted.
WATCH_LINE = """() => {
  window.scorepadTouch = 0;
  window.scorepadLine = {id: null, at: 0};
  window.addEventListener('pointerdown', () => { window.scorepadTouch = performance.now(); },
                          true);
  new MutationObserver(() => {
    const line = window.scorepadLine;
    if (line.id && !line.at &&
        document.querySelector(`[flt-semantics-identifier="${line.id}"]`)) {
      line.at = performance.now();
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def save_times(page: Any, url: str, deals: int) -> tuple[list[float], list[float]]:
    """Seconds from each save tap (the finger's touch) to the deal's new line on the
    sheet, as the page itself timed them (WATCH_LINE); and as this script saw them, its
    round trips to the browser included."""
    from tests.e2e.conftest import button, by_id, click, tap_box
    from tests.e2e.flows import start_new_game
    from tests.e2e.gestures import tap, type_points

    game = start_new_game(page, url + "#", "Banc téléphone", FOUR)
    page.evaluate(WATCH_LINE)
    times, seen = [], []
    for number in range(1, deals + 1):
        click(page, "Nouvelle donne")
        by_id(page, "taker-Bruno").wait_for()
        tap(page, "taker-Bruno", "contract-garde", "bouts-2")
        type_points(page, "49")
        identifier = f"row-{number}-Bruno"
        save = button(page, "Enregistrer la donne").first
        save.wait_for()
        page.evaluate("id => { window.scorepadLine = {id, at: 0}; }", identifier)
        began = time.perf_counter()
        tap_box(page, save)
        by_id(page, identifier).first.wait_for(state="attached", timeout=30_000)
        seen.append(time.perf_counter() - began)
        page.wait_for_function("() => window.scorepadLine.at > 0")
        took = page.evaluate("() => window.scorepadLine.at - window.scorepadTouch")
        times.append(took / 1000)
        page.wait_for_url(f"{url}#/games/{game}")
    return times, seen


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--starts", type=int, default=5, help="starts from the cache")
    parser.add_argument("--deals", type=int, default=6, help="deals saved and timed")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="scorepad-bench-phone-") as tmp:
        folder = args.site or build(Path(tmp) / "site")
        site = Site.read(folder)
        if site is None:
            sys.stderr.write(f"no phone site in {folder} (scorepad build-phone)\n")
            return 2
        wire = site.first_visit_bytes()
        print("One phone alone (bench/phone.py)")
        print(f"  first visit on the wire, brotli copies: {wire / MB:.2f} MB "
              f"(goal <= 15 MB: {verdict(wire <= 15 * MB)}); Safari/Firefox (CanvasKit): "
              f"{site.first_visit_bytes('full') / MB:.2f} MB; gzip only: "
              f"{site.first_visit_bytes(encoding='gzip') / MB:.2f} MB; files as built: "
              f"{sum(site.files[n] for n in site.first_visit()) / MB:.2f} MB")
        server = StaticServer(folder).start()
        profile = Path(tmp) / "profile"
        try:
            with sync_playwright() as p:
                browser_type = p.chromium
                phone, page, first, watch = start(browser_type, profile, server.url)
                page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                       timeout=180_000)
                phone.close()
                print(f"  first start to the games screen: {first:.1f} s "
                      f"(goal <= 20 s: {verdict(first <= 20)}); {watch.breakdown()}")
                cached = []
                for _ in range(args.starts):
                    phone, page, took, watch = start(browser_type, profile, server.url)
                    cached.append(took)
                    last = watch
                    phone.close()
                median = statistics.median(cached)
                print(f"  start from the cache: median {median:.1f} s over {len(cached)} "
                      f"(min {min(cached):.1f}, max {max(cached):.1f}; goal median <= 4 s: "
                      f"{verdict(median <= 4)}); last: {last.breakdown()}")
                phone, page, _, _ = start(browser_type, profile, server.url)
                server.stop()  # no network at all from now on
                saves, seen = save_times(page, server.url, args.deals)
                phone.close()
        finally:
            server.stop()
        median_save = statistics.median(saves)
        print(f"  save tap to the new line, no network: median {1000 * median_save:.0f} ms "
              f"over {len(saves)} (max {1000 * max(saves):.0f} ms; goal median <= 200 ms: "
              f"{verdict(median_save <= 0.2)}); as this script sees it, its own round trips "
              f"to the browser included: median {1000 * statistics.median(seen):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
