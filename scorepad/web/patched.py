"""The patched main.dart.js and main.dart.wasm as plain files, served like the stock ones.

Until the background preparation has compressed them (and for a browser that accepts
no compression, or asks for a byte range), these 8-10 MB files go out uncompressed.
Rather than hold each one in memory per request, the server writes the patched copies
once, at start, into the client cache (a temporary folder when there is none) and
serves them as static files: Content-Length, ETag and Last-Modified, 304 and byte
ranges as for the stock files. A copy removed meanwhile is written again; when a file
cannot be patched or written, the stock file is served as it is.
"""

from __future__ import annotations

import atexit
import logging
import mimetypes
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

from scorepad.web import boot_screen, client
from scorepad.web.precompress import ClientCache, write_atomically

logger = logging.getLogger(__name__)

# Flet registers them too, but only once its static files are imported.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".js")


class PatchedCopies:
    """The patched client files of one server: `static_app(relative)` is the ASGI app
    that serves `relative` from its patched copy, or None to serve the stock file."""

    def __init__(self, cache: ClientCache | None) -> None:
        self.cache = cache
        self._folder = cache.patched_folder() if cache is not None else None
        self._lock = threading.Lock()
        self._stock_only: set[str] = set()
        self._static: Any = None

    def web_dir(self) -> Path:
        return self.cache.web_dir if self.cache is not None else client.stock_web_dir()

    def warm_up_in_background(self) -> None:
        """Writes the copies in a thread (the server's start goes on meanwhile)."""
        threading.Thread(target=self.warm_up, name="scorepad-patched-client",
                         daemon=True).start()

    def warm_up(self) -> None:
        for relative in boot_screen.PATCHED:
            self.copy_of(relative)

    def static_app(self, relative: str) -> Any:
        """The static-files app over the patched copies when `relative` has one."""
        if self.copy_of(relative) is None:
            return None
        return self._static

    def copy_of(self, relative: str) -> Path | None:
        """The patched copy of `relative`, written when missing or older than the stock
        file; None when the stock file is to be served as it is."""
        if relative not in boot_screen.PATCHED:
            return None
        with self._lock:
            if relative in self._stock_only:
                return None
            source = self.web_dir() / relative
            try:
                return self._fresh_copy(relative, source)
            except OSError as exc:
                logger.warning("%s served as it is (no patched copy: %s)", relative, exc)
                self._stock_only.add(relative)
                return None

    def _fresh_copy(self, relative: str, source: Path) -> Path | None:
        folder = self._folder if self._folder is not None else self._temporary_folder()
        target = folder / relative
        stock = source.stat()
        if target.is_file():
            copy = target.stat()
            if copy.st_size == stock.st_size and copy.st_mtime >= stock.st_mtime:
                return self._serving(folder, target)
        data = source.read_bytes()
        patched = boot_screen.served_bytes(relative, data)
        if patched == data:  # nothing to blank: the stock file does as well
            self._stock_only.add(relative)
            return None
        try:
            write_atomically(target, patched)
        except OSError:
            if self.cache is None or folder != self.cache.patched_folder():
                raise
            self._temporary_folder()  # the cache is not writable
            return self._fresh_copy(relative, source)
        return self._serving(folder, target)

    def _serving(self, folder: Path, target: Path) -> Path:
        from fastapi.staticfiles import StaticFiles

        if self._static is None or Path(self._static.directory) != folder:
            self._static = StaticFiles(directory=folder, check_dir=False)
        return target

    def _temporary_folder(self) -> Path:
        folder = Path(tempfile.mkdtemp(prefix="scorepad-client-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        self._folder = folder
        return folder
