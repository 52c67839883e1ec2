"""Whether the test run can be trusted: the README's test command (`bash scripts/test`)
run five times in a row on this machine while another process keeps one core busy the
whole time (a loaded CI machine). Prints each run's result and time as it ends, the
failed or crashed tests it named, and, last, how many of the runs passed.

    .venv/bin/python scripts/five_runs.py            # 5 runs, one core kept busy
    .venv/bin/python scripts/five_runs.py --runs 2   # fewer, while working
    .venv/bin/python scripts/five_runs.py tests/e2e/test_sheet.py   # those tests alone,
                                                    # five times: a flaky test is found

Each run's whole output is kept in --logs (default /tmp/scorepad-five-runs/run-N.log).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: A test pytest names as failed, in error, or on a worker that crashed.
_NAMED = re.compile(r"^(FAILED|ERROR) (\S+)|worker '\w+' crashed while running '([^']+)'")
_SUMMARY = re.compile(r"^=* ?(.*\b(passed|failed)\b.*) in [\d.]+s")


def _busy() -> None:  # pragma: no cover - runs in its own process until terminated
    """One core kept busy: what another job does on a shared CI machine."""
    while True:
        pass


def named_tests(log: str) -> list[str]:
    """The tests a run's log names as failed, in error or crashed (each once)."""
    names: dict[str, None] = {}
    for line in log.splitlines():
        found = _NAMED.search(line)
        if found:
            names[found.group(2) or found.group(3)] = None
    return list(names)


def summary_line(log: str) -> str:
    """pytest's last count ("1,882 passed, 2 failed"), or the end of the log."""
    for line in reversed(log.splitlines()):
        found = _SUMMARY.search(line)
        if found:
            return found.group(1).strip("= ")
    tail = [line for line in log.splitlines() if line.strip()][-1:]
    return tail[0] if tail else "(no output)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("tests", nargs="*",
                        help="test files or tests: each run is `bash scripts/test TESTS` "
                             "(the same install and checks, then pytest on them alone)")
    parser.add_argument("--logs", type=Path, default=Path("/tmp/scorepad-five-runs"))
    parser.add_argument("--no-load", action="store_true",
                        help="no busy process beside the runs (a quiet machine)")
    args = parser.parse_args()
    args.logs.mkdir(parents=True, exist_ok=True)
    busy = None
    if not args.no_load:
        busy = multiprocessing.Process(target=_busy, daemon=True)
        busy.start()
        print(f"one core kept busy by process {busy.pid} during every run", flush=True)
    passed = 0
    try:
        for run in range(1, args.runs + 1):
            log_path = args.logs / f"run-{run}.log"
            started = time.monotonic()
            with log_path.open("w") as log:
                done = subprocess.run(["bash", "scripts/test", *args.tests], cwd=ROOT,
                                      stdout=log,
                                      stderr=subprocess.STDOUT, check=False,
                                      env={**os.environ, "PYTHONUNBUFFERED": "1"})
            minutes, seconds = divmod(round(time.monotonic() - started), 60)
            text = log_path.read_text(errors="replace")
            ok = done.returncode == 0
            passed += ok
            load = os.getloadavg()[0]
            print(f"run {run}: {'passed' if ok else 'FAILED'} in {minutes} min {seconds:02d} s"
                  f" (exit {done.returncode}; {summary_line(text)}; load average "
                  f"{load:.1f}; log {log_path})", flush=True)
            for name in named_tests(text):
                print(f"    {name}", flush=True)
    finally:
        if busy is not None:
            busy.terminate()
    print(f"{passed} of {args.runs} runs passed", flush=True)
    return 0 if passed == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
