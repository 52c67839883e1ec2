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
#: WebGL; "chromium", CanvasKit's Chromium variant, on one without them; "full"
#: elsewhere (Safari, Firefox).
RENDERERS = {
    "skwasm": ("main.dart.mjs", "main.dart.wasm", "canvaskit/skwasm.js",
               "canvaskit/skwasm.wasm"),
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


def stock_files() -> tuple[str, ...]:
    """Every stock file the site ships (the font manifest and icon font are rewritten)."""
    return (*COMMON, *renderer_files(), client.FONT_MANIFEST, client.ICON_FONT)


def font_manifest(web_dir: Path) -> bytes:
    """Flet's manifest with its offline Roboto entry (as `flet publish --no-cdn` writes
    it), then only the families the app draws with."""
    families = json.loads((web_dir / client.FONT_MANIFEST).read_bytes())
    families.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return client.font_manifest(json.dumps(families).encode())


def client_files(web_dir: Path, icon_font: Callable[[], bytes]) -> Iterator[tuple[str, bytes]]:
    """(site path, bytes) of every client file but the page (written by the builder)."""
    for relative in (*COMMON, *renderer_files()):
        data = (web_dir / relative).read_bytes()
        if relative == "flutter_bootstrap.js":
            data = bootstrap_without_flutter_worker(data)
        elif relative == "python-worker.js":
            data = worker_unpacking_in_javascript(data)
        yield relative, boot_screen.served_bytes(relative, data)
    yield client.FONT_MANIFEST, font_manifest(web_dir)
    yield client.ICON_FONT, icon_font()
