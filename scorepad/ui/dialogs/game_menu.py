"""The score sheet's game menu: statistics, rules, exports, circle, and what each phone
may do: the organiser's entries (table code, finish, bin, hand-over) only on the
organiser's phone, "Saisir le code" on a read-only one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.services import GameSheet
from scorepad.ui.dialogs.game_actions import SheetActions
from scorepad.ui.dialogs.handover import show_handover_dialog
from scorepad.ui.dialogs.table_code import show_code_settings_dialog, show_unlock_dialog
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.calculator_state import GameRules, calculator_session
from scorepad.ui.services_context import use_uow, wiring
from scorepad.ui.widgets.downloads import file_tile

TileHandler = Callable[[ft.Event[ft.ListTile]], None]


@dataclass(frozen=True)
class Rights:
    """What this phone may do with the game (the server checks again on every write)."""

    #: the table code is entered (or there is none): deals, undo, rules
    editable: bool
    #: this browser holds the organiser's key
    organiser: bool
    #: organiser, or a game from before organisers without a code (open to all as before;
    #: never a game made by the command line)
    may_organise: bool


def rights_of(sheet: GameSheet, editable: bool, organiser: bool) -> Rights:
    if not wiring().server:  # one phone alone holds every game it has
        return Rights(editable=True, organiser=True, may_organise=True)
    return Rights(editable, organiser, organiser or sheet.open_to_all)


def export_url(game_id: int, fmt: str) -> str:
    return f"/export/games/{game_id}.{fmt}?lang={current_lang()}"


def export_file_name(name: str, fmt: str) -> str:
    """The file a phone saves, named as the server's download is: the game's name,
    without the characters a file system refuses."""
    safe = "".join("-" if c in '/\\:*?"<>|' else c for c in name).strip(" .")
    return f"{safe or 'partie'}.{fmt}"


def _closing(page: ft.Page, then: Callable[[], None]) -> TileHandler:
    """A tile's handler: closes the menu, then does what the tile says."""
    def handler(_: ft.Event[ft.ListTile]) -> None:
        page.pop_dialog()
        then()
    return handler


def open_calculator(sheet: GameSheet, page: ft.Page) -> None:
    """The Calculette with this game's next players and rules (the presets one tap away)."""
    calculator_session().use_game(
        GameRules(sheet.id, sheet.name, sheet.next.players, sheet.rules))
    page.navigate("/calculator")


def _view_tiles(sheet: GameSheet, page: ft.Page) -> list[ft.Control]:
    def go(path: str) -> TileHandler:
        return _closing(page, lambda: page.navigate(path))

    return [
        ft.ListTile(leading=ft.Icon(ft.Icons.INSIGHTS), title=ft.Text(t("game_menu.stats")),
                    on_click=go(f"/games/{sheet.id}/stats")),
        ft.ListTile(leading=ft.Icon(ft.Icons.RULE),
                    title=ft.Text(t("game_menu.rules")),
                    on_click=go(f"/games/{sheet.id}/rules")),
        ft.ListTile(leading=ft.Icon(ft.Icons.CALCULATE),
                    title=ft.Text(t("game_menu.calculator")),
                    on_click=_closing(page, lambda: open_calculator(sheet, page))),
    ]


def _export_tiles(sheet: GameSheet, page: ft.Page) -> list[ft.Control]:
    uow, lang = use_uow(), current_lang()

    def export_tile(fmt: str, label: str, icon: ft.IconData) -> ft.Control:
        return file_tile(label, icon, url=export_url(sheet.id, fmt),
                         name=export_file_name(sheet.name, fmt),
                         render=lambda: services.export_game(uow(), sheet.id, fmt, lang),
                         before=page.pop_dialog)

    return [
        export_tile("csv", t("game_menu.export_csv"), ft.Icons.TABLE_VIEW),
        export_tile("json", t("game_menu.export_json"), ft.Icons.DATA_OBJECT),
        export_tile("pdf", t("game_menu.export_pdf"), ft.Icons.PICTURE_AS_PDF),
    ]


def _tile(icon: ft.IconData, text: str, on_click: TileHandler, *,
          danger: bool = False) -> ft.ListTile:
    color = ft.Colors.ERROR if danger else None
    return ft.ListTile(leading=ft.Icon(icon, color=color), title=ft.Text(text, color=color),
                       on_click=on_click)


def _organiser_tiles(sheet: GameSheet, actions: SheetActions, rights: Rights,
                     page: ft.Page) -> list[ft.Control]:
    """Table code and hand-over (the organiser's phone), finish or reopen and the bin
    (also anybody's on a game from before organisers without a code)."""
    finished = sheet.status == GameStatus.FINISHED
    tiles: list[ft.Control] = []
    # The table code and the hand-over concern other phones: a server's only.
    shared = rights.organiser and wiring().server
    if shared:
        tiles.append(_tile(
            ft.Icons.PIN_OUTLINED,
            t("game_menu.change_code") if sheet.protected else t("game_menu.protect"),
            _closing(page, lambda: show_code_settings_dialog(
                sheet.id, sheet.protected, actions.state, actions.uow))))
    tiles += [
        _tile(ft.Icons.GROUPS_OUTLINED, t("game_menu.circle"),
              _closing(page, lambda: actions.choose_circle(sheet.circle_id))),
        _tile(ft.Icons.REPLAY if finished else ft.Icons.FLAG,
              t("game_menu.reopen") if finished else t("game_menu.finish"),
              _closing(page, actions.reopen if finished else actions.finish)),
        _tile(ft.Icons.DELETE_OUTLINE, t("common.move_to_bin"),
              _closing(page, lambda: actions.confirm_delete(sheet.name, len(sheet.deals))),
              danger=True),
    ]
    if shared:
        # The role is this browser's key: said where it is handed over.
        tiles.append(ft.Semantics(identifier="organiser-note", container=True,
                                  content=ft.ListTile(
            leading=ft.Icon(ft.Icons.ADMIN_PANEL_SETTINGS_OUTLINED), dense=True,
            subtitle=ft.Text(t("game_menu.organiser_note"), size=13))))
        tiles.append(_tile(
            ft.Icons.SEND_TO_MOBILE, t("game_menu.handover"),
            _closing(page, lambda: show_handover_dialog(sheet.id, sheet.name, actions.state,
                                                        actions.uow))))
    return tiles


def _not_organiser_note(sheet: GameSheet) -> ft.Control:
    text = t("game_menu.organiser_only") if sheet.organised else t(
        "game_menu.no_organiser", game=str(sheet.id))
    return ft.Semantics(identifier="not-organiser", container=True, content=ft.ListTile(
        leading=ft.Icon(ft.Icons.ADMIN_PANEL_SETTINGS_OUTLINED),
        subtitle=ft.Text(text, size=13), dense=True))


def show_game_menu(sheet: GameSheet, actions: SheetActions, rights: Rights) -> None:
    """The game's menu as a bottom sheet (thumb-reachable on a phone); a phone gets only
    the entries it may use."""
    page = ft.context.page
    tiles: list[ft.Control] = [
        *_view_tiles(sheet, page),
        ft.Divider(height=1),
        *_export_tiles(sheet, page),
        ft.Divider(height=1),
    ]
    if not rights.editable:
        tiles.append(_tile(ft.Icons.LOCK_OPEN, t("game_menu.unlock"),
                           _closing(page, lambda: show_unlock_dialog(
                               sheet.id, actions.state, actions.uow))))
    if rights.may_organise:
        tiles += _organiser_tiles(sheet, actions, rights, page)
    if not rights.organiser:
        tiles.append(_not_organiser_note(sheet))
    page.show_dialog(ft.BottomSheet(
        content=ft.Container(ft.Column(tiles, tight=True, spacing=0),
                             padding=ft.Padding.only(top=8, bottom=16)),
        show_drag_handle=True,
        scrollable=True,
    ))
