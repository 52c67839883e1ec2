"""`scorepad serve` (also what `scorepad` alone does): the addresses, the QR code, uvicorn."""

from __future__ import annotations

import argparse
import functools
import io
import socket
import sys
import threading
from typing import TYPE_CHECKING, Any

from scorepad.cli.scoring import lang_option
from scorepad.domain.language import DEFAULT_LANGUAGE, word
from scorepad.domain.messages import Message, render, render_message

if TYPE_CHECKING:
    from scorepad.web.precompress import ClientCache, Preparation

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8550


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser],
                 lang: str = DEFAULT_LANGUAGE) -> None:
    """Registers `serve` (`lang`: the language of the parser's own refusals)."""
    p = sub.add_parser("serve", help="serve the app for the phones at the table")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: every network)")
    p.add_argument("--port", type=functools.partial(_port, lang=lang), default=DEFAULT_PORT,
                   help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--desktop", action="store_true",
                   help="open a native window (needs the Flet desktop client)")
    p.add_argument("--no-qr", action="store_true", help="do not draw the QR code")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="another name this server answers to (a reverse proxy's domain); "
                        "repeatable")
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   type=functools.partial(_origin, lang=lang),
                   help="a phone site on another origin (https://its.host) that may reach "
                        "this club's sync routes (/api/club/); repeatable")
    p.add_argument("--phone-site", metavar="URL", type=functools.partial(_origin_url, lang=lang),
                   help="the phone site the circles' invitations open (default: this "
                        "server's /telephone/); its origin is allowed too")
    p.add_argument("--club", metavar="NAME",
                   help="the club's name, as its members' phones say it (default: the "
                        "server's address)")
    p.add_argument("--proxy-headers", action="store_true",
                   help="trust X-Forwarded-For/-Proto from --forwarded-allow-ips "
                        "(a reverse proxy in front)")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1,::1", metavar="IPS",
                   help="the reverse proxies' addresses, comma-separated "
                        "(only with --proxy-headers; default 127.0.0.1,::1)")
    lang_option(p)
    p.set_defaults(func=cmd_serve)


def _port(text: str, lang: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(render("serve.port", {"text": text}, lang))
    return int(text)


def _origin(text: str, lang: str) -> str:
    from scorepad.web.guard import origin_of

    found = origin_of(text)
    if found is None or found != text.strip().rstrip("/").lower():
        raise argparse.ArgumentTypeError(render("serve.origin", {"text": text[:80]}, lang))
    return found


def _origin_url(text: str, lang: str) -> str:
    from scorepad.web.guard import origin_of

    if origin_of(text) is None:
        raise argparse.ArgumentTypeError(render("serve.phone_site", {"text": text[:80]}, lang))
    return text.strip()


def lan_addresses() -> list[str]:
    """IPv4 addresses other devices on the local network can reach (best effort, offline)."""
    found: list[str] = []
    try:
        # Connecting a UDP socket sends nothing; it only picks the outgoing interface.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found:
                found.append(addr)
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")]


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with half-block characters (fits an 80-column terminal)."""
    import qrcode

    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    qr.add_data(url)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def addresses_banner(host: str, port: int, *, qr: bool, lang: str = DEFAULT_LANGUAGE,
                     extra: tuple[str, ...] = ()) -> str:
    local = f"http://localhost:{port}/"
    lines = [word("serve.served", lang), render("serve.local", {"url": local}, lang)]
    lan: list[str] = []
    if host in ("0.0.0.0", "::", ""):
        lan = [f"http://{a}:{port}/" for a in lan_addresses()]
    elif host not in ("127.0.0.1", "localhost"):
        lan = [f"http://{host}:{port}/"]
    for url in lan:
        lines.append(render("serve.lan", {"url": url}, lang))
    if not lan:
        lines.append(word("serve.no_lan", lang))
    if qr and lan:
        lines.append(word("serve.scan", lang))
        lines.append(qr_text(lan[0]))
    lines.extend(extra)
    lines.append(word("serve.stop", lang))
    return "\n".join(lines)


def _client_cache() -> ClientCache | None:
    try:
        from scorepad.config import cache_directory
        from scorepad.web.precompress import ClientCache

        return ClientCache(cache_directory() / "web-client")
    except Exception:  # a missing cache only costs bytes on the first loads
        return None


def _compress_quickly(cache: ClientCache | None, lang: str) -> None:
    """Before the server listens, once per Flet release: the heavy files quickly
    compressed (a few seconds), so that no phone, even the very first, downloads the
    plain client (about 20 MB); the background pass then makes them smaller."""
    if cache is None or cache.is_complete() or cache.has_quick():
        return
    sys.stdout.write(render("serve.compressing", {}, lang) + "\n")
    sys.stdout.flush()
    try:
        cache.prepare_quick()
    except OSError:  # a cache that cannot be written only costs bytes
        return


def _prepare_client(cache: ClientCache | None, lang: str) -> Preparation | None:
    """Starts compressing the client in a low-priority process when the cache is not
    complete, with one line saying so and one when it is done."""
    if cache is None:
        return None
    from scorepad.web.precompress import Preparation

    preparation = Preparation(cache)
    try:
        started = preparation.start()
    except OSError:
        return None
    if not started:
        return None
    sys.stdout.write(word("serve.preparing", lang) + "\n")
    sys.stdout.flush()

    def announce() -> None:
        if preparation.wait():
            sys.stdout.write(word("serve.prepared", lang) + "\n")
            sys.stdout.flush()

    threading.Thread(target=announce, name="scorepad-client-ready", daemon=True).start()
    return preparation


def bound_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed, so a port in use is said at
    once; it listens only once the client is compressed (`_serve`), and uvicorn then
    serves on this very socket: no race."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        # As uvicorn does: a restart may reuse a port whose old connections linger.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _cannot_listen(host: str, port: int, exc: OSError, lang: str = DEFAULT_LANGUAGE) -> str:
    import errno

    given = {"host": host, "port": str(port), "reason": exc.strerror or str(exc)}
    if exc.errno == errno.EADDRINUSE:
        return render("serve.port_in_use", given, lang) + "\n"
    if exc.errno == errno.EACCES:
        return render("serve.port_reserved", given, lang) + "\n"
    return render("serve.cannot_listen", given, lang) + "\n"


def cmd_serve(args: argparse.Namespace) -> int:
    from scorepad.storage.database import DatabaseError, open_database

    sock = None
    if not args.desktop:
        try:
            sock = bound_socket(args.host, args.port)
        except OSError as exc:
            sys.stderr.write(_cannot_listen(args.host, args.port, exc, args.lang))
            return 2
    try:
        database = open_database(args.db)
    except DatabaseError as exc:
        if sock is not None:
            sock.close()
        sys.stderr.write(f"scorepad: {exc.message(args.lang)}\n")
        return 2
    from scorepad import services

    # Games in the bin for more than 30 days are deleted for good at each start.
    services.purge_expired(database.uow())
    if sock is None:
        return _run_desktop(database.uow, args.lang)
    return _serve(args, database, sock)


def _serve(args: argparse.Namespace, database: Any, sock: socket.socket) -> int:
    from scorepad.storage.database import open_database
    from scorepad.web.app import create_app
    from scorepad.web.guard import GuardSettings

    # Changes made elsewhere (the command line, another server) reach the phones too.
    database.watch()
    cache = _client_cache()
    from scorepad.web.api.club import ClubSettings
    from scorepad.web.guard import origin_of

    origins = [*args.allow_origin, *([origin_of(args.phone_site) or ""]
                                     if args.phone_site else [])]
    guard = GuardSettings.for_server(_own_addresses(args.host), args.allowed_host, origins)
    # Export workers (separate processes) open the same database without migrating it.
    worker_database = functools.partial(open_database, database.url, migrate=False)
    app = create_app(database.uow, client_cache=cache, subscribe=database.subscribe,
                     guard=guard, worker_database=worker_database, listening=args.host,
                     lang=args.lang, club=ClubSettings(args.club, args.phone_site))
    _compress_quickly(cache, args.lang)
    sock.listen(2048)
    sys.stdout.write(addresses_banner(args.host, args.port, qr=not args.no_qr, lang=args.lang,
                                      extra=(_phone_line(args.port, args.lang),)) + "\n")
    sys.stdout.flush()
    preparation = _prepare_client(cache, args.lang)
    try:
        _run_uvicorn(app, args, sock)
    finally:
        if preparation is not None:
            preparation.stop()
        sock.close()
        database.dispose()
    return 0


def _phone_line(port: int, lang: str) -> str:
    """Where the phone site is handed out, and whether it is built."""
    from scorepad.web.phone_site.build import Site, site_folder

    built = Site.read(site_folder()) is not None
    return render("phone.serve.ready" if built else "phone.serve.to_build",
                  {"url": f"http://localhost:{port}/telephone/"}, lang)


def _own_addresses(host: str) -> list[str]:
    """The addresses phones may type: the one listened on, or every LAN one."""
    if host in ("0.0.0.0", "::", ""):
        return lan_addresses()
    return [host]


def _run_uvicorn(app: object, args: argparse.Namespace, sock: socket.socket) -> None:
    """uvicorn on the socket bound at start, with the guarded protocols and limits."""
    import uvicorn

    from scorepad.services.exchange.games import IMPORT_MAX_BYTES
    from scorepad.web.connections import (
        ConnectionLimits,
        exempt_addresses,
        guarded_protocols,
        raise_open_files_limit,
    )

    warning: Message | None = raise_open_files_limit()
    if warning is not None:
        sys.stderr.write(render_message(warning, args.lang) + "\n")
    proxies = args.forwarded_allow_ips.split(",") if args.proxy_headers else []
    http, ws = guarded_protocols(ConnectionLimits(exempt=exempt_addresses(proxies)))
    # Open event streams would otherwise keep Ctrl+C waiting for ever. A game imported
    # from a phone comes through the websocket: 20 MB and msgpack's few bytes around it.
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning",  # type: ignore[arg-type]
        http=http, ws=ws, ws_max_size=IMPORT_MAX_BYTES + 1024 * 1024,
        ws_ping_interval=20, ws_ping_timeout=20, timeout_graceful_shutdown=3,
        timeout_keep_alive=5, proxy_headers=args.proxy_headers,
        forwarded_allow_ips=args.forwarded_allow_ips if args.proxy_headers else None,
        server_header=False)
    uvicorn.Server(config).run(sockets=[sock])


def _run_desktop(uow_factory: object, lang: str) -> int:
    """A native window through the Flet desktop client (downloaded by Flet on first use)."""
    import flet as ft

    from scorepad.ui.app import main
    from scorepad.ui.services_context import set_uow_factory

    set_uow_factory(uow_factory)  # type: ignore[arg-type]
    try:
        ft.run(main, view=ft.AppView.FLET_APP)
    except Exception as exc:  # no client available offline: say so, no traceback
        sys.stderr.write(render("serve.no_desktop", {"reason": str(exc)}, lang) + "\n")
        return 2
    return 0
