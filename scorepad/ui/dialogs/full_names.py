"""`use_full_names(sheet)`: the table's players with their full names, labels and totals,
opened by a tap on the sheet's totals; each opens the player's page (their record)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.services import GameSheet
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t
from scorepad.ui.models.fmt import player_labels, signed
from scorepad.ui.models.stats_filter import player_path


def _line(sheet: GameSheet, labels: dict[str, str], seat: str) -> str:
    total = f"{seat}  ({signed(sheet.totals.get(seat, 0))})"
    return f"{labels[seat]} : {total}" if labels[seat] != seat else total


def use_full_names(sheet: GameSheet | None) -> Callable[[GameSheet], None]:
    """A hook: `show(sheet)` opens the names; while open they follow the screen's `sheet`
    (a deal saved on another phone changes the totals)."""
    def build(shown: Shown[GameSheet], close: Close) -> ft.DialogControl:
        now = sheet or shown.what
        labels = player_labels(now.columns)
        def open_player(name: str) -> None:
            close()
            ft.context.page.navigate(player_path(f"/games/{now.id}", name))

        return ft.AlertDialog(
            title=ft.Text(t("sheet_rows.players")),
            content=ft.Column([
                ft.Text(t("sheet_rows.open_player"), size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                *(ft.ListTile(
                    title=ft.Semantics(identifier=f"sheet-player-{seat}", content=ft.Text(
                        _line(now, labels, seat), size=15)),
                    trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), dense=True,
                    content_padding=ft.Padding.symmetric(horizontal=4),
                    on_click=lambda _e, seat=seat: open_player(seat))
                  for seat in now.columns)],
                tight=True, spacing=0, width=320),
            actions=[ft.TextButton(t("sheet_rows.ok"), on_click=lambda _e: close())],
        )

    return use_shown(build)
