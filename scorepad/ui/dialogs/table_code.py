"""The table code dialogs: "Saisir le code", which unlocks editing for this browser
session, and the organiser's dialog to set, change or remove the code. Wrong codes count
per phone address, in the counter the API shares."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.ui.access import client_key, wrong_code
from scorepad.ui.dialogs.host import Close, Entry, Shown, use_entry_dialog
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory, code_attempts
from scorepad.ui.state import AppState
from scorepad.ui.widgets.snackbar import show_snackbar


def _code_field(entry: Entry, label: str, on_submit: Callable[[], None]) -> ft.TextField:
    return entry.field(on_submit=on_submit, label=label, max_length=12,
                       capitalization=ft.TextCapitalization.CHARACTERS)


def use_unlock_dialog(game_id: int, state: AppState, uow: UowFactory) -> Callable[[], None]:
    """A hook: `unlock()` opens "Saisir le code", which unlocks editing of the game for
    this browser session."""
    def build(_shown: Shown[None], close: Close, entry: Entry) -> ft.DialogControl:
        def submit() -> None:
            key = client_key()
            code = entry.text()
            try:
                code_attempts().check(key)
            except services.TooManyCodes as exc:
                entry.refuse(exc.message(current_lang()))
                return
            if services.game_is_protected(uow(), game_id) and not services.check_table_code(
                    uow(), game_id, code):
                entry.refuse(wrong_code(t("table_code.wrong")))
                return
            close()
            state.remember_code(game_id, code.strip())
            show_snackbar(t("table_code.accepted"))

        return ft.AlertDialog(
            title=ft.Row([ft.Icon(ft.Icons.LOCK_OUTLINE),
                          ft.Text(t("table_code.unlock_title"))]),
            content=ft.Column([
                ft.Text(t("table_code.unlock_help"), size=14),
                _code_field(entry, t("table_code.field"), submit),
            ], tight=True, spacing=12, width=320),
            actions=[
                ft.TextButton(t("common.cancel"), on_click=lambda _e: close()),
                ft.FilledButton(t("table_code.unlock"), icon=ft.Icons.LOCK_OPEN,
                                on_click=lambda _e: submit()),
            ],
        )

    show = use_entry_dialog(lambda _none: "", build)
    return lambda: show(None)


def use_code_settings(game_id: int, state: AppState, uow: UowFactory
                      ) -> Callable[[bool], None]:
    """A hook: `settings(protected)` opens the organiser's dialog that sets, changes or
    removes the game's table code (the organiser key this browser holds is the proof; the
    current code is not needed)."""
    def build(shown: Shown[bool], close: Close, entry: Entry) -> ft.DialogControl:
        def apply(code: str | None) -> None:
            try:
                services.set_table_code(uow(), game_id, code, organiser=services.Organiser(
                    state.organiser_key(game_id)))
            except services.ServiceError as exc:
                entry.refuse(exc.message(current_lang()))
                return
            close()
            state.remember_code(game_id, code.strip() if code else None)
            show_snackbar(t("table_code.saved") if code else t("table_code.removed"))

        actions: list[ft.Control] = [
            ft.TextButton(t("common.cancel"), on_click=lambda _e: close())]
        if shown.what:  # protected: the code can go
            actions.append(ft.TextButton(t("table_code.remove"),
                                         on_click=lambda _e: apply(None)))
        actions.append(ft.FilledButton(t("common.save"),
                                       on_click=lambda _e: apply(entry.text())))
        return ft.AlertDialog(
            title=ft.Text(t("table_code.settings_title")),
            content=ft.Column([
                ft.Text(t("table_code.settings_help"), size=14),
                _code_field(entry, t("table_code.new_code"), lambda: apply(entry.text())),
            ], tight=True, spacing=12, width=320),
            actions=actions,
        )

    return use_entry_dialog(lambda _protected: "", build)
