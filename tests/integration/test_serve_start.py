"""A clean start: a port in use is said in one sentence before anything else (exit 2),
and a normal start prints no warning about a missing assets folder."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from scripts.appserver import ROOT, start_app, stop_app


def _serve(db: Path, port: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("SCOREPAD_DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "-m", "scorepad", "--db", f"sqlite:///{db}", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_a_port_in_use_is_said_in_one_sentence_and_nothing_else(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = _serve(tmp_path / "scorepad.db", port)
    assert result.returncode == 2
    assert result.stdout == ""  # no banner, no addresses
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"le port {port} est déjà utilisé" in lines[0]
    assert "--port" in lines[0]
    assert not (tmp_path / "scorepad.db").exists()  # nothing was started


def test_a_normal_start_prints_the_banner_and_no_assets_warning(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    process, url = start_app(f"sqlite:///{tmp_path / 'scorepad.db'}", log, timeout=90)
    try:
        # Flet prepares its static files (and used to warn) on the first page request.
        with urllib.request.urlopen(f"{url}/", timeout=30) as response:
            assert response.status == 200
    finally:
        stop_app(process)
    output = log.read_text()
    assert "la feuille de marque est servie" in output
    assert url.rsplit(":", 1)[1] in output
    assert "assets_dir" not in output
    assert "Traceback" not in output


def test_scorepad_with_a_port_and_no_command_serves_on_that_port(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    process, url = start_app(f"sqlite:///{tmp_path / 'scorepad.db'}", log, timeout=90,
                             command=())  # `scorepad --db URL --host H --port P --no-qr`
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=30) as response:
            assert response.status == 200
    finally:
        stop_app(process)
    assert "la feuille de marque est servie" in log.read_text()


def test_a_phone_arriving_just_after_the_very_first_start_gets_the_client_compressed(
        tmp_path: Path) -> None:
    from scorepad.web import client

    log = tmp_path / "server.log"
    cache = tmp_path / "cache"  # empty: this is the very first start of this release
    process, url = start_app(f"sqlite:///{tmp_path / 'scorepad.db'}", log, timeout=120,
                             extra_env={"SCOREPAD_CACHE_DIR": str(cache)})
    try:
        for relative in client.PRECOMPRESSED:
            if not (client.stock_web_dir() / relative).is_file():
                continue
            for encoding in ("br", "gzip"):
                request = urllib.request.Request(f"{url}/{relative}",
                                                 headers={"Accept-Encoding": encoding})
                with urllib.request.urlopen(request, timeout=30) as response:
                    assert response.headers["Content-Encoding"] == encoding, relative
    finally:
        stop_app(process)
    output = log.read_text()
    assert output.index("Compression rapide") < output.index("la feuille de marque est servie")
