"""The app loads offline in a phone browser, and settings switch language and theme."""

from __future__ import annotations

import urllib.request
from typing import Any

from tests.e2e.conftest import click, open_app, text


def _is_local(url: str, app_url: str) -> bool:
    return url.startswith((app_url, "data:", "blob:"))


def test_the_app_loads_with_no_request_leaving_the_server(page: Any, app_url: str) -> None:
    # The stock client asks a CDN for the Rive runtime; our Content-Security-Policy makes
    # the browser refuse it before any network traffic ("csp").
    left: list[str] = []
    page.on("response", lambda r: left.append(r.url) if not _is_local(r.url, app_url) else None)
    page.on("requestfailed", lambda r: left.append(r.url)
            if not _is_local(r.url, app_url) and r.failure != "csp" else None)
    open_app(page, app_url, "/settings", wait_text="Langue")
    assert left == []


def test_the_health_check_answers_ok(app_url: str) -> None:
    with urllib.request.urlopen(f"{app_url}/healthz") as response:
        assert response.status == 200
        assert b'"ok"' in response.read()


def test_the_heavy_assets_are_compressed_and_cached(app_url: str) -> None:
    request = urllib.request.Request(f"{app_url}/main.dart.wasm",
                                     headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request) as response:
        body = response.read()
        assert response.headers["Content-Encoding"] in ("br", "gzip")
        assert "max-age" in response.headers["Cache-Control"]
        assert len(body) < 4_000_000  # 8.5 MB uncompressed


def test_switching_to_english_translates_the_screens(page: Any, app_url: str) -> None:
    open_app(page, app_url, "/settings", wait_text="Langue")
    click(page, "English")
    text(page, "Language").wait_for()
    click(page, "Français")
    text(page, "Langue").wait_for()


def test_an_unknown_address_says_so_and_leads_back_home(page: Any, app_url: str) -> None:
    open_app(page, app_url, "/nowhere", wait_text="Page introuvable")
