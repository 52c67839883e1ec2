"""The address other devices reach this server at, for the links and QR codes the app
shows (the big screen, the organiser's hand-over)."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import flet as ft

#: the page's address in web mode may be its websocket's: the same server over HTTP
_HTTP = {"ws": "http", "wss": "https"}


def origin_of(url: str | None, fallback: str = "http://localhost:8550") -> str:
    """"http://192.168.1.20:8550" from the page's address (the one the phone used, so the
    TV on the same Wi-Fi reaches it too)."""
    if not url:
        return fallback
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return fallback
    return f"{_HTTP.get(parts.scheme, parts.scheme)}://{parts.netloc}"


def page_origin() -> str:
    try:
        return origin_of(ft.context.page.url)
    except (RuntimeError, AttributeError):
        return origin_of(None)


def _lan_address() -> str | None:
    try:  # a UDP "connection" sends nothing: it only picks the outgoing interface
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") else address


def server_origin() -> str:
    """The address other phones reach this server at: the page's own, except that a page
    opened on the server itself (localhost) gives its LAN address."""
    parts = urlsplit(ft.context.page.url or "")
    host, port = parts.hostname or "", parts.port
    if host in ("localhost", "127.0.0.1", "::1") or host.startswith("127."):
        host = _lan_address() or host
    netloc = f"{host}:{port}" if port else host
    scheme = parts.scheme or "http"
    return f"{_HTTP.get(scheme, scheme)}://{netloc}"


