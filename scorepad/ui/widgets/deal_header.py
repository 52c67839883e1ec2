"""The frame of a deal's screens: the title over the dealer line, or why the deal is
missing, or why this phone may enter none (read-only, or a tournament round that takes
no more deals)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.ui.i18n import t
from scorepad.ui.widgets.deal_controls import error_text
from scorepad.ui.widgets.layout import screen
from scorepad.ui.widgets.read_only_banner import read_only_banner


def dealer_line(dealer: str, sitting_out: Sequence[str]) -> str:
    """'Donneur : André · Élodie ne joue pas'."""
    if sitting_out:
        return t("deal_header.dealer_sitting_out", dealer=dealer, out=", ".join(sitting_out))
    return t("deal_header.dealer", dealer=dealer)


def deal_title(title: str, dealer: str, sitting_out: Sequence[str]) -> ft.Control:
    """The title with the dealer line under it."""
    return ft.Column(
        [ft.Text(title, size=19, weight=ft.FontWeight.W_600),
         ft.Text(dealer_line(dealer, sitting_out), size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=0,
    )


def load_error_screen(message: str, route: str) -> ft.View:
    """The game or the deal cannot be read: say why, in place of the form."""
    return screen(t("deal_header.deal"), ft.Container(
        error_text(message, ident="load-error"), padding=16), route=route)


def read_only_screen(unlock: Callable[[], None], route: str) -> ft.View:
    """The form's place on a phone without the table code: the banner to enter it."""
    return screen(t("deal_entry.read_only_title"), ft.Column([
        read_only_banner(unlock),
        ft.Container(ft.Text(t("deal_entry.read_only"), size=14), padding=16),
    ]), route=route)


def no_deal_screen(sheet_route: str, route: str, text: str) -> ft.View:
    """Why no deal can be entered here (a tournament round's deals are played, or the
    round is closed), said before anything is typed, with the way back to the sheet."""
    return screen(t("deal_entry.read_only_title"), ft.Column([
        ft.Container(ft.Semantics(identifier="no-deal", content=ft.Text(text, size=15)),
                     padding=16),
        ft.Container(ft.FilledTonalButton(
            t("deal_entry.back_to_sheet"), icon=ft.Icons.ARROW_BACK,
            on_click=lambda _e: ft.context.page.navigate(sheet_route)),
            padding=ft.Padding.symmetric(horizontal=16)),
    ]), route=route)
