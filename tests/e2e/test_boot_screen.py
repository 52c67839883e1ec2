"""The screen a phone shows while it connects, and again when the connection drops, has
no English: the served client carries no "Working...", the patched wasm still runs (the
first screen comes up in Chromium) and the boot screen is a bare spinner."""

from __future__ import annotations

import contextlib
import gzip
import io
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import Error as PlaywrightError

from scorepad.web import boot_screen, client
from tests.e2e.conftest import (
    AppServer,
    gpu_process,
    new_phone,
    start_server,
    stop_server,
    text,
)
from tests.e2e.gestures import frames

STOCK = b"Working..."
# Every text the page exposes: the semantics tree's labels and texts (Flutter draws on a
# canvas; its semantics tree is the DOM a test can read).
PAGE_TEXT = """() => document.documentElement.textContent + ' ' +
  Array.from(document.querySelectorAll('[aria-label]'))
    .map(e => e.getAttribute('aria-label')).join(' ')"""


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[AppServer]:
    """A server of this test's own (it is stopped midway) with a fresh client cache: the
    heavy files go out from the patched plain copies until they are compressed."""
    server = start_server(tmp_path, extra_env={"SCOREPAD_CACHE_DIR": str(tmp_path / "cache")})
    yield server
    stop_server(server)


def _served(url: str, encoding: str) -> bytes:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request) as response:
        body = response.read()
        sent_as = response.headers["Content-Encoding"]
    if sent_as == "br":
        import brotli

        return bytes(brotli.decompress(body))
    return gzip.decompress(body) if sent_as == "gzip" else body


def test_the_served_client_files_carry_no_english_boot_message(own_server: AppServer) -> None:
    for relative in boot_screen.PATCHED:
        stock = (client.stock_web_dir() / relative).read_bytes()
        assert stock.count(STOCK) == 1  # the boot message; "WorkingPrecision" is another
        for encoding in ("identity", "gzip", "br"):
            served = _served(f"{own_server.url}/{relative}", encoding)
            assert served == boot_screen.blank_startup_message(relative, stock), encoding
            assert STOCK not in served and b"WorkingPrecision" in served


class LoadWatch:
    """One phone opening the app: screenshots and the page's texts every ~0.2 s."""

    def __init__(self, page: Any, shots: Path) -> None:
        self.page = page
        self.shots = shots
        self.texts: list[str] = []
        self.count = 0
        shots.mkdir(parents=True, exist_ok=True)

    def poll(self) -> bytes:
        placeholder = self.page.locator("flt-semantics-placeholder")
        if placeholder.count():  # semantics on as soon as the engine offers them
            placeholder.dispatch_event("click")
        self.texts.append(str(self.page.evaluate(PAGE_TEXT)))
        shot = bytes(self.page.screenshot(path=str(self.shots / f"{self.count:03d}.png")))
        self.count += 1
        return shot

    def until(self, done: Any, timeout: float, why: Any = str) -> bytes:
        """The first screenshot where `done(shot)`; else fails saying `why()` too."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shot = self.poll()
            if done(shot):
                return shot
            # What is awaited is in the pixels (a screenshot's), which no event of the page
            # announces: looked at again a moment later, each look kept.
            self.page.wait_for_timeout(200)
        raise AssertionError(f"not reached in {timeout} s (screenshots in {self.shots}){why()}")

    def english(self) -> list[str]:
        return [t for t in self.texts if "Working" in t]


def _ink_box(png: bytes) -> tuple[float, tuple[int, int, int, int] | None]:
    """The share of pixels unlike the background (the top-left corner) and their box."""
    image = Image.open(io.BytesIO(png)).convert("L")
    background = image.getpixel((0, 0))
    assert isinstance(background, int)
    ink = image.point(lambda v: 255 if abs(v - background) > 24 else 0)
    share = ink.histogram()[255] / (image.width * image.height)
    return share, ink.getbbox()


def _boot_screen_up(png: bytes) -> bool:
    share, box = _ink_box(png)
    return box is not None and share < 0.01


def _first_screen_drawn(page: Any, watch: LoadWatch, browser: Any, gpu: int | None) -> None:
    """Waits until the games screen is in the semantics tree and drawn. A run on a loaded
    machine once got 113 blank pictures while the tree said "Parties": Chromium's GPU
    process had gone (a new one answers; Flutter's renderer never draws again after its
    WebGL context is lost). Then the page is loaded again, once, as a person would.
    `gpu`: the GPU process before the page was opened."""
    reloaded = False

    def drawn(shot: bytes) -> bool:
        nonlocal gpu, reloaded
        now = gpu_process(browser)
        if now != gpu and not reloaded:
            gpu, reloaded = now, True
            page.reload()
            return False
        return text(page, "Parties").count() > 0 and _ink_box(shot)[1] is not None

    watch.until(drawn, timeout=90)


def test_the_boot_screen_shows_a_spinner_and_no_english(browser: Any, own_server: AppServer,
                                                        tmp_path: Path) -> None:
    context = new_phone(browser)
    page = context.new_page()
    wasm: list[Any] = []
    page.on("response", lambda r: wasm.append(r) if r.url.endswith("/main.dart.wasm") else None)
    try:
        watch = LoadWatch(page, tmp_path / "shots")
        gpu = gpu_process(browser)
        page.goto(own_server.url + "/")
        _first_screen_drawn(page, watch, browser, gpu)
        # The first screen came up on the patched wasm (Chromium's renderer).
        assert wasm and {r.status for r in wasm} == {200}
        assert STOCK not in wasm[-1].body()
        # The server goes away: the client shows its boot screen while it reconnects.
        gpu = gpu_process(browser)
        stop_server(own_server)
        shot = watch.until(_boot_screen_up, timeout=30, why=lambda: (
            "" if gpu_process(browser) == gpu else "; Chromium's GPU process died meanwhile"))
        # The client tries the server again, in vain (its attempts 0.4, 1, 2, 4 s apart):
        # what it shows once an attempt has failed is what a person then sees.
        with page.expect_websocket(timeout=30_000) as attempt:
            pass
        with contextlib.suppress(PlaywrightError):  # refused: its error, then its close
            if not attempt.value.is_closed():
                attempt.value.wait_for_event("close")
        frames(page)
        shot = watch.poll()
        assert watch.english() == []
        # Only the spinner (30 px) is drawn: no line of text under it.
        share, box = _ink_box(shot)
        assert box is not None and share < 0.01
        assert box[2] - box[0] <= 40 and box[3] - box[1] <= 40, box
    finally:
        context.close()


def test_a_browser_without_wasm_gc_runs_the_patched_javascript_client(
        browser: Any, app_url: str, tmp_path: Path) -> None:
    # Safari and Firefox get dart2js + CanvasKit: the loader's WasmGC probe says no here.
    context = new_phone(browser)
    context.add_init_script("WebAssembly.validate = () => false;")
    page = context.new_page()
    scripts: list[Any] = []
    page.on("response", lambda r: scripts.append(r)
            if r.url.endswith(("/main.dart.js", "/main.dart.wasm")) else None)
    try:
        watch = LoadWatch(page, tmp_path / "shots")
        page.goto(app_url + "/")
        watch.until(lambda _shot: text(page, "Parties").count() > 0, timeout=60)
        assert [r.url.rsplit("/", 1)[-1] for r in scripts] == ["main.dart.js"]
        body = scripts[0].body()
        assert STOCK not in body and b"WorkingPrecision" in body
        assert watch.english() == []
    finally:
        context.close()
