"""Compressed copies written next to the phone site's files (`main.dart.js.br`,
`main.dart.js.gz`), for the static hosts that serve them (nginx's gzip_static and
brotli_static, Caddy's precompressed, `scorepad serve`).

Brotli at its best level takes tens of seconds for each heavy file, so each copy is
kept in the user cache under its content's hash: a second build compresses nothing
that did not change. brotli is used when the building machine has it.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from scorepad.web.precompress import write_atomically

SUFFIX = {"br": ".br", "gzip": ".gz"}
MIN_SIZE = 1024
#: Already compressed formats: a copy would save nothing.
INCOMPRESSIBLE = (".png", ".woff2", ".gz", ".br")
#: A copy is written only when it saves at least this share of the bytes.
WORTH = 0.95
#: SCOREPAD_PHONE_BROTLI_QUALITY lowers it while iterating on the build (11 is the best).
BROTLI_QUALITY = int(os.environ.get("SCOREPAD_PHONE_BROTLI_QUALITY", "11"))
# Files holding already compressed data (python_stdlib.zip) give up at once.
_GZIP_LEVEL = 9


def encodings() -> tuple[str, ...]:
    try:
        import brotli  # noqa: F401
    except ImportError:
        return ("gzip",)
    return ("br", "gzip")


def compress(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        import brotli

        return bytes(brotli.compress(data, quality=BROTLI_QUALITY))
    return gzip.compress(data, compresslevel=_GZIP_LEVEL, mtime=0)


def main(argv: list[str]) -> int:
    """`python -m scorepad.web.phone_site.compressed SOURCE ENCODING TARGET`: one copy,
    in a child process (brotli holds the GIL: two files at once need two processes)."""
    source, encoding, target = argv
    write_atomically(Path(target), compress(Path(source).read_bytes(), encoding))
    return 0


def _run_all(jobs: list[tuple[Path, str, Path]], workers: int) -> None:
    waiting = list(jobs)
    running: list[subprocess.Popen[bytes]] = []
    failed = 0
    while waiting or running:
        while waiting and len(running) < workers:
            source, encoding, target = waiting.pop(0)
            running.append(subprocess.Popen(
                [sys.executable, "-m", "scorepad.web.phone_site.compressed",
                 str(source), encoding, str(target)], stdin=subprocess.DEVNULL))
        done = running.pop(0)
        failed += done.wait() != 0
    if failed:
        raise CompressionFailed(failed)


class CompressionFailed(OSError):
    """Some compressed copies could not be written (their worker failed)."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


class CompressedCopies:
    """The compressed copies of a site's files, through the cache folder `cache`."""

    def __init__(self, cache: Path, *, workers: int = 2) -> None:
        self.cache = cache
        self.workers = workers

    def write_beside(self, folder: Path, names: Iterable[str]) -> dict[str, dict[str, int]]:
        """Writes `<name>.br` / `<name>.gz` next to each worthwhile file of `folder`;
        returns the sizes of the copies written (name -> encoding -> bytes)."""
        self.cache.mkdir(parents=True, exist_ok=True)
        wanted: list[tuple[Path, str, Path, Path]] = []
        for name in names:
            source = folder / name
            size = source.stat().st_size
            if size < MIN_SIZE or name.endswith(INCOMPRESSIBLE):
                continue
            digest = hashlib.sha256(source.read_bytes()).hexdigest()
            for encoding in encodings():
                level = BROTLI_QUALITY if encoding == "br" else _GZIP_LEVEL
                cached = self.cache / f"{digest}.{level}{SUFFIX[encoding]}"
                wanted.append((source, encoding, cached, folder / (name + SUFFIX[encoding])))
        missing = [(s, e, c) for s, e, c, _ in wanted if not c.is_file()]
        # The heaviest first, so that two processes end close together.
        missing.sort(key=lambda job: -job[0].stat().st_size)
        _run_all(missing, self.workers)
        written: dict[str, dict[str, int]] = {}
        for source, encoding, cached, target in wanted:
            size = cached.stat().st_size
            if size <= source.stat().st_size * WORTH:
                target.write_bytes(cached.read_bytes())
                written.setdefault(str(source.relative_to(folder)), {})[encoding] = size
        self._prune({c.name for _, _, c, _ in wanted})
        return written

    def _prune(self, used: set[str]) -> None:
        """Keeps only this build's copies in the cache."""
        for entry in self.cache.iterdir():
            if entry.is_file() and entry.name not in used:
                entry.unlink(missing_ok=True)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
