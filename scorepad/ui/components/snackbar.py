"""`show_snackbar(text, undo=...)`: the confirmation shown after every change, with "Annuler"."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import tr


def show_snackbar(text: str, undo: Callable[[], None] | None = None) -> None:
    """Shows a short message at the bottom of the screen; with `undo`, an "Annuler" action
    that calls it (the callable runs in the session, like any click handler)."""
    page = ft.context.page

    def on_action() -> None:
        if undo is not None:
            undo()

    page.show_dialog(ft.SnackBar(
        content=ft.Text(text),
        action=tr("Annuler", "Undo") if undo is not None else None,
        on_action=on_action if undo is not None else None,
        behavior=ft.SnackBarBehavior.FLOATING,
        duration=ft.Duration(seconds=5) if undo else ft.Duration(seconds=3),
        show_close_icon=undo is None,
    ))
