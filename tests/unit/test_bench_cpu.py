"""bench/phone.py says how much CPU each part of the phone's browser used during a start
(bench/phone_parts.browser_cpu), read from /proc: here on real processes standing in for
a browser (its profile on the command line) and a renderer it started, whose threads
carry the names Chromium gives them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from phone_parts import browser_cpu, cpu_spent

#: A "renderer": a thread named as Chromium names the Python worker's, busy 0.3 s.
RENDERER = """
import threading, time
def work():
    with open(f"/proc/self/task/{threading.get_native_id()}/comm", "w") as comm:
        comm.write("DedicatedWorker")
    began = time.thread_time()
    while time.thread_time() - began < 0.3:
        pass
    time.sleep(60)
threading.Thread(target=work).start()
"""

#: A "browser": busy 0.3 s on its main thread, then starts the renderer.
BROWSER = """
import subprocess, sys, time
began = time.process_time()
while time.process_time() - began < 0.3:
    pass
subprocess.Popen([sys.executable, "-c", sys.argv[1], "--type=renderer"])
time.sleep(60)
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="no /proc here")
def test_a_start_s_cpu_is_charged_to_the_browser_and_to_python_s_worker(
        tmp_path: Path) -> None:
    profile = tmp_path / "phone"
    before = browser_cpu(profile)
    assert before == {}  # no such browser yet
    browser = subprocess.Popen([sys.executable, "-c", BROWSER, RENDERER,
                                f"--user-data-dir={profile}"], start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        used = browser_cpu(profile)
        while time.monotonic() < deadline and not (
                used.get("browser", 0) >= 0.25 and used.get("python", 0) >= 0.25):
            time.sleep(0.1)
            used = browser_cpu(profile)
        assert used.get("browser", 0) >= 0.25, used
        assert used.get("python", 0) >= 0.25, used
        said = cpu_spent(before, used)
        assert "Python's worker 0." in said and "the browser process" in said, said
        # Another profile's browser is not counted.
        assert browser_cpu(tmp_path / "another") == {}
    finally:
        os.killpg(browser.pid, signal.SIGKILL)  # the browser and its renderer
        browser.wait()
