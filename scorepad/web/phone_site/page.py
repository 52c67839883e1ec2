"""The phone site's index.html: Flet's page patched as `flet publish --no-cdn` patches it
(through flet-web's own functions), then as `scorepad serve` serves it, plus what one
phone alone needs: the address the site lives at, the service worker, persistent storage.

The page takes its base address from where it is opened, so one build serves from a
static host's root, a host's sub-folder or `scorepad serve`'s /telephone/ alike. Routes
are kept after a `#` (Flet's hash strategy): a reload of any screen asks the host for the
page itself, which a plain static host has, never for /games/3, which it has not.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from scorepad.web import client

APP_NAME = "scorepad"
PAGE_NAME = "index.html"
#: The phone site's own python.js (python_early.js): the browser's Python starts with
#: the page instead of once the client has loaded.
EARLY_PYTHON = "python-early.js"
APP_DESCRIPTION = "La feuille de marque du tarot, sur un seul téléphone"
#: Where the worker finds Pyodide. `flet publish --no-cdn` (1.0.5) writes
#: "pyodide/pyodide.mjs", which a module worker's import() rejects as a bare specifier.
_PUBLISHED_PYODIDE_URL = 'flet.pyodideUrl="pyodide/pyodide.mjs";'

# First in <head>, right after <base>: every address of the page (manifest, scripts,
# the worker, CanvasKit) then resolves against the folder the page was opened from.
RUNTIME_BASE = """<script>
  (function () {
    var base = location.pathname.replace(/[^/]*$/, "");
    document.querySelector("base").setAttribute("href", base);
    window.scorepadBase = base;
  })();
</script>"""

# After Flet's configuration, before python.js and the loader read it.
FLET_BASE = """<script>
  flet.entrypointBaseUrl = window.scorepadBase;
  flet.assetBase = window.scorepadBase;
  flet.canvasKitBaseUrl = window.scorepadBase + "canvaskit/";
</script>"""

# The service worker (cache-first, sw.js) and persistent storage. The renderer is decided
# as Flutter's loader (flutter_bootstrap.js, Flet 1.0.5) decides it, so that the worker
# precaches the one this browser loads: skwasm on Chromium's browsers with WebAssembly
# GC and WebGL (its heavy variant, with codecs of its own, where the browser's image
# decoder or text break iterators are missing), else CanvasKit (its Chromium variant
# where Chromium's text break iterators and image codecs are there). A page that is not
# a secure context has no service worker: the page says so (scorepad.phone.notices),
# nothing is precached. A version installed during an earlier visit
# waits; at this start, before the app boots, it is told to take over and the page
# reloads once under it.
OFFLINE = """<script>
  (function () {
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persisted().then(function (done) {
        return done || navigator.storage.persist();
      }).catch(function () {});
    }
    if (!("serviceWorker" in navigator)) return;
    var blink = navigator.vendor === "Google Inc." || navigator.userAgent.indexOf("Edg/") >= 0;
    var chromium = blink && typeof ImageDecoder !== "undefined"
      && typeof Intl.v8BreakIterator !== "undefined" && typeof Intl.Segmenter !== "undefined";
    var wasmGC = typeof WebAssembly === "object" && WebAssembly.validate(new Uint8Array(
      [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]));
    var canvas = document.createElement("canvas");
    var webGL = !!(canvas.getContext("webgl2") || canvas.getContext("webgl"));
    var renderer = blink && wasmGC && webGL ? (chromium ? "skwasm" : "skwasm_heavy")
      : chromium ? "chromium" : "full";
    var url = window.scorepadBase + "sw.js?renderer=" + renderer;
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading || !window.scorepadHadController) return;
      reloading = true;
      location.reload();
    });
    window.scorepadHadController = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(url, {scope: window.scorepadBase}).then(function (reg) {
      if (reg.waiting && navigator.serviceWorker.controller) {
        reg.waiting.postMessage("take-over");
      }
    }).catch(function (error) {
      console.warn("scorepad: no offline copy (" + error + ")");
    });
  })();
</script>"""


def early_python_js() -> bytes:
    """python-early.js, the script that takes the place of Flet's python.js."""
    from importlib import resources

    return resources.files("scorepad.web.phone_site").joinpath("python_early.js").read_bytes()


def pyodide_version(web_dir: Path) -> str:
    """The Pyodide release shipped in the flet-web wheel."""
    return str(json.loads((web_dir / "pyodide" / "package.json").read_text())["version"])


def index_html(web_dir: Path, *, app_archive: str) -> str:
    """The phone site's page, from the stock client's."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import patch_index_html

    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "index.html"
        shutil.copyfile(web_dir / "index.html", page)
        patch_index_html(
            index_path=str(page), base_href="/", app_name=APP_NAME,
            app_description=APP_DESCRIPTION, pyodide=True, pyodide_script_path="main.py",
            pyodide_version=pyodide_version(web_dir), app_package_url=app_archive,
            web_renderer=WebRenderer.AUTO, route_url_strategy=RouteUrlStrategy.HASH,
            no_cdn=True)
        html = page.read_text(encoding="utf-8")
    if _PUBLISHED_PYODIDE_URL not in html:
        raise ValueError("flet-web's page no longer names Pyodide as 1.0.5 did: "
                         "check the phone site's page against this release")
    html = html.replace(_PUBLISHED_PYODIDE_URL, f'flet.pyodideUrl="{_pyodide_url()}";')
    html = client.index_html(html)
    html = _after_base(html, RUNTIME_BASE)
    python_js = '<script src="python.js"></script>'
    if python_js not in html:
        raise ValueError("flet-web's page no longer loads python.js as 1.0.5 did: "
                         "check the phone site's page against this release")
    html = html.replace(python_js, f'{FLET_BASE}\n  <script src="{EARLY_PYTHON}"></script>', 1)
    return html.replace("</body>", OFFLINE + "\n</body>", 1)


def _pyodide_url() -> str:
    # Relative to the worker script (python-worker.js, at the site's root).
    return "./pyodide/pyodide.mjs"


def _after_base(html: str, snippet: str) -> str:
    start = html.index("<base ")
    end = html.index(">", start) + 1
    return html[:end] + "\n" + snippet + html[end:]
