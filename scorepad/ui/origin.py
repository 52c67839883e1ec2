"""The one origin of every link and QR code the app shows (the big screen, the
organiser's hand-over, a tournament's tables): http or https, with the host the browser
used, or, when the browser is on the server itself, an address the other devices reach:
the one the server listens on (`set_listening`, by `scorepad serve`), never one where
nothing listens. `reaches_others` tells whether a link can work on another device."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import flet as ft

FALLBACK = "http://localhost:8550"
# Flet gives the page the address of its websocket (ws://, wss:// behind HTTPS); in the
# browser build, the page's own address. A person's browser opens only http(s).
_HTTP_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}
_LOOPBACK = ("localhost", "127.0.0.1", "::1")
_EVERYWHERE = ("0.0.0.0", "::", "")
#: the address the server listens on (None: not said, as in tests: every address)
_listening: list[str | None] = [None]


def set_listening(host: str | None) -> None:
    """Wired by `scorepad serve`: the address it listens on ("0.0.0.0": every one)."""
    _listening[0] = host


#: the phone site a circle's invitations open (None: the server's own /telephone/)
_phone_site: list[str | None] = [None]


def set_phone_site(url: str | None) -> None:
    """Wired by `scorepad serve --phone-site URL`."""
    _phone_site[0] = url


def phone_site() -> str | None:
    return _phone_site[0]


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


def shared_origin(url: str | None, lan_address: str | None,
                  listening: str | None = None) -> str:
    """The origin another device reaches: `origin_of(url)`, except that a page opened on
    the server itself (localhost) gives an address the other phone or the TV can open:
    the one the server listens on (`listening`), or its LAN address when it listens on
    every address (or is not said). A server listening on loopback alone has no such
    address: the origin stays as it is (and `reaches_others` says so)."""
    origin = origin_of(url)
    parts = urlsplit(origin)
    host = parts.hostname or ""
    if not is_loopback(host):
        return origin
    if listening is not None and listening not in _EVERYWHERE:
        if is_loopback(listening):
            return origin
        lan_address = listening
    if not lan_address:
        return origin
    address = f"[{lan_address}]" if ":" in lan_address else lan_address
    return f"{parts.scheme}://{address}" + (f":{parts.port}" if parts.port else "")


def reaches_others(origin: str) -> bool:
    """Whether a link on `origin` opens on another device (not a loopback address)."""
    return not is_loopback(urlsplit(origin).hostname or "")


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
    return shared_origin(url, lan_address(), _listening[0])


def unreachable_reason(origin: str) -> str | None:
    """Why links on `origin` open on no other device, if they do not: the server listens
    on this computer alone ("loopback"), or the computer is on no network
    ("no_network")."""
    if reaches_others(origin):
        return None
    listening = _listening[0]
    if listening is not None and is_loopback(listening):
        return "loopback"
    return "no_network"
