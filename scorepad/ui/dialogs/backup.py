"""Settings' "Sur ce téléphone" entries, on one phone alone: save every game as one file
(FORMAT.md §7), and take such a file back (the same games, each once)."""

from __future__ import annotations

from datetime import date

import flet as ft

from scorepad import services
from scorepad.ui.dialogs.confirm import ShowError, use_error
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.widgets.downloads import save_on_phone
from scorepad.ui.widgets.snackbar import navigate_then_show


def backup_name(today: date) -> str:
    return f"scorepad-sauvegarde-{today.isoformat()}.json"


def _restore_picked(uow: UowFactory, show_error: ShowError,
                    e: ft.FilePickerResultEvent) -> None:
    if not e.files:
        return
    try:
        report = services.import_backup(uow(), e.files[0].bytes or b"")
    except services.ServiceError as exc:
        show_error(t("phone.backup.restore_refused"), exc.message(current_lang()))
        return
    navigate_then_show("/", t("phone.backup.taken", added=report.added,
                              extended=report.extended, unchanged=report.unchanged))


@ft.component
def PhoneBackup() -> ft.Control:
    uow = use_uow()
    show_error = use_error()
    picker, _ = ft.use_state(lambda: ft.FilePicker())
    picker.on_result = lambda e: _restore_picked(uow, show_error, e)

    async def save(_e: ft.Event[ft.ListTile]) -> None:
        await save_on_phone(backup_name(date.today()), lambda: services.export_backup(uow()))

    return ft.Column([
        ft.Semantics(identifier="backup-save", container=True, content=ft.ListTile(
            leading=ft.Icon(ft.Icons.SAVE_ALT), title=ft.Text(t("phone.backup.save")),
            subtitle=ft.Text(t("phone.backup.save_help"), size=12), on_click=save)),
        ft.Semantics(identifier="backup-restore", container=True, content=ft.ListTile(
            leading=ft.Icon(ft.Icons.SETTINGS_BACKUP_RESTORE),
            title=ft.Text(t("phone.backup.restore")),
            subtitle=ft.Text(t("phone.backup.restore_help"), size=12),
            action=ft.PickFiles(picker, allowed_extensions=["json"], with_data=True,
                                file_type=ft.FilePickerFileType.CUSTOM))),
    ], spacing=0, tight=True)
