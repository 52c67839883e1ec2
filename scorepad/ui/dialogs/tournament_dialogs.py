"""A table's QR code, large enough to scan from the table: the link its phones open (with
the table's code, which lets them write its sheet) and the code in letters; and the
tournament's organiser role handed over by a one-time link."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.services import tournament as tm
from scorepad.ui.dialogs.confirm import show_error_dialog
from scorepad.ui.dialogs.handover import show_handover_link
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.qr import qr_image


def show_table_qr(link: tm.TableLink) -> None:
    page = ft.context.page
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("tournament_ui.table.title", number=link.table)),
        content=ft.Column([
            ft.Text(t("tournament_ui.table.qr_help"), size=14),
            ft.Row([qr_image(link.url, size=240)], alignment=ft.MainAxisAlignment.CENTER),
            ft.Semantics(identifier="table-code", content=ft.Text(
                t("tournament_ui.table.code", code=link.code), size=16,
                weight=ft.FontWeight.W_700)),
            ft.Text(link.url, size=12, selectable=True),
        ], tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.close"), on_click=lambda _e: page.pop_dialog())],
    ))


def show_tournament_handover(tournament_id: int, name: str, state: AppState,
                             uow: UowFactory) -> None:
    """"Transmettre le rôle d'organisateur" of a tournament: a one-time link; the phone
    opening it runs the night (and corrects the tables), this one no longer does."""
    try:
        link = tm.start_tournament_handover(uow(), tournament_id, organiser=services.Organiser(
            state.tournament_key(tournament_id)))
    except Refusal as exc:
        show_error_dialog(t("common.not_possible"), exc.message(current_lang()))
        return
    show_handover_link(name, link_origin() + link.path)
