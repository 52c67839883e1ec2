"""The organiser on a phone: the dialog that hands the role over (QR code and short
link), the screen that takes it from such a link, and the bin of deleted games."""

from __future__ import annotations

import io
import socket
from collections.abc import Callable
from urllib.parse import urlsplit

import flet as ft

from scorepad import services
from scorepad.ui.components.dialogs import show_confirm_dialog, show_error_dialog
from scorepad.ui.components.layout import empty_state, screen
from scorepad.ui.components.snackbar import navigate_then_show, show_snackbar
from scorepad.ui.i18n import current_lang, tr
from scorepad.ui.live import GAMES_TOPIC, use_reloaded
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import AppState, use_app_state


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
    return f"{parts.scheme or 'http'}://{netloc}"


def _qr_png(url: str) -> bytes:
    import qrcode

    out = io.BytesIO()
    qrcode.make(url, border=2, box_size=8).save(out)
    return out.getvalue()


def show_handover_dialog(game_id: int, name: str, state: AppState, uow: UowFactory) -> None:
    """"Transmettre le rôle d'organisateur": a one-time link (10 minutes) as a QR code and
    text; the phone that opens it becomes the organiser, this one stops being it."""
    page = ft.context.page
    try:
        link = services.start_handover(uow(), game_id,
                                       organiser=services.Organiser(
                                           state.organiser_key(game_id)))
    except services.ServiceError as exc:
        show_error_dialog(tr("Impossible", "Not possible"), exc.message(current_lang()))
        return
    url = server_origin() + link.path
    minutes = services.HANDOVER_MINUTES
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(tr("Transmettre le rôle d'organisateur", "Hand over the organiser role")),
        content=ft.Column([
            ft.Text(tr(f"Scannez ce code ou ouvrez ce lien sur l'autre téléphone : il devient "
                       f"l'organisateur de « {name} » et celui-ci cesse de l'être. Valable "
                       f"{minutes} minutes, une seule fois.",
                       f"Scan this code or open this link on the other phone: it becomes "
                       f"the organiser of “{name}” and this one stops being it. Valid "
                       f"{minutes} minutes, once."), size=14),
            ft.Row([ft.Image(src=_qr_png(url), width=220, height=220)],
                   alignment=ft.MainAxisAlignment.CENTER),
            ft.Semantics(identifier="handover-link", content=ft.Text(
                url, size=13, weight=ft.FontWeight.W_600)),
        ], tight=True, spacing=12, width=320),
        actions=[ft.TextButton(tr("Fermer", "Close"), on_click=lambda _e: page.pop_dialog())],
    ))


@ft.component
def ClaimView() -> ft.View:
    """The screen of a hand-over link: takes the role once, keeps the key in this
    browser's storage, then opens the game."""
    state = use_app_state()
    uow = use_uow()
    token = ft.use_route_params().get("token", "")
    failure, set_failure = ft.use_state("")

    def claim() -> None:
        try:
            made = services.claim_handover(uow(), token)
        except services.ServiceError as exc:
            set_failure(exc.message(current_lang()))
            return
        state.remember_organiser(made.id, made.organiser_key)
        # Shown once the game is on screen: shown before, it would go with this screen.
        navigate_then_show(f"/games/{made.id}", tr(
            "Vous êtes maintenant l'organisateur de cette partie.",
            "You are now this game's organiser."))

    ft.use_effect(claim, dependencies=[token])
    body = empty_state(ft.Icons.LINK_OFF, tr("Lien non valable", "Link not valid"), failure) \
        if failure else ft.Container(ft.ProgressRing(), alignment=ft.Alignment.CENTER,
                                     padding=40)
    return screen(tr("Organisateur", "Organiser"), body, route=f"/organiser/{token}", nav="/")


def _bin_tile(game: services.BinnedGame, state: AppState, uow: UowFactory,
              reload: Callable[[], None] | None) -> ft.Control:
    def restore(_: ft.Event[ft.TextButton]) -> None:
        try:
            services.restore_game(uow(), game.id)
        except services.ServiceError as exc:
            show_error_dialog(tr("Impossible", "Not possible"), exc.message(current_lang()))
            return
        if reload is not None:
            reload()
        show_snackbar(tr(f"Partie « {game.name} » restaurée.", f"Game “{game.name}” restored."))

    def purge() -> None:
        try:
            services.purge_game(uow(), game.id,
                                organiser=services.Organiser(state.organiser_key(game.id)))
        except services.ServiceError as exc:
            show_error_dialog(tr("Impossible", "Not possible"), exc.message(current_lang()))
            return
        state.remember_organiser(game.id, None)
        if reload is not None:
            reload()
        show_snackbar(tr(f"Partie « {game.name} » supprimée définitivement.",
                         f"Game “{game.name}” deleted for good."))

    def ask_purge(_: ft.Event[ft.TextButton]) -> None:
        show_confirm_dialog(
            tr("Supprimer définitivement ?", "Delete for good?"),
            tr(f"« {game.name} » et toutes ses donnes seront effacées : ce ne sera plus "
               "restaurable.", f"“{game.name}” and all its deals will be erased: it cannot "
               "be restored afterwards."),
            tr("Supprimer définitivement", "Delete for good"), purge, destructive=True)

    days = game.days_left
    buttons: list[ft.Control] = [ft.Semantics(
        identifier=f"bin-restore-{game.id}", container=True,
        content=ft.TextButton(tr("Restaurer", "Restore"), icon=ft.Icons.RESTORE,
                              on_click=restore))]
    if state.organiser_key(game.id) is not None:
        buttons.append(ft.TextButton(tr("Supprimer définitivement", "Delete for good"),
                                     icon=ft.Icons.DELETE_FOREVER, on_click=ask_purge,
                                     style=ft.ButtonStyle(color=ft.Colors.ERROR)))
    return ft.Card(content=ft.Container(ft.Column([
        ft.Text(game.name, weight=ft.FontWeight.W_600),
        ft.Text(", ".join(game.seats), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Semantics(identifier=f"bin-days-{game.id}", content=ft.Text(
            tr(f"Supprimée définitivement dans {days} jours",
               f"Deleted for good in {days} days"),
            size=12, color=ft.Colors.ON_SURFACE_VARIANT)),
        ft.Row(buttons, alignment=ft.MainAxisAlignment.END, wrap=True),
    ], spacing=4, tight=True), padding=ft.Padding.only(left=16, right=8, top=12, bottom=4)),
        margin=ft.Margin.symmetric(horizontal=12, vertical=4), elevation=0,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        # Keyed: a game restored above another leaves, rather than taking its place.
        key=f"bin-{game.id}")


@ft.component
def BinView() -> ft.View:
    """"Corbeille": deleted games with the days left, "Restaurer", and for their
    organiser "Supprimer définitivement"."""
    state = use_app_state()
    uow = use_uow()
    games, again = use_reloaded(lambda: services.list_bin(uow()), GAMES_TOPIC)
    items: list[ft.Control] = [_bin_tile(g, state, uow, again) for g in games]
    if not items:
        items.append(empty_state(ft.Icons.DELETE_OUTLINE, tr("Corbeille vide", "The bin is empty"),
                                 tr(f"Une partie supprimée reste ici "
                                    f"{services.BIN_DAYS} jours, restaurable.",
                                    f"A deleted game stays here {services.BIN_DAYS} days, "
                                    "restorable.")))
    body = ft.ListView(controls=items, expand=True, padding=ft.Padding.only(top=4, bottom=24))
    return screen(tr("Corbeille", "Bin"), body, route="/bin")
