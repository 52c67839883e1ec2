"""One phone alone, measured as a phone: Debian's headless Chromium against the site that
`scorepad build-phone` writes, served by a plain static server on loopback. Each figure
is printed beside its goal:

- bytes on the wire for a first visit (brotli copies): goal <= 15 MB;
- first start to the games screen (a new phone): goal <= 20 s;
- a start from the phone's cache, to the games screen: goal median <= 1.0 s, <= 3.0 s at
  half a core (--cpu 0.5), a native app's; and to the games list with its names and
  totals, sooner.
  Timed twice: before any game was opened on the phone (its games restored only), and
  after its evening (the saves below), offline. The second is the phone as a family
  holds it: once a game has been opened on it, the browser keeps the machine code it
  compiled for the client and the renderer (Chromium's WebAssembly code cache, which it
  writes only once enough of the code was optimised: one game opened and closed is
  enough, 20 s on the games list is not; before, only Python's is kept), and a start no
  longer compiles ~9,500 functions on the page's thread. Each start also says how much
  CPU each part of the browser used until the games screen (read from /proc);
- a save, from the finger's touch to the new line drawn, no network: goal median
  <= 100 ms, <= 200 ms at half a core; the new line in the semantics tree within 50 ms of
  that frame; and where the median save's time goes (the phone's marks:
  Python's steps, then the page drawing the sheet);
- the statistics (their tab, from the games list), a player's page (a name in their
  table) and the ranking (its button), touch to the screen's summary, --screens times
  each (the first opening, with nothing kept yet, printed apart);
- back to the games list (its first frame drawn, as a save's; the semantics tree's moment
  beside it) and a sheet opened from it: goal <= 150 ms (here only);
- with --history N, a second phone restored with a family's years (bench/phone_history.py:
  ~N deals in ~N/30 games) is measured interleaved with a new phone (10 deals: two
  earlier evenings of 2 and tonight's 6; tonight's game, the one saved into, is the same
  6 deals on both, and both have the same screens: with one game, the statistics drew
  no chart, and their ratio compared a chart with none; and the same six players, so
  that a screen listing them compares years with days, not six players with five),
  each step on one then the
  other: the big/new ratio of a start, a save, the games list
  (back from a sheet), a sheet (opened from the list), the statistics, a player's page
  and the ranking; goal: every screen within 20 % (ratio <= 1.2).

Times of what a person sees are taken by the page itself (bench/phone_parts.PAGE_CLOCK):
from the touch, or the navigation's start, to the moment the awaited element is in the
page's semantics tree. A save is timed to the first frame the page presents with the
sheet's top as it then stays (the frames' pixels, PAGE_CLOCK): since the deal form
leaves see-through, the sheet is drawn up to 300 ms before Flutter lets its semantics
out (printed beside it). Where a start's time goes comes from the marks the phone prints
(Python's steps beside the client's loader).

The browser is desktop Chromium without its address bar's popups (scripts/appserver.
DESKTOP_ONLY_FEATURES): a phone's browser builds no such pages at each launch.

--cpu SHARE holds every browser to SHARE of one core (cgroup v1 quota; one group per
browser; bench/phone_parts.CpuLimit), its GPU process to another SHARE of a core beside
it (a phone draws with its GPU; here SwiftShader draws on the CPU, and in the page's
share each frame drawn would take its time from the phone's Python and page), and first
checks that the limit slows a Web Worker (where the phone's Python runs) as much as the
page's main thread.

    .venv/bin/python bench/phone.py [--site DIR] [--starts 5] [--deals 6] [--screens 4]
                                    [--history 9000] [--cpu 0.5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phone_history import DEALS_PER_GAME, history_backup  # noqa: E402
from phone_parts import (  # noqa: E402
    PAGE_CLOCK,
    CpuLimit,
    browser_cpu,
    calibrate,
    cpu_spent,
    deals_kept,
    drawn_after_touch,
    load_average,
    restore_history,
    seen_after_touch,
    seen_since_navigation,
    want,
    watch_frames,
)

from scorepad.web.phone_site.build import Site  # noqa: E402
from tests.e2e.phone_site import StaticServer, build, open_phone  # noqa: E402

MB = 1_000_000
#: Console lines of the page that mark a start's steps (python-early.js, Flet's worker).
STEPS = (("client loaded", "Flutter app loaded"),
         ("worker started", "scorepad: Python starts with the page"),
         ("Pyodide ready", "python_module_name"),
         ("client connects", "scorepad: the client connects"),
         ("Python ready", "scorepad: Python is ready"))
SHEET = "total-André"  # a sheet is on screen when its totals are


#: after the evening's last deal, the page stays open this long before the phone is put
#: away (ms): the browser stores the compiled code it made meanwhile (see below)
EVENING_END_MS = 3000


def goals(cpu: float | None) -> dict[str, float]:
    """The goals (seconds) of this setting, a native app's figures: the reference machine,
    or half a core. The semantics tree's lag behind the drawn frame, the games list and
    a sheet have theirs here only (infinite: no goal at half a core)."""
    slow = cpu is not None and cpu <= 0.5
    return {"start": 3.0 if slow else 1.0, "save": 0.2 if slow else 0.1, "first": 20.0,
            "tree_lag": 0.05, "screen": float("inf") if slow else 0.15}


def goal_said(value: float, goal: float) -> str:
    """"; goal <= 150 ms: ok" (nothing where the setting has no goal)."""
    if goal == float("inf"):
        return ""
    return f"; goal <= {1000 * goal:.0f} ms: {verdict(value <= goal)}"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


class Start:
    """One start: the console's milestones and the phone's own marks (page clock)."""

    def __init__(self, page: Any) -> None:
        self.t0 = time.time() * 1000
        self.seen: dict[str, float] = {}
        self.marks: dict[str, float] = {}
        self.snapshot = ""
        #: the CPU each part of the browser used from the navigation to the games screen
        self.cpu = ""
        #: each save's marks (scorepad.phone.main._SaveMarks): [[step, epoch ms], ...]
        self.saves: list[list[tuple[str, float]]] = []
        page.on("console", self.heard)

    def heard(self, message: Any) -> None:
        text, now = message.text, time.time() * 1000 - self.t0
        if text.startswith("scorepad-save "):
            self.saves.append([(str(step), float(at)) for step, at in
                               json.loads(text.split(" ", 1)[1])])
            return
        for name, needle in STEPS:
            if needle in text and name not in self.seen:
                self.seen[name] = now
        # The marks at the first screen, then again once the storage is open after it.
        for line in ("scorepad-startup ", "scorepad-storage "):
            if line in text:
                marks = json.loads(text.split(line, 1)[1])
                self.marks = {k: v - self.t0 for k, v in marks.items()
                              if isinstance(v, int | float)}
                # What became of the memory snapshot (restored, none...): a word.
                self.snapshot = str(marks.get("snapshot", ""))

    def page_marks(self, page: Any) -> None:
        """The page's own marks (python-early.js), more precise than the console's."""
        marks = page.evaluate("() => window.scorepadMarks || {}")
        self.seen.update({k: v - self.t0 for k, v in marks.items()
                          if isinstance(v, int | float)})

    def breakdown(self) -> str:
        """Each step's end in the order they ended, with the time since the one before
        (Python and the client load side by side)."""
        points = {**self.seen, **self.marks}
        parts, last = [], 0.0
        for name, at in sorted(points.items(), key=lambda item: item[1]):
            parts.append(f"{name} +{(at - last) / 1000:.2f}")
            last = at
        said = ", ".join(parts)
        if self.snapshot:
            said += f" (memory snapshot: {self.snapshot})"
        if self.cpu:
            said += f"\n      to the games screen, {self.cpu}"
        return said


@dataclass
class Phone:
    """A phone: its browser profile (kept across starts), its game in progress."""

    name: str
    profile: Path
    executable: str | None
    game: int = 0
    deals: int = 0
    starts: list[float] = field(default_factory=list)
    lists: list[float] = field(default_factory=list)
    breakdowns: list[tuple[float, str]] = field(default_factory=list)
    #: the same, timed before any game was opened on this phone (its games restored only)
    unused_starts: list[float] = field(default_factory=list)
    unused_breakdowns: list[tuple[float, str]] = field(default_factory=list)
    saves: list[float] = field(default_factory=list)
    save_breakdowns: list[tuple[float, str]] = field(default_factory=list)
    #: the same saves, to the new line in the page's semantics tree
    saves_in_tree: list[float] = field(default_factory=list)
    backs: list[float] = field(default_factory=list)
    backs_in_tree: list[float] = field(default_factory=list)
    sheets: list[float] = field(default_factory=list)
    #: the statistics, a player's page, the ranking: touch to the screen, each opening
    screens: dict[str, list[float]] = field(default_factory=dict)
    #: the CPU seconds the browser used for each of those openings (all its parts, and
    #: Python's worker alone), from the touch to half a second after the screen showed:
    #: what a busy machine's other work does not lengthen, as it does the wall clock
    screens_cpu: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    context: Any = None
    page: Any = None
    last_start: Any = None
    watch: Any = None

    def snapshot_made(self, start: Any, timeout_s: float = 120) -> str:
        """A phone is used for minutes at a time: once, the page stays open until the
        phone has made its memory snapshot (a build that makes one: its start said
        "none"), as a person's first use of the app would let it."""
        if start is None or start.snapshot != "none":
            return ""
        self.page.wait_for_function(
            "() => Object.keys(window.scorepadMarks || {}).some((k) => k.startsWith("
            "'snapshot '))", timeout=timeout_s * 1000)
        made = self.page.evaluate(
            "() => Object.keys(window.scorepadMarks).find((k) => k.startsWith('snapshot '))")
        return f"; its memory snapshot: {made.split(' ', 1)[1]}"

    def open(self, browser_type: Any, url: str) -> tuple[float, Start]:
        """A start: seconds from the address typed to the games screen."""
        self.context = open_phone(browser_type, self.profile, executable=self.executable)
        self.context.add_init_script(PAGE_CLOCK + (
            f"\nwindow.scorepadWanted['game-{self.game}'] = 1;" if self.game else ""))
        page = self.page = self.context.pages[0] if self.context.pages else \
            self.context.new_page()
        watch = Start(page)
        cpu = browser_cpu(self.profile)
        began = time.perf_counter()
        page.goto(url, wait_until="commit")
        placeholder = page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=180_000)
        placeholder.dispatch_event("click")
        page.get_by_text("Parties").first.wait_for(timeout=180_000)
        took = time.perf_counter() - began
        watch.cpu = cpu_spent(cpu, browser_cpu(self.profile))
        for _ in range(100):  # the marks come right after the first screen
            if watch.marks:
                break
            page.wait_for_timeout(50)
        watch.page_marks(page)
        self.watch = watch
        return took, watch

    def timed_start(self, browser_type: Any, url: str, *, used: bool = True) -> None:
        took, watch = self.open(browser_type, url)
        if used:
            self.starts.append(took)
            self.lists.append(seen_since_navigation(self.page, f"game-{self.game}"))
            self.breakdowns.append((took, watch.breakdown()))
        else:
            self.unused_starts.append(took)
            self.unused_breakdowns.append((took, watch.breakdown()))
        self.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None

    def save(self) -> None:
        """A deal entered on the sheet and saved: touch to its line on the sheet."""
        from tests.e2e.conftest import button, by_id, click, tap_box
        from tests.e2e.gestures import tap, type_points

        page = self.page
        click(page, "Nouvelle donne")
        by_id(page, "taker-Bruno").wait_for()
        tap(page, "taker-Bruno", "contract-garde", "bouts-2")
        type_points(page, "49")
        self.deals += 1
        line = f"row-{self.deals}-Bruno"
        want(page, line)
        save = button(page, "Enregistrer la donne").first
        save.wait_for()
        heard = len(self.watch.saves)
        watch_frames(page)
        tap_box(page, save)
        in_tree = seen_after_touch(page, line)
        drawn = drawn_after_touch(page)
        self.saves.append(in_tree if drawn is None else min(drawn, in_tree))
        self.saves_in_tree.append(in_tree)
        self.save_breakdowns.append((self.saves[-1], self.save_parts(line, heard)))
        by_id(page, SHEET).wait_for()

    def save_parts(self, line: str, heard: int) -> str:
        """Where the save's time went, from the touch: Python's steps (the phone's marks:
        the tap reached Python, the deal stored, the sheet read again, the sheet's update
        sent to the page, the commit copied to IndexedDB, Python done) and the new line
        in the page; each step with the time since the one before."""
        for _ in range(100):  # the marks come once Python is done, right after the line
            if len(self.watch.saves) > heard:
                break
            self.page.wait_for_timeout(50)
        else:
            return "(no marks from the phone)"
        steps = self.watch.saves[heard]
        touch, seen = self.page.evaluate(
            "id => [performance.timeOrigin + window.scorepadTouch, "
            "performance.timeOrigin + window.scorepadSeen[id]]", line)
        named: dict[str, float] = {}
        for step, at in steps:
            if step == "sent":  # the first update after the sheet was read: the sheet's
                if "sheet read" in named and "sheet sent" not in named:
                    named["sheet sent"] = at
            else:
                named.setdefault(step, at)
        named["line drawn"] = touch + 1000 * self.saves[-1]
        named["line in the semantics tree"] = seen
        parts, last = [], touch
        for step, at in sorted(named.items(), key=lambda item: item[1]):
            parts.append(f"{step} +{at - last:.0f}")
            last = at
        return ", ".join(parts) + " (ms)"

    def open_sheet(self) -> None:
        """From the games list, the game's sheet (a tap on its tile)."""
        from tests.e2e.conftest import by_id
        from tests.e2e.gestures import thumb

        tile = by_id(self.page, f"game-{self.game}")
        tile.first.wait_for()
        want(self.page, SHEET)
        thumb(self.page, tile)  # once it stands still, as a thumb would
        self.sheets.append(seen_after_touch(self.page, SHEET))

    def back_and_reopen(self) -> None:
        """Back to the games list (the bar's back arrow), then the game's sheet again (a tap
        on its tile)."""
        from tests.e2e.conftest import button, tap_box

        page, tile = self.page, f"game-{self.game}"
        page.wait_for_timeout(300)  # the sheet stands still
        want(page, tile)
        watch_frames(page)
        tap_box(page, button(page, "Retour").first)
        in_tree = seen_after_touch(page, tile)
        drawn = drawn_after_touch(page)  # the list drawn, as for a save
        self.backs.append(in_tree if drawn is None else min(drawn, in_tree))
        self.backs_in_tree.append(in_tree)
        self.open_sheet()


    def visit_screens(self) -> None:
        """From the sheet: back to the games list, then the statistics (their tab), a
        player's page (a name in the statistics' table), back, and the ranking (its
        button), back; each timed from the touch to the screen's summary in the page;
        then the games list (its tab) and the sheet again."""
        from tests.e2e.conftest import button, by_id, tap_box
        from tests.e2e.gestures import tap_at, thumb

        page = self.page
        page.wait_for_timeout(300)  # the sheet stands still
        tap_box(page, button(page, "Retour").first)
        by_id(page, f"game-{self.game}").first.wait_for()
        for name, touched, shown in SCREENS:
            page.wait_for_timeout(500)  # a person reads the screen before the next touch
            want(page, shown)
            control = touched(page).first
            control.wait_for()
            before = browser_cpu(self.profile)
            if name == "the statistics":
                thumb(page, control)  # a tab, in the bar at the bottom
            else:
                # Scrolled within reach first, by the wheel: a screen back on top keeps
                # where it was scrolled (the statistics, after a player's page opened
                # from low in them), and the button above is then off the screen.
                tap_at(page, control)
            self.screens.setdefault(name, []).append(seen_after_touch(page, shown))
            page.wait_for_timeout(500)
            after = browser_cpu(self.profile)
            total = sum(after.values()) - sum(before.values())
            python = after.get("python", 0.0) - before.get("python", 0.0)
            self.screens_cpu.setdefault(name, []).append((total, python))
            if name != "the statistics":  # a screen above the statistics: back to them
                page.wait_for_timeout(300)
                tap_box(page, button(page, "Retour").first)
                by_id(page, "stats-summary").wait_for()
        page.wait_for_timeout(300)
        thumb(page, page.get_by_role("tab", name="Parties"))
        tile = by_id(page, f"game-{self.game}")
        tile.first.wait_for()
        want(page, SHEET)
        thumb(page, tile)
        seen_after_touch(page, SHEET)


#: the screens a family's years weigh on: name, what is touched, what says it is there
SCREENS: tuple[tuple[str, Any, str], ...] = (
    ("the statistics", lambda page: page.get_by_role("tab", name="Statistiques"),
     "stats-summary"),
    ("player", lambda page: page.locator('[flt-semantics-identifier="stat-name-André"]'),
     "player-summary"),
    ("the ranking", lambda page: page.get_by_role("button", name="Classement", exact=True),
     "ranking-summary"),
)


def median_ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):.0f} ms"


def screen_label(name: str) -> str:
    return "a player's page (from the statistics)" if name == "player" else name


def ratio_line(what: str, phones: list[Phone], attr: str, goal: float | None,
               new: list[float] | None = None, past: list[float] | None = None) -> str:
    if new is None or past is None:
        new, past = (getattr(p, attr) for p in phones)
    ratio = statistics.median(past) / statistics.median(new)
    said = f" (goal <= {goal:.1f}: {verdict(ratio <= goal)})" if goal else ""
    return (f"  {what}: new phone median {median_ms(new)}, with the history "
            f"{median_ms(past)}; ratio {ratio:.2f}{said}")


#: deals on the new phone, and in tonight's game on every phone (saved into, its sheet)
NEW_PHONE, TONIGHT = 10, 6
#: deals of each earlier evening on the new phone: two evenings, whose tables (four or
#: five of the family, bench/phone_history._seats) with tonight's seat all six people, as
#: the phone with years knows them
NEW_PHONE_EVENING = 2


def prepare(phones: list[Phone], browser_type: Any, url: str, history: int | None,
            first_goal: float) -> None:
    """Each phone's first visit (timed for the new one), then its games restored."""
    for phone in phones:
        took, watch = phone.open(browser_type, url)
        phone.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                     timeout=180_000)
        if phone.name == "new":
            print(f"  first start to the games screen: {took:.1f} s (goal <= "
                  f"{first_goal:.0f} s: {verdict(took <= first_goal)}); "
                  f"{watch.breakdown()}", flush=True)
        past = phone.name == "past" and history
        deals = history if past else NEW_PHONE
        began = time.perf_counter()
        report = restore_history(phone.page, history_backup(
            deals, current=TONIGHT, per_game=DEALS_PER_GAME if past else NEW_PHONE_EVENING))
        phone.close()
        took, phone.last_start = phone.open(browser_type, url)  # the restored games back
        kept = deals_kept(phone.page)
        assert kept == deals, f"{phone.name}: {kept} deals kept of {deals} ({report})"
        from phone_parts import run_python

        phone.game = int(run_python(phone.page, (
            "from scorepad import services\nfrom scorepad.ui.services_context import use_uow\n"
            "str(max(g.id for g in services.list_games(use_uow()())))")))
        phone.deals = TONIGHT
        made = phone.snapshot_made(phone.last_start)
        phone.close()
        print(f"  {phone.name} phone: {deals} deals restored through its Python in "
              f"{time.perf_counter() - began:.0f} s{made}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--starts", type=int, default=5, help="starts from the cache")
    parser.add_argument("--deals", type=int, default=6, help="deals saved and timed")
    parser.add_argument("--history", type=int, help="a second phone with ~N deals")
    parser.add_argument("--screens", type=int, default=4,
                        help="openings of the statistics, a player's page and the ranking")
    parser.add_argument("--cpu", type=float, help="share of one core for each browser")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    aim = goals(args.cpu)
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-phone-") as tmp:
        folder = args.site or build(Path(tmp) / "site")
        site = Site.read(folder)
        if site is None:
            sys.stderr.write(f"no phone site in {folder} (scorepad build-phone)\n")
            return 2
        limit = CpuLimit.asked(args.cpu, Path(tmp))
        wire = site.first_visit_bytes()
        print(f"One phone alone (bench/phone.py), load average {load_average()} at start")
        print(f"  first visit on the wire, brotli copies: {wire / MB:.2f} MB "
              f"(goal <= 15 MB: {verdict(wire <= 15 * MB)}); Safari/Firefox (CanvasKit): "
              f"{site.first_visit_bytes('full') / MB:.2f} MB; gzip only: "
              f"{site.first_visit_bytes(encoding='gzip') / MB:.2f} MB")
        server = StaticServer(folder).start()
        try:
            with sync_playwright() as p:
                browser_type = p.chromium
                if limit is not None:
                    free, held, seen = calibrate(browser_type, Path(tmp), server.url, limit)
                    print(f"  CPU: each browser held to {args.cpu:.2f} of one core (cgroup "
                          f"v1 cpu quota); a fixed loop took {held[0] / free[0]:.1f}x as long "
                          f"on the page's main thread ({free[0]:.0f} -> {held[0]:.0f} ms) and "
                          f"{held[1] / free[1]:.1f}x in a Web Worker ({free[1]:.0f} -> "
                          f"{held[1]:.0f} ms); {seen}", flush=True)
                phones = [Phone(name, Path(tmp) / name, limit and limit.executable(name))
                          for name in (("new", "past") if args.history else ("new",))]
                prepare(phones, browser_type, server.url, args.history, aim["first"])
                for n in range(args.starts):
                    for phone in (phones if n % 2 == 0 else phones[::-1]):
                        phone.timed_start(browser_type, server.url, used=False)
                for phone in phones:
                    phone.open(browser_type, server.url)
                    phone.open_sheet()
                server.stop()  # no network at all from now on
                for n in range(args.deals):
                    for phone in (phones if n % 2 == 0 else phones[::-1]):
                        phone.save()
                        phone.back_and_reopen()
                for n in range(args.screens):
                    for phone in (phones if n % 2 == 0 else phones[::-1]):
                        phone.visit_screens()
                for phone in phones:
                    phone.page.wait_for_timeout(EVENING_END_MS)
                    phone.close()
                for n in range(args.starts):  # offline: from the phone's cache alone
                    for phone in (phones if n % 2 == 0 else phones[::-1]):
                        phone.timed_start(browser_type, server.url)
        finally:
            server.stop()
            if limit is not None:
                limit.remove()
        report(phones, aim, args)
        print(f"  load average {load_average()} at the end")
    return 0


def report(phones: list[Phone], aim: dict[str, float], args: argparse.Namespace) -> None:
    for phone in phones:
        label = "a new phone" if phone.name == "new" else f"with {args.history} deals"
        unused = statistics.median(phone.unused_starts)
        print(f"  start from the cache, {label}, before any game was opened on it: median "
              f"{unused:.2f} s over {len(phone.unused_starts)} (min "
              f"{min(phone.unused_starts):.2f}, max {max(phone.unused_starts):.2f}; goal "
              f"median <= {aim['start']} s: {verdict(unused <= aim['start'])})")
        middle = sorted(phone.unused_breakdowns)[len(phone.unused_breakdowns) // 2]
        print(f"    where the median start's time goes: {middle[1]}")
        start, listed = statistics.median(phone.starts), statistics.median(phone.lists)
        print(f"  start from the cache, {label}, after its evening ({len(phone.saves)} deals "
              f"saved), offline: median {start:.2f} s over "
              f"{len(phone.starts)} (min {min(phone.starts):.2f}, max {max(phone.starts):.2f};"
              f" goal median <= {aim['start']} s: {verdict(start <= aim['start'])}); the "
              f"games list with names and totals on screen: median {listed:.2f} s")
        middle = sorted(phone.breakdowns)[len(phone.breakdowns) // 2]
        print(f"    where the median start's time goes: {middle[1]}")
        save = statistics.median(phone.saves)
        lag = statistics.median(t - d for t, d in zip(phone.saves_in_tree, phone.saves,
                                                      strict=True))
        print(f"  save tap to the new line drawn, no network, {label}: median "
              f"{median_ms(phone.saves)} over {len(phone.saves)} (max "
              f"{1000 * max(phone.saves):.0f} ms; goal median <= {1000 * aim['save']:.0f} ms:"
              f" {verdict(save <= aim['save'])}); in the page's semantics tree (what a "
              f"screen reader reads) {median_ms(phone.saves_in_tree)}, the frame's lag "
              f"before it median {1000 * lag:.0f} ms{goal_said(lag, aim['tree_lag'])}")
        middle = sorted(phone.save_breakdowns)[len(phone.save_breakdowns) // 2]
        print(f"    where the median save's time goes: {middle[1]}")
        back, sheet = statistics.median(phone.backs), statistics.median(phone.sheets)
        print(f"  back to the games list drawn {median_ms(phone.backs)}"
              f"{goal_said(back, aim['screen'])} (in the semantics tree "
              f"{median_ms(phone.backs_in_tree)}), a sheet opened from it "
              f"{median_ms(phone.sheets)}{goal_said(sheet, aim['screen'])} ({label})")
        for name, times in phone.screens.items():
            cpu = phone.screens_cpu.get(name, [])[1:]
            used = (f"; the browser's CPU for it, median {median_ms([c for c, _ in cpu])} "
                    f"(Python's worker {median_ms([p for _, p in cpu])})" if cpu else "")
            print(f"  {screen_label(name)}: first {1000 * times[0]:.0f} ms, then median "
                  f"{median_ms(times[1:] or times)} over {len(times) - 1}{used} ({label})")
    if len(phones) == 2:
        print(ratio_line("start from the cache", phones, "starts", None))
        print(ratio_line("save", phones, "saves", 1.2))
        print(ratio_line("back to the games list", phones, "backs", 1.2))
        print(ratio_line("a sheet opened from the list", phones, "sheets", 1.2))
        for name, _touched, _shown in SCREENS:
            new, past = (p.screens.get(name, []) for p in phones)
            if new and past:
                print(ratio_line(screen_label(name), phones, name, 1.2, new[1:] or new,
                                 past[1:] or past))
                cpu = [p.screens_cpu.get(name, [])[1:] for p in phones]
                if all(cpu):
                    (new_cpu, new_py), (past_cpu, past_py) = (
                        (statistics.median(c for c, _ in each),
                         statistics.median(py for _, py in each)) for each in cpu)
                    print(f"    the browser's CPU for it: ratio {past_cpu / new_cpu:.2f} "
                          f"({1000 * new_cpu:.0f} / {1000 * past_cpu:.0f} ms), Python's "
                          f"worker alone {past_py / max(new_py, 0.01):.2f} "
                          f"({1000 * new_py:.0f} / {1000 * past_py:.0f} ms)")
                print(f"    its first opening (nothing kept yet): new phone "
                      f"{1000 * new[0]:.0f} ms, with the history {1000 * past[0]:.0f} ms; "
                      f"ratio {past[0] / new[0]:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
