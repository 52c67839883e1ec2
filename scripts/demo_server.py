"""Runs a Python module as the screenshots' server: the clock stands still at one
instant (time-machine) and the secrets (tokens, table codes) come from a fixed seed, so
that every run draws the same dates, clocks and codes:

    python scripts/demo_server.py 2026-11-24T21:54:00+01:00 scorepad --db URL serve

Only the wall clock stands still (datetime, time.time); the monotonic clock that
asyncio, uvicorn and Flet wait on runs on."""

from __future__ import annotations

import runpy
import sys
from datetime import datetime
from pathlib import Path

import time_machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.shots import fixed_secrets


def main() -> None:
    when, module, *args = sys.argv[1:]
    sys.argv = [module, *args]
    with time_machine.travel(datetime.fromisoformat(when), tick=False), fixed_secrets(when):
        runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
