"""One phone alone's storage, measured in Debian's headless Chromium with the Pyodide the
phone site ships, without the app (the page of tests/e2e/browser_store.py): a deal's
commit and its copy to IndexedDB, on a new phone (one game) and on a phone holding a
family's years (300 games, 9,000 deals, a 7.3 MB file), each way:

- "pieces": phone_store.js, what the phone does now (the 4 KB pieces a commit changed);
- "idbfs": the earlier phone's way (Emscripten's IDBFS, the whole file at each commit).

It prints each median, the big/new ratio of each way (goal: a save's time does not grow
with the games kept, ratio <= 1.2), the pieces a commit copies, and a start's read of
the storage (the phone's database from IndexedDB, before and after the tidy-up into
segments). The rounds alternate the phones and the ways, so that a loaded machine
weighs on each alike.

    .venv/bin/python bench/phone_storage.py [--commits 20] [--rounds 3]

Half a core, as FLET_NOTES.md describes (cgroup v1, as root):
    mkdir /sys/fs/cgroup/cpu/half; echo 50000 > /sys/fs/cgroup/cpu/half/cpu.cfs_quota_us
    bash -c 'echo $$ > /sys/fs/cgroup/cpu/half/cgroup.procs; \\
             exec .venv/bin/python bench/phone_storage.py'
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

from scripts.appserver import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.browser_store import PYTHON, load, prepare  # noqa: E402
from tests.e2e.phone_history import history_database  # noqa: E402
from tests.e2e.phone_site import StaticServer  # noqa: E402

PHONES = {"new phone (1 game)": ("new.db", 1), "9,000 deals (300 games)": ("big.db", 300)}
WAYS = ("pieces", "idbfs")

# In the page: the database put in place for one way, then `count` commits, each timed
# from its start to its copy's end (the page's own clock).
SETUP = """async ([way, name]) => {
    const bytes = new Uint8Array(await (await fetch(name)).arrayBuffer());
    const FS = pyodide.FS;
    window.syncfs = () => new Promise((ok, no) => FS.syncfs(false, (e) => e ? no(e) : ok()));
    if (way === "idbfs") {
        FS.mkdirTree("/data");
        FS.mount(FS.filesystems.IDBFS, {}, "/data");
        FS.writeFile("/data/scorepad.db", bytes);
        await window.syncfs();
    } else {
        await scorepadStore.open("/data");
        FS.writeFile("/data/scorepad.db", bytes);
        await scorepadStore.persist();
        await scorepadStore.tidy(true);
    }
}"""
TIMED = """async ([way, count, start]) => {
    const times = [], pieces = [];
    for (let i = start; i < start + count; i++) {
        const began = performance.now();
        pyodide.runPython(`commit(${i})`);
        if (way === "idbfs") {
            await window.syncfs();
        } else {
            pieces.push(scorepadStore.dirtyChunks);
            const refused = await scorepadStore.persist();
            if (refused) throw new Error(refused);
        }
        times.push(performance.now() - began);
        await new Promise((ok) => setTimeout(ok, 20));
    }
    return {times, pieces};
}"""
READ = """async () => {
    const began = performance.now();
    await scorepadStore.open("/data");
    return performance.now() - began;
}"""


def run_round(browser_type: Any, url: str, profile: Path, way: str, name: str,
              commits: int) -> dict[str, Any]:
    context = browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = context.pages[0]
        load(page, url)
        page.evaluate(SETUP, [way, name])
        page.evaluate(f"() => pyodide.runPython({PYTHON!r})")
        result: dict[str, Any] = page.evaluate(TIMED, [way, commits, 1])
        if way == "pieces":
            load(page, url)
            result["read"] = page.evaluate(READ)
        return result
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commits", type=int, default=20, help="commits timed a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each phone and way")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    times: dict[tuple[str, str], list[float]] = {}
    pieces: dict[str, list[int]] = {}
    reads: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-storage-") as tmp:
        sys.stderr.write("making the databases (300 games through the services)…\n")
        files = {name: history_database(Path(tmp) / name, games)
                 for name, games in PHONES.values()}
        server = StaticServer(prepare(Path(tmp) / "site", files)).start()
        try:
            with sync_playwright() as p:
                for round_ in range(args.rounds):
                    for label, (name, _games) in PHONES.items():
                        for way in WAYS:
                            profile = Path(tmp) / f"profile-{round_}-{name}-{way}"
                            got = run_round(p.chromium, server.url, profile, way, name,
                                            args.commits)
                            times.setdefault((label, way), []).extend(got["times"])
                            pieces.setdefault(label, []).extend(got.get("pieces", []))
                            if "read" in got:
                                reads.setdefault(label, []).append(got["read"])
        finally:
            server.stop()
    new, big = PHONES
    sizes = {label: len(files[name]) / 1e6 for label, (name, _games) in PHONES.items()}
    print("One phone alone's storage (bench/phone_storage.py): a deal's commit and its copy"
          f" ({sizes[new]:.1f} MB and {sizes[big]:.1f} MB files)")
    for way in WAYS:
        medians = {label: statistics.median(times[(label, way)]) for label in PHONES}
        ratio = medians[big] / medians[new]
        verdict = "ok" if ratio <= 1.2 else "MISSED"
        print(f"  {way:6}: new phone median {medians[new]:.1f} ms, with 9,000 deals "
              f"{medians[big]:.1f} ms: big/new {ratio:.2f} (goal <= 1.2: {verdict}); "
              f"max {max(times[(big, way)]):.0f} ms")
    print(f"  pieces a commit copies (4 KB each): new phone median "
          f"{statistics.median(pieces[new]):.0f}, with 9,000 deals "
          f"{statistics.median(pieces[big]):.0f} (IDBFS copied the whole file)")
    print(f"  a start's read of the storage (after the tidy-up): new phone median "
          f"{statistics.median(reads[new]):.0f} ms, with 9,000 deals "
          f"{statistics.median(reads[big]):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
