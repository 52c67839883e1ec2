""""Transmettre le rôle d'organisateur": the dialog with the one-time link (10 minutes) as a
QR code and text; the phone that opens it becomes the organiser, this one stops being it."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.ui.dialogs.confirm import show_error_dialog
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.qr import qr_png


def show_handover_dialog(game_id: int, name: str, state: AppState, uow: UowFactory) -> None:
    """"Transmettre le rôle d'organisateur": a one-time link (10 minutes) as a QR code and
    text; the phone that opens it becomes the organiser, this one stops being it."""
    try:
        link = services.start_handover(uow(), game_id,
                                       organiser=services.Organiser(
                                           state.organiser_key(game_id)))
    except services.ServiceError as exc:
        show_error_dialog(t("common.not_possible"), exc.message(current_lang()))
        return
    show_handover_link(name, link_origin() + link.path)


def show_handover_link(name: str, url: str) -> None:
    """The dialog of a one-time hand-over link (a game's or a tournament's)."""
    page = ft.context.page
    minutes = services.HANDOVER_MINUTES
    copy = ft.OutlinedButton(t("handover.copy"), icon=ft.Icons.CONTENT_COPY, height=44)

    def copied(_: object) -> None:
        copy.content = t("handover.copied")
        copy.icon = ft.Icons.CHECK
        copy.update()

    # Copied by the browser within the tap itself (Safari allows it only then), then said.
    copy.action = ft.CopyToClipboard(url)
    copy.on_click = copied
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("handover.title")),
        content=ft.Column([
            ft.Text(t("handover.text", name=name, minutes=minutes), size=14),
            ft.Row([ft.Image(src=qr_png(url), width=220, height=220)],
                   alignment=ft.MainAxisAlignment.CENTER),
            ft.Semantics(identifier="handover-link", content=ft.Text(
                url, size=13, weight=ft.FontWeight.W_600)),
            ft.Semantics(identifier="handover-copy", container=True, content=copy),
        ], tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.close"), on_click=lambda _e: page.pop_dialog())],
    ))
