"""A text dialog opened from a menu entry (a bottom sheet closing) gets what the phone
types in it: the entry's dialog opens once the phone reports the menu gone
(scorepad.ui.dialogs.host `close(then)`), in a Flet session without a browser."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from scorepad.ui.dialogs.host import Close, Entry, Shown, use_entry_dialog, use_shown
from tests.flet_session import Phone, _walk


def _in_dialogs(phone: Phone, kind: type[Any]) -> list[Any]:
    return [c for c in _walk(phone.page._dialogs.controls, set()) if isinstance(c, kind)]


def _scenario(*, wait_for_the_menu: bool) -> tuple[list[str], int, int]:
    """Taps the menu's entry, the phone reports the menu dismissed, types a code into the
    field the phone was first sent, saves; what the dialog received, and the field's id
    as first sent and as the server holds it while the phone types."""
    received: list[str] = []

    def code_dialog(_shown: Shown[None], close: Close, entry: Entry) -> ft.DialogControl:
        def save() -> None:
            received.append(entry.text())
            close()

        return ft.AlertDialog(title=ft.Text("Code"), content=ft.Column([entry.field(
            on_submit=save, label="Nouveau code")], tight=True), actions=[
            ft.FilledButton("Enregistrer", on_click=lambda _e: save())])

    @ft.component
    def Screen() -> ft.View:
        ask_code = use_entry_dialog(lambda _none: "", code_dialog)

        def menu(_shown: Shown[None], close: Close) -> ft.DialogControl:
            def tapped(_e: object) -> None:
                if wait_for_the_menu:
                    close(lambda: ask_code(None))
                else:
                    close()
                    ask_code(None)

            return ft.BottomSheet(content=ft.Column([
                ft.ListTile(title=ft.Text("Protéger"), on_click=tapped)], tight=True))

        show_menu = use_shown(menu)
        return ft.View(route="/", controls=[
            ft.TextButton("Menu", on_click=lambda _e: show_menu(None))])

    @ft.component
    def App() -> list[ft.View]:
        return [Screen()]

    async def main(page: ft.Page) -> None:
        page.render_views(App)

    async def run() -> tuple[list[str], int, int]:
        phone = await Phone.open(main)
        await phone.until(lambda: any(isinstance(c, ft.TextButton) for c in phone.controls()))
        button = next(c for c in phone.controls() if isinstance(c, ft.TextButton))
        await phone.session.dispatch_event(button._i, "click", None)
        await phone.until(lambda: bool(_in_dialogs(phone, ft.ListTile)))
        sheet = _in_dialogs(phone, ft.BottomSheet)[0]
        await phone.session.dispatch_event(_in_dialogs(phone, ft.ListTile)[0]._i, "click", None)
        await phone.settle(0.2)
        first = _in_dialogs(phone, ft.TextField)
        # The phone's menu ends its closing animation and says so.
        await phone.session.dispatch_event(sheet._i, "dismiss", None)
        await phone.until(lambda: bool(_in_dialogs(phone, ft.TextField)))
        await phone.settle(0.2)
        field = (first or _in_dialogs(phone, ft.TextField))[0]
        sent_id = field._i
        await phone.type_into(field, "TAROT42")
        held = _in_dialogs(phone, ft.TextField)
        save = _in_dialogs(phone, ft.FilledButton)[0]
        await phone.session.dispatch_event(save._i, "click", None)
        await phone.settle(0.2)
        phone.close()
        return received, sent_id, held[0]._i if held else sent_id

    return asyncio.run(run())


def test_a_code_typed_in_a_dialog_opened_from_the_menu_reaches_the_server() -> None:
    received, sent_id, held_id = _scenario(wait_for_the_menu=True)
    assert received == ["TAROT42"]
    assert held_id == sent_id


def test_flet_still_gives_a_dialogs_field_a_new_id_when_a_dialog_under_it_goes() -> None:
    # Why the menu's entries wait for its dismissal (Flet 1.0.5): opened in the same step
    # as the menu's closing, the dialog's field is sent again with a new id when the
    # menu's dismissal re-sends the page's dialogs, and what the phone types is lost.
    # When this fails, Flet keeps the field: `close(then)` is then no longer needed.
    received, sent_id, held_id = _scenario(wait_for_the_menu=False)
    assert held_id != sent_id
    assert received == [""]
