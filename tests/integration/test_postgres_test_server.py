"""scripts/postgres-test-server: each test run gets its own folder and free port, and
stopping removes everything (nothing is left running or on disk)."""

from __future__ import annotations

import glob
import os
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.appserver import ROOT

SCRIPT = ROOT / "scripts" / "postgres-test-server"
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                       reason="Debian's postgresql is not installed"),
]


def _script(folder: Path, *args: str, port: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PGTEST_DIR": str(folder)}
    env.pop("PGTEST_PORT", None)
    if port is not None:
        env["PGTEST_PORT"] = str(port)
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True,
                          text=True, timeout=180)


@pytest.fixture
def folders() -> Iterator[list[Path]]:
    """Two folders as scripts/test makes them (`mktemp -d` in /tmp: the postgres user
    must reach them, which pytest's own tmp_path does not allow)."""
    made = [Path(tempfile.mkdtemp(prefix="scorepad-pgtest.")) for _ in range(2)]
    yield made
    for folder in made:
        if folder.exists():
            _script(folder, "stop")


def _answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", 1)[0])


def test_two_runs_get_their_own_server_and_stop_removes_it(folders: list[Path]) -> None:
    first, second = folders
    started = [_script(first), _script(second)]
    try:
        assert [r.returncode for r in started] == [0, 0], [r.stderr for r in started]
        urls = [r.stdout.strip() for r in started]
        ports = [_port(u) for u in urls]
        assert ports[0] != ports[1]
        assert all(_answers(p) for p in ports)
        assert _script(first).stdout.strip() == urls[0]  # a running server is reused
    finally:
        stopped = [_script(first, "stop"), _script(second, "stop")]
    assert [r.returncode for r in stopped] == [0, 0]
    assert not first.exists() and not second.exists()
    assert not any(_answers(p) for p in ports)


def test_a_server_that_cannot_start_is_an_error(folders: list[Path]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        result = _script(folders[0], port=taken.getsockname()[1])
    assert result.returncode == 1
    assert "PostgreSQL did not start" in result.stderr
    assert result.stdout == ""
