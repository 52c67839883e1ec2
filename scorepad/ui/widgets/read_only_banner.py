"""The read-only banners: a game protected by a table code (lock icon, "Lecture seule",
and the button that opens the code dialog), and a tournament table whose round is closed
(only its organiser corrects it now)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.services import GameSheet
from scorepad.ui.i18n import t


def read_only_banner(on_unlock: Callable[[], None]) -> ft.Control:
    """Lock icon, "Lecture seule", and the button that opens the code dialog (`on_unlock`)."""
    return ft.Semantics(identifier="read-only", container=True, content=ft.Container(
        ft.Row([
            ft.Icon(ft.Icons.LOCK_OUTLINE, color=ft.Colors.ON_SECONDARY_CONTAINER, size=20),
            ft.Text(t("read_only_banner.text"),
                    size=13, expand=True, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.TextButton(t("read_only_banner.unlock"),
                          on_click=lambda _e: on_unlock()),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        padding=ft.Padding.only(left=14, right=4, top=2, bottom=2),
    ))


def closed_banner(sheet: GameSheet | None) -> ft.Control:
    """A tournament table whose round is closed: only the tournament's organiser may
    still correct it (typing the table's code would not help)."""
    round_number = sheet.tournament_round if sheet is not None else None
    table = sheet.tournament_table if sheet is not None else None
    return ft.Semantics(identifier="round-closed", container=True, content=ft.Container(
        ft.Row([
            ft.Icon(ft.Icons.FLAG_OUTLINED, color=ft.Colors.ON_SECONDARY_CONTAINER, size=20),
            ft.Text(t("tournament_ui.sheet.closed_banner", round=round_number or 0,
                      table=table or 0),
                    size=13, expand=True, color=ft.Colors.ON_SECONDARY_CONTAINER),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10),
    ))
