"""The HTTP layer: download names, compression choice, cache headers, compressed assets."""

from __future__ import annotations

import asyncio
import gzip
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from scorepad.web.assets import StaticAssetsMiddleware, accepted_encoding, cache_control_for
from scorepad.web.exports import content_disposition, download_name


def test_download_names_are_ascii_and_never_empty() -> None:
    assert download_name("Mardi soir à Lyon", 12, "csv") == "mardi-soir-a-lyon-12.csv"
    assert download_name("♠♣", 3, "pdf") == "partie-3.pdf"


def test_content_disposition_carries_the_utf8_name() -> None:
    header = content_disposition("mardi-1.csv", "Mardi é.csv")
    assert header.startswith('attachment; filename="mardi-1.csv"')
    assert "filename*=UTF-8''Mardi%20%C3%A9.csv" in header


def test_brotli_is_preferred_and_a_refused_encoding_is_not_used() -> None:
    assert accepted_encoding("gzip, deflate, br") == "br"
    assert accepted_encoding("gzip") == "gzip"
    assert accepted_encoding("br;q=0, gzip;q=0") is None
    assert accepted_encoding("") is None


def test_the_page_is_revalidated_and_heavy_assets_are_cached_a_week() -> None:
    assert cache_control_for("/", "text/html") == "no-cache"
    assert cache_control_for("/flutter_bootstrap.js", "text/javascript") == "no-cache"
    assert "max-age=604800" in cache_control_for("/main.dart.wasm", "application/wasm")


def _call(app: Any, path: str, accept: str) -> tuple[dict[str, str], bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path,
             "headers": [(b"accept-encoding", accept.encode())]}
    # A thread of its own: Playwright's sync API (e2e tests in the same run) keeps an
    # event loop running in the main thread, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return headers, b"".join(m.get("body", b"") for m in sent[1:])


def test_a_static_file_is_sent_gzipped_with_its_headers_and_served_again_from_cache(
        tmp_path: Path) -> None:
    body = b"wasm " * 5000
    calls: list[str] = []

    async def static(scope: Any, receive: Any, send: Any) -> None:
        calls.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"application/wasm"), (b"content-length", str(len(body)).encode()),
            (b"etag", b'"v1"')]})
        await send({"type": "http.response.body", "body": body, "more_body": False})

    app = StaticAssetsMiddleware(static, cache_dir=tmp_path)
    for _ in range(2):
        headers, sent = _call(app, "/main.dart.wasm", "gzip")
        assert headers["content-encoding"] == "gzip"
        assert int(headers["content-length"]) == len(sent) < len(body) // 10
        assert gzip.decompress(sent) == body
        assert "max-age" in headers["cache-control"]
    assert any(tmp_path.iterdir())


def test_our_own_routes_are_left_alone(tmp_path: Path) -> None:
    async def route(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/csv")]})
        await send({"type": "http.response.body", "body": b"a;b\n" * 1000})

    headers, sent = _call(StaticAssetsMiddleware(route, cache_dir=tmp_path),
                          "/export/games/1.csv", "gzip")
    assert "content-encoding" not in headers and sent == b"a;b\n" * 1000
