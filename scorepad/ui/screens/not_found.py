"""Any address that matches no screen: a real screen, with its bar, rather than a blank
page."""

from __future__ import annotations

import flet as ft

from scorepad.ui.i18n import t
from scorepad.ui.widgets.layout import empty_state, screen


@ft.component
def NotFoundView() -> ft.View:
    def home(_: ft.Event[ft.Button]) -> None:
        ft.context.page.navigate("/")

    body = ft.Column([
        empty_state(ft.Icons.SEARCH_OFF, t("not_found.title"),
                    t("not_found.text")),
        ft.Row([ft.FilledButton(t("not_found.back"), on_click=home)],
               alignment=ft.MainAxisAlignment.CENTER),
    ])
    return screen("scorepad", body, route=ft.context.page.route or "/", nav="/")
