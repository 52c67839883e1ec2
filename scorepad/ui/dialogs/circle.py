"""`use_circle_dialog()`: the organiser moves a game to a circle, or to none (from the
game's menu); the game's deals are not touched."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import flet as ft

from scorepad.services import CircleRow
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t
from scorepad.ui.models.stats_filter import ALL_CIRCLES, circle_key, parse_circle


@dataclass(frozen=True)
class ChooseCircle:
    """`on_pick(id or None)` saves a circle other than `current`."""

    circles: Sequence[CircleRow]
    current: int | None
    on_pick: Callable[[int | None], None]


def use_circle_dialog() -> Callable[[ChooseCircle], None]:
    """A hook: `choose(ChooseCircle(...))` opens radio buttons, "Aucun cercle" then every
    circle, with the game's circle chosen."""
    # The radio the phone chose, for the opening it belongs to: read when saving, and by
    # a render for a change from another phone, which then keeps it on screen.
    chosen = ft.use_ref(cast("tuple[int, str] | None", None))

    def build(shown: Shown[ChooseCircle], close: Close) -> ft.DialogControl:
        ask = shown.what

        def value() -> str:
            now = chosen.current
            return now[1] if now is not None and now[0] == shown.opening \
                else circle_key(ask.current)

        def picked(e: ft.Event[ft.RadioGroup]) -> None:
            chosen.current = (shown.opening, str(e.control.value or ALL_CIRCLES))

        def save(_e: object) -> None:
            close()
            circle = parse_circle(value())
            if circle != ask.current:
                ask.on_pick(circle)

        def create(_e: object) -> None:
            close()
            ft.context.page.navigate("/circles")

        group = ft.RadioGroup(value=value(), on_change=picked, content=ft.Column(
            [ft.Radio(value=ALL_CIRCLES, label=t("circle_dialog.no_circle"))]
            + [ft.Radio(value=str(c.id), label=c.name) for c in ask.circles],
            spacing=0, tight=True))
        return ft.AlertDialog(
            title=ft.Text(t("circle_dialog.title")),
            content=ft.Column([
                ft.Text(t("circle_dialog.help"), size=14),
                group,
                ft.TextButton(t("circle_dialog.new_circle"), icon=ft.Icons.GROUP_ADD,
                              on_click=create),
            ], tight=True, spacing=8, width=320, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: close()),
                     ft.FilledButton(t("common.save"), on_click=save)],
        )

    return use_shown(build)
