"""Bytecode for the browser's Python (3.14), made at build time for what a start imports.

A phone unpacks the app archive in memory at every start, so bytecode it compiled itself
would be lost each time: without this, the start compiles every module it imports, the
standard library's included (Pyodide ships its sources), and that is most of the start.
The builder runs the start's imports once in the same Pyodide runtime the site ships,
under Node.js (compile_in_browser_python.py), and ships what they imported as bytecode:
scorepad's modules with their sources (Alembic reads the migrations as .py files, and
tracebacks quote them), the packages' without (-OO, smaller), and a standard library
archive whose started modules are bytecode. What a start does not import stays source,
small on the wire, compiled on the phone the day it is used. Without Node.js the site
keeps its sources and the phone compiles them at each start (slower, said at build time).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath

NODE_TIMEOUT = 900
SCRIPTS = ("compile_pyc.mjs", "compile_in_browser_python.py")
PACKAGES = "__pypackages__/"
STDLIB = "python_stdlib.zip"
_STDLIB_ENTRY = "__stdlib__/" + STDLIB

Files = list[tuple[str, bytes]]


@dataclass(frozen=True)
class Compiled:
    """The archive's files with bytecode, and the standard library archive to ship."""

    files: Files
    stdlib: bytes


def node() -> str | None:
    """Node.js: SCOREPAD_PHONE_NODE when set (empty: none, sources only), else on PATH."""
    configured = os.environ.get("SCOREPAD_PHONE_NODE")
    if configured is not None:
        return configured or None
    return shutil.which("node") or shutil.which("nodejs")


def _script(name: str) -> str:
    return resources.files("scorepad.web.phone_site").joinpath(name).read_text("utf-8")


def _key(files: Iterable[tuple[str, bytes]], pyodide_dir: Path) -> str:
    """Names one compilation: the runtime, the compiling scripts, the files."""
    h = hashlib.sha256("".join(_script(n) for n in SCRIPTS).encode())
    h.update(hashlib.sha256((pyodide_dir / "pyodide.asm.wasm").read_bytes()).digest())
    h.update(hashlib.sha256((pyodide_dir / STDLIB).read_bytes()).digest())
    for name, data in files:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:24]


def compiled(files: Files, pyodide_dir: Path, cache: Path) -> Compiled | None:
    """`files` with bytecode (see the module docstring), from `cache` when the same files
    were compiled before; None without Node.js or when the compilation fails."""
    runner = node()
    if runner is None:
        return None
    key = _key(files, pyodide_dir)
    kept = cache / f"{key}.zip"
    if kept.is_file():
        return _read(kept)
    with tempfile.TemporaryDirectory(prefix="scorepad-pyc-") as tmp:
        root = Path(tmp)
        for name, data in files:
            target = root / "app" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for name in SCRIPTS:
            (root / name).write_text(_script(name), encoding="utf-8")
        try:
            done = subprocess.run([runner, str(root / SCRIPTS[0]), str(pyodide_dir), str(root)],
                                  capture_output=True, timeout=NODE_TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if done.returncode != 0:
            return None
        report = json.loads((root / "report.json").read_text(encoding="utf-8"))
        result = Compiled(_collect(files, root / "app", set(report["packages"])),
                          _stdlib(pyodide_dir / STDLIB, root / "stdlib", report["stdlib"]))
    _write(cache, kept, result)
    return result


def _collect(files: Files, app: Path, started: set[str]) -> Files:
    out: Files = []
    for name, data in files:
        path = PurePosixPath(name)
        if path.suffix != ".py":
            out.append((name, data))
        elif name.startswith(PACKAGES):
            if name in started and (app / (name + "c")).is_file():
                out.append((name + "c", (app / (name + "c")).read_bytes()))
            else:
                out.append((name, data))
        else:
            out.append((name, data))
            cached = path.parent / "__pycache__" / f"{path.stem}.cpython-314.pyc"
            if (app / cached).is_file():
                out.append((str(cached), (app / cached).read_bytes()))
    return out


def _stdlib(stock: Path, compiled_dir: Path, started: list[str]) -> bytes:
    """Pyodide's standard library archive, stored (it unpacks nothing; its .br copy is
    smaller than its deflated entries), with the started modules as bytecode."""
    swapped = {name for name in started if (compiled_dir / (name + "c")).is_file()}
    out = io.BytesIO()
    with zipfile.ZipFile(stock) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            if info.filename in swapped:
                entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                target.writestr(entry, (compiled_dir / (info.filename + "c")).read_bytes())
            else:
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.external_attr = info.external_attr
                target.writestr(entry, source.read(info))
    return out.getvalue()


def _write(cache: Path, kept: Path, result: Compiled) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob("*.zip"):
        old.unlink(missing_ok=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr(_STDLIB_ENTRY, result.stdlib)
        for name, data in result.files:
            archive.writestr(name, data)
    kept.write_bytes(buffer.getvalue())


def _read(kept: Path) -> Compiled:
    with zipfile.ZipFile(kept) as archive:
        names = archive.namelist()
        return Compiled([(n, archive.read(n)) for n in names if n != _STDLIB_ENTRY],
                        archive.read(_STDLIB_ENTRY))
