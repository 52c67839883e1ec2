"""`show_circle_dialog(...)`: the organiser moves a game to a circle, or to none (from the
game's menu); the game's deals are not touched."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.services import CircleRow
from scorepad.ui.i18n import t
from scorepad.ui.models.stats_filter import ALL_CIRCLES, circle_key, parse_circle


def show_circle_dialog(circles: Sequence[CircleRow], current: int | None,
                       on_pick: Callable[[int | None], None]) -> None:
    """Radio buttons: "Aucun cercle" then every circle; `on_pick(id or None)` saves."""
    page = ft.context.page
    group = ft.RadioGroup(value=circle_key(current), content=ft.Column(
        [ft.Radio(value=ALL_CIRCLES, label=t("circle_dialog.no_circle"))]
        + [ft.Radio(value=str(c.id), label=c.name) for c in circles],
        spacing=0, tight=True))

    def save(_e: object) -> None:
        page.pop_dialog()
        chosen = parse_circle(group.value)
        if chosen != current:
            on_pick(chosen)

    def create(_e: object) -> None:
        page.pop_dialog()
        page.navigate("/circles")

    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("circle_dialog.title")),
        content=ft.Column([
            ft.Text(t("circle_dialog.help"), size=14),
            group,
            ft.TextButton(t("circle_dialog.new_circle"), icon=ft.Icons.GROUP_ADD,
                          on_click=create),
        ], tight=True, spacing=8, width=320, scroll=ft.ScrollMode.AUTO),
        actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: page.pop_dialog()),
                 ft.FilledButton(t("common.save"), on_click=save)],
    ))
