"""The frame of a deal's screens: the title over the dealer line, or why the deal is missing."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from scorepad.ui.i18n import t
from scorepad.ui.widgets.deal_controls import error_text
from scorepad.ui.widgets.layout import screen


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
