"""Settings: language (français/English) and theme (system/light/dark), saved in this browser."""

from __future__ import annotations

import flet as ft

from scorepad.ui.i18n import tr
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.layout import screen, section_title


def _choice(label: str, selected: bool, on_click: ft.ControlEventHandler[ft.ListTile],
            icon: ft.IconData) -> ft.Control:
    return ft.ListTile(
        leading=ft.Icon(icon),
        title=ft.Text(label),
        trailing=ft.Icon(ft.Icons.CHECK, color=ft.Colors.PRIMARY) if selected else None,
        selected=selected,
        on_click=on_click,
        toggle_inputs=True,
    )


@ft.component
def SettingsView() -> ft.View:
    state = use_app_state()
    langs = [("fr", "Français"), ("en", "English")]
    themes = [("system", tr("Comme l'appareil", "Same as the device"), ft.Icons.BRIGHTNESS_AUTO),
              ("light", tr("Clair", "Light"), ft.Icons.LIGHT_MODE),
              ("dark", tr("Sombre", "Dark"), ft.Icons.DARK_MODE)]
    body = ft.ListView(
        controls=[
            section_title(tr("Langue", "Language")),
            *[_choice(label, state.lang == code, lambda _, c=code: state.set_lang(c),
                      ft.Icons.TRANSLATE) for code, label in langs],
            section_title(tr("Thème", "Theme")),
            *[_choice(label, state.theme == code, lambda _, c=code: state.set_theme(c), icon)
              for code, label, icon in themes],
            section_title(tr("À propos", "About")),
            ft.ListTile(
                leading=ft.Icon(ft.Icons.INFO_OUTLINE),
                title=ft.Text("scorepad"),
                subtitle=ft.Text(tr(
                    "La feuille de marque du tarot, règles FFT. Chaque calcul est expliqué "
                    "pas à pas depuis la page de la donne.",
                    "The French Tarot score sheet, FFT rules. Every calculation is explained "
                    "step by step on the deal's page.")),
            ),
        ],
        expand=True,
        padding=ft.Padding.only(bottom=24),
    )
    return screen(tr("Réglages", "Settings"), body, route="/settings", nav="/settings")
