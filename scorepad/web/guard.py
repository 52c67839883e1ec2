"""The server's front door (ASGI middleware): only this server's own names in `Host`, no
writes or websocket from another site's pages, request bodies capped, and the security
headers on every answer.

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

    @classmethod
    def for_server(cls, addresses: Iterable[str], extra: Iterable[str] = ()) -> GuardSettings:
        """Loopback, `addresses` (the LAN ones printed), the hostname and `extra`
        (`serve --allowed-host`)."""
        names = {*LOOPBACK_NAMES, *host_names(), *addresses, *extra}
        return cls(allowed_hosts=frozenset(_bare_host(n) for n in names if n))


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
            await _send_refusal(scope, send, status, word(key, _lang(scope, headers)))
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        await _Capped(self.app, scope, headers, self.settings.body_limit).run(receive, send)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """(status, message key) when the request must not reach the app."""
        host = headers.get("host", "")
        server = scope.get("server") or ("", None)
        bare = _bare_host(host)
        # The address the connection came in on is ours even if it changed since start.
        if not host or (bare not in self.settings.allowed_hosts and bare != server[0]):
            return 400, N_("web.host")
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
                 limit: int) -> None:
        self.app, self.scope, self.limit = app, scope, limit
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
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"), (b"connection", b"close"), *SECURITY_HEADERS]})
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
