"""Runs the domain's and the services' unit tests in the browser's Python (Pyodide, CPython
3.14, the runtime the flet-web wheel ships) under Node.js, so that the test command proves
the code on 3.14 as well as on this machine's Python.

    .venv/bin/python scripts/pyodide_tests.py          # exit status: pytest's

The tests taken are tests/unit's files that import nothing a phone's Python lacks or the
browser cannot do (Flet, the storage, the server, subprocesses, Pillow, the PDF). Their
packages (pytest, Hypothesis, openskill...) come from PyPI for the browser's platform,
pinned to the versions installed here, downloaded once into the user cache.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad.config import cache_directory  # noqa: E402
from scorepad.web.client import stock_web_dir  # noqa: E402
from scorepad.web.phone_site.packages import browser_options, pinned  # noqa: E402

PACKAGES = ("pytest", "pluggy", "iniconfig", "packaging", "pygments", "hypothesis",
            "sortedcontainers", "openskill", "pyuca")
#: What a test file may not import to run in the browser's Python.
NOT_IN_BROWSER = re.compile(
    r"\b(flet\w*|fontTools|sqlalchemy|sqlmodel|fastapi|playwright|PIL|fpdf|pypdf|subprocess|httpx|"
    r"scorepad\.(ui|storage|web|cli|phone|config)|tests\.(e2e|integration)|scripts)\b")
TIMEOUT = 1800


def test_files() -> list[str]:
    files = []
    for path in sorted((ROOT / "tests" / "unit").glob("test_*.py")):
        if not NOT_IN_BROWSER.search(path.read_text(encoding="utf-8")):
            files.append(str(path.relative_to(ROOT)))
    return files


def packages_folder() -> Path:
    """The test packages unpacked, from the cache (downloaded the first time)."""
    wanted = pinned(PACKAGES)
    key = "-".join(r.spec for r in wanted)
    folder = cache_directory() / "pyodide-tests" / re.sub(r"[^\w.=-]", "_", key)[:150]
    if (folder / ".complete").is_file():
        return folder
    wheels = cache_directory() / "pyodide-tests" / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", *browser_options(),
                           "-d", str(wheels), *(r.spec for r in wanted)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit("pyodide_tests: the test packages could not be downloaded\n"
                         + done.stderr[-2000:])
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for req in wanted:
        prefix = re.sub(r"[-.]", "_", f"{req.name}-{req.version}-").lower()
        [wheel] = [w for w in wheels.glob("*.whl")
                   if re.sub(r"[-.]", "_", w.name).lower().startswith(prefix)
                   and ("none-any" in w.name or "pyemscripten" in w.name)]
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
    (folder / ".complete").touch()
    return folder


def main() -> int:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        sys.stderr.write("pyodide_tests: Node.js is missing (apt-get install nodejs)\n")
        return 2
    # A deeper JavaScript stack than Node's default: deep recursions (a JSON nested 100
    # levels, which the importer refuses) reach Python's own limit first, as in a browser.
    command = [node, "--stack-size=4000", str(ROOT / "scripts" / "pyodide_tests.mjs"),
               str(stock_web_dir() / "pyodide"), str(ROOT), str(packages_folder()),
               *test_files()]
    return subprocess.run(command, timeout=TIMEOUT, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
