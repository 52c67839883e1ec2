"""`scorepad serve` (also what `scorepad` alone does): the addresses, the QR code, uvicorn."""

from __future__ import annotations

import argparse
import io
import socket
import sys
import threading
from typing import TYPE_CHECKING

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


def addresses_banner(host: str, port: int, *, qr: bool) -> str:
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


def cmd_serve(args: argparse.Namespace) -> int:
    from scorepad.storage.database import DatabaseError, open_database

    try:
        database = open_database(args.db)
    except DatabaseError as exc:
        sys.stderr.write(f"scorepad: {exc.message('fr')}\n")
        return 2
    from scorepad import services

    # Games in the bin for more than 30 days are deleted for good at each start.
    services.purge_expired(database.uow())
    if args.desktop:
        return _run_desktop(database.uow)
    import uvicorn

    from scorepad.web import create_app

    # Changes made elsewhere (the command line, another server) reach the phones too.
    database.watch()
    cache = _client_cache()
    app = create_app(database.uow, client_cache=cache, subscribe=database.subscribe)
    sys.stdout.write(addresses_banner(args.host, args.port, qr=not args.no_qr) + "\n")
    sys.stdout.flush()
    preparation = _prepare_client(cache)
    try:
        # Open event streams would otherwise keep Ctrl+C waiting for ever.
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                    ws_ping_interval=20, ws_ping_timeout=20, timeout_graceful_shutdown=3)
    except OSError as exc:
        sys.stderr.write(f"scorepad: impossible d'écouter sur {args.host}:{args.port} : {exc}\n")
        return 2
    finally:
        if preparation is not None:
            preparation.stop()
        database.dispose()
    return 0


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
