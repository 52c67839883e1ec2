""""Transmettre le rôle d'organisateur": the dialog with the one-time link (10 minutes) as a
QR code and text; the phone that opens it becomes the organiser, this one stops being it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.ui.dialogs.confirm import use_error
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.qr import qr_code


@dataclass(frozen=True)
class _Link:
    url: str
    name: str


def _copy_button(url: str, copied: bool, said: Callable[[], None]) -> ft.Control:
    """Copies the link by the browser within the tap itself (Safari allows it only then),
    then says so."""
    button = ft.OutlinedButton(
        t("handover.copied") if copied else t("handover.copy"),
        icon=ft.Icons.CHECK if copied else ft.Icons.CONTENT_COPY, height=44,
        action=ft.CopyToClipboard(url), on_click=lambda _e: said())
    return ft.Semantics(identifier="handover-copy", container=True, content=button)


def _handover_dialog(shown: Shown[_Link], close: Close, copied: bool,
                     said: Callable[[], None]) -> ft.DialogControl:
    link = shown.what
    return ft.AlertDialog(
        title=ft.Text(t("handover.title")),
        content=ft.Column([
            ft.Text(t("handover.text", name=link.name, minutes=services.HANDOVER_MINUTES),
                    size=14),
            ft.Row([ft.Semantics(identifier="handover-qr", content=qr_code(link.url, 220))],
                   alignment=ft.MainAxisAlignment.CENTER),
            # Selectable: where the clipboard refuses, a long press still copies it.
            ft.Semantics(identifier="handover-link", content=ft.SelectionArea(ft.Text(
                link.url, size=13, weight=ft.FontWeight.W_600))),
            _copy_button(link.url, copied, said),
        ], tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.close"), on_click=lambda _e: close())],
    )


def use_handover_link() -> Callable[[str, str], None]:
    """A hook: `show_link(name, url)` shows a one-time hand-over link (a game's or a
    tournament's) as a QR code and text."""
    # The opening whose link was copied: its button says so until the next opening.
    copied, set_copied = ft.use_state(0)
    show = use_shown(lambda shown, close: _handover_dialog(
        shown, close, copied == shown.opening, lambda: set_copied(shown.opening)))
    return lambda name, url: show(_Link(url, name))


def use_handover_dialog(state: AppState, uow: UowFactory) -> Callable[[int, str], None]:
    """A hook: `hand_over(game_id, name)` makes a one-time link (10 minutes) and shows it
    as a QR code and text, or says why it cannot."""
    show_link = use_handover_link()
    show_error = use_error()

    def hand_over(game_id: int, name: str) -> None:
        try:
            link = services.start_handover(uow(), game_id, organiser=services.Organiser(
                state.organiser_key(game_id)))
        except services.ServiceError as exc:
            show_error(t("common.not_possible"), exc.message(current_lang()))
            return
        show_link(name, link_origin() + link.path)

    return hand_over
