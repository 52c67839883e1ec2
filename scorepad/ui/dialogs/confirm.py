"""Dialogs as functions: `show_confirm_dialog(...)`, `show_error_dialog(...)`."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import t


def show_confirm_dialog(title: str, text: str, confirm_label: str,
                        on_confirm: Callable[[], None], *, destructive: bool = False) -> None:
    """Asks before an irreversible action; `on_confirm` runs after the dialog closes."""
    page = ft.context.page

    def cancel(_: ft.Event[ft.TextButton]) -> None:
        page.pop_dialog()

    def confirm(_: ft.Event[ft.FilledButton]) -> None:
        page.pop_dialog()
        on_confirm()

    style = ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR) \
        if destructive else None
    page.show_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(title),
        content=ft.Text(text),
        actions=[
            ft.TextButton(t("common.cancel"), on_click=cancel),
            ft.FilledButton(confirm_label, on_click=confirm, style=style),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    ))


def show_error_dialog(title: str, text: str) -> None:
    page = ft.context.page

    def close(_: ft.Event[ft.TextButton]) -> None:
        page.pop_dialog()

    page.show_dialog(ft.AlertDialog(
        title=ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR), ft.Text(title)]),
        content=ft.Text(text),
        actions=[ft.TextButton(t("confirm.ok"), on_click=close)],
    ))
