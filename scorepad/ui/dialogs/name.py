"""`use_name_dialog()`: a dialog asking for one name (a circle, a player), which stays
open with the refusal written under the field until the name is accepted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad.ui.dialogs.host import Close, Entry, Shown, use_entry_dialog
from scorepad.ui.i18n import t


@dataclass(frozen=True)
class AskName:
    """`submit(name)` returns None when done (the dialog closes, then `done(name)` runs)
    or the message to show under the field."""

    title: str
    label: str
    value: str
    confirm_label: str
    submit: Callable[[str], str | None]
    help_text: str | None = None
    max_length: int = 60
    done: Callable[[str], None] | None = None


def _name_dialog(shown: Shown[AskName], close: Close, entry: Entry) -> ft.DialogControl:
    ask = shown.what

    def confirm() -> None:
        name = entry.text().strip()
        message = ask.submit(name)
        if message is not None:
            entry.refuse(message)
            return
        close()
        if ask.done is not None:
            ask.done(name)

    content: list[ft.Control] = []
    if ask.help_text:
        content.append(ft.Text(ask.help_text, size=14))
    content.append(entry.field(on_submit=confirm, label=ask.label, max_length=ask.max_length,
                               capitalization=ft.TextCapitalization.SENTENCES))
    return ft.AlertDialog(
        title=ft.Text(ask.title),
        content=ft.Column(content, tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: close()),
                 ft.FilledButton(ask.confirm_label, on_click=lambda _e: confirm())],
    )


def use_name_dialog() -> Callable[[AskName], None]:
    """A hook: `ask(AskName(...))` opens the name dialog over the calling screen."""
    return use_entry_dialog(lambda ask: ask.value, _name_dialog)
