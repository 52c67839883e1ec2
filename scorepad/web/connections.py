"""Connections nobody can hoard: uvicorn's HTTP and websocket protocols with a deadline to
send a request's headers and its body, a cap on the size of the headers, and a cap on
the connections open from one address; and the open-files limit raised at start.

uvicorn (0.5x, httptools) closes an idle keep-alive connection only after a response:
a connection that sends nothing, or half a header, or a body byte now and then, stays
open for ever, and about a thousand of them exhaust the server's file descriptors.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from scorepad.domain.messages import N_, Message

HEADER_TIMEOUT = 5.0      # seconds to send a request line and its headers
BODY_TIMEOUT = 10.0       # seconds to send a whole body (64 KB at most)
MAX_HEADER_BYTES = 32 * 1024
PER_ADDRESS = 64          # open connections (HTTP and websocket) from one address


@dataclass
class ConnectionLimits:
    """The limits and the count of open connections per client address. Addresses in
    `exempt` (a trusted reverse proxy carries every phone's connections) are not capped."""

    per_address: int = PER_ADDRESS
    header_timeout: float = HEADER_TIMEOUT
    body_timeout: float = BODY_TIMEOUT
    max_header_bytes: int = MAX_HEADER_BYTES
    exempt: frozenset[str] = frozenset()
    _open: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, address: str) -> bool:
        """Counts one more connection from `address`, or False when it has too many."""
        with self._lock:
            count = self._open.get(address, 0)
            if count >= self.per_address and address not in self.exempt:
                return False
            self._open[address] = count + 1
            return True

    def release(self, address: str) -> None:
        with self._lock:
            count = self._open.get(address, 0) - 1
            if count > 0:
                self._open[address] = count
            else:
                self._open.pop(address, None)


def _peer(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple | list) and peer else "?"


class _HeaderTooLarge(Exception):
    pass


_WebSocketBase: Any = AutoWebSocketsProtocol


class GuardedWebSocket(_WebSocketBase):  # type: ignore[misc, valid-type]
    """Gives the connection's slot back when the websocket closes."""

    limits: ConnectionLimits = ConnectionLimits()

    def connection_lost(self, exc: Exception | None) -> None:
        self.limits.release(_peer(self.transport))
        super().connection_lost(exc)


class GuardedHttp(HttpToolsProtocol):
    """Headers within `header_timeout` and `max_header_bytes`, the body within
    `body_timeout`, at most `per_address` connections from one address."""

    limits: ConnectionLimits = ConnectionLimits()
    _deadline: asyncio.TimerHandle | None = None
    _admitted = False
    _handed_over = False
    _header_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = _peer(transport)
        self._admitted = self.limits.admit(self._address)
        if not self._admitted:
            transport.abort()  # too many already: closed at once, nothing read
            return
        self._arm(self.limits.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._admitted and not self._handed_over:
            self.limits.release(self._address)
            self._admitted = False
        super().connection_lost(exc)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0
        self._arm(self.limits.header_timeout)

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def _count(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > self.limits.max_header_bytes:
            # Raised in a parser callback: uvicorn answers 400 and closes.
            raise _HeaderTooLarge()

    def on_headers_complete(self) -> None:
        self._arm(self.limits.body_timeout)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        # The websocket protocol takes the transport, and the slot with it.
        self._handed_over = True
        super().handle_websocket_upgrade()


def guarded_protocols(limits: ConnectionLimits) -> tuple[type[asyncio.Protocol], type[Any]]:
    """uvicorn's HTTP (httptools) and websocket protocol classes with `limits` applied:
    pass them as `uvicorn.run(..., http=..., ws=...)`."""
    http = type("ScorepadHttp", (GuardedHttp,), {"limits": limits})
    ws = type("ScorepadWebSocket", (GuardedWebSocket,), {"limits": limits})
    return http, ws


def raise_open_files_limit() -> Message | None:
    """Raises the soft limit of open files to the hard one; a line to print when it
    cannot (None when it could, or when the system has no such limit)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return None
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (OSError, ValueError) as exc:
        return Message(N_("serve.open_files"), {"soft": str(soft), "reason": str(exc)})
    return None


def exempt_addresses(forwarded_allow_ips: Iterable[str]) -> frozenset[str]:
    """The reverse proxies' addresses (not capped: they carry every phone)."""
    return frozenset(a.strip() for a in forwarded_allow_ips if a.strip() and a.strip() != "*")
