"""A table's QR code, large enough to scan from the table: the link its phones open (with
the table's code, which lets them write its sheet) and the code in letters; and the
tournament's organiser role handed over by a one-time link."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.services import tournament as tm
from scorepad.ui.dialogs.confirm import use_error
from scorepad.ui.dialogs.handover import use_handover_link
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.qr import qr_png


@dataclass(frozen=True)
class _TableQr:
    link: tm.TableLink
    #: the QR code, drawn once (the dialog is built again at every render of the page)
    qr: bytes


def _table_qr(shown: Shown[_TableQr], close: Close) -> ft.DialogControl:
    link = shown.what.link
    return ft.AlertDialog(
        title=ft.Text(t("tournament_ui.table.title", number=link.table)),
        content=ft.Column([
            ft.Text(t("tournament_ui.table.qr_help"), size=14),
            ft.Row([ft.Container(ft.Image(src=shown.what.qr, width=240, height=240,
                                          fit=ft.BoxFit.CONTAIN),
                                 bgcolor=ft.Colors.WHITE, padding=6, border_radius=8)],
                   alignment=ft.MainAxisAlignment.CENTER),
            ft.Semantics(identifier="table-code", content=ft.Text(
                t("tournament_ui.table.code", code=link.code), size=16,
                weight=ft.FontWeight.W_700)),
            ft.Text(link.url, size=12, selectable=True),
        ], tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.close"), on_click=lambda _e: close())],
    )


def use_table_qr() -> Callable[[tm.TableLink], None]:
    """A hook: `show_qr(link)` shows a table's QR code and code over the calling screen."""
    show = use_shown(_table_qr)
    return lambda link: show(_TableQr(link, qr_png(link.url)))


def use_tournament_handover(state: AppState, uow: UowFactory) -> Callable[[int, str], None]:
    """A hook: `hand_over(tournament_id, name)`, "Transmettre le rôle d'organisateur" of a
    tournament: a one-time link; the phone opening it runs the night (and corrects the
    tables), this one no longer does."""
    show_link = use_handover_link()
    show_error = use_error()

    def hand_over(tournament_id: int, name: str) -> None:
        try:
            link = tm.start_tournament_handover(uow(), tournament_id,
                                                organiser=services.Organiser(
                                                    state.tournament_key(tournament_id)))
        except Refusal as exc:
            show_error(t("common.not_possible"), exc.message(current_lang()))
            return
        show_link(name, link_origin() + link.path)

    return hand_over
