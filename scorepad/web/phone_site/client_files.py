"""The Flet web client as the phone site ships it: the CanvasKit renderer, the Pyodide
runtime of the flet-web wheel, and only the files these load, prepared as `scorepad
serve` prepares them (no CDN, no foreign script, the icon font cut down, the boot
screen without English words).

Renderer: as `scorepad serve` serves it, the stock loader's choice: dart2wasm + skwasm
where Flutter allows it (Chromium's browsers, so Android phones), dart2js + CanvasKit
elsewhere (Safari, Firefox; and a Chromium without WebGL, with CanvasKit's smaller
Chromium variant). Measured on the phone site in Chromium (bench/phone.py), skwasm
drew the sheet after a save in half the time of CanvasKit and loaded in half the time,
and it is the smaller download. The service worker precaches the one renderer the
phone's browser loads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from scorepad.web import boot_screen, client

#: Files of the stock client the phone site ships as they are (or patched below).
COMMON = (
    "flutter.js", "flutter_bootstrap.js", "python-worker.js", "version.json",
    "assets/AssetManifest.bin", "assets/AssetManifest.bin.json", "assets/NOTICES",
    "assets/shaders/ink_sparkle.frag", "assets/shaders/stretch_effect.frag",
    "assets/fonts/roboto.woff2",
    "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
)
STDLIB = "pyodide/python_stdlib.zip"
#: The renderers, by the name the page gives the service worker (page.OFFLINE decides it
#: as Flutter's loader does): "skwasm" on Chromium's browsers with WebAssembly GC and
#: WebGL; "skwasm_heavy" on those where the browser's image decoder is missing (a page
#: that is not a secure context: the site opened from a laptop's plain-HTTP address on
#: the table's Wi-Fi), with codecs of its own; "chromium", CanvasKit's Chromium variant,
#: on one without WebAssembly GC or WebGL; "full" elsewhere (Safari, Firefox).
RENDERERS = {
    "skwasm": ("main.dart.mjs", "main.dart.wasm", "canvaskit/skwasm.js",
               "canvaskit/skwasm.wasm"),
    "skwasm_heavy": ("main.dart.mjs", "main.dart.wasm", "canvaskit/skwasm_heavy.js",
                     "canvaskit/skwasm_heavy.wasm"),
    "chromium": ("main.dart.js", "canvaskit/chromium/canvaskit.js",
                 "canvaskit/chromium/canvaskit.wasm"),
    "full": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"),
}


def renderer_files() -> tuple[str, ...]:
    """Every renderer's files, each once."""
    return tuple(dict.fromkeys(f for files in RENDERERS.values() for f in files))
# Flet's loader passes Flutter's (deprecated) service worker settings: where a worker is
# registered (ours), Flutter then registers flutter_service_worker.js in its place, a
# stub that unregisters itself. The phone site keeps its own worker.
_FLUTTER_WORKER = re.compile(rb"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},")


def bootstrap_without_flutter_worker(data: bytes) -> bytes:
    """flutter_bootstrap.js without Flutter's service worker settings."""
    patched, count = _FLUTTER_WORKER.subn(b"", data)
    if count != 1:
        raise ValueError("flutter_bootstrap.js no longer passes serviceWorkerSettings once: "
                         "check the phone site's loader against this Flet release")
    return patched


# Flet's worker unpacks the app archive with Python's shutil, one Python-level copy per
# file; the phone site's worker hands it to unpack_app.js instead (about a third of the
# time, measured under Node.js with the same Pyodide: 124 ms against 328 ms). The
# worker also carries phone_store.js, the phone's files in IndexedDB (scorepad.phone.
# storage uses it).
_PYTHON_UNPACK = re.compile(
    rb"\n([ \t]*)await response\.unpack_archive\(format=_archive_format\)\n")


def worker_unpacking_in_javascript(data: bytes) -> bytes:
    """python-worker.js with the app archive unpacked by unpack_app.js, and the phone's
    storage (phone_store.js) beside it."""
    from importlib import resources

    def replace(match: re.Match[bytes]) -> bytes:
        indent = match.group(1)
        return (b"\n" + indent + b"import js as _scorepad_js\n" + indent
                + b"_scorepad_js.scorepadUnpack("
                b"await response.js_response.arrayBuffer(), os.getcwd())\n")

    patched, count = _PYTHON_UNPACK.subn(replace, data)
    if count != 1:
        raise ValueError("python-worker.js no longer unpacks the app archive once as Flet "
                         "1.0.5 did: check the phone site's worker against this release")
    here = resources.files("scorepad.web.phone_site")
    scripts = [here.joinpath(name).read_bytes() for name in WORKER_SCRIPTS]
    return b"\n".join([*scripts, patched])


#: What the phone site's worker runs before Flet's own worker code.
WORKER_SCRIPTS = ("unpack_app.js", "phone_writer.js", "phone_store.js")


# The archive's download, started by unpack_app.js with the worker's first message, is
# taken where Flet's worker fetched it with pyodide.http once Pyodide was ready (an import
# of a tenth of a second at half a core, and the download waited for Pyodide).
_WORKER_FETCH = (
    (re.compile(rb"\n[ \t]*from pyodide\.http import pyfetch\n"), b"\n"),
    (re.compile(rb"\n([ \t]*)response = await pyfetch\(app_package_url\)\n"),
     b"\n\\1import js as _scorepad_js\n"
     b"\\1response = await _scorepad_js.scorepadArchive(app_package_url)\n"),
    (re.compile(rb"\n([ \t]*)self\.pyodide\.registerJsModule\(\"flet_js\", flet_js\);\n"),
     b"\n\\1self.scorepadMarks.pyodide = Date.now();\n"
     b"\\1self.pyodide.registerJsModule(\"flet_js\", flet_js);\n"),
)


def worker_fetching_the_archive_early(data: bytes) -> bytes:
    """python-worker.js (with unpack_app.js in front) taking the archive's download that
    unpack_app.js started, and marking when Pyodide was ready."""
    for pattern, replacement in _WORKER_FETCH:
        data, count = pattern.subn(replacement, data)
        if count != 1:
            raise ValueError("python-worker.js no longer fetches the app archive as Flet "
                             "1.0.5 did: check the phone site's worker against this release")
    return data.replace(b"scorepadUnpack(await response.js_response.arrayBuffer()",
                        b"scorepadUnpack(await response.arrayBuffer()")


# Pyodide 314's snapshot restore copies the snapshot into the WebAssembly heap at its
# compiled size (30 MB) whatever the snapshot's size (pyodide/pyodide#6254: the loader's
# INITIAL_MEMORY is read by nothing); the phone's is about 38 MB. The heap grows first.
_RESTORE = re.compile(
    rb"(API\.restoreSnapshot=function\(\w+\)\{.{0,900}?)"
    rb"return Module\.HEAP8\.set\((\w+)\),(\w+)\}", re.DOTALL)


def pyodide_restoring_large_snapshots(data: bytes) -> bytes:
    """pyodide.asm.mjs growing the heap to a snapshot's size before restoring it."""
    def grow(match: re.Match[bytes]) -> bytes:
        snapshot = match.group(2)
        return (match.group(1) + b"if(" + snapshot + b".length>Module.HEAP8.length){"
                b"wasmMemory.grow(Math.ceil((" + snapshot + b".length-Module.HEAP8.length)"
                b"/65536));updateMemoryViews()}return Module.HEAP8.set(" + snapshot + b"),"
                + match.group(3) + b"}")

    patched, count = _RESTORE.subn(grow, data)
    if count != 1 or b"function updateMemoryViews()" not in data \
            or b"wasmMemory=" not in data:
        raise ValueError("pyodide.asm.mjs no longer restores a snapshot as Pyodide 314.0.7 "
                         "did: check the phone site's snapshot against this release")
    return patched


_WORKER_LOAD = re.compile(rb"self\.pyodide = await loadPyodide\(\{")
#: The phone's snapshot worker (snapshot.js), started by python-early.js.
SNAPSHOT_WORKER = "python-snapshot.js"


def _script(name: str) -> bytes:
    from importlib import resources

    return resources.files("scorepad.web.phone_site").joinpath(name).read_bytes()


def _archive_key(key: str) -> bytes:
    return b'"use strict";\nself.scorepadArchiveKey = ' + json.dumps(key).encode() + b";\n"


def worker_restoring_snapshots(data: bytes, archive_key: str) -> bytes:
    """python-worker.js starting Pyodide from this build's snapshot when the phone has
    one (snapshot.js, in front, with the archive's key)."""
    patched, count = _WORKER_LOAD.subn(
        b"self.pyodide = await self.scorepadLoadPyodide(loadPyodide, {", data)
    if count != 1:
        raise ValueError("python-worker.js no longer loads Pyodide once as Flet 1.0.5 did: "
                         "check the phone site's worker against this release")
    return _archive_key(archive_key) + _script("snapshot.js") + b"\n" + patched


def snapshot_worker(archive_key: str) -> bytes:
    """python-snapshot.js: makes this build's snapshot when python-early.js asks."""
    return (_archive_key(archive_key) + _script("unpack_app.js") + b"\n"
            + _script("snapshot.js") + b"\n" + _SNAPSHOT_WORKER_MAIN)


_SNAPSHOT_WORKER_MAIN = b"""self.onmessage = async function (event) {
  try {
    var size = await self.scorepadMakeSnapshot(event.data);
    self.postMessage("made " + size);
  } catch (error) {
    self.postMessage("failed: " + error);
  }
};
"""


def stock_files() -> tuple[str, ...]:
    """Every stock file the site ships (the font manifest and icon font are rewritten)."""
    return (*COMMON, *renderer_files(), client.FONT_MANIFEST, client.ICON_FONT)


def font_manifest(web_dir: Path) -> bytes:
    """Flet's manifest with its offline Roboto entry (as `flet publish --no-cdn` writes
    it), then only the families the app draws with."""
    families = json.loads((web_dir / client.FONT_MANIFEST).read_bytes())
    families.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return client.font_manifest(json.dumps(families).encode())


def client_files(web_dir: Path, icon_font: Callable[[], bytes], archive_key: str
                 ) -> Iterator[tuple[str, bytes]]:
    """(site path, bytes) of every client file but the page (written by the builder);
    `archive_key` names the app archive's snapshot (snapshot.js)."""
    for relative in (*COMMON, *renderer_files()):
        data = (web_dir / relative).read_bytes()
        if relative == "flutter_bootstrap.js":
            data = bootstrap_without_flutter_worker(data)
        elif relative == "python-worker.js":
            data = worker_restoring_snapshots(
                worker_fetching_the_archive_early(worker_unpacking_in_javascript(data)),
                archive_key)
        elif relative == "pyodide/pyodide.asm.mjs":
            data = pyodide_restoring_large_snapshots(data)
        yield relative, boot_screen.served_bytes(relative, data)
    yield SNAPSHOT_WORKER, snapshot_worker(archive_key)
    yield client.FONT_MANIFEST, font_manifest(web_dir)
    yield client.ICON_FONT, icon_font()
