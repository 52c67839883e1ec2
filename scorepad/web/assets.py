"""Compression and cache headers for the Flet web client's files (ASGI middleware).

Phones at the table download the client over Wi-Fi, so the heavy files go out
compressed from the cache the background preparation fills (precompress.py); the small
ones are compressed on the fly and kept in memory. The page and the font manifest are
rewritten on the way out, the icon font is replaced by its subset (client.py,
icon_font.py) and main.dart.js/.wasm come from their copies without the boot screen's
English words (patched.py). Everything gets cache headers; the page gets a
Content-Security-Policy.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, BinaryIO

from scorepad.web import boot_screen, client
from scorepad.web.patched import PatchedCopies
from scorepad.web.precompress import ClientCache, write_atomically

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

try:  # brotli is ~15% smaller than gzip on the wasm files; gzip is the fallback
    import brotli as _brotli
except ImportError:  # pragma: no cover - brotli is a declared dependency
    _brotli = None

COMPRESSIBLE_TYPES = (
    "application/wasm", "application/javascript", "text/javascript", "text/html", "text/css",
    "application/json", "text/plain", "font/otf", "font/ttf", "application/font-sfnt",
    "application/x-font-opentype", "application/x-font-ttf", "font/sfnt", "image/svg+xml",
    "application/manifest+json",
)
MIN_SIZE = 1024
# Larger files wait for the background preparation (sent uncompressed meanwhile): on
# the fly they would hold the first phone for seconds.
ON_THE_FLY_LIMIT = 512 * 1024
# Short-lived names that tell the client which build to load: always revalidated.
REVALIDATE_NAMES = ("index.html", "flutter_bootstrap.js", "flutter_service_worker.js",
                    "version.json", "manifest.json", "python.js", "FontManifest.json")
ASSET_MAX_AGE = 7 * 24 * 3600
# The page may load only this server's files (the client.py guard keeps the Rive
# runtime's CDN script from even being requested; this policy is the safety net).
CONTENT_SECURITY_POLICY = (
    "default-src 'self' blob: data:; "
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; font-src 'self' data:; "
    "connect-src 'self' ws: wss: blob: data:; worker-src 'self' blob:"
)
ICON_FONT_PATH = "/" + client.ICON_FONT
TRANSFORMS: dict[str, Callable[[bytes], bytes]] = {
    "/" + client.FONT_MANIFEST: client.font_manifest,
}


def accepted_encoding(accept_encoding: str) -> str | None:
    """The best encoding the client accepts: "br", "gzip" or None (q=0 means refused).
    Browsers offer br only on HTTPS and localhost: phones on the LAN get gzip."""
    offered: dict[str, float] = {}
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        offered[name.strip()] = q
    if _brotli is not None and offered.get("br", 0) > 0:
        return "br"
    if offered.get("gzip", 0) > 0 or offered.get("*", 0) > 0:
        return "gzip"
    return None


def cache_control_for(path: str, content_type: str) -> str:
    """no-cache (revalidate with ETag, 304 when unchanged) for the page and the loader
    files that name the build; a week for the heavy assets they load."""
    name = path.rsplit("/", 1)[-1]
    if content_type.startswith("text/html") or name in REVALIDATE_NAMES or not name:
        return "no-cache"
    return f"public, max-age={ASSET_MAX_AGE}"


def compress(data: bytes, encoding: str) -> bytes:
    """Compression on the fly, once per body: the best brotli level is a few tens of
    milliseconds up to 128 kB (the loader scripts), the quick one above."""
    if encoding == "br" and _brotli is not None:
        return bytes(_brotli.compress(data, quality=11 if len(data) <= 128 * 1024 else 5))
    return gzip.compress(data, compresslevel=9, mtime=0)


def _etag(body: bytes) -> str:
    return '"sp-' + hashlib.sha256(body).hexdigest()[:20] + '"'


class StaticAssetsMiddleware:
    """Serves the client's files compressed with cache headers, rewriting the page and
    the font manifest and replacing the icon font by its subset.

    Only paths outside `skip_prefixes` (our own API/download routes, the websocket) are
    touched. `cache` (the prepared client, or None) holds the precompressed heavy files
    and the patched plain copies, written when the server starts (ASGI lifespan).
    """

    def __init__(self, app: ASGIApp, *, cache: ClientCache | None = None,
                 skip_prefixes: tuple[str, ...] = ("/export", "/healthz", "/ws")) -> None:
        self.app = app
        self.cache = cache
        self.skip_prefixes = skip_prefixes
        self.patched = PatchedCopies(cache)
        self._memo: dict[tuple[str, str], bytes] = {}
        self._lock = threading.Lock()
        self._icon_font: bytes | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "lifespan":
            self.patched.warm_up_in_background()
        if (scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD")
                or path.startswith(self.skip_prefixes)):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        encoding = accepted_encoding(headers.get("accept-encoding", ""))
        if path == ICON_FONT_PATH:
            body = await _to_thread(self.icon_font)
            await self.send_body(send, scope, body, encoding, content_type="font/otf",
                                 cache_control=cache_control_for(path, "font/otf"))
            return
        app = self.app
        if path.lstrip("/") in boot_screen.PATCHED:
            app = await _to_thread(self.patched.static_app, path.lstrip("/")) or app
        await _Responder(self, scope, path, encoding).run(app, receive, send)

    def icon_font(self) -> bytes:
        """The subset icon font: from the prepared cache, else made here (~2 s, once)."""
        with self._lock:
            if self._icon_font is not None:
                return self._icon_font
            from scorepad.web.icon_font import scorepad_icon_font

            cached = self.cache.icon_font_path() if self.cache is not None else None
            if cached is not None and cached.is_file():
                self._icon_font = cached.read_bytes()
            else:
                self._icon_font = scorepad_icon_font(client.stock_web_dir() / client.ICON_FONT)
                if cached is not None:
                    write_atomically(cached, self._icon_font)
            return self._icon_font

    def compressed(self, body: bytes, encoding: str, key: str) -> bytes:
        """`body` compressed, remembered under `key` (small bodies only)."""
        memo_key = (key, encoding)
        with self._lock:
            hit = self._memo.get(memo_key)
        if hit is None:
            hit = compress(body, encoding)
            with self._lock:
                self._memo[memo_key] = hit
        return hit

    async def send_body(self, send: Send, scope: Scope, body: bytes, encoding: str | None, *,
                        content_type: str, cache_control: str,
                        headers: list[tuple[bytes, bytes]] | None = None) -> None:
        """A response of our own making: ETag from the content (304 when the phone has
        it), compressed when worth it."""
        etag = _etag(body)
        out = [(k, v) for k, v in (headers or [])
               if k.lower() not in (b"content-length", b"etag", b"content-type",
                                    b"cache-control", b"last-modified")]
        out += [(b"content-type", content_type.encode()), (b"etag", etag.encode()),
                (b"cache-control", cache_control.encode()), (b"vary", b"Accept-Encoding")]
        request_headers = dict(scope.get("headers", []))
        if request_headers.get(b"if-none-match", b"").decode("latin-1") == etag:
            await send({"type": "http.response.start", "status": 304, "headers": out})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        if encoding is not None and len(body) >= MIN_SIZE:
            body = await _to_thread(self.compressed, body, encoding, etag)
            out.append((b"content-encoding", encoding.encode()))
        out.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        if scope.get("method") == "HEAD":
            body = b""
        await send({"type": "http.response.body", "body": body, "more_body": False})


class _Responder:
    """One request: holds the start message until the body tells us what to send."""

    def __init__(self, owner: StaticAssetsMiddleware, scope: Scope, path: str,
                 encoding: str | None) -> None:
        self.owner = owner
        self.scope = scope
        self.path = path
        self.encoding = encoding
        self.start: Message | None = None
        self.buffer: list[bytes] = []
        self.mode = "pass"  # pass | transform | buffer | file
        self.content_type = ""
        self.file: BinaryIO | None = None
        self.key = ""

    async def run(self, app: ASGIApp, receive: Receive, send: Send) -> None:
        async def wrapped_send(message: Message) -> None:
            await self.on_message(message, send)

        await app(self.scope, receive, wrapped_send)

    async def on_message(self, message: Message, send: Send) -> None:
        if message["type"] == "http.response.start":
            await self.on_start(message, send)
        elif message["type"] != "http.response.body" or self.mode == "pass":
            await send(message)
        else:
            if self.mode != "file":
                self.buffer.append(message.get("body", b""))
            if not message.get("more_body", False):
                await self.finish(send)

    async def on_start(self, message: Message, send: Send) -> None:
        raw_headers: list[tuple[bytes, bytes]] = list(message.get("headers", []))
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw_headers}
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        status = message["status"]
        if status in (200, 304) and "cache-control" not in headers:
            raw_headers.append((b"cache-control",
                                cache_control_for(self.path, content_type).encode()))
        if content_type == "text/html":
            raw_headers.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
        message["headers"] = raw_headers
        self.content_type = content_type
        self.mode = self._choose_mode(status, content_type, headers)
        if self.mode == "pass":
            if status == 200 and content_type in COMPRESSIBLE_TYPES:
                raw_headers.append((b"vary", b"Accept-Encoding"))
            await send(message)
            return
        self.start = message

    def _choose_mode(self, status: int, content_type: str, headers: dict[str, str]) -> str:
        if status != 200 or self.scope.get("method") != "GET" or "content-encoding" in headers:
            return "pass"
        if content_type == "text/html" or self.path in TRANSFORMS:
            return "transform"
        size = int(headers.get("content-length", "0") or 0)
        validator = headers.get("etag") or headers.get("last-modified")
        if self.encoding is None or content_type not in COMPRESSIBLE_TYPES or size < MIN_SIZE:
            return "pass"
        cache = self.owner.cache
        self.file = _open_or_none(cache.lookup(self.path.lstrip("/"), size, self.encoding)
                                  if cache is not None else None)
        if self.file is not None:
            return "file"
        if size <= ON_THE_FLY_LIMIT and validator is not None:
            self.key = f"{self.path}|{validator}|{size}"
            return "buffer"
        return "pass"

    async def finish(self, send: Send) -> None:
        assert self.start is not None
        raw = b"".join(self.buffer)
        if self.mode == "transform":
            transform = TRANSFORMS.get(self.path)
            body = (transform(raw) if transform is not None
                    else client.index_html(raw.decode("utf-8")).encode("utf-8"))
            await self.owner.send_body(send, self.scope, body, self.encoding,
                                       content_type=self.content_type,
                                       cache_control=cache_control_for(self.path,
                                                                       self.content_type),
                                       headers=self.start["headers"])
            return
        assert self.encoding is not None
        if self.mode == "file":
            assert self.file is not None
            with self.file:
                body = await _to_thread(self.file.read)
        else:
            body = await _to_thread(self.owner.compressed, raw, self.encoding, self.key)
        headers = [(k, v) for k, v in self.start["headers"] if k.lower() != b"content-length"]
        headers += [(b"vary", b"Accept-Encoding"), (b"content-encoding", self.encoding.encode()),
                    (b"content-length", str(len(body)).encode())]
        self.start["headers"] = headers
        await send(self.start)
        await send({"type": "http.response.body", "body": body, "more_body": False})


def _open_or_none(path: Path | None) -> BinaryIO | None:
    """The prepared file, opened at once: another scorepad version's server sharing the
    cache folder may remove it at any moment (an open file stays readable)."""
    try:
        return path.open("rb") if path is not None else None
    except OSError:
        return None


async def _to_thread(fn: Callable[..., Any], *args: Any) -> Any:
    from fastapi.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)
