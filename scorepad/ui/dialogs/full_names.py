"""`use_full_names(sheet)`: the table's full names with their labels and totals, opened by
a tap on the sheet's totals when some names are shortened there."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.services import GameSheet
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t
from scorepad.ui.models.fmt import player_labels, signed


def _line(sheet: GameSheet, labels: dict[str, str], seat: str) -> str:
    total = f"{seat}  ({signed(sheet.totals.get(seat, 0))})"
    return f"{labels[seat]} : {total}" if labels[seat] != seat else total


def use_full_names(sheet: GameSheet | None) -> Callable[[GameSheet], None]:
    """A hook: `show(sheet)` opens the names; while open they follow the screen's `sheet`
    (a deal saved on another phone changes the totals)."""
    def build(shown: Shown[GameSheet], close: Close) -> ft.DialogControl:
        now = sheet or shown.what
        labels = player_labels(now.seats)
        return ft.AlertDialog(
            title=ft.Text(t("sheet_rows.players")),
            content=ft.Column([ft.Text(_line(now, labels, s), size=15) for s in now.seats],
                              tight=True, spacing=8),
            actions=[ft.TextButton(t("sheet_rows.ok"), on_click=lambda _e: close())],
        )

    return use_shown(build)
