"""The table code dialogs: "Saisir le code", which unlocks editing for this browser
session, and the organiser's dialog to set, change or remove the code. Wrong codes count
per phone address, in the counter the API shares."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.ui.access import client_key
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory, code_attempts
from scorepad.ui.state import AppState
from scorepad.ui.widgets.snackbar import show_snackbar


def _code_field(label: str, *, autofocus: bool = False) -> ft.TextField:
    return ft.TextField(label=label, autofocus=autofocus, max_length=12,
                        capitalization=ft.TextCapitalization.CHARACTERS, error_max_lines=3)


def _show_error(field: ft.TextField, message: str | None) -> None:
    # The dialog lives outside the declarative tree: its controls are updated in place,
    # and only when the message changes (an update must not race the user's typing).
    if field.error != message:
        field.error = message
        field.update()


def _clear_on_typing(field: ft.TextField) -> None:
    field.on_change = lambda _e: _show_error(field, None)


def show_unlock_dialog(game_id: int, state: AppState, uow: UowFactory) -> None:
    """"Saisir le code": unlocks editing of the game for this browser session."""
    page = ft.context.page
    field = _code_field(t("table_code.field"), autofocus=True)

    def submit(_e: object = None) -> None:
        key = client_key()
        code = str(field.value or "")
        try:
            code_attempts().check(key)
        except services.TooManyCodes as exc:
            _show_error(field, exc.message(current_lang()))
            return
        if services.game_is_protected(uow(), game_id) and not services.check_table_code(
                uow(), game_id, code):
            code_attempts().failed(key)
            _show_error(field, t("table_code.wrong"))
            return
        page.pop_dialog()
        state.remember_code(game_id, code.strip())
        show_snackbar(t("table_code.accepted"))

    field.on_submit = submit
    _clear_on_typing(field)
    page.show_dialog(ft.AlertDialog(
        title=ft.Row([ft.Icon(ft.Icons.LOCK_OUTLINE),
                      ft.Text(t("table_code.unlock_title"))]),
        content=ft.Column([
            ft.Text(t("table_code.unlock_help"), size=14),
            field,
        ], tight=True, spacing=12, width=320),
        actions=[
            ft.TextButton(t("common.cancel"), on_click=lambda _e: page.pop_dialog()),
            ft.FilledButton(t("table_code.unlock"), icon=ft.Icons.LOCK_OPEN,
                            on_click=submit),
        ],
    ))


def show_code_settings_dialog(game_id: int, protected: bool, state: AppState,
                              uow: UowFactory) -> None:
    """The organiser sets, changes or removes the game's table code (the organiser key
    this browser holds is the proof; the current code is not needed)."""
    page = ft.context.page
    new = _code_field(t("table_code.new_code"), autofocus=True)
    organiser = services.Organiser(state.organiser_key(game_id))

    def apply(code: str | None) -> None:
        try:
            services.set_table_code(uow(), game_id, code, organiser=organiser)
        except services.ServiceError as exc:
            _show_error(new, exc.message(current_lang()))
            return
        page.pop_dialog()
        state.remember_code(game_id, code.strip() if code else None)
        show_snackbar(
            t("table_code.saved") if code else
            t("table_code.removed"))

    new.on_submit = lambda _e: apply(str(new.value or ""))
    _clear_on_typing(new)
    actions: list[ft.Control] = [
        ft.TextButton(t("common.cancel"), on_click=lambda _e: page.pop_dialog())]
    if protected:
        actions.append(ft.TextButton(t("table_code.remove"),
                                     on_click=lambda _e: apply(None)))
    actions.append(ft.FilledButton(t("common.save"),
                                   on_click=lambda _e: apply(str(new.value or ""))))
    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("table_code.settings_title")),
        content=ft.Column([ft.Text(
            t("table_code.settings_help"), size=14), new],
            tight=True, spacing=12, width=320),
        actions=actions,
    ))
