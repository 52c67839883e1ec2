"""The Python packages of the phone build: browser wheels from PyPI, kept in the user
cache, unpacked without what a phone never runs.

The browser's Python is Pyodide's (CPython 3.14 for WebAssembly). PyPI has wheels for
its platform tag where a package has compiled code (pydantic-core, msgpack); the others
are pure Python. Each is pinned to the version installed here, so a phone runs the very
code the server and the tests run. Dependencies are listed rather than resolved: pip
evaluates environment markers for the machine it runs on, not for the browser, and
would bring the server's (httpx and oauthlib for flet, Pillow for fpdf2).
"""

from __future__ import annotations

import functools
import io
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path, PurePosixPath

from scorepad.domain.messages import N_, render

PLATFORM = "pyemscripten_2026_0_wasm32"
PYTHON_VERSION = "3.14"
ABI = "cp314"

#: Everything the UI, the services and the storage import in the browser, by
#: distribution name. Left out: the server (FastAPI, uvicorn), the compression
#: (brotli, zopfli), Pillow (no browser wheel: the recap picture is drawn otherwise),
#: qrcode (nothing to join on one phone), platformdirs (the phone names its file).
WHEELS = (
    "flet", "flet-charts", "repath", "six", "msgpack",
    "sqlmodel", "sqlalchemy", "pydantic", "pydantic-core", "annotated-types",
    "typing-extensions", "typing-inspection",
    "alembic", "mako",
    "babel", "pyuca", "openskill",
    "fpdf2", "defusedxml", "fonttools",
)
#: No wheel on PyPI: the source package, used in its pure-Python mode (MarkupSafe
#: falls back to `_native` without its C speedups).
SOURCES = {"markupsafe": "src/"}
#: Requirements of the packages above that the browser does without, and why.
NOT_IN_BROWSER = {
    "pillow": "fpdf2 draws the PDF without images; the recap picture is drawn otherwise",
    "httpx": "flet needs it only outside the browser",
    "oauthlib": "flet needs it only outside the browser",
}

#: The catalog languages: Babel keeps only their locale data (36 MB -> a few hundred kB).
BABEL_LOCALES = ("root", "fr", "en")

# Parts of the packages a phone never imports: tests, type stubs, SQLAlchemy's test
# and mypy plugins, Alembic's templates for new projects. (Alembic imports every
# SQLAlchemy dialect, so they all stay.)
_DROPPED_PARTS = (
    "sqlalchemy/testing/", "sqlalchemy/ext/mypy/", "sqlalchemy/cyextension/",
    "alembic/testing/", "alembic/templates/",
    "flet/testing/", "flet/cli/",
    # fontTools for the PDF only: its tools for font makers go.
    "fontTools/diff/", "fontTools/merge/", "fontTools/mtiLib/", "fontTools/qu2cu/",
    "fontTools/t1Lib/", "fontTools/voltLib/", "fontTools/ufoLib/", "fontTools/help.py",
    "fontTools/tfmLib.py", "fontTools/ttx.py", "fontTools/afmLib.py",
    "fontTools/fontBuilder.py", "fontTools/__main__.py",
)
_DROPPED_NAMES = ("__pycache__", "tests", "test")


class PackagesUnavailable(RuntimeError):
    """The browser packages are neither in the cache nor downloadable (offline): pip's
    own last line, or the package not installed here (its version for the phone is
    then unknown)."""

    def __init__(self, detail: str = "", *, missing: str | None = None) -> None:
        super().__init__(missing or detail)
        self.detail = detail
        self.missing = missing

    def message(self, lang: str) -> str:
        if self.missing is not None:
            return render("phone.build.not_installed", {"name": self.missing}, lang)
        return self.detail


@dataclass(frozen=True, slots=True)
class Requirement:
    name: str
    version: str

    @property
    def spec(self) -> str:
        return f"{self.name}=={self.version}"


def pinned(names: Iterable[str]) -> list[Requirement]:
    """Each distribution at the version installed here."""
    out = []
    for name in names:
        try:
            out.append(Requirement(name, version(name)))
        except PackageNotFoundError as exc:
            raise PackagesUnavailable(missing=name) from exc
    return out


def _pip(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check",
                           "-q", *args], capture_output=True, text=True, check=False)


def browser_options() -> list[str]:
    """pip download options for the browser's platform (its wheels, or pure Python)."""
    return ["--no-deps", "--only-binary=:all:", "--platform", PLATFORM, "--platform", "any",
            "--python-version", PYTHON_VERSION, "--implementation", "cp",
            "--abi", ABI, "--abi", "none"]


def fetch(cache: Path, *, log: Callable[[str], None] = lambda _m: None) -> list[Path]:
    """The wheels and source packages of the build, from `cache` when they are all there
    (a second build needs no network), else downloaded from PyPI into it."""
    cache.mkdir(parents=True, exist_ok=True)
    wheels = pinned(WHEELS)
    sources = pinned(SOURCES)
    found = _in_cache(cache, wheels, sources)
    if found is not None:
        return found
    log(N_("phone.build.downloading"))
    done = _pip(["download", *browser_options(), "-d", str(cache),
                 *(r.spec for r in wheels)])
    if done.returncode == 0:
        done = _pip(["download", "--no-deps", "--no-binary=:all:", "-d", str(cache),
                     *(r.spec for r in sources)])
    found = _in_cache(cache, wheels, sources)
    if done.returncode != 0 or found is None:
        detail = [line for line in (done.stderr or done.stdout).strip().splitlines()
                  if not line.startswith("WARNING")]
        raise PackagesUnavailable(detail[-1] if detail else "pip download failed")
    return found


def _normal(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _in_cache(cache: Path, wheels: list[Requirement],
              sources: list[Requirement]) -> list[Path] | None:
    files = list(cache.iterdir())
    found: list[Path] = []
    for req in wheels:
        prefix = _normal(f"{req.name}-{req.version}-")
        match = [f for f in files if f.suffix == ".whl" and _normal(f.name).startswith(prefix)
                 and (f.name.endswith("-none-any.whl") or PLATFORM in f.name)]
        if not match:
            return None
        found.append(sorted(match)[0])
    for req in sources:
        name = f"{_normal(req.name)}-{req.version}.tar.gz"
        match = [f for f in files if _normal(f.name) == _normal(name)]
        if not match:
            return None
        found.append(match[0])
    return found


def kept(path: str) -> bool:
    """Whether a file of a package goes to the phone."""
    pure = PurePosixPath(path)
    if any(part in _DROPPED_NAMES for part in pure.parts[:-1]):
        return False
    if pure.suffix in (".pyi", ".pyc", ".pyx", ".pxd", ".c", ".h") or pure.name == "RECORD":
        return False
    if path.startswith(_DROPPED_PARTS):
        return False
    if path.startswith("babel/locale-data/"):
        return pure.stem in BABEL_LOCALES
    if path.startswith("pyuca/allkeys-"):
        return pure.name == _collation_table()
    return True


@functools.cache
def _collation_table() -> str:
    """The one table of pyuca's five that its Collator reads on Python 3 (6.6 MB less to
    unpack at each start); it goes to the phone compiled (`compiled_collation`)."""
    import pyuca

    return f"allkeys-{pyuca.Collator.UCA_VERSION}.txt"


def compiled_collation(table: bytes) -> tuple[str, bytes]:
    """pyuca's collation table, compiled (scorepad.collation): the phone reads it in C
    at its first list of names instead of parsing 1.8 MB of text."""
    import tempfile

    import pyuca

    from scorepad.collation import COMPILED, compile_table

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / _collation_table()
        source.write_bytes(table)
        collator = pyuca.Collator(str(source))
    return f"pyuca/{COMPILED.format(version=pyuca.Collator.UCA_VERSION)}", \
        compile_table(collator)


def metadata_headers(data: bytes) -> bytes:
    """A METADATA file without its long description (the headers are what
    importlib.metadata reads; the README after them can weigh 100 kB)."""
    head, _, _ = data.partition(b"\n\n")
    return head + b"\n"


def package_files(archives: Iterable[Path]) -> Iterator[tuple[str, bytes]]:
    """(path in site-packages, bytes) of every kept file of the wheels and sources."""
    for archive in archives:
        if archive.name.endswith(".whl"):
            with zipfile.ZipFile(archive) as wheel:
                for info in wheel.infolist():
                    if not info.is_dir() and kept(info.filename):
                        data = wheel.read(info)
                        if info.filename.endswith(".dist-info/METADATA"):
                            data = metadata_headers(data)
                        if info.filename == f"pyuca/{_collation_table()}":
                            yield compiled_collation(data)
                            continue
                        yield info.filename, data
        else:
            yield from _source_files(archive)


def _source_files(archive: Path) -> Iterator[tuple[str, bytes]]:
    """The importable files of a source package (`src/<name>/...`, its .py files)."""
    stem = archive.name.removesuffix(".tar.gz")
    name = stem.rsplit("-", 1)[0]
    inner = SOURCES[name.lower()]
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            _root, _, rest = member.name.partition("/")
            if not member.isfile() or not rest.startswith(inner):
                continue
            relative = rest[len(inner):]
            if relative.endswith(".py") and kept(relative):
                handle = tar.extractfile(member)
                assert handle is not None
                yield relative, handle.read()


def wheel_metadata(archive: Path) -> str:
    """The METADATA text of a wheel (to check that every requirement is covered)."""
    with zipfile.ZipFile(archive) as wheel:
        for name in wheel.namelist():
            if name.endswith(".dist-info/METADATA"):
                return io.TextIOWrapper(wheel.open(name), encoding="utf-8").read()
    return ""
