"""The questions and refusals of every screen: `use_confirm()` asks before an irreversible
action, `use_error()` says why something was refused (its dialog is the session's, hosted
by the app: a refusal can come after its screen is gone, from a message's "Annuler")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t


@dataclass(frozen=True)
class Confirm:
    """A question before an irreversible action; `on_confirm` runs once it is closed."""

    title: str
    text: str
    confirm_label: str
    on_confirm: Callable[[], None]
    destructive: bool = False
    #: the button that changes nothing ("Annuler" unless told)
    cancel_label: str | None = None
    icon: ft.IconData | None = None


AskConfirm = Callable[[Confirm], None]
#: `show_error(title, text)`
ShowError = Callable[[str, str], None]


def _confirm_dialog(shown: Shown[Confirm], close: Close) -> ft.DialogControl:
    ask = shown.what

    def confirm(_: ft.Event[ft.FilledButton]) -> None:
        close()
        ask.on_confirm()

    style = ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR) \
        if ask.destructive else None
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(ask.title),
        content=ft.Text(ask.text),
        actions=[
            ft.TextButton(ask.cancel_label or t("common.cancel"), on_click=lambda _e: close()),
            ft.FilledButton(ask.confirm_label, icon=ask.icon, on_click=confirm, style=style),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    )


def use_confirm() -> AskConfirm:
    """A hook: `ask(Confirm(...))` opens the question over the calling screen."""
    return use_shown(_confirm_dialog)


@dataclass(frozen=True)
class ErrorShown:
    """A refusal as the dialog shows it: its title and why."""

    title: str
    text: str


def _error_dialog(shown: Shown[ErrorShown], close: Close) -> ft.DialogControl:
    return ft.AlertDialog(
        title=ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                      ft.Text(shown.what.title)]),
        content=ft.Text(shown.what.text),
        actions=[ft.TextButton(t("confirm.ok"), on_click=lambda _e: close())],
    )


def _no_host(title: str, text: str) -> None:
    raise RuntimeError(f"no error dialog host above this component ({title}: {text})")


error_context = ft.create_context(_no_host)


def use_error_host() -> ShowError:
    """The session's refusal dialog: called once, by the app's root component, which
    gives the returned `show_error` to every screen (`error_context`)."""
    show = use_shown(_error_dialog)

    def show_error(title: str, text: str) -> None:
        show(ErrorShown(title, text))

    return show_error


def use_error() -> ShowError:
    """A hook: `show_error(title, text)` opens the refusal dialog (the session's: it
    stays open if the screen that asked is left meanwhile)."""
    return ft.use_context(error_context)
