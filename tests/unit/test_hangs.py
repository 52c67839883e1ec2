"""A test that hangs is named in the run's output with where each thread stood
(tests/hangs.py), even from a pytest-xdist worker, whose own output a CI log never shows."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.hangs import HANGS_DIR

ROOT = Path(__file__).resolve().parents[2]


def test_a_test_still_running_at_its_mark_is_named_with_its_stacks(tmp_path: Path) -> None:
    (tmp_path / "test_sleepy.py").write_text(
        "import time\n\n\n"
        "def test_waits_on_something_that_never_comes():\n"
        "    time.sleep(6)\n\n\n"
        "def test_quick():\n"
        "    pass\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(HANGS_DIR, None)  # this run's own folder, not the outer run's
    # --timeout 22: the stacks are written at 2 s (22 - MARGIN), the test ends at 6 s.
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", os.devnull, "--rootdir", str(tmp_path),
         "-p", "tests.hangs", "-n", "2", "--timeout", "22", "-p", "no:cacheprovider",
         str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert "a test that hung, in gw" in out
    assert "test_sleepy.py::test_waits_on_something_that_never_comes was still running" \
        " after 2 s" in out
    # faulthandler's frames: the line the test stood on
    assert 'test_sleepy.py", line 5 in test_waits_on_something_that_never_comes' in out
    assert "test_quick" not in out.split("a test that hung")[1]
