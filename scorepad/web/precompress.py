"""The compressed client, prepared once per Flet release in a low-priority process.

`scorepad serve` cuts the icon font down and compresses the heavy files quickly before it
listens (`prepare_quick`, a few seconds once per release: the very first phone already
gets them compressed), then starts `python -m scorepad.web.prepare FOLDER` to compress
them as small as possible (brotli 11, zopfli gzip: minutes, once). The boot screen's
English message is blanked before compressing (boot_screen.py). Every file is
written atomically, so the server serves whichever version is on disk. The cache holds
one client version; older versions are removed.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from scorepad.web import boot_screen, client

ENCODINGS = ("br", "gzip")
SUFFIX = {"br": ".br", "gzip": ".gz"}
QUICK = "quick"
BEST = "best"
DONE_MARKER = "complete"
#: client.client_version's names: the installation's place is the 8 hex digits
_VERSION_FOLDER = re.compile(r"^flet-web-.+-([0-9a-f]{8})-r\w+$")
LEGACY_FOLDERS = ("web-assets",)  # the per-response cache of earlier versions


def compress(data: bytes, encoding: str, level: str) -> bytes:
    """brotli or gzip bytes; `level` QUICK (under a second for 8 MB, done before the
    server listens) or BEST (minutes, in the background)."""
    if encoding == "br":
        import brotli

        return bytes(brotli.compress(data, quality=11 if level == BEST else 3))
    if level == BEST:
        try:
            import zopfli.gzip

            return bytes(zopfli.gzip.compress(data, numiterations=1))
        except ImportError:  # pragma: no cover - zopfli is a declared dependency
            return gzip.compress(data, compresslevel=9, mtime=0)
    return gzip.compress(data, compresslevel=3, mtime=0)


class ClientCache:
    """One client version's folder: `<relative path>.<stock size>.<br|gz>` files, the
    icon subset, the patched plain copies, and a marker once the best pass is done."""

    def __init__(self, root: Path, web_dir: Path | None = None) -> None:
        self.web_dir = web_dir or client.stock_web_dir()
        self.root = root
        self.folder = root / client.client_version(self.web_dir)

    def compressed_path(self, relative: str, size: int, encoding: str) -> Path:
        return self.folder / f"{relative}.{size}{SUFFIX[encoding]}"

    def lookup(self, relative: str, size: int, encoding: str) -> Path | None:
        path = self.compressed_path(relative, size, encoding)
        return path if path.is_file() else None

    def patched_folder(self) -> Path:
        """Where the server keeps the plain copies it patched (patched.py)."""
        return self.folder / "patched"

    def icon_font_path(self) -> Path:
        """The subset of the icons the UI names now: a version that names a new icon
        makes (and serves) a new subset instead of one without it."""
        from scorepad.web.icon_font import icon_set_digest

        return self.folder / f"{client.ICON_FONT}.{icon_set_digest()}"

    def is_complete(self) -> bool:
        return (self.folder / DONE_MARKER).is_file()

    def prune(self) -> None:
        """Removes the folders of this installation's other versions (and the legacy
        cache beside this one). Another installation's (another checkout or virtualenv
        on the same account, named by its client's folder) is left alone: two of them
        removed each other's at every start, and each then compressed its client anew
        before it could answer."""
        if self.root.is_dir():
            for entry in self.root.iterdir():
                found = _VERSION_FOLDER.match(entry.name)
                elsewhere = found is not None and found.group(1) != client.client_place(
                    self.web_dir)
                if entry.is_dir() and entry != self.folder and not elsewhere:
                    shutil.rmtree(entry, ignore_errors=True)
        for name in LEGACY_FOLDERS:
            shutil.rmtree(self.root.parent / name, ignore_errors=True)

    def has_quick(self) -> bool:
        """Whether every heavy file and the icon subset are there, at least quickly
        compressed (then the server may listen: no phone gets the plain client)."""
        if not self.icon_font_path().is_file():
            return False
        for relative in client.PRECOMPRESSED:
            source = self.web_dir / relative
            if not source.is_file():
                continue
            # The served bytes are as long as the stock file (boot_screen keeps lengths):
            # the check reads no file, so that every start stays quick.
            size = source.stat().st_size
            if any(self.lookup(relative, size, e) is None for e in ENCODINGS):
                return False
        return True

    def prepare_quick(self, *, log: Callable[[str], None] = lambda _m: None) -> None:
        """The icon subset and the quick pass (skipping what is already there), one
        process at a time: servers starting together (a club's several processes, a test
        run's workers) wait for one pass instead of each compressing every file at once,
        which made each of them slower than one alone."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with _held(self.folder / ".quick.lock"):
            if not self.has_quick():
                self._prepare((QUICK,), log)

    def prepare(self, *, log: Callable[[str], None] = lambda _m: None) -> None:
        """Icon subset, quick pass, best pass, marker (skipping what is already there)."""
        self._prepare((QUICK, BEST), log)
        (self.folder / DONE_MARKER).touch()

    def _prepare(self, levels: tuple[str, ...], log: Callable[[str], None]) -> None:
        from scorepad.web.icon_font import scorepad_icon_font

        self.folder.mkdir(parents=True, exist_ok=True)
        if not self.icon_font_path().is_file():
            write_atomically(self.icon_font_path(),
                             scorepad_icon_font(self.web_dir / client.ICON_FONT))
        for level in levels:
            for relative in client.PRECOMPRESSED:
                source = self.web_dir / relative
                if not source.is_file():
                    continue
                data = boot_screen.served_bytes(relative, source.read_bytes())
                for encoding in ENCODINGS:
                    target = self.compressed_path(relative, len(data), encoding)
                    level_mark = target.with_name(target.name + ".best")
                    if level_mark.exists() or (level == QUICK and target.exists()):
                        continue
                    write_atomically(target, compress(data, encoding, level))
                    if level == BEST:
                        level_mark.touch()
                    log(f"{relative} {encoding} {level}")


@contextlib.contextmanager
def _held(lock: Path) -> Iterator[None]:
    """An exclusive advisory lock on `lock`, waited for (none where the system has no
    advisory locks: Windows)."""
    with lock.open("a") as handle:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def _die_with_parent() -> None:
    """In the child, before exec: stop when the server stops, however it stops (uvicorn
    re-raises SIGTERM after its shutdown, so no `finally` of ours runs)."""
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        pr_set_pdeathsig = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def lower_priority() -> None:
    with contextlib.suppress(AttributeError, OSError):  # os.nice: not on Windows
        os.nice(19)


class Preparation:
    """The background compression started by `serve`: a niced child process, and the
    lock that keeps two servers from compressing the same files at once."""

    def __init__(self, cache: ClientCache) -> None:
        self.cache = cache
        self.process: subprocess.Popen[bytes] | None = None
        self._lock_file: object | None = None

    def start(self) -> bool:
        """Starts the child unless the cache is complete or another process holds the
        lock; True when started."""
        if self.cache.is_complete():
            return False
        self.cache.folder.mkdir(parents=True, exist_ok=True)
        self.cache.prune()
        if not self._lock():
            return False
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorepad.web.prepare", str(self.cache.root),
             str(self.cache.web_dir)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=True, preexec_fn=_die_with_parent if sys.platform == "linux" else None)
        return True

    def _lock(self) -> bool:
        handle = (self.cache.folder / ".lock").open("a")
        try:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # pragma: no cover - no advisory locks on Windows
            pass
        except OSError:
            handle.close()
            return False
        self._lock_file = handle
        return True

    def wait(self) -> bool:
        """Waits for the child; True when the cache is complete."""
        if self.process is not None:
            self.process.wait()
        return self.cache.is_complete()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=5)
