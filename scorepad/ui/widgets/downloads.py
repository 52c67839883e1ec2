"""A file handed to the person: from the server's address (`scorepad serve`), or, on one
phone alone, made on the phone and saved through the browser (Flet's file picker): a
download, which the phone's browser offers to open or share. And the picker a screen
takes a file from (`use_file_picker`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from scorepad.services import ServiceError
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import off_loop, wiring
from scorepad.ui.widgets.snackbar import show_snackbar

Render = Callable[[], bytes]
Picked = Callable[[ft.FilePickerResultEvent], Awaitable[None]]


def use_file_picker(picked: Picked) -> ft.FilePicker:
    """A FilePicker whose result goes to `picked` (the one of the latest render), for an
    `ft.PickFiles` action.

    Made with its handler, never given one afterwards (Flet 1.0.5): a FilePicker
    registers itself with the page as it is made, and on a screen opened after the first
    one that registration goes to the phone at once; a handler set a moment later does
    not follow it, and the phone then never tells of the file chosen (why "Restaurer une
    sauvegarde" did nothing). tests/unit/test_flet_internals.py fails if a Flet release
    changes this."""
    current = ft.use_ref(lambda: picked)
    current.current = picked

    def make() -> ft.FilePicker:
        async def on_result(e: ft.FilePickerResultEvent) -> None:
            assert current.current is not None
            await current.current(e)

        return ft.FilePicker(on_result=on_result)

    picker, _ = ft.use_state(make)
    return picker


async def save_on_phone(name: str, render: Render) -> bool:
    """Makes the file and has the browser save it; every failure said in words."""
    try:
        data = await off_loop(render)
    except ServiceError as exc:
        show_snackbar(exc.message(current_lang()))
        return False
    try:
        await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    except Exception as exc:  # the browser refused the download: said, never silent
        show_snackbar(t("phone.file.failed", name=name, reason=str(exc)[:80]))
        return False
    return True


def file_tile(label: str, icon: ft.IconData, *, url: str, name: str, render: Render,
              before: Callable[[], None] = lambda: None) -> ft.ListTile:
    """A menu entry that hands over one file: `url` on a server, else `render()`'s bytes
    saved as `name`; `before` runs first (closing the menu)."""
    if wiring().server:
        return ft.ListTile(leading=ft.Icon(icon), title=ft.Text(label),
                           action=ft.OpenUrl(url, target="_self"),
                           on_click=lambda _e: before())

    async def save(_e: ft.Event[ft.ListTile]) -> None:
        before()
        await save_on_phone(name, render)

    return ft.ListTile(leading=ft.Icon(icon), title=ft.Text(label), on_click=save)


def file_button(label: str, icon: ft.IconData, *, url: str, name: str,
                render: Render) -> ft.Control:
    """A button that hands over one file (as `file_tile`)."""
    if wiring().server:
        return ft.OutlinedButton(label, icon=icon, height=48,
                                 action=ft.OpenUrl(url, target="_self"))

    async def save(_e: ft.Event[ft.OutlinedButton]) -> None:
        await save_on_phone(name, render)

    return ft.OutlinedButton(label, icon=icon, height=48, on_click=save)
