"""Backups of every game (FORMAT.md §7): on one phone alone, Settings' "Sur ce téléphone"
entries (save every game as one file, said in words, with the day of the last backup and
a reminder after a number of new deals), and the restore of such a file, its progress
shown game by game and what it added said at the end (`restore_backup`, which the games
screen's import uses too, on a server as well)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator, Iterator
from datetime import UTC, date, datetime

import flet as ft

from scorepad import services
from scorepad.domain.messages import Count
from scorepad.services import BackupReport, Progress
from scorepad.ui.data import use_data
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.models.fmt import when
from scorepad.ui.services_context import UowFactory, off_loop, use_uow, wiring
from scorepad.ui.state import BACKUP_EVERY_CHOICES, AppState, use_app_state
from scorepad.ui.widgets.downloads import save_on_phone, use_file_picker
from scorepad.ui.widgets.snackbar import show_snackbar

#: seconds between two updates of a restore's progress (each one a message to the phone)
PROGRESS_GAP = 0.15
Steps = Generator[Progress, None, BackupReport]


def backup_name(today: date) -> str:
    return f"scorepad-sauvegarde-{today.isoformat()}.json"


# -- saving --------------------------------------------------------------------------

async def save_backup(uow: UowFactory, state: AppState) -> None:
    """Every game in one file, handed to the browser (a download), then said in words
    and remembered as the last backup."""
    games = len(await off_loop(lambda: services.list_games(uow())))
    name = backup_name(date.today())
    if await save_on_phone(name, lambda: services.export_backup(uow())):
        state.remember_backup(datetime.now(UTC))
        show_snackbar(nt("phone.backup.saved", games, name=name))


def last_backup_text(state: AppState) -> str:
    if state.last_backup is None:
        return t("phone.backup.never")
    return t("phone.backup.last", when=when(state.last_backup.astimezone()))


# -- restoring -----------------------------------------------------------------------

class RestoreDialog:
    """The restore's own dialog: what it is doing (reading, then game N of M, with a
    bar), then what it added or why nothing was. Shown and updated as controls, outside
    any component: a screen of 300 games is not drawn again at each game restored."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.bar = ft.ProgressBar(value=None)
        self.text = ft.Text(t("phone.backup.reading"))
        self.dialog = ft.AlertDialog(
            modal=True, title=ft.Text(t("phone.backup.restoring")),
            content=ft.Column([ft.Semantics(identifier="restore-progress", content=self.text),
                               self.bar], tight=True, spacing=16))
        page.show_dialog(self.dialog)

    def progress(self, step: Progress) -> None:
        self.bar.value = step.done / step.total if step.total else 1
        self.text.value = t("phone.backup.progress", done=Count(step.done),
                            total=Count(step.total))
        self.dialog.update()

    def finished(self, title: str, text: str, *, identifier: str) -> None:
        self.dialog.title = ft.Text(title)
        self.dialog.content = ft.Semantics(identifier=identifier, content=ft.Text(text))
        self.dialog.actions = [ft.FilledButton(t("common.close"), on_click=self.close)]
        self.dialog.update()

    def close(self, _e: object = None) -> None:
        # This dialog, not the topmost one (a message may be shown over it).
        self.dialog.open = False
        self.dialog.update()


async def _run(steps: Callable[[], Steps], shown: Callable[[Progress], None]) -> BackupReport:
    """The restore's steps to their end, its progress shown now and then: in a worker
    thread on a server (its other phones are served meanwhile), on the loop in the
    browser's Python, yielding to it so that the phone sees the progress."""
    worth = _WorthShowing(steps)
    if wiring().threads:
        loop = asyncio.get_running_loop()

        def work() -> None:
            for step in worth:
                loop.call_soon_threadsafe(shown, step)

        await asyncio.to_thread(work)
    else:
        for step in worth:
            shown(step)
            await asyncio.sleep(0)
    assert worth.report is not None
    return worth.report


class _WorthShowing:
    """The restore's steps worth showing (one every PROGRESS_GAP seconds, and the last),
    started where they are iterated; then its `report`."""

    def __init__(self, steps: Callable[[], Steps]) -> None:
        self._steps = steps
        self.report: BackupReport | None = None

    def __iter__(self) -> Iterator[Progress]:
        running = self._steps()
        last = 0.0
        try:
            while True:
                try:
                    step = next(running)
                except StopIteration as done:
                    self.report = done.value
                    return
                if time.monotonic() - last > PROGRESS_GAP or step.done == step.total:
                    last = time.monotonic()
                    yield step
        finally:
            running.close()


async def restore_backup(page: ft.Page, uow: UowFactory, data: bytes) -> BackupReport | None:
    """Takes a backup file back, all or nothing, showing its progress, then says what it
    added (or, refused, why nothing was); the report, or None when refused."""
    dialog = RestoreDialog(page)
    await asyncio.sleep(0)  # the dialog on the phone before the file is read
    try:
        report = await _run(lambda: services.import_backup_steps(uow(), data),
                            dialog.progress)
    except services.ServiceError as exc:
        dialog.finished(t("phone.backup.restore_refused"), exc.message(current_lang()),
                        identifier="restore-refused")
        return None
    dialog.finished(t("phone.backup.restored"), t(
        "phone.backup.taken", added=Count(report.added), extended=Count(report.extended),
        unchanged=Count(report.unchanged)), identifier="restore-done")
    return report


# -- Settings' entries -----------------------------------------------------------------

def _every_label(deals: int) -> str:
    return t("phone.backup.every_never") if deals == 0 else nt("phone.backup.every", deals)


def use_restore_picker() -> ft.FilePicker:
    """The restore's file picker (use_file_picker: its handler given as it is made,
    which is what "Restaurer une sauvegarde" lacked)."""
    uow = use_uow()
    page = ft.context.page

    async def picked(e: ft.FilePickerResultEvent) -> None:
        if e.files:
            await restore_backup(page, uow, e.files[0].bytes or b"")

    return use_file_picker(picked)


@ft.component
def PhoneBackup(picker: ft.FilePicker) -> ft.Control:
    """Save, restore (through `picker`, from use_restore_picker: a service of the
    screen), and the reminder's setting."""
    uow = use_uow()
    state = use_app_state()

    async def save(_e: ft.Event[ft.ListTile]) -> None:
        await save_backup(uow, state)

    every = ft.Dropdown(
        value=str(state.backup_every), dense=True, width=200,
        options=[ft.DropdownOption(key=str(n), text=_every_label(n))
                 for n in BACKUP_EVERY_CHOICES],
        on_select=lambda e: state.set_backup_every(int(e.control.value or 0)))
    return ft.Column([
        ft.Semantics(identifier="backup-save", container=True, content=ft.ListTile(
            leading=ft.Icon(ft.Icons.SAVE_ALT), title=ft.Text(t("phone.backup.save")),
            subtitle=ft.Column([
                ft.Semantics(identifier="last-backup", content=ft.Text(
                    last_backup_text(state), size=12, weight=ft.FontWeight.W_600)),
                ft.Text(t("phone.backup.save_help"), size=12)], spacing=2, tight=True),
            on_click=save)),
        ft.Semantics(identifier="backup-restore", container=True, content=ft.ListTile(
            leading=ft.Icon(ft.Icons.SETTINGS_BACKUP_RESTORE),
            title=ft.Text(t("phone.backup.restore")),
            subtitle=ft.Text(t("phone.backup.restore_help"), size=12),
            action=ft.PickFiles(picker, allowed_extensions=["json"], with_data=True,
                                file_type=ft.FilePickerFileType.CUSTOM))),
        ft.ListTile(leading=ft.Icon(ft.Icons.NOTIFICATIONS_NONE),
                    title=ft.Text(t("phone.backup.reminder_setting")),
                    trailing=ft.Semantics(identifier="backup-every", content=every)),
    ], spacing=0, tight=True)


# -- the reminder on the games screen --------------------------------------------------

@ft.component
def BackupReminder() -> ft.Control:
    """On one phone alone, when `backup_every` deals or more were recorded since the
    last backup: how many, since when, and "Sauvegarder" at hand ("Plus tard" hides it
    until the app starts again)."""
    uow = use_uow()
    state = use_app_state()
    since = state.last_backup
    count = use_data(lambda: services.count_deals_since(uow(), since), key=[since],
                     topics=[GAMES_TOPIC])
    later, set_later = ft.use_state(False)
    every = state.backup_every
    if wiring().server or later or every <= 0 or not count.loaded or count.value < every:
        return ft.Container()

    async def save(_e: ft.Event[ft.FilledTonalButton]) -> None:
        await save_backup(uow, state)

    said = (nt("phone.backup.reminder_never", count.value) if since is None else
            nt("phone.backup.reminder", count.value, when=when(since.astimezone())))
    return ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.SAVE_ALT, color=ft.Colors.PRIMARY, size=20),
                ft.Semantics(identifier="backup-reminder", expand=True,
                             content=ft.Text(said, size=14))], spacing=8),
        ft.Row([ft.TextButton(t("phone.backup.later"), on_click=lambda _e: set_later(True)),
                ft.FilledTonalButton(t("phone.backup.save_now"), icon=ft.Icons.SAVE_ALT,
                                     on_click=save)],
               alignment=ft.MainAxisAlignment.END)], spacing=4, tight=True),
        margin=ft.Margin.symmetric(horizontal=12, vertical=4),
        padding=ft.Padding.only(left=12, right=8, top=8, bottom=4), border_radius=12,
        bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.PRIMARY))
