"""`show_name_dialog(...)`: a dialog asking for one name (a circle, a player), which stays
open with the refusal written under the field until the name is accepted."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import t


def show_name_dialog(title: str, label: str, value: str, confirm_label: str,
                     submit: Callable[[str], str | None], *, help_text: str | None = None,
                     max_length: int = 60, done: Callable[[str], None] | None = None) -> None:
    """`submit(name)` returns None when done (the dialog closes, then `done(name)` runs:
    a snackbar shown before would be the dialog closed) or the message to show."""
    page = ft.context.page
    field = ft.TextField(label=label, value=value, autofocus=True, max_length=max_length,
                         capitalization=ft.TextCapitalization.SENTENCES, error_max_lines=3)

    def show_error(message: str | None) -> None:
        # Outside the declarative tree: updated in place, only when the message changes.
        if field.error != message:
            field.error = message
            field.update()

    def confirm(_e: object = None) -> None:
        name = str(field.value or "").strip()
        message = submit(name)
        if message is None:
            page.pop_dialog()
            if done is not None:
                done(name)
        else:
            show_error(message)

    field.on_submit = confirm
    field.on_change = lambda _e: show_error(None)
    content: list[ft.Control] = []
    if help_text:
        content.append(ft.Text(help_text, size=14))
    content.append(field)
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Column(content, tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: page.pop_dialog()),
                 ft.FilledButton(confirm_label, on_click=confirm)],
    ))
