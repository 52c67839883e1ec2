"""Any address that matches no screen: a real screen, with its bar, rather than a blank
page."""

from __future__ import annotations

import flet as ft

from scorepad.ui.i18n import tr
from scorepad.ui.widgets.layout import empty_state, screen


@ft.component
def NotFoundView() -> ft.View:
    def home(_: ft.Event[ft.Button]) -> None:
        ft.context.page.navigate("/")

    body = ft.Column([
        empty_state(ft.Icons.SEARCH_OFF, tr("Page introuvable", "Page not found"),
                    tr("Cette adresse ne correspond à aucun écran de scorepad.",
                       "This address matches no scorepad screen.")),
        ft.Row([ft.FilledButton(tr("Retour aux parties", "Back to the games"), on_click=home)],
               alignment=ft.MainAxisAlignment.CENTER),
    ])
    return screen("scorepad", body, route=ft.context.page.route or "/", nav="/")
