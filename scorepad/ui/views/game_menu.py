"""The score sheet's game menu: statistics, rules, exports, table code, circle, finish,
delete."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.domain import GameStatus
from scorepad.services import GameSheet
from scorepad.ui.i18n import current_lang, tr
from scorepad.ui.table_code import show_code_settings_dialog, show_unlock_dialog
from scorepad.ui.views.sheet_actions import SheetActions

TileHandler = Callable[[ft.Event[ft.ListTile]], None]


def export_url(game_id: int, fmt: str) -> str:
    return f"/export/games/{game_id}.{fmt}?lang={current_lang()}"


def _closing(page: ft.Page, then: Callable[[], None]) -> TileHandler:
    """A tile's handler: closes the menu, then does what the tile says."""
    def handler(_: ft.Event[ft.ListTile]) -> None:
        page.pop_dialog()
        then()
    return handler


def _view_tiles(sheet: GameSheet, page: ft.Page) -> list[ft.Control]:
    def go(path: str) -> TileHandler:
        return _closing(page, lambda: page.navigate(path))

    return [
        ft.ListTile(leading=ft.Icon(ft.Icons.INSIGHTS), title=ft.Text(tr("Statistiques",
                                                                          "Statistics")),
                    on_click=go(f"/games/{sheet.id}/stats")),
        ft.ListTile(leading=ft.Icon(ft.Icons.RULE),
                    title=ft.Text(tr("Règles de la partie", "Game rules")),
                    on_click=go(f"/games/{sheet.id}/rules")),
    ]


def _export_tiles(game_id: int, page: ft.Page) -> list[ft.Control]:
    def export_tile(fmt: str, label: str, icon: ft.IconData) -> ft.Control:
        return ft.ListTile(leading=ft.Icon(icon), title=ft.Text(label),
                           action=ft.OpenUrl(export_url(game_id, fmt), target="_self"),
                           on_click=_closing(page, lambda: None))

    return [
        export_tile("csv", tr("Exporter en CSV (tableur)", "Export as CSV (spreadsheet)"),
                    ft.Icons.TABLE_VIEW),
        export_tile("json", tr("Exporter en JSON (sauvegarde)", "Export as JSON (backup)"),
                    ft.Icons.DATA_OBJECT),
        export_tile("pdf", tr("Exporter en PDF (à imprimer)", "Export as PDF (to print)"),
                    ft.Icons.PICTURE_AS_PDF),
    ]


def _code_tile(sheet: GameSheet, actions: SheetActions, editable: bool,
               page: ft.Page) -> ft.Control:
    def open_code_dialog() -> None:
        if editable:
            show_code_settings_dialog(sheet.id, sheet.protected, actions.state, actions.uow)
        else:
            show_unlock_dialog(sheet.id, actions.state, actions.uow)

    return ft.ListTile(
        leading=ft.Icon(ft.Icons.PIN_OUTLINED if editable else ft.Icons.LOCK_OPEN),
        title=ft.Text(
            (tr("Changer ou retirer le code de table",
                "Change or remove the table code") if sheet.protected
             else tr("Protéger par un code de table",
                     "Protect with a table code")) if editable
            else tr("Saisir le code de table", "Enter the table code")),
        on_click=_closing(page, open_code_dialog))


def _change_tiles(sheet: GameSheet, actions: SheetActions, page: ft.Page) -> list[ft.Control]:
    """Finish or reopen, and delete: only on a phone that may change the game."""
    finished = sheet.status == GameStatus.FINISHED
    return [
        ft.ListTile(leading=ft.Icon(ft.Icons.GROUPS_OUTLINED),
                    title=ft.Text(tr("Cercle de la partie…", "The game's circle…")),
                    on_click=_closing(page, lambda: actions.choose_circle(sheet.circle_id))),
        ft.ListTile(leading=ft.Icon(ft.Icons.REPLAY if finished else ft.Icons.FLAG),
                    title=ft.Text(tr("Rouvrir la partie", "Reopen the game") if finished
                                  else tr("Terminer la partie", "Finish the game")),
                    on_click=_closing(page, actions.reopen if finished else actions.finish)),
        ft.ListTile(leading=ft.Icon(ft.Icons.DELETE_OUTLINE, color=ft.Colors.ERROR),
                    title=ft.Text(tr("Supprimer la partie", "Delete the game"),
                                  color=ft.Colors.ERROR),
                    on_click=_closing(page, lambda: actions.confirm_delete(
                        sheet.name, len(sheet.deals)))),
    ]


def show_game_menu(sheet: GameSheet, actions: SheetActions, editable: bool) -> None:
    """The game's menu as a bottom sheet (thumb-reachable on a phone); a read-only phone
    gets no entry that would change the game, but the one that unlocks it."""
    page = ft.context.page
    tiles: list[ft.Control] = [
        *_view_tiles(sheet, page),
        ft.Divider(height=1),
        *_export_tiles(sheet.id, page),
        ft.Divider(height=1),
        _code_tile(sheet, actions, editable, page),
    ]
    if editable:
        tiles += _change_tiles(sheet, actions, page)
    page.show_dialog(ft.BottomSheet(
        content=ft.Container(ft.Column(tiles, tight=True, spacing=0),
                             padding=ft.Padding.only(top=8, bottom=16)),
        show_drag_handle=True,
        scrollable=True,
    ))
