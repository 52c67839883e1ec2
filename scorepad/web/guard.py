"""The server's front door (ASGI middleware): only this server's own names in `Host`, no
writes or websocket from another site's pages, request bodies capped, and the security
headers on every answer. One exception, narrow: a phone site on another origin (a static
host) may call the club's sync routes (`/api/club/`, scorepad.web.api.club), and only
from the origins the operator lists (`scorepad serve --allow-origin`): those answers
name that origin (CORS), every other origin is refused there in words.

A page on another site can make a phone's browser send requests here (a form or a
`text/plain` fetch needs no preflight) and DNS rebinding can even make them look
same-origin; browsers always say where such a request comes from (`Origin`, `Host`), so
both are checked before any route runs.
"""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from scorepad.domain.language import asked_language, word
from scorepad.domain.messages import N_, render
from scorepad.web.assets import ASGIApp, Message, Receive, Scope, Send

API_BODY_LIMIT = 64 * 1024
#: What a phone sends its club at once (games and their changes, in parts past this).
SYNC_BODY_LIMIT = 512 * 1024
#: The routes a page of an allowed origin may call, and the one taking the larger bodies.
CORS_PREFIX = "/api/club/"
SYNC_GAMES_PATH = "/api/club/games"
CORS_HEADERS = "content-type, x-invitation, if-none-match, accept-language"
CORS_MAX_AGE = "600"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
# A page's origin next to a Host header: default ports are left out of both.
_DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}
CONTENT_SECURITY_POLICY_ANCESTORS = "frame-ancestors 'none'"
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)

def host_names() -> set[str]:
    """This machine's own names: its hostname, with `.local` (mDNS) and its FQDN."""
    names: set[str] = set()
    try:
        hostname = socket.gethostname().lower()
    except OSError:  # pragma: no cover - no hostname at all
        return names
    if hostname:
        names |= {hostname, f"{hostname}.local"}
        with contextlib.suppress(OSError):
            names.add(socket.getfqdn(hostname).lower())
    return names


@dataclass(frozen=True)
class GuardSettings:
    """Which `Host` names this server answers to, and the body limit."""

    allowed_hosts: frozenset[str] = field(default_factory=lambda: frozenset(LOOPBACK_NAMES))
    body_limit: int = API_BODY_LIMIT
    #: the origins whose pages may call the sync routes (`serve --allow-origin`)
    allowed_origins: frozenset[str] = frozenset()
    sync_body_limit: int = SYNC_BODY_LIMIT

    @classmethod
    def for_server(cls, addresses: Iterable[str], extra: Iterable[str] = (),
                   origins: Iterable[str] = ()) -> GuardSettings:
        """Loopback, `addresses` (the LAN ones printed), the hostname and `extra`
        (`serve --allowed-host`); `origins` (`serve --allow-origin`)."""
        names = {*LOOPBACK_NAMES, *host_names(), *addresses, *extra}
        return cls(allowed_hosts=frozenset(_bare_host(n) for n in names if n),
                   allowed_origins=frozenset(o for o in map(origin_of, origins) if o))


def origin_of(url: str) -> str | None:
    """An origin as browsers send it (scheme://host[:port], default port left out,
    lower case), from an origin or any URL of it; None if it is not one."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or "@" in parts.netloc:
        return None
    return f"{parts.scheme}://{_netloc(parts.netloc, parts.scheme)}"


def _bare_host(host: str) -> str:
    """"Example.org:8550" -> "example.org"; "[::1]:80" -> "::1"."""
    host = host.strip().lower().rstrip(".")
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def _netloc(host: str, scheme: str | None) -> str:
    """host[:port] with the scheme's default port left out (for comparing origins)."""
    host = host.strip().lower()
    name, port = host, ""
    if host.startswith("["):
        name, _, rest = host.partition("]")
        name += "]"
        port = rest[1:] if rest.startswith(":") else ""
    elif host.count(":") == 1:
        name, port = host.split(":")
    if port and (port == _DEFAULT_PORTS.get(scheme or "") or
                 (scheme is None and port in ("80", "443"))):
        port = ""
    return f"{name}:{port}" if port else name


def _lang(scope: Scope, headers: dict[str, str]) -> str:
    """The language asked for by `?lang=`, else by Accept-Language (French by default)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return asked_language(query.get("lang", [None])[0], headers.get("accept-language"))


class SecurityGuard:
    """Refuses foreign `Host` (400) and cross-site writes or websockets (403), caps the
    request body (413, nothing read past the limit) and adds the security headers."""

    def __init__(self, app: ASGIApp, settings: GuardSettings | None = None) -> None:
        self.app = app
        self.settings = settings or GuardSettings()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            status, key = refusal
            lang = _lang(scope, headers)
            await _send_refusal(scope, send, status, render(key, {
                "origin": (headers.get("origin") or "")[:80]}, lang)
                if key == N_("web.origin_not_allowed") else word(key, lang))
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        cors = self.cors_origin(scope, headers)
        if cors is not None and scope.get("method") == "OPTIONS":
            await _send_preflight(send, cors)
            return
        limit = (self.settings.sync_body_limit if scope.get("path") == SYNC_GAMES_PATH
                 else self.settings.body_limit)
        await _Capped(self.app, scope, headers, limit, cors=cors).run(receive, send)

    def cors_origin(self, scope: Scope, headers: dict[str, str]) -> str | None:
        """The foreign origin a sync route's answer names (an allowed one), else None."""
        origin = headers.get("origin")
        if origin is None or not str(scope.get("path", "")).startswith(CORS_PREFIX):
            return None
        if self.same_origin(headers, headers.get("host", "")):
            return None
        found = origin_of(origin)
        return found if found is not None and found in self.settings.allowed_origins \
            else None

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """(status, message key) when the request must not reach the app."""
        host = headers.get("host", "")
        server = scope.get("server") or ("", None)
        bare = _bare_host(host)
        # The address the connection came in on is ours even if it changed since start.
        if not host or (bare not in self.settings.allowed_hosts and bare != server[0]):
            return 400, N_("web.host")
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(CORS_PREFIX) \
                and "origin" in headers and not self.same_origin(headers, host):
            # A page of another origin: only an allowed one, and only here.
            if self.cors_origin(scope, headers) is None:
                return 403, N_("web.origin_not_allowed")
            return None
        writes = scope["type"] == "websocket" or scope.get("method") in UNSAFE_METHODS
        if writes and not self.same_origin(headers, host):
            return 403, N_("web.origin")
        return None

    @staticmethod
    def same_origin(headers: dict[str, str], host: str) -> bool:
        """No Origin (a script, curl) or the page's own origin; a Referer stands in for a
        missing Origin when a browser sends only that."""
        origin = headers.get("origin")
        if origin is None:
            referer = headers.get("referer")
            if referer is None:
                return True
            origin = referer
        parts = urlsplit(origin.strip())
        if not parts.scheme or not parts.netloc:
            return False  # "null": a sandboxed frame or a local file
        return _netloc(parts.netloc, parts.scheme) == _netloc(host, None)


def cors_headers(origin: str) -> list[tuple[bytes, bytes]]:
    """What an answer to an allowed origin's page says (that origin alone, never *)."""
    return [(b"access-control-allow-origin", origin.encode("latin-1")),
            (b"vary", b"Origin"), (b"access-control-expose-headers", b"ETag")]


async def _send_preflight(send: Send, origin: str) -> None:
    """The browser's question before a sync request from an allowed origin's page."""
    await send({"type": "http.response.start", "status": 204, "headers": [
        *cors_headers(origin),
        (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
        (b"access-control-allow-headers", CORS_HEADERS.encode()),
        (b"access-control-max-age", CORS_MAX_AGE.encode()),
        (b"content-length", b"0"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": b""})


async def _send_refusal(scope: Scope, send: Send, status: int, message: str) -> None:
    if scope["type"] == "websocket":
        # Closing before accepting makes the server answer 403 to the upgrade.
        await send({"type": "websocket.close", "code": 1008, "reason": ""})
        return
    body = message.encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"), (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


def too_large_body(lang: str, limit: int) -> bytes:
    """FORMAT.md §3 for a body past the limit."""
    message = render("web.too_large", {"limit": limit // 1024}, lang)
    return json.dumps({"error": {"field": "body", "message": message}},
                      ensure_ascii=False).encode()


class _BodyTooLarge(Exception):
    pass


class _Capped:
    """One HTTP request: its body counted as it is read, its answer given the headers."""

    def __init__(self, app: ASGIApp, scope: Scope, headers: dict[str, str],
                 limit: int, *, cors: str | None = None) -> None:
        self.app, self.scope, self.limit = app, scope, limit
        self.cors = cors
        self.lang = _lang(scope, headers)
        self.secure = _secure_context(scope, headers)
        self.declared = headers.get("content-length", "")
        self.read = 0
        self.over = False
        self.started = False

    async def run(self, receive: Receive, send: Send) -> None:
        if self.declared.isascii() and self.declared.isdigit() and (
                len(self.declared) > 12 or int(self.declared) > self.limit):
            await self.answer_too_large(send)
            return

        async def counted_receive() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                self.read += len(message.get("body", b""))
                if self.read > self.limit:
                    self.over = True
                    raise _BodyTooLarge()
            return message

        async def guarded_send(message: Message) -> None:
            if self.over:
                return  # the app's own answer to a cut body is replaced by the 413
            if message["type"] == "http.response.start":
                self.started = True
                message["headers"] = _with_security_headers(message.get("headers", []),
                                                            secure=self.secure)
                if self.cors is not None:
                    message["headers"] += cors_headers(self.cors)
            await send(message)

        try:
            await self.app(self.scope, counted_receive, guarded_send)
        except _BodyTooLarge:
            pass
        except Exception:
            if not self.over:
                raise
        if self.over and not self.started:
            await self.answer_too_large(send)

    async def answer_too_large(self, send: Send) -> None:
        body = too_large_body(self.lang, self.limit)
        cors = cors_headers(self.cors) if self.cors is not None else []
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"), (b"connection", b"close"), *SECURITY_HEADERS,
            *cors]})
        await send({"type": "http.response.body", "body": body})


def _secure_context(scope: Scope, headers: dict[str, str]) -> bool:
    """Whether the browser asking treats the page as a secure context: over HTTPS (or
    behind a proxy that says so), or on a loopback name. A phone at
    `http://192.168.x.y:8550` on the table's Wi-Fi is not."""
    if scope.get("scheme") in ("https", "wss"):
        return True
    host = _bare_host(headers.get("host", ""))
    return host in LOOPBACK_NAMES or host.startswith("127.")


def _with_security_headers(raw: Iterable[tuple[bytes, bytes]], *,
                           secure: bool = True) -> list[tuple[bytes, bytes]]:
    """nosniff and friends on every answer, frame-ancestors on every page, and never a
    wildcard CORS grant (Flet's own middleware adds one). Outside a secure context, no
    Cross-Origin-Opener-Policy (Flet's middleware adds it to every answer): the browser
    ignores it there and says so as an error in the console of every phone on the
    Wi-Fi."""
    dropped = {b"access-control-allow-origin"} | (
        set() if secure else {b"cross-origin-opener-policy"})
    headers = [(k, v) for k, v in raw if k.lower() not in dropped]
    present = {k.lower() for k, _ in headers}
    headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
    content_type = next((v for k, v in headers if k.lower() == b"content-type"), b"")
    if content_type.lower().startswith(b"text/html"):
        policy = next((v for k, v in headers if k.lower() == b"content-security-policy"), None)
        if policy is None:
            headers.append((b"content-security-policy",
                            CONTENT_SECURITY_POLICY_ANCESTORS.encode()))
        elif b"frame-ancestors" not in policy:
            headers = [(k, v + b"; " + CONTENT_SECURITY_POLICY_ANCESTORS.encode()
                        if k.lower() == b"content-security-policy" else v)
                       for k, v in headers]
    return headers
