"""The app answers, sends its heavy files compressed, and settings switch language and
theme (what a first load requests: test_first_load.py)."""

from __future__ import annotations

import urllib.request
from typing import Any

from tests.e2e.conftest import click, open_app, text


def test_the_health_check_answers_ok(app_url: str) -> None:
    with urllib.request.urlopen(f"{app_url}/healthz") as response:
        assert response.status == 200
        assert b'"ok"' in response.read()


def test_the_heavy_assets_are_compressed_and_cached(app_url: str) -> None:
    # The server compresses them quickly before it listens (scorepad.web.precompress):
    # the very first phone already gets them compressed.
    request = urllib.request.Request(f"{app_url}/main.dart.wasm",
                                     headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request) as response:
        body = response.read()
        encoding = response.headers["Content-Encoding"]
        assert "max-age" in response.headers["Cache-Control"]
    assert encoding in ("br", "gzip")
    assert len(body) < 4_000_000  # 8.5 MB uncompressed


def test_switching_to_english_translates_the_screens(page: Any, app_url: str) -> None:
    open_app(page, app_url, "/settings", wait_text="Langue")
    click(page, "English")
    text(page, "Language").wait_for()
    click(page, "Français")
    text(page, "Langue").wait_for()


def test_an_unknown_address_says_so_and_leads_back_home(page: Any, app_url: str) -> None:
    open_app(page, app_url, "/nowhere", wait_text="Page introuvable")
