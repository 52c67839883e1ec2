"""What bench/phone.py drives: a phone (a browser with its own profile, optionally held to a
share of one core by a cgroup), the page's own clock for what a person sees, and a
restored history through the phone's own Python.

The CPU limit is cgroup v1's `cpu` controller (FLET_NOTES.md, "Measuring the phone as a
phone"): the browser is started by a wrapper that moves itself into a group with a CFS
quota, then runs Chromium, so that every process Chromium starts (the page's renderer
with the Python worker's thread, the utilities) is held by it. The GPU process is moved
to a group of its own holding the same share: a phone draws with its GPU, while here
SwiftShader draws on the CPU (about 6 ms of CPU a frame at full speed); held in the
page's share, every frame drawn would cost the phone's Python and page that time too.
`calibrate` checks that a Web Worker is slowed as much as the page.
"""

from __future__ import annotations

import base64
import contextlib
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.phone_site import FRAME_PRINTS, open_phone

CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 100_000

#: Installed in every page before its own scripts: the time (page clock, ms since the
#: navigation) of the last touch, and of the first moment each awaited identifier is in
#: the page's accessibility tree (which Flutter writes in the frame that draws it). Each
#: figure is then the page's own, without Playwright's round trips. With FRAME_PRINTS,
#: the frames the page presents while watched (what the screen showed).
PAGE_CLOCK = """(() => {
  window.scorepadTouch = 0;
  window.scorepadSeen = {};
  window.scorepadWanted = {};
  window.addEventListener('pointerdown', () => { window.scorepadTouch = performance.now(); },
                          true);
  const look = () => {
    for (const id of Object.keys(window.scorepadWanted)) {
      if (!(id in window.scorepadSeen)
          && document.querySelector(`[flt-semantics-identifier="${id}"]`)) {
        window.scorepadSeen[id] = performance.now();
      }
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true,
                                                attributes: true});
})();""" + FRAME_PRINTS


def want(page: Any, identifier: str) -> None:
    """From now on, note when `identifier` is first in the page (forgetting an earlier
    sighting)."""
    page.evaluate("id => { delete window.scorepadSeen[id]; window.scorepadWanted[id] = 1; }",
                  identifier)


def watch_frames(page: Any) -> None:
    """From now on, note each frame the page presents (PAGE_CLOCK)."""
    page.evaluate("() => { window.scorepadFrames = []; }")


def drawn_after_touch(page: Any, settle_ms: float = 600) -> float | None:
    """Seconds from the last touch to the first frame showing the screen's top as it
    stands once settled (`settle_ms` with no change there), or None when the page
    presents no frames this way (a renderer other than skwasm). Stops watching."""
    page.wait_for_timeout(settle_ms)
    touch, frames = page.evaluate(
        "() => { const f = window.scorepadFrames; window.scorepadFrames = null; "
        "return [window.scorepadTouch, f || []]; }")
    after = [(at, print_) for at, print_ in frames if at >= touch]
    if not after:
        return None
    last = after[-1][1]
    first = next(at for at, print_ in after if print_ == last)
    return float(first - touch) / 1000


def seen_after_touch(page: Any, identifier: str, timeout_ms: float = 60_000) -> float:
    """Seconds from the last touch (or `mark_touch`) to `identifier` in the page."""
    page.wait_for_function("id => id in window.scorepadSeen", arg=identifier,
                           timeout=timeout_ms)
    return float(page.evaluate("id => window.scorepadSeen[id] - window.scorepadTouch",
                               identifier)) / 1000


def seen_since_navigation(page: Any, identifier: str, timeout_ms: float = 180_000) -> float:
    """Seconds from the navigation's start to `identifier` in the page."""
    page.wait_for_function("id => id in window.scorepadSeen", arg=identifier,
                           timeout=timeout_ms)
    return float(page.evaluate("id => window.scorepadSeen[id]", identifier)) / 1000


@dataclass
class CpuLimit:
    """A cgroup v1 `cpu` group holding `share` of one core, and the wrapper that starts
    Chromium in it; beside it, a group with the same share for that browser's GPU
    process (moved there as soon as it is seen, and again if it is started anew). One
    pair of groups per browser: two phones open at once each get their own share, as
    two phones would."""

    share: float
    folder: Path
    groups: list[Path] = field(default_factory=list)
    #: each browser's group -> the group of its GPU process
    apart: dict[Path, Path] = field(default_factory=dict)
    _watch: threading.Thread | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    @staticmethod
    def asked(share: float | None, folder: Path) -> CpuLimit | None:
        """The limit `--cpu SHARE` asks for (None without it); exits with 2, saying why,
        when this machine cannot set one."""
        if share is None:
            return None
        refused = CpuLimit.available()
        if refused:
            sys.stderr.write(f"--cpu: {refused}\n")
            raise SystemExit(2)
        return CpuLimit(share, folder)

    @staticmethod
    def available() -> str | None:
        """Why a limit cannot be set here, or None."""
        quota = CGROUP_CPU / "cpu.cfs_quota_us"
        if not quota.is_file():
            return "no cgroup v1 cpu controller at /sys/fs/cgroup/cpu"
        if not os.access(CGROUP_CPU, os.W_OK):
            return "the cgroup v1 cpu controller is not writable (run as root)"
        return None

    @staticmethod
    def group(name: str) -> Path:
        """The group of the browser `executable(name)` starts."""
        return CGROUP_CPU / f"scorepad-bench-{os.getpid()}-{name}"

    def _group(self, name: str) -> Path:
        group = self.group(name)
        group.mkdir(exist_ok=True)
        (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (group / "cpu.cfs_quota_us").write_text(str(int(self.share * PERIOD_US)))
        self.groups.append(group)
        return group

    def executable(self, name: str) -> str:
        """A Chromium that starts in its own group (made now) holding `share` of a core,
        its GPU process in another with the same share."""
        from scripts.appserver import CHROMIUM

        group = self._group(name)
        self.apart[group] = self._group(f"{name}-gpu")
        if self._watch is None:
            self._watch = threading.Thread(target=self._move_gpu_processes, daemon=True)
            self._watch.start()
        wrapper = self.folder / f"chromium-{name}"
        wrapper.write_text(f"#!/bin/sh\necho $$ > {group}/cgroup.procs\n"
                           f'exec {CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)
        return str(wrapper)

    def _move_gpu_processes(self) -> None:
        """Every 20 ms: a GPU process in a browser's group goes to its own group.
        (Chromium's --gpu-launcher, which could start it there, is not honoured by
        Debian's build: tried.)"""
        while not self._stop.wait(0.02):
            for group, gpu in list(self.apart.items()):
                for pid in gpu_processes(group):
                    with contextlib.suppress(OSError):  # gone meanwhile
                        (gpu / "cgroup.procs").write_text(pid)

    def remove(self) -> None:
        """Removes the groups (once their browsers have exited)."""
        self._stop.set()
        if self._watch is not None:
            self._watch.join()
        for group in self.groups:
            for _ in range(50):
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)


def gpu_processes(group: Path) -> list[str]:
    """The ids of the GPU processes in a cgroup."""
    found = []
    with contextlib.suppress(OSError):
        for pid in (group / "cgroup.procs").read_text().split():
            with contextlib.suppress(OSError):
                if "--type=gpu-process" in Path(f"/proc/{pid}/cmdline").read_text(
                        errors="replace"):
                    found.append(pid)
    return found


#: A fixed piece of work, run on the page's main thread and in a Web Worker.
_LOOP = "let x = 0; for (let i = 0; i < 100e6; i++) { x = (x + i * 7) % 1000003; }"
CALIBRATE = """async () => {
  const t0 = performance.now();
  (() => { LOOP })();
  const main = performance.now() - t0;
  const code = `const t0 = performance.now(); LOOP; postMessage(performance.now() - t0);`;
  const blob = new Blob([code], {type: 'text/javascript'});
  const worker = new Worker(URL.createObjectURL(blob));
  const inWorker = await new Promise((done) => { worker.onmessage = (e) => done(e.data); });
  worker.terminate();
  return [main, inWorker];
}""".replace("LOOP", _LOOP)


def calibrate(browser_type: Any, folder: Path, url: str, limit: CpuLimit
              ) -> tuple[tuple[float, float], tuple[float, float], str]:
    """The fixed loop's best time (ms) on the page's main thread and in a Web Worker,
    in a browser without the limit and in one held by it (three of each, interleaved);
    and what the limit's group saw (its processes, the periods it was held back)."""
    held_by = limit.executable("calibration")
    runs: dict[str | None, list[list[float]]] = {None: [], held_by: []}
    group = limit.group("calibration")
    seen = ""
    for executable in (None, held_by) * 3:
        phone = open_phone(browser_type, folder / f"calibration-{bool(executable)}",
                           executable=executable)
        try:
            page = phone.pages[0] if phone.pages else phone.new_page()
            page.goto(url + "manifest.json")
            runs[executable].append(page.evaluate(CALIBRATE))
            if executable:
                procs = (group / "cgroup.procs").read_text().split()
                renderers = sum("--type=renderer" in Path(f"/proc/{pid}/cmdline").read_text(
                    errors="replace").replace("\0", " ") for pid in procs
                    if Path(f"/proc/{pid}/cmdline").exists())
                stat = dict(line.split() for line in (group / "cpu.stat").read_text()
                            .splitlines())
                gpu = (limit.apart[group] / "cgroup.procs").read_text().split()
                seen = (f"{len(procs)} browser processes in the group, {renderers} of them "
                        f"renderers (where the Python worker runs), and {len(gpu)} GPU "
                        f"process in a group of its own with the same share (a phone draws "
                        f"with its GPU; SwiftShader draws on the CPU here); held back in "
                        f"{stat['nr_throttled']} of {stat['nr_periods']} periods")
        finally:
            phone.close()

    def best(key: str | None) -> tuple[float, float]:
        return (min(r[0] for r in runs[key]), min(r[1] for r in runs[key]))

    return best(None), best(held_by), seen


#: Run by the phone's own Python (its worker): the backup taken by the services, as the
#: app's restore does, then the database stored before the promise resolves.
_RESTORE = """
import asyncio
import pyodide_js
from pyodide.ffi import create_once_callable
from scorepad import services
from scorepad.ui.services_context import use_uow

with open("/tmp/scorepad-history.json", "rb") as taken:
    report = services.import_backup(use_uow()(), taken.read())
import js
if hasattr(js, "scorepadStore"):  # the pieces store: its copies queue, this one is last
    await js.scorepadStore.persist()
else:  # a build before it: the whole folder through IDBFS
    stored = asyncio.get_running_loop().create_future()
    pyodide_js.FS.syncfs(False, create_once_callable(lambda *_: stored.set_result(None)))
    await stored
f"{report.added} {report.extended} {report.unchanged}"
"""

_COUNT = """
from scorepad import services
from scorepad.ui.services_context import use_uow
str(sum(g.deals for g in services.list_games(use_uow()())))
"""


def python_worker(page: Any) -> Any:
    """The page's Python worker (python-worker.js)."""
    for _ in range(600):
        for worker in page.workers:
            if "python-worker" in worker.url:
                return worker
        page.wait_for_timeout(100)
    raise RuntimeError("the phone's Python worker did not start")


def run_python(page: Any, code: str, files: dict[str, bytes] | None = None) -> str:
    """Runs `code` in the phone's own Python (top-level await allowed), after writing
    `files` into its memory file system; the last expression's value."""
    payload = {path: base64.b64encode(data).decode() for path, data in (files or {}).items()}
    return str(python_worker(page).evaluate("""async ([code, files]) => {
      for (const [path, data] of Object.entries(files)) {
        self.pyodide.FS.writeFile(path, Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
      }
      return String(await self.pyodide.runPythonAsync(code));
    }""", [code, payload]))


def restore_history(page: Any, backup: bytes) -> str:
    """The backup taken into the phone's database, stored; the report's counts."""
    return run_python(page, _RESTORE, {"/tmp/scorepad-history.json": backup})


def deals_kept(page: Any) -> int:
    return int(run_python(page, _COUNT))


def load_average() -> str:
    with contextlib.suppress(OSError):
        one, five, fifteen = os.getloadavg()
        return f"{one:.1f} {five:.1f} {fifteen:.1f}"
    return "unknown"


#: The parts of a phone's browser whose CPU a start is charged with, by process and thread
#: (Linux names the threads; a renderer's main thread keeps the program's name).
CPU_PARTS = (("page", "the page's main thread (the client: Flutter)"),
             ("python", "Python's worker"),
             ("compiling", "the page's background threads (V8 compiling WebAssembly, GC)"),
             ("browser", "the browser process (storage, service worker, requests)"),
             ("gpu", "the GPU process (SwiftShader)"),
             ("other", "the rest"))


def _part(kind: str, thread: str) -> str:
    if kind == "renderer":
        if thread.startswith("DedicatedWorker"):
            return "python"
        if thread.startswith("ThreadPoolForeg"):
            return "compiling"
        if thread in ("chromium", "chrome", "CrRendererMain"):
            return "page"
        return "other"
    return {"browser": "browser", "gpu-process": "gpu"}.get(kind, "other")


def browser_cpu(profile: Path) -> dict[str, float]:
    """CPU seconds used so far by the browser running on `profile` and every process it
    started, by part (CPU_PARTS), read from /proc: {} where there is no /proc."""
    hz = os.sysconf("SC_CLK_TCK")
    commands: dict[int, list[str]] = {}
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            # A child's command line is one string once Chromium renames it: split on
            # NUL and on spaces alike.
            commands[int(entry.name)] = (entry / "cmdline").read_bytes().replace(
                b"\0", b" ").decode(errors="replace").split()
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    wanted = f"--user-data-dir={profile}"
    family = {pid for pid, words in commands.items() if wanted in words}
    grew = True
    while grew:
        children = {pid for pid, parent in parents.items() if parent in family} - family
        family |= children
        grew = bool(children)
    used: dict[str, float] = {}
    for pid in family:
        kind = next((word.split("=", 1)[1] for word in commands.get(pid, [])
                     if word.startswith("--type=")), "browser")
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{pid}/task").iterdir():
                with contextlib.suppress(OSError, ValueError):
                    stat = (task / "stat").read_text()
                    thread = stat[stat.index("(") + 1:stat.rindex(")")]
                    fields = stat[stat.rindex(")") + 2:].split()
                    part = _part(kind, thread)
                    used[part] = used.get(part, 0.0) + (int(fields[11]) + int(fields[12])) / hz
    return used


def cpu_spent(before: dict[str, float], after: dict[str, float]) -> str:
    """What each part used between two readings of browser_cpu, in words; "" if unknown."""
    spent = {part: after.get(part, 0.0) - before.get(part, 0.0) for part, _ in CPU_PARTS}
    if not after:
        return ""
    said = ", ".join(f"{words} {spent[part]:.2f}" for part, words in CPU_PARTS
                     if spent[part] >= 0.005)
    return f"{sum(spent.values()):.2f} s of CPU: {said}"
