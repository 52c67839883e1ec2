"""The one origin of every link and QR code the app shows (the big screen, the
organiser's hand-over): http or https, with the host the browser used."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import flet as ft

FALLBACK = "http://localhost:8550"
# Flet gives the page the address of its websocket (ws://, wss:// behind HTTPS); in the
# browser build, the page's own address. A person's browser opens only http(s).
_HTTP_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}
_LOOPBACK = ("localhost", "127.0.0.1", "::1")


def origin_of(url: str | None, fallback: str = FALLBACK) -> str:
    """"http://192.168.1.20:8550" from the address the page was reached at
    ("ws://192.168.1.20:8550", "https://club.example.org/..."): the scheme a browser
    opens, the host and port the phone used."""
    parts = urlsplit(url or "")
    scheme = _HTTP_SCHEME.get(parts.scheme.lower())
    if scheme is None or not parts.hostname:
        return fallback
    return f"{scheme}://{parts.netloc.rsplit('@', 1)[-1]}"


def is_loopback(host: str) -> bool:
    return host.lower() in _LOOPBACK or host.startswith("127.")


def shared_origin(url: str | None, lan_address: str | None) -> str:
    """The origin another device reaches: `origin_of(url)`, except that a page opened on
    the server itself (localhost) gives the server's LAN address, which the other phone
    or the TV can open (kept as it is when there is none)."""
    origin = origin_of(url)
    parts = urlsplit(origin)
    host = parts.hostname or ""
    if not is_loopback(host) or not lan_address:
        return origin
    return f"{parts.scheme}://{lan_address}" + (f":{parts.port}" if parts.port else "")


def lan_address() -> str | None:
    """This computer's address on the local network (None when there is none)."""
    try:  # a UDP "connection" sends nothing: it only picks the outgoing interface
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if is_loopback(address) else address


def link_origin() -> str:
    """The origin of the links and QR codes shown on this page, for another device."""
    try:
        url = ft.context.page.url
    except (RuntimeError, AttributeError):
        url = None
    return shared_origin(url, lan_address())
