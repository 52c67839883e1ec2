"""`scorepad serve` (also what `scorepad` alone does): the addresses, the QR code, uvicorn."""

from __future__ import annotations

import argparse
import functools
import io
import socket
import sys
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorepad.web.precompress import ClientCache, Preparation

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8550


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers `serve`."""
    p = sub.add_parser("serve", help="serve the app for the phones at the table")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: every network)")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT,
                   help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--desktop", action="store_true",
                   help="open a native window (needs the Flet desktop client)")
    p.add_argument("--no-qr", action="store_true", help="do not draw the QR code")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="another name this server answers to (a reverse proxy's domain); "
                        "repeatable")
    p.add_argument("--proxy-headers", action="store_true",
                   help="trust X-Forwarded-For/-Proto from --forwarded-allow-ips "
                        "(a reverse proxy in front)")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1,::1", metavar="IPS",
                   help="the reverse proxies' addresses, comma-separated "
                        "(only with --proxy-headers; default 127.0.0.1,::1)")
    p.set_defaults(func=cmd_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            f"le port doit être un entier entre 1 et 65535 (reçu « {text} »)")
    return int(text)


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


def addresses_banner(host: str, port: int, *, qr: bool, extra: tuple[str, ...] = ()) -> str:
    local = f"http://localhost:{port}/"
    lines = ["scorepad : la feuille de marque est servie.", f"  Sur cet appareil : {local}"]
    lan: list[str] = []
    if host in ("0.0.0.0", "::", ""):
        lan = [f"http://{a}:{port}/" for a in lan_addresses()]
    elif host not in ("127.0.0.1", "localhost"):
        lan = [f"http://{host}:{port}/"]
    for url in lan:
        lines.append(f"  Sur le réseau local (téléphones) : {url}")
    if not lan:
        lines.append("  (aucune adresse réseau local : les téléphones ne peuvent pas se joindre)")
    if qr and lan:
        lines.append("Scannez pour ouvrir la feuille sur un téléphone :")
        lines.append(qr_text(lan[0]))
    lines.extend(extra)
    lines.append("Ctrl+C pour arrêter.")
    return "\n".join(lines)


PREPARING = "Préparation du client web compressé (une fois, en arrière-plan)…"
PREPARED = "Client web compressé prêt."


def _client_cache() -> ClientCache | None:
    try:
        from scorepad.config import cache_directory
        from scorepad.web.precompress import ClientCache

        return ClientCache(cache_directory() / "web-client")
    except Exception:  # a missing cache only costs bytes on the first loads
        return None


def _prepare_client(cache: ClientCache | None) -> Preparation | None:
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
    sys.stdout.write(PREPARING + "\n")
    sys.stdout.flush()

    def announce() -> None:
        if preparation.wait():
            sys.stdout.write(PREPARED + "\n")
            sys.stdout.flush()

    threading.Thread(target=announce, name="scorepad-client-ready", daemon=True).start()
    return preparation


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening before anything is printed, so a port in
    use is said at once (uvicorn then serves on this very socket: no race)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        # As uvicorn does: a restart may reuse a port whose old connections linger.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _cannot_listen(host: str, port: int, exc: OSError) -> str:
    import errno

    if exc.errno == errno.EADDRINUSE:
        return (f"scorepad : le port {port} est déjà utilisé sur cet ordinateur (un autre "
                f"scorepad tourne peut-être) ; choisissez-en un autre avec --port.\n")
    if exc.errno == errno.EACCES:
        return (f"scorepad : le port {port} est réservé à l'administrateur ; choisissez un "
                f"port au-dessus de 1023 avec --port.\n")
    return f"scorepad : impossible d'écouter sur {host}:{port} ({exc.strerror or exc}).\n"


def cmd_serve(args: argparse.Namespace) -> int:
    from scorepad.storage.database import DatabaseError, open_database

    sock = None
    if not args.desktop:
        try:
            sock = listening_socket(args.host, args.port)
        except OSError as exc:
            sys.stderr.write(_cannot_listen(args.host, args.port, exc))
            return 2
    try:
        database = open_database(args.db)
    except DatabaseError as exc:
        if sock is not None:
            sock.close()
        sys.stderr.write(f"scorepad: {exc.message('fr')}\n")
        return 2
    from scorepad import services

    # Games in the bin for more than 30 days are deleted for good at each start.
    services.purge_expired(database.uow())
    if sock is None:
        return _run_desktop(database.uow)
    return _serve(args, database, sock)


def _serve(args: argparse.Namespace, database: Any, sock: socket.socket) -> int:
    from scorepad.storage.database import open_database
    from scorepad.web import create_app
    from scorepad.web.guard import GuardSettings

    # Changes made elsewhere (the command line, another server) reach the phones too.
    database.watch()
    cache = _client_cache()
    guard = GuardSettings.for_server(_own_addresses(args.host), args.allowed_host)
    # Export workers (separate processes) open the same database without migrating it.
    worker_database = functools.partial(open_database, database.url, migrate=False)
    app = create_app(database.uow, client_cache=cache, subscribe=database.subscribe,
                     guard=guard, worker_database=worker_database)
    sys.stdout.write(addresses_banner(args.host, args.port, qr=not args.no_qr,
                                      extra=(_phone_line(args.port),)) + "\n")
    sys.stdout.flush()
    preparation = _prepare_client(cache)
    try:
        _run_uvicorn(app, args, sock)
    finally:
        if preparation is not None:
            preparation.stop()
        sock.close()
        database.dispose()
    return 0


def _phone_line(port: int) -> str:
    """Where the phone site is handed out, and whether it is built."""
    from scorepad.domain.messages import render
    from scorepad.web.phone_site.build import Site, site_folder

    built = Site.read(site_folder()) is not None
    return render("phone.serve.ready" if built else "phone.serve.to_build",
                  {"url": f"http://localhost:{port}/telephone/"}, "fr")


def _own_addresses(host: str) -> list[str]:
    """The addresses phones may type: the one listened on, or every LAN one."""
    if host in ("0.0.0.0", "::", ""):
        return lan_addresses()
    return [host]


def _run_uvicorn(app: object, args: argparse.Namespace, sock: socket.socket) -> None:
    """uvicorn on the socket bound at start, with the guarded protocols and limits."""
    import uvicorn

    from scorepad.services.exchange import IMPORT_MAX_BYTES
    from scorepad.web.connections import (
        ConnectionLimits,
        exempt_addresses,
        guarded_protocols,
        raise_open_files_limit,
    )

    warning = raise_open_files_limit()
    if warning:
        sys.stderr.write(warning + "\n")
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


def _run_desktop(uow_factory: object) -> int:
    """A native window through the Flet desktop client (downloaded by Flet on first use)."""
    import flet as ft

    from scorepad.ui.app import main
    from scorepad.ui.services_context import set_uow_factory

    set_uow_factory(uow_factory)  # type: ignore[arg-type]
    try:
        ft.run(main, view=ft.AppView.FLET_APP)
    except Exception as exc:  # no client available offline: say so, no traceback
        sys.stderr.write(
            "scorepad: la fenêtre native n'a pas pu s'ouvrir (client Flet desktop absent "
            f"ou non téléchargeable : {exc}). Utilisez `scorepad serve` et un navigateur.\n")
        return 2
    return 0
