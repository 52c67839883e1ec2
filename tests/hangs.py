"""A test that hangs says where, in the run's own output: a pytest plugin, registered by
tests/conftest.py.

pytest-timeout (pyproject.toml) ends a worker whose test outlives `timeout`, and
pytest-xdist reports that test as crashed; the stacks pytest-timeout prints inside a
worker go nowhere a CI log shows. So each test also arms `faulthandler` a little before
that timeout, to write every thread's stack to a file in the run's own folder, and the
run's summary prints those files."""

from __future__ import annotations

import faulthandler
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

#: the environment variable naming the run's folder for the stacks of hung tests
HANGS_DIR = "SCOREPAD_TEST_HANGS_DIR"
#: seconds before pytest-timeout ends the test: time to write the stacks
MARGIN = 20
_OWNED = pytest.StashKey[Path]()


@contextmanager
def watch_for_a_hang(folder: Path, worker: str, nodeid: str,
                     timeout: float) -> Iterator[None]:
    """While the block runs, every thread's stack goes to FOLDER/WORKER.txt if it is
    still running `timeout - MARGIN` seconds on."""
    after = max(1.0, timeout - MARGIN)
    path = folder / f"{worker}.txt"
    with path.open("w") as out:
        out.write(f"{nodeid} was still running after {after:.0f} s; its threads then:\n")
        out.flush()
        header = out.tell()
        faulthandler.dump_traceback_later(after, file=out)
        try:
            yield
        finally:
            faulthandler.cancel_dump_traceback_later()
        dumped = os.fstat(out.fileno()).st_size > header
    if not dumped:  # it ended in time: nothing to show
        path.unlink()


def hang_reports(folder: Path) -> list[tuple[str, str]]:
    """(worker, stacks) for each test of the run that was still running at its mark (a
    file holding its first line alone is a worker ended before the mark)."""
    reports = [(path.stem, path.read_text()) for path in sorted(folder.glob("*.txt"))]
    return [(worker, text) for worker, text in reports if text.count("\n") > 1]


def pytest_configure(config: pytest.Config) -> None:
    """The run's folder, made by the run itself before its workers start: they find it
    in their environment."""
    if not hasattr(config, "workerinput") and HANGS_DIR not in os.environ:
        os.environ[HANGS_DIR] = tempfile.mkdtemp(prefix="scorepad-test-hangs-")
        config.stash[_OWNED] = Path(os.environ[HANGS_DIR])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    folder = os.environ.get(HANGS_DIR)
    # None where pytest-timeout is absent (the run in the browser's Python)
    timeout = float(item.config.getoption("timeout", None) or 0)
    if not folder or timeout <= 0:
        yield
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with watch_for_a_hang(Path(folder), worker, item.nodeid, timeout):
        yield


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    folder = config.stash.get(_OWNED, None)
    if folder is None:
        return
    for worker, stacks in hang_reports(folder):
        terminalreporter.write_sep("=", f"a test that hung, in {worker}")
        terminalreporter.write_line(stacks)
    shutil.rmtree(folder, ignore_errors=True)
    os.environ.pop(HANGS_DIR, None)
