"""Settings: language (français/English) and theme (system/light/dark), saved in this browser."""

from __future__ import annotations

import flet as ft

from scorepad.domain.messages import render
from scorepad.ui.dialogs.backup import PhoneBackup, use_restore_picker
from scorepad.ui.i18n import LANGS, t
from scorepad.ui.services_context import wiring
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
    picker = use_restore_picker()
    # Each language by its own name, from its own catalog ("Français", "English").
    langs = [(code, render("settings.language_name", {}, code)) for code in LANGS]
    themes = [("system", t("settings.theme_system"), ft.Icons.BRIGHTNESS_AUTO),
              ("light", t("settings.theme_light"), ft.Icons.LIGHT_MODE),
              ("dark", t("settings.theme_dark"), ft.Icons.DARK_MODE)]
    body = ft.ListView(
        controls=[
            section_title(t("settings.language")),
            *[_choice(label, state.lang == code, lambda _, c=code: state.set_lang(c),
                      ft.Icons.TRANSLATE) for code, label in langs],
            section_title(t("settings.theme")),
            *[_choice(label, state.theme == code, lambda _, c=code: state.set_theme(c), icon)
              for code, label, icon in themes],
            # One phone alone keeps the games: they go out and back as one file.
            *([section_title(t("phone.backup.section")), PhoneBackup(picker),
               section_title(t("club.section")),
               ft.Semantics(identifier="settings-club", container=True, content=ft.ListTile(
                   leading=ft.Icon(ft.Icons.GROUPS), title=ft.Text(t("club.title")),
                   subtitle=ft.Text(t("club.settings_text")),
                   on_click=lambda _e: ft.context.page.navigate("/club")))]
              if not wiring().server else []),
            section_title(t("settings.about")),
            ft.ListTile(
                leading=ft.Icon(ft.Icons.INFO_OUTLINE),
                title=ft.Text("scorepad"),
                subtitle=ft.Text(t("settings.about_text")),
            ),
        ],
        expand=True,
        padding=ft.Padding.only(bottom=24),
    )
    return screen(t("nav.settings"), body, route="/settings", nav="/settings")
