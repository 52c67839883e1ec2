"""The HTTP layer: download names, compression choice, cache headers, compressed assets,
the rewritten client files."""

from __future__ import annotations

import asyncio
import gzip
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from scorepad.web import client
from scorepad.web.assets import StaticAssetsMiddleware, accepted_encoding, cache_control_for
from scorepad.web.exports import content_disposition, download_name
from scorepad.web.precompress import ClientCache


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


def _call(app: Any, path: str, accept: str, *,
          extra: tuple[tuple[bytes, bytes], ...] = ()) -> tuple[dict[str, str], bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path,
             "headers": [(b"accept-encoding", accept.encode()), *extra]}
    # A thread of its own: Playwright's sync API (e2e tests in the same run) keeps an
    # event loop running in the main thread, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    headers[":status"] = str(sent[0]["status"])
    return headers, b"".join(m.get("body", b"") for m in sent[1:])


def _static(body: bytes, content_type: bytes, calls: list[str] | None = None) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        if calls is not None:
            calls.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", content_type), (b"content-length", str(len(body)).encode()),
            (b"etag", b'"v1"')]})
        await send({"type": "http.response.body", "body": body, "more_body": False})

    return app


def test_a_small_static_file_is_sent_gzipped_with_its_headers_and_compressed_once() -> None:
    body = b"javascript " * 5000
    app = StaticAssetsMiddleware(_static(body, b"text/javascript"))
    for _ in range(2):
        headers, sent = _call(app, "/canvaskit/skwasm.js", "gzip")
        assert headers["content-encoding"] == "gzip"
        assert int(headers["content-length"]) == len(sent) < len(body) // 10
        assert gzip.decompress(sent) == body
        assert "max-age" in headers["cache-control"]
    assert len(app._memo) == 1


def test_a_heavy_file_goes_out_precompressed_once_prepared_and_plain_before(
        tmp_path: Path) -> None:
    body = b"\x00asm" + bytes(range(256)) * 4000  # > the on-the-fly limit
    web = tmp_path / "web"
    (web / "main.dart.wasm").parent.mkdir(parents=True)
    (web / "main.dart.wasm").write_bytes(body)
    cache = ClientCache(tmp_path / "cache", web)
    app = StaticAssetsMiddleware(_static(body, b"application/wasm"), cache=cache)
    headers, sent = _call(app, "/main.dart.wasm", "gzip")
    assert "content-encoding" not in headers and sent == body  # never held back
    prepared = cache.compressed_path("main.dart.wasm", len(body), "gzip")
    prepared.parent.mkdir(parents=True)
    prepared.write_bytes(gzip.compress(body))
    headers, sent = _call(app, "/main.dart.wasm", "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(sent) == body


def test_the_font_manifest_is_served_without_katex_and_the_icon_font_is_the_subset(
        ) -> None:
    stock = (client.stock_web_dir() / client.FONT_MANIFEST).read_bytes()
    calls: list[str] = []
    app = StaticAssetsMiddleware(_static(stock, b"application/json", calls))
    headers, sent = _call(app, "/assets/FontManifest.json", "identity")
    assert b"MaterialIcons" in sent and b"KaTeX" not in sent and b"Cupertino" not in sent
    assert headers["cache-control"] == "no-cache"
    again, _ = _call(app, "/assets/FontManifest.json", "identity",
                     extra=((b"if-none-match", headers["etag"].encode()),))
    assert again[":status"] == "304"
    headers, sent = _call(app, "/" + client.ICON_FONT, "identity")
    assert headers["content-type"] == "font/otf" and 1000 < len(sent) < 40_000
    assert calls == ["/assets/FontManifest.json"] * 2  # the stock icon font is never read


def test_the_page_carries_the_guard_and_the_content_security_policy() -> None:
    page = (client.stock_web_dir() / "index.html").read_bytes()
    headers, sent = _call(StaticAssetsMiddleware(_static(page, b"text/html; charset=utf-8")),
                          "/games/3", "br")
    assert "default-src 'self'" in headers["content-security-policy"]
    import brotli

    assert b"Element.prototype.append" in brotli.decompress(sent)


def test_our_own_routes_are_left_alone(tmp_path: Path) -> None:
    async def route(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/csv")]})
        await send({"type": "http.response.body", "body": b"a;b\n" * 1000})

    headers, sent = _call(StaticAssetsMiddleware(route),
                          "/export/games/1.csv", "gzip")
    assert "content-encoding" not in headers and sent == b"a;b\n" * 1000
