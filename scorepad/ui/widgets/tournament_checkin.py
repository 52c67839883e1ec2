"""Pointage: a field to type a name, the known players not yet present as chips under it
(those matching what is typed, or the circle's most regular first: one tap checks a
player in), then the players present (a tap on a name asks what happens as they go)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import nt, t
from scorepad.ui.models.tournament_view import candidates
from scorepad.ui.widgets.text_input import NameEntry


@ft.component
def CheckIn(known: list[str], present: tuple[str, ...], check_in: Callable[[str], None],
            check_out: Callable[[str], None]) -> ft.Control:
    typed, set_typed = ft.use_state("")
    clear, set_clear = ft.use_state(0)

    def take(name: str) -> None:
        check_in(name)
        if typed.strip():  # the chip replaces the letters typed
            set_typed("")
            set_clear(lambda n: n + 1)

    offered = candidates(known, present, typed)
    # The field first, the names under it: chips added above it pushed it down, and a
    # thumb aiming at it landed on a name.
    controls: list[ft.Control] = [
        ft.Semantics(identifier="present-count", container=True, content=ft.Text(
            nt("tournament_ui.checkin.present", len(present)), size=15,
            weight=ft.FontWeight.W_600)),
        # Its own semantics node: without it the field's node spans the whole check-in
        # column (seen in chromium with Flet 1.0.5), and a tap meant for it lands on a name.
        ft.Semantics(identifier="checkin-field", container=True, content=NameEntry(
            t("tournament_ui.checkin.field"), check_in,
            button_label=t("tournament_ui.checkin.add"), clear=clear,
            on_typing=lambda text: set_typed(lambda old: old if old == text else text))),
    ]
    if offered:
        controls.append(ft.Text(t("tournament_ui.checkin.offered"), size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
        controls.append(ft.Row([
            ft.Semantics(identifier=f"candidate-{name}", container=True, key=f"candidate-{name}",
                         content=ft.Chip(
                label=ft.Text(name), leading=ft.Icon(ft.Icons.PERSON_ADD_ALT, size=16),
                on_click=lambda _e, n=name: take(n)))
            for name in offered], wrap=True, spacing=6, run_spacing=4))
    if present:
        controls.append(ft.Text(t("tournament_ui.checkin.present_hint"), size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
        controls.append(ft.Row([
            ft.Semantics(identifier=f"present-{name}", container=True, key=f"present-{name}",
                         content=ft.Chip(
                label=ft.Text(name), leading=ft.Icon(ft.Icons.CHECK, size=16),
                tooltip=t("tournament_ui.checkin.leave_tip", name=name),
                on_click=lambda _e, n=name: check_out(n)))
            for name in present], wrap=True, spacing=6, run_spacing=4))
    return ft.Container(ft.Column(controls, spacing=10, tight=True),
                        padding=ft.Padding.symmetric(horizontal=16, vertical=4))
