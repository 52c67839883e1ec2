"""A new phone's first visit: every request goes to this server, none is refused, nothing
is logged as an error, only the files the app draws with are fetched (one renderer, the
icon subset), and once the client is prepared it weighs under a quarter of the stock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorepad.services import create_game
from scorepad.web import client
from tests.e2e.conftest import by_id, enable_semantics, new_phone
from tests.e2e.gestures import frames

#: the font the client draws its text with (Flet's web client)
TEXT_FONT = "assets/fonts/roboto.woff2"


class FirstLoad:
    """Everything one phone's browser asks for while opening a game's sheet."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = new_phone(browser)
        self.page = self.context.new_page()
        self.requests: list[Any] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r))
        self.page.on("requestfailed", lambda r: self.failed.append(f"{r.url} {r.failure}"))
        self.page.on("response", lambda r: self.failed.append(f"{r.url} {r.status}")
                     if r.status >= 400 else None)
        self.page.on("console", lambda m: self.errors.append(m.text)
                     if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        # Late requests (fonts) belong to the first load: the screen is taken once it is
        # drawn with its fonts (the icons' and the text's, asked for as it is laid out),
        # and two frames more (a font asked for by a glyph of those frames is asked then).
        with self._font_loaded(client.ICON_FONT), self._font_loaded(TEXT_FONT):
            self.page.goto(url)
            enable_semantics(self.page)
            by_id(self.page, "total-André").first.wait_for()
        frames(self.page)

    def _font_loaded(self, path: str) -> Any:
        return self.page.expect_event("requestfinished",
                                      predicate=lambda r: r.url.endswith("/" + path))

    def paths(self) -> list[str]:
        return [r.url.split("/", 3)[-1].split("?")[0] for r in self.requests
                if r.url.startswith("http")]

    def transferred(self) -> int:
        total = 0
        for request in self.requests:
            if request.url.startswith("http") and request.response() is not None:
                sizes = request.sizes()
                total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def sheet_url(app_url: str, uow_factory: Callable[[], Any]) -> str:
    game = create_game(uow_factory(), name="Premier chargement",
                       seats=["André", "Bruno", "Cécile", "Didier"], deal_size=4)
    return f"{app_url}/games/{game}"


def test_a_first_load_asks_only_this_server_for_only_what_the_app_draws(
        browser: Any, app_url: str, sheet_url: str) -> None:
    load = FirstLoad(browser, sheet_url)
    try:
        foreign = [r.url for r in load.requests
                   if not r.url.startswith((app_url + "/", "blob:" + app_url, "data:"))]
        assert foreign == []
        assert load.failed == [] and load.errors == []
        paths = load.paths()
        assert not [p for p in paths if "KaTeX" in p or "cupertino" in p]
        # One renderer: Chromium gets dart2wasm + skwasm, never CanvasKit or main.dart.js;
        # on the Wi-Fi (no image decoder outside a secure context) skwasm's heavy variant,
        # with codecs of its own, and it arrives compressed too.
        assert "main.dart.wasm" in paths and "canvaskit/skwasm_heavy.wasm" in paths
        assert "canvaskit/skwasm.wasm" not in paths
        assert not [p for p in paths if p.endswith("canvaskit.wasm") or p == "main.dart.js"]
        icon_font = next(r for r in load.requests if r.url.endswith(client.ICON_FONT))
        assert icon_font.sizes()["responseBodySize"] < 20_000  # the stock font: 1.3 MB
    finally:
        load.close()
