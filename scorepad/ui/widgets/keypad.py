"""The points display and the big on-screen numeric keypad (no phone keyboard to summon)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import t
from scorepad.ui.models.deal_form import KEY_BACK, KEY_HALF, DealForm, Preview
from scorepad.ui.widgets.deal_controls import applying, error_text, tap_key


def _key(ident: str, content: ft.Control, on_tap: Callable[[], None], *,
         enabled: bool = True) -> ft.Control:
    return tap_key(ident, content, on_tap, enabled=enabled, expand=True, height=46, radius=12,
                   bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if enabled else ft.Colors.SURFACE,
                   dimmed=0.35)


def keypad(form: DealForm, changed: Callable[[], None]) -> ft.Control:
    """0-9, ,5 (toggles the half point; only at 3 and 5 players) and backspace."""

    def press(key: str) -> Callable[[], None]:
        return applying(changed, form.press_key, key)

    def digit(d: str) -> ft.Control:
        return _key(f"key-{d}", ft.Text(d, size=24, weight=ft.FontWeight.W_500), press(d))

    # Three rows of four keys: the whole pad stays above the preview bar on a phone.
    back = _key("key-back", ft.Icon(ft.Icons.BACKSPACE_OUTLINED, size=24), press(KEY_BACK))
    half = _key("key-half", ft.Text(",5", size=22, weight=ft.FontWeight.W_500),
                press(KEY_HALF), enabled=form.half_points_allowed)
    rows = [
        ft.Row([*(digit(d) for d in "123"), back], spacing=6),
        ft.Row([*(digit(d) for d in "456"), half], spacing=6),
        ft.Row([*(digit(d) for d in "789"), digit("0")], spacing=6),
    ]
    return ft.Column(rows, spacing=6)


def _other_side(form: DealForm) -> str:
    """'défense : 42' under the typed number: the other pile's count, once it makes sense."""
    other = form.attack_points()
    if other is None or not form.points_text or not 0 <= other <= 91:
        return ""
    if form.as_defense:
        return t("keypad.other_attack", points=other)
    return t("keypad.other_defense", points=91 - other)


def _points_display(form: DealForm, error: str | None) -> ft.Control:
    """The typed number, big, with whose pile it is and the other side's count."""
    typed = form.points_text
    whose = t("keypad.defense_points") if form.as_defense else t("keypad.attack_points")
    return ft.Container(
        content=ft.Row(
            [
                ft.Semantics(
                    identifier="points-value",
                    content=ft.Text(
                        typed or "—",
                        size=34,
                        weight=ft.FontWeight.W_700,
                        color=ft.Colors.ERROR if error else (
                            ft.Colors.ON_SURFACE if typed else ft.Colors.OUTLINE),
                    ),
                ),
                ft.Column(
                    [
                        ft.Text(whose, size=13, weight=ft.FontWeight.W_600,
                                color=ft.Colors.ON_SURFACE_VARIANT),
                        ft.Text(_other_side(form), size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT),
                    ],
                    spacing=0,
                    expand=True,
                    horizontal_alignment=ft.CrossAxisAlignment.END,
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        padding=ft.Padding.symmetric(horizontal=14, vertical=6),
        border_radius=14,
        border=ft.Border.all(2 if error else 1,
                             ft.Colors.ERROR if error else ft.Colors.OUTLINE_VARIANT),
    )


def count_button(on_count: Callable[[], None]) -> ft.Control:
    """Opens the card counter (scorepad.ui.widgets.card_counter) in place of the keypad."""
    return ft.TextButton(t("keypad.count"), icon=ft.Icons.STYLE,
                         height=48, on_click=lambda _e: on_count())


def points_section(form: DealForm, preview: Preview, changed: Callable[[], None],
                   on_count: Callable[[], None] | None = None) -> ft.Control:
    """The typed number, whose pile it is (switch), the other side's count, and the keypad;
    with `on_count`, a button opening the card counter."""

    def toggle_defense(e: ft.Event[ft.Switch]) -> None:
        form.set_as_defense(bool(e.control.value))
        changed()

    error = preview.error_for("points")
    header = ft.Row(
        [
            # The counter's button stands where the title was: the display names the pile.
            ft.Text(t("keypad.points"), size=13, weight=ft.FontWeight.W_600,
                    color=ft.Colors.ON_SURFACE_VARIANT, expand=True) if on_count is None
            else ft.Row([count_button(on_count)], expand=True),
            ft.Switch(label=t("keypad.as_defense"), value=form.as_defense,
                      on_change=toggle_defense),
        ],
    )
    # The error goes under the keypad, never between the display and the keys: a line
    # appearing mid-typing ("4" on the way to "49") must not move the keys under a thumb.
    items: list[ft.Control] = [header, _points_display(form, error),
                               keypad(form, changed)]
    if error:
        items.append(error_text(error, ident="error-points"))
    return ft.Column(items, spacing=6)
