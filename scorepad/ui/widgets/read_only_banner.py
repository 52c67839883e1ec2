"""The read-only banner of a game protected by a table code: lock icon, "Lecture seule",
and the button that opens the code dialog."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

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
