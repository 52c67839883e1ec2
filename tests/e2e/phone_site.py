"""The phone site under test: built once per session with `scorepad build-phone`,
served by a plain static server on loopback (Python's http.server, not scorepad), opened
in Chromium with a persistent profile, as a phone keeps its browser's storage."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scripts.appserver import CHROMIUM, CHROMIUM_ARGS, dies_with_its_starter, free_port
from tests.build_lock import build_cache_lock

ROOT = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 390, "height": 844}
#: A cold start (Pyodide, the app archive, the imports) on a loaded 2-core machine.
START_TIMEOUT_MS = 90_000


#: Installed in a page before its own scripts: while `window.scorepadFrames` is an array,
#: each frame the page presents (skwasm hands it to the canvas as an ImageBitmap) adds
#: [page clock ms, a fingerprint of the screen's top third: bar, totals, newest lines],
#: read from a 39x30 copy. What the screen showed, frame by frame: the semantics tree can
#: lag the pixels (Flutter keeps a screen's semantics hidden while a page above it goes).
#: The fingerprint is read from a copy each frame is drawn over, so a frame with
#: see-through pixels blends into the one before. While `window.scorepadPictures` is an
#: object, each frame also says how many of its top third's pixels (at half size) are
#: see-through, and each new fingerprint's frame is kept alone (a PNG data URL, what the
#: page behind the app would show through left transparent): what a failure shows.
FRAME_PRINTS = """
(() => {
  window.scorepadFrames = null;
  const small = document.createElement('canvas');
  small.width = 39; small.height = 30;
  const pen = small.getContext('2d', {willReadFrequently: true});
  const keep = document.createElement('canvas');
  keep.width = 195; keep.height = 150;
  const bare = keep.getContext('2d', {willReadFrequently: true});
  const present = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
  ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (bitmap) {
    if (window.scorepadFrames && bitmap) {
      pen.drawImage(bitmap, 0, 0, bitmap.width, bitmap.height * 0.36, 0, 0, 39, 30);
      const bytes = pen.getImageData(0, 0, 39, 30).data;
      let print = 0;
      for (let i = 0; i < bytes.length; i++) print = (print * 31 + bytes[i]) | 0;
      if (!window.scorepadPictures) {
        window.scorepadFrames.push([performance.now(), print]);
      } else {
        // The frame alone, on a cleared canvas: its see-through pixels (where the page
        // behind the app shows) are counted, and its picture kept once per fingerprint.
        bare.clearRect(0, 0, keep.width, keep.height);
        bare.drawImage(bitmap, 0, 0, bitmap.width, bitmap.height * 0.36,
                       0, 0, keep.width, keep.height);
        const alpha = bare.getImageData(0, 0, keep.width, keep.height).data;
        let through = 0;
        for (let i = 3; i < alpha.length; i += 4) through += alpha[i] < 255 ? 1 : 0;
        window.scorepadFrames.push([performance.now(), print, through]);
        if (!(print in window.scorepadPictures)) {
          window.scorepadPictures[print] = keep.toDataURL();
        }
      }
    }
    return present.call(this, bitmap);
  };
})();"""


def build(out: Path) -> Path:
    """`scorepad build-phone --out OUT` as a person runs it; the folder. A site another
    worker of this run already built there (a build is put in place whole, its record
    last) is taken as it is."""
    from scorepad.web.phone_site.build import Site

    with build_cache_lock():
        if Site.read(out) is None:
            done = subprocess.run([sys.executable, "-m", "scorepad", "build-phone", "--out",
                                   str(out)], cwd=ROOT, capture_output=True, text=True,
                                  check=False)
            assert done.returncode == 0, done.stdout + done.stderr
    return out


@dataclass
class StaticServer:
    """`python -m http.server` over the site's folder, on a port kept across restarts
    (the phone's origin, hence its storage and service worker, must stay the same)."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> StaticServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=dies_with_its_starter)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), \
                    urllib.request.urlopen(self.url + "manifest.json", timeout=2):
                return self
            # A process starting: nothing announces it listening but its answer. Asked
            # again shortly.
            time.sleep(0.1)
        raise AssertionError("the static server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


#: A full garbage collection before each frame the page draws, while
#: `window.scorepadCollect` is true (every page of `open_phone(..., collect=True)`):
#: what a busy phone's collector may do between a screen update and the frame drawing it,
#: done every time. (Flet's client holds some controls weakly: a View drawn again after
#: it left the page turned the screen grey, 1 save in ~70 on a busy machine, every save
#: with this.)
COLLECT_EACH_FRAME = """
(() => {
  window.scorepadCollect = false;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (draw) => request((at) => {
    if (window.scorepadCollect) window.gc();
    return draw(at);
  });
})();
"""


def open_phone(browser_type: Any, profile: Path, *, scale: float = 1,
               executable: str | None = None, collect: bool = False) -> Any:
    """A browser with a persistent profile (closing it is a phone's browser closed);
    `executable` starts Chromium another way (bench/phone.py's CPU limit); `collect`:
    every page can collect its garbage before each frame (COLLECT_EACH_FRAME)."""
    args = [*CHROMIUM_ARGS, "--js-flags=--expose-gc"] if collect else CHROMIUM_ARGS
    context = browser_type.launch_persistent_context(
        str(profile), executable_path=executable or CHROMIUM, args=args,
        headless=True,
        viewport=VIEWPORT, device_scale_factor=scale, accept_downloads=True)
    context.set_default_timeout(15_000)
    if collect:
        context.add_init_script(COLLECT_EACH_FRAME)
    return context


def start_app(context: Any, url: str, *, ready: str = "Parties", page: Any = None) -> Any:
    """Opens the site (in `page`, else the context's first tab) and waits for a screen
    showing `ready`; the page."""
    from tests.e2e.conftest import enable_semantics

    if page is None:
        page = context.pages[0] if context.pages else context.new_page()
    # Not until "load": the first visit also downloads the offline copy meanwhile.
    page.goto(url, wait_until="commit")
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=START_TIMEOUT_MS)
    enable_semantics(page)
    page.get_by_text(ready).first.wait_for(timeout=START_TIMEOUT_MS)
    return page


def clear_http_cache(context: Any, page: Any) -> None:
    """Empties the browser's HTTP cache: its heuristic freshness could start a site
    with no service worker at all and hide a missing offline copy."""
    session = context.new_cdp_session(page)
    session.send("Network.clearBrowserCache")
    session.detach()


def offline_copy_ready(page: Any) -> None:
    """Waits until the service worker controls the page (its precache complete)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=START_TIMEOUT_MS)


#: A page of the site's origin that keeps files as the phone's Python did before this
#: version (IDBFS mounted at /data, FS.syncfs(false)): a phone that ran the earlier build.
EARLIER_STORAGE = "earlier-version-storage.html"
_EARLIER_PAGE = """<!doctype html><meta charset="utf-8"><title>earlier</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({indexURL: "./pyodide/"});
const FS = pyodide.FS;
FS.mkdirTree("/data");
FS.mount(FS.filesystems.IDBFS, {}, "/data");
await new Promise((resolve, reject) => FS.syncfs(true, (e) => e ? reject(e) : resolve()));
const files = await (await fetch("earlier-version-files.json")).json();
for (const [name, base64] of Object.entries(files)) {
  FS.writeFile("/data/" + name, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}
await new Promise((resolve, reject) => FS.syncfs(false, (e) => e ? reject(e) : resolve()));
window.kept = Object.keys(files);
</script>"""


def keep_as_the_earlier_version_did(context: Any, url: str, files: dict[str, bytes]) -> None:
    """Stores `files` (name -> bytes) in the browser's storage for `url`'s origin exactly
    as the phone's Python kept them before the pieces store (phone_store.js): what a phone
    updated from that version holds at its first start."""
    import base64
    import json

    listing = json.dumps({name: base64.b64encode(data).decode() for name, data in files.items()})
    context.route(url + EARLIER_STORAGE, lambda route: route.fulfill(
        body=_EARLIER_PAGE, content_type="text/html"))
    context.route(url + "earlier-version-files.json", lambda route: route.fulfill(
        body=listing, content_type="application/json"))
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url + EARLIER_STORAGE)
    page.wait_for_function("() => Array.isArray(window.kept)", timeout=START_TIMEOUT_MS)
    context.unroute(url + EARLIER_STORAGE)
    context.unroute(url + "earlier-version-files.json")
