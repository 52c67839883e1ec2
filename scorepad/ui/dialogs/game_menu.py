"""The score sheet's game menu (`GameMenuButton`: the bar's menu button and its bottom
sheet): statistics, rules, exports, circle, and what each phone may do: the organiser's
entries (table code, finish, bin, hand-over) only on the organiser's phone, "Saisir le
code" on a read-only one. The dialogs an entry opens once the menu is closed are the
button's own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.domain.messages import Count
from scorepad.services import GameSheet
from scorepad.ui.dialogs.circle import ChooseCircle, use_circle_dialog
from scorepad.ui.dialogs.confirm import Confirm, use_confirm
from scorepad.ui.dialogs.game_actions import SheetActions
from scorepad.ui.dialogs.handover import use_handover_dialog
from scorepad.ui.dialogs.host import Close, use_shown
from scorepad.ui.dialogs.table_code import use_code_settings
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.calculator_state import GameRules, calculator_session
from scorepad.ui.models.sheet_rights import Locked, Rights, sheet_rights
from scorepad.ui.services_context import use_uow, wiring
from scorepad.ui.widgets.downloads import file_tile

TileHandler = Callable[[ft.Event[ft.ListTile]], None]
Closing = Callable[[Callable[[], None]], TileHandler]


def rights_of(sheet: GameSheet, editable: bool, organiser: bool) -> Rights:
    """What this phone may do with the game (one phone alone holds every game it has)."""
    return sheet_rights(sheet, editable, organiser, server=wiring().server)


def export_url(game_id: int, fmt: str) -> str:
    return f"/export/games/{game_id}.{fmt}?lang={current_lang()}"


def export_file_name(name: str, fmt: str) -> str:
    """The file a phone saves, named as the server's download is: the game's name,
    without the characters a file system refuses."""
    safe = "".join("-" if c in '/\\:*?"<>|' else c for c in name).strip(" .")
    return f"{safe or 'partie'}.{fmt}"


def open_calculator(sheet: GameSheet, page: ft.Page) -> None:
    """The Calculette with this game's next players and rules (the presets one tap away)."""
    calculator_session().use_game(
        GameRules(sheet.id, sheet.name, sheet.next.players, sheet.rules))
    page.navigate("/calculator")


def _view_tiles(sheet: GameSheet, closing: Closing) -> list[ft.Control]:
    page = ft.context.page

    def go(path: str) -> TileHandler:
        return closing(lambda: page.navigate(path))

    return [
        ft.ListTile(leading=ft.Icon(ft.Icons.INSIGHTS), title=ft.Text(t("game_menu.stats")),
                    on_click=go(f"/games/{sheet.id}/stats")),
        ft.ListTile(leading=ft.Icon(ft.Icons.RULE),
                    title=ft.Text(t("game_menu.rules")),
                    on_click=go(f"/games/{sheet.id}/rules")),
        ft.ListTile(leading=ft.Icon(ft.Icons.CALCULATE),
                    title=ft.Text(t("game_menu.calculator")),
                    on_click=closing(lambda: open_calculator(sheet, page))),
    ]


def _export_tiles(sheet: GameSheet, close: Close) -> list[ft.Control]:
    uow, lang = use_uow(), current_lang()

    def export_tile(fmt: str, label: str, icon: ft.IconData) -> ft.Control:
        return file_tile(label, icon, url=export_url(sheet.id, fmt),
                         name=export_file_name(sheet.name, fmt),
                         render=lambda: services.export_game(uow(), sheet.id, fmt, lang),
                         before=close)

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


@dataclass(frozen=True)
class _Opens:
    """What the organiser's entries open once the menu is closed."""

    code_settings: Callable[[bool], None]
    circle: Callable[[], None]
    delete: Callable[[], None]
    hand_over: Callable[[], None]


def _organiser_tiles(sheet: GameSheet, actions: SheetActions, rights: Rights,
                     closing: Closing, opens: _Opens) -> list[ft.Control]:
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
            closing(lambda: opens.code_settings(sheet.protected))))
    tiles += [
        _tile(ft.Icons.GROUPS_OUTLINED, t("game_menu.circle"), closing(opens.circle)),
        _tile(ft.Icons.REPLAY if finished else ft.Icons.FLAG,
              t("game_menu.reopen") if finished else t("game_menu.finish"),
              closing(actions.reopen if finished else actions.finish)),
        _tile(ft.Icons.DELETE_OUTLINE, t("common.move_to_bin"), closing(opens.delete),
              danger=True),
    ]
    if shared:
        # The role is this browser's key: said where it is handed over.
        tiles.append(ft.Semantics(identifier="organiser-note", container=True,
                                  content=ft.ListTile(
            leading=ft.Icon(ft.Icons.ADMIN_PANEL_SETTINGS_OUTLINED), dense=True,
            subtitle=ft.Text(t("game_menu.organiser_note"), size=13))))
        tiles.append(_tile(ft.Icons.SEND_TO_MOBILE, t("game_menu.handover"),
                           closing(opens.hand_over)))
    return tiles


def _not_organiser_note(sheet: GameSheet) -> ft.Control:
    text = t("game_menu.organiser_only") if sheet.organised else t(
        "game_menu.no_organiser", game=str(sheet.id))
    return ft.Semantics(identifier="not-organiser", container=True, content=ft.ListTile(
        leading=ft.Icon(ft.Icons.ADMIN_PANEL_SETTINGS_OUTLINED),
        subtitle=ft.Text(text, size=13), dense=True))


def _menu(sheet: GameSheet, actions: SheetActions, rights: Rights, close: Close,
          unlock: Callable[[], None], opens: _Opens) -> ft.DialogControl:
    def closing(then: Callable[[], None]) -> TileHandler:
        """A tile's handler: closes the menu, then does what the tile says."""
        def handler(_: ft.Event[ft.ListTile]) -> None:
            close()
            then()
        return handler

    tiles: list[ft.Control] = [
        *_view_tiles(sheet, closing),
        ft.Divider(height=1),
        *_export_tiles(sheet, close),
        ft.Divider(height=1),
    ]
    if rights.locked is Locked.CODE:
        tiles.append(_tile(ft.Icons.LOCK_OPEN, t("game_menu.unlock"), closing(unlock)))
    if rights.may_organise:
        tiles += _organiser_tiles(sheet, actions, rights, closing, opens)
    if not rights.organiser and sheet.tournament_id is None:
        tiles.append(_not_organiser_note(sheet))
    return ft.BottomSheet(
        content=ft.Container(ft.Column(tiles, tight=True, spacing=0),
                             padding=ft.Padding.only(top=8, bottom=16)),
        show_drag_handle=True,
        scrollable=True,
    )


@ft.component
def GameMenuButton(sheet: GameSheet, actions: SheetActions, rights: Rights,
                   unlock: Callable[[], None]) -> ft.Control:
    """The bar's menu button: the game's menu as a bottom sheet (thumb-reachable on a
    phone), with only the entries this phone may use. The menu follows the sheet while it
    is open (a change from another phone); the dialogs its entries open are this
    button's, and `unlock` the screen's."""
    confirm = use_confirm()
    choose_circle = use_circle_dialog()
    hand_over = use_handover_dialog(actions.state, actions.uow)
    code_settings = use_code_settings(sheet.id, actions.state, actions.uow)

    def circle() -> None:
        circles = services.list_circles(actions.uow())
        names = {c.id: c.name for c in circles}
        choose_circle(ChooseCircle(circles, sheet.circle_id,
                                   lambda picked: actions.set_circle(picked, names.get(picked))))

    def delete() -> None:
        confirm(Confirm(
            t("games.bin_title"),
            t("game_actions.bin_text", name=sheet.name, deals=Count(len(sheet.deals)),
              days=services.BIN_DAYS),
            t("common.move_to_bin"), lambda: actions.delete(sheet.name), destructive=True))

    opens = _Opens(code_settings, circle, delete, lambda: hand_over(sheet.id, sheet.name))
    show_menu = use_shown(lambda _shown, close: _menu(sheet, actions, rights, close, unlock,
                                                      opens))
    return ft.IconButton(ft.Icons.MORE_VERT, tooltip=t("sheet.menu"),
                         on_click=lambda _: show_menu(None))
