"""`build_site(out)`: the phone site, a folder any static host can serve.

It holds Flet's web client prepared for one phone (client_files.py, page.py), the app
archive the browser's Python unpacks (main.py, scorepad without its server, the browser
packages), the web app manifest and icons, the service worker with the list of every
file to precache, compressed copies (.br, .gz) next to the heavy files, and
`scorepad-phone.json`, the build's record (version, files, sizes).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import zipfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from importlib.metadata import version
from pathlib import Path, PurePosixPath

from scorepad.config import cache_directory
from scorepad.domain.messages import N_, render
from scorepad.web import client
from scorepad.web.phone_site import bytecode, client_files, icons, packages, page
from scorepad.web.phone_site.compressed import CompressedCopies

RECORD = "scorepad-phone.json"
APP_ARCHIVE = "app.zip"
SERVICE_WORKER = "sw.js"
#: Written into the archive: the build the phone runs (it tells a new version apart).
BUILD_INFO = "phone_build.json"  # scorepad.phone.notices reads it
#: scorepad's parts that never run in the browser: the HTTP server and the command line.
SERVER_ONLY = ("web", "cli")
ENTRY_POINT = b"from scorepad.phone.main import run\n\nrun()\n"
_NEVER_COPIED = ("__pycache__",)

Log = Callable[[str], None]


class BuildError(RuntimeError):
    """The output folder holds other files than an earlier build's."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder

    def message(self, lang: str) -> str:
        return render("phone.build.not_ours", {"path": str(self.folder)}, lang)


class SourcesDoNotCompile(RuntimeError):
    """A module of the app does not compile: a site of it would never start."""

    def __init__(self, name: str, line: int, reason: str) -> None:
        super().__init__(f"{name}:{line}: {reason}")
        self.name, self.line, self.reason = name, line, reason

    def message(self, lang: str) -> str:
        return render("phone.build.broken_code", {
            "file": self.name, "line": self.line, "reason": self.reason}, lang)


def check_sources_compile(files: Iterable[tuple[str, bytes]]) -> None:
    """Raises SourcesDoNotCompile for the first of scorepad's own modules that this Python
    cannot compile (the browser's Python reads the same syntax, newer only)."""
    for name, data in files:
        if name.startswith("scorepad/") and name.endswith(".py"):
            try:
                compile(data, name, "exec", dont_inherit=True)
            except SyntaxError as exc:
                raise SourcesDoNotCompile(name, exc.lineno or 0, exc.msg) from exc


@contextmanager
def cache_lock(cache: Path) -> Iterator[None]:
    """Held while a build uses the build cache `cache`: a second build at the same time
    (a test run's, a person's) waits for it. Each build keeps only its own compressed
    copies in the cache, so two at once removed each other's copies mid-build ("No such
    file or directory")."""
    cache.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: one build at a time is the person's
        yield
        return
    with (cache / ".build.lock").open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


def default_cache() -> Path:
    """Where builds keep what the next one reuses (packages, compressed copies)."""
    return cache_directory() / "phone-build"


def site_folder() -> Path:
    """The site `scorepad build-phone` writes by default, which `scorepad serve` hands
    out at /telephone/."""
    return cache_directory() / "phone-site"


@dataclass
class Site:
    """A built site: its folder, version, files (name -> bytes) and, for each file, its
    compressed copies' sizes; `precache` is the service worker's list (common files, and
    each renderer's)."""

    folder: Path
    version: str
    files: dict[str, int] = field(default_factory=dict)
    compressed: dict[str, dict[str, int]] = field(default_factory=dict)
    precache: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def read(cls, folder: Path) -> Site | None:
        """The site built in `folder`, or None when there is none (or it is broken)."""
        try:
            record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
            return cls(folder, str(record["version"]), dict(record["files"]),
                       dict(record["compressed"]), dict(record["precache"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def write_record(self) -> None:
        (self.folder / RECORD).write_text(json.dumps({
            "version": self.version, "files": self.files, "compressed": self.compressed,
            "precache": self.precache}, indent=1), encoding="utf-8")

    def first_visit(self, variant: str = "skwasm", encoding: str = "br") -> list[str]:
        """What a first visit downloads: the page and every file the service worker
        precaches for that renderer (client_files.RENDERERS)."""
        return [*self.precache["common"], *self.precache[variant]]

    def first_visit_bytes(self, variant: str = "skwasm", encoding: str = "br") -> int:
        """Bytes on the wire for a first visit from a host serving the compressed copies
        (`encoding`, or gzip where the browser offers no brotli: plain HTTP)."""
        total = 0
        for name in self.first_visit(variant):
            sizes = self.compressed.get(name, {})
            total += sizes.get(encoding, sizes.get("gzip", self.files[name]))
        return total


def scorepad_files() -> Iterator[tuple[str, bytes]]:
    """(archive path, bytes) of the installed scorepad package, without its server."""
    root = resources.files("scorepad")
    stack = [(root, PurePosixPath("scorepad"))]
    while stack:
        folder, at = stack.pop()
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            path = at / entry.name
            if entry.name in _NEVER_COPIED or entry.name.endswith((".pyc", ".po")):
                continue
            if entry.is_dir():
                if not (at.name == "scorepad" and entry.name in SERVER_ONLY):
                    stack.append((entry, path))
            else:
                yield str(path), entry.read_bytes()


def _digest(items: Iterable[tuple[str, bytes]]) -> str:
    h = hashlib.sha256()
    for name, data in items:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


def app_archive(python_files: list[tuple[str, bytes]], build_info: bytes) -> bytes:
    """The archive the worker unpacks at each start. Stored, not deflated: it unpacks
    faster, and its .br copy, compressed as one piece, is smaller than a deflated zip."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        archive.writestr(_entry("main.py"), ENTRY_POINT)
        archive.writestr(_entry(f"scorepad/phone/{BUILD_INFO}"), build_info)
        for name, data in python_files:
            archive.writestr(_entry(name), data)
    return out.getvalue()


def _entry(name: str) -> zipfile.ZipInfo:
    # A fixed date: the same inputs give the same archive, byte for byte.
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    return info


def manifest_json() -> bytes:
    """The web app manifest: what a phone shows when the site is added to its home
    screen (name, icons, colours) and how it opens (standalone, in this folder)."""
    return json.dumps({
        "name": "scorepad — feuille de marque du tarot",
        "short_name": page.APP_NAME,
        "description": page.APP_DESCRIPTION,
        "lang": "fr",
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#FFFFFF",
        "theme_color": "#{:02X}{:02X}{:02X}".format(*icons.TABLE_GREEN),
        "icons": icons.manifest_icons(),
    }, ensure_ascii=False, indent=2).encode("utf-8")


def precache_lists(names: list[str]) -> dict[str, list[str]]:
    """The service worker's lists: "common" (the page first), then each variant's."""
    variant_files = set(client_files.renderer_files())
    common = [page.PAGE_NAME] + [n for n in names
                                 if n not in variant_files and n != page.PAGE_NAME]
    return {"common": common, **{k: list(v) for k, v in client_files.RENDERERS.items()}}


def service_worker(version_id: str, precache: dict[str, list[str]]) -> bytes:
    """sw.js for this build: its version and the files to precache."""
    template = resources.files("scorepad.web.phone_site").joinpath("sw.js").read_text("utf-8")
    variants = {k: v for k, v in precache.items() if k != "common"}
    return (template.replace("__VERSION__", version_id)
            .replace("__COMMON__", json.dumps(precache["common"]))
            .replace("__RENDERERS__", json.dumps(variants))).encode("utf-8")


def _check_output(out: Path) -> None:
    """Refuses an `out` holding other files than an earlier build's."""
    if out.exists() and any(out.iterdir()) and not (out / RECORD).is_file():
        raise BuildError(out)


def _staging(out: Path) -> Path:
    """An empty folder beside `out` for the new build. A build stopped midway (Ctrl+C, a
    machine switched off) left only such a folder, removed here: `out` itself is never
    half written, so a server handing it out never serves a half-built site, and the
    next build is not refused for the half-built folder."""
    out.parent.mkdir(parents=True, exist_ok=True)
    for left in out.parent.glob(f".{out.name}.building-*"):
        shutil.rmtree(left, ignore_errors=True)
    staging = out.parent / f".{out.name}.building-{os.getpid()}"
    staging.mkdir()
    return staging


def _put_in_place(staging: Path, out: Path) -> None:
    """The finished build takes `out`'s place (the earlier build, if any, is removed)."""
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def build_site(out: Path, *, cache: Path, web_dir: Path | None = None,
               log: Log = lambda _m: None) -> Site:
    """Builds the phone site into `out` (see the module's docstring); `cache` keeps the
    downloaded packages, the icon font and the compressed copies for the next build (one
    build at a time on it: `cache_lock`)."""
    _check_output(out)
    with cache_lock(cache):
        return _build_site(out, cache=cache, web_dir=web_dir or client.stock_web_dir(),
                           log=log)


def _build_site(out: Path, *, cache: Path, web_dir: Path, log: Log) -> Site:
    from scorepad.web.icon_font import scorepad_icon_font

    wheels = packages.fetch(cache / "wheels", log=log)
    log(N_("phone.build.preparing"))
    python_files = list(scorepad_files())
    python_files += [(f"__pypackages__/{name}", data)
                     for name, data in packages.package_files(wheels)]
    log(N_("phone.build.compiling"))
    with_bytecode = bytecode.compiled(python_files, web_dir / "pyodide", cache / "bytecode")
    stdlib = (web_dir / client_files.STDLIB).read_bytes()
    if with_bytecode is None:
        # Node.js missing, or its compilation failed: a module that does not compile
        # would leave a site that never starts, refused here rather than shipped.
        check_sources_compile(python_files)
        log(N_("phone.build.no_bytecode"))
    else:
        python_files, stdlib = with_bytecode.files, with_bytecode.stdlib
    # A memory snapshot holds what the archive's Python and the standard library made:
    # it is named after both (snapshot.js), so a new build makes a new one.
    archive_key = _digest([*python_files, (client_files.STDLIB, stdlib)])
    site_files: list[tuple[str, bytes]] = [
        (name, stdlib if name == client_files.STDLIB else data)
        for name, data in client_files.client_files(
            web_dir, lambda: scorepad_icon_font(web_dir / client.ICON_FONT), archive_key)]
    site_files.append((page.EARLY_PYTHON, page.early_python_js()))
    site_files += icons.icon_files()
    site_files.append(("manifest.json", manifest_json()))
    # The version names what a phone receives, bytecode included: the same sources give
    # the same version (and the same bytes), anything else a new one.
    version_id = _digest([*site_files, *python_files])
    build_info = json.dumps({"version": version_id, "scorepad": version("scorepad")}).encode()
    site_files.append((APP_ARCHIVE, app_archive(python_files, build_info)))
    site_files.append((page.PAGE_NAME, page.index_html(web_dir, app_archive=APP_ARCHIVE)
                       .encode("utf-8")))
    names = [name for name, _ in site_files]
    assert len(set(names)) == len(names), "a site file is written twice"
    precache = precache_lists(names)
    site_files.append((SERVICE_WORKER, service_worker(version_id, precache)))

    staging = _staging(out)
    try:
        for name, data in site_files:
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        log(N_("phone.build.compressing"))
        copies = CompressedCopies(cache / "compressed")
        compressed = copies.write_beside(staging, [name for name, _ in site_files])
        Site(staging, version_id, {name: len(data) for name, data in site_files},
             compressed, precache).write_record()
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _put_in_place(staging, out)
    site = Site.read(out)
    assert site is not None, "the site just built has no record"
    return site
