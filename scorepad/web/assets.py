"""Compression and cache headers for the Flet web client's static files (ASGI middleware).

The stock client is ~13.8 MB of wasm, JavaScript and fonts sent uncompressed; phones at
the table download it over Wi-Fi, so each file is compressed once (brotli when the
browser accepts it, else gzip), kept in memory and on disk, and given cache headers.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

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
# Short-lived names that tell the client which build to load: always revalidated.
REVALIDATE_NAMES = ("index.html", "flutter_bootstrap.js", "flutter_service_worker.js",
                    "version.json", "manifest.json", "python.js")
ASSET_MAX_AGE = 7 * 24 * 3600
# The stock client adds a <script> for the Rive runtime from a CDN at start-up; scorepad
# uses no Rive animation and must work offline, so the page may load only its own files.
CONTENT_SECURITY_POLICY = (
    "default-src 'self' blob: data:; "
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; font-src 'self' data:; "
    "connect-src 'self' ws: wss: blob: data:; worker-src 'self' blob:"
)
BROTLI_QUICK = 5   # fast enough to answer the first request without a visible delay
BROTLI_BEST = 11   # computed in the background, then kept on disk


def accepted_encoding(accept_encoding: str) -> str | None:
    """The best encoding the client accepts: "br", "gzip" or None (q=0 means refused)."""
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


def compress(data: bytes, encoding: str, *, best: bool = False) -> bytes:
    if encoding == "br" and _brotli is not None:
        return bytes(_brotli.compress(data, quality=BROTLI_BEST if best else BROTLI_QUICK))
    return gzip.compress(data, compresslevel=9, mtime=0)


class CompressedCache:
    """Compressed bodies keyed by (path, validator, encoding), in memory and on disk."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self._memory: dict[tuple[str, str, str], bytes] = {}
        self._lock = threading.Lock()
        self._upgrading: set[tuple[str, str, str]] = set()

    def _disk_path(self, key: tuple[str, str, str]) -> Path | None:
        if self.directory is None:
            return None
        digest = hashlib.sha256("\x00".join(key).encode()).hexdigest()[:32]
        return self.directory / f"{digest}.{key[2]}"

    def get(self, key: tuple[str, str, str]) -> bytes | None:
        with self._lock:
            hit = self._memory.get(key)
        if hit is not None:
            return hit
        disk = self._disk_path(key)
        if disk is not None and disk.is_file():
            try:
                data = disk.read_bytes()
            except OSError:
                return None
            with self._lock:
                self._memory[key] = data
            return data
        return None

    def put(self, key: tuple[str, str, str], data: bytes, *, persist: bool) -> None:
        with self._lock:
            self._memory[key] = data
        disk = self._disk_path(key)
        if persist and disk is not None:
            try:
                disk.parent.mkdir(parents=True, exist_ok=True)
                tmp = disk.with_suffix(disk.suffix + f".{os.getpid()}.tmp")
                tmp.write_bytes(data)
                tmp.replace(disk)
            except OSError as exc:  # a read-only cache dir only costs speed
                logger.info("asset cache not written: %s", exc)

    def upgrade_later(self, key: tuple[str, str, str], raw: bytes) -> None:
        """Recompresses with the best brotli quality in a background thread."""
        with self._lock:
            if key in self._upgrading:
                return
            self._upgrading.add(key)

        def work() -> None:
            self.put(key, compress(raw, "br", best=True), persist=True)

        threading.Thread(target=work, name="scorepad-brotli", daemon=True).start()


class StaticAssetsMiddleware:
    """Compresses compressible 200 responses of GET requests and sets Cache-Control.

    Only paths outside `skip_prefixes` (our own API/download routes, the websocket) are
    touched; responses must carry a validator (ETag or Last-Modified) to be cached.
    """

    def __init__(self, app: ASGIApp, *, cache_dir: Path | None,
                 skip_prefixes: tuple[str, ...] = ("/export", "/healthz", "/ws")) -> None:
        self.app = app
        self.cache = CompressedCache(cache_dir)
        self.skip_prefixes = skip_prefixes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if (scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD")
                or path.startswith(self.skip_prefixes)):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        encoding = accepted_encoding(headers.get("accept-encoding", ""))
        await _Responder(self, scope, path, encoding).run(receive, send)


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
        self.mode = "pass"  # pass | buffer | cached
        self.key: tuple[str, str, str] | None = None

    async def run(self, receive: Receive, send: Send) -> None:
        async def wrapped_send(message: Message) -> None:
            await self.on_message(message, send)

        await self.owner.app(self.scope, receive, wrapped_send)

    async def on_message(self, message: Message, send: Send) -> None:
        if message["type"] == "http.response.start":
            await self.on_start(message, send)
            return
        if message["type"] != "http.response.body":
            await send(message)
            return
        if self.mode == "pass":
            await send(message)
            return
        self.buffer.append(message.get("body", b""))
        if message.get("more_body", False):
            return
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
        validator = headers.get("etag") or headers.get("last-modified")
        size = int(headers.get("content-length", "0") or 0)
        if (status != 200 or self.encoding is None or "content-encoding" in headers
                or content_type not in COMPRESSIBLE_TYPES or size < MIN_SIZE
                or validator is None or self.scope.get("method") != "GET"):
            if status == 200 and content_type in COMPRESSIBLE_TYPES:
                raw_headers.append((b"vary", b"Accept-Encoding"))
            message["headers"] = raw_headers
            await send(message)
            return
        self.key = (self.path, f"{validator}|{size}", self.encoding)
        self.mode = "cached" if self.owner.cache.get(self.key) is not None else "buffer"
        message["headers"] = [(k, v) for k, v in raw_headers if k.lower() != b"content-length"]
        message["headers"].append((b"vary", b"Accept-Encoding"))
        message["headers"].append((b"content-encoding", self.encoding.encode()))
        self.start = message

    async def finish(self, send: Send) -> None:
        assert self.start is not None and self.key is not None and self.encoding is not None
        body = self.owner.cache.get(self.key) if self.mode == "cached" else None
        if body is None:
            raw = b"".join(self.buffer)
            body = await _to_thread(compress, raw, self.encoding)
            best_later = self.encoding == "br" and len(raw) > 64 * 1024
            self.owner.cache.put(self.key, body, persist=not best_later)
            if best_later:
                self.owner.cache.upgrade_later(self.key, raw)
        self.start["headers"].append((b"content-length", str(len(body)).encode()))
        await send(self.start)
        await send({"type": "http.response.body", "body": body, "more_body": False})


async def _to_thread(fn: Callable[..., bytes], *args: Any) -> bytes:
    from fastapi.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)
