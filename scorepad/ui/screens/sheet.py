"""The score sheet: totals always visible, one line per deal, who deals next, undo/redo,
"tous passent"/"petit sec", and the game menu (statistics, rules, exports, finish)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad.domain import GameStatus
from scorepad.domain.messages import Count
from scorepad.services import GameSheet
from scorepad.ui.dialogs.confirm import use_error
from scorepad.ui.dialogs.full_names import use_full_names
from scorepad.ui.dialogs.game_actions import SheetActions, open_route
from scorepad.ui.dialogs.game_menu import GameMenuButton, rights_of
from scorepad.ui.dialogs.table_code import use_unlock_dialog
from scorepad.ui.i18n import t
from scorepad.ui.models.sheet_rights import Locked, Rights
from scorepad.ui.services_context import use_uow
from scorepad.ui.sheet_data import use_sheet
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.layout import (
    empty_state,
    game_not_found_screen,
    loading_state,
    primary_action,
    screen,
    use_page_key,
)
from scorepad.ui.widgets.read_only_banner import read_only_banner
from scorepad.ui.widgets.sheet_rows import (
    MemoDealLine,
    next_deal_strip,
    round_progress,
    totals_header,
)
from scorepad.ui.widgets.tournament_parts import bar_title


def is_dark(theme: str) -> bool:
    if theme == "dark":
        return True
    if theme == "light":
        return False
    try:
        return ft.context.page.platform_brightness == ft.Brightness.DARK
    except (RuntimeError, AttributeError):
        return False


#: deal lines shown at first, and added by each tap on "earlier deals": a long game's sheet
#: stays light to send and to redraw at every change
LINES_PAGE = 50


def _deal_lines(sheet: GameSheet, game_id: int, dark: bool, lang: str, shown: int,
                show_more: Callable[[], None]) -> list[ft.Control]:
    """Newest deal first, the `shown` latest, then a button for the earlier ones; an empty
    sheet says what to do."""
    lines: list[ft.Control] = [
        MemoDealLine(deal, sheet.columns, game_id, dark, lang, key=f"{deal.id}-{deal.version}")
        for deal in sheet.deals[:-shown - 1:-1]
    ]
    hidden = len(sheet.deals) - len(lines)
    if hidden > 0:
        more = min(hidden, LINES_PAGE)
        button = ft.TextButton(t("sheet.earlier_deals", more=Count(more), hidden=Count(hidden)),
                               icon=ft.Icons.EXPAND_MORE, height=48,
                               on_click=lambda _e: show_more())
        lines.append(ft.Container(
            ft.Semantics(identifier="earlier-deals", container=True, content=button),
            alignment=ft.Alignment.CENTER, padding=ft.Padding.symmetric(vertical=8)))
    if not lines:
        lines.append(empty_state(ft.Icons.EDIT_NOTE, t("sheet.empty_title"),
                                 t("sheet.empty_text")))
    return lines


@dataclass(frozen=True)
class _Opens:
    """The sheet's own dialogs (the menu's are its button's)."""

    unlock: Callable[[], None]
    full_names: Callable[[GameSheet], None]


def _sheet_body(sheet: GameSheet, actions: SheetActions, dark: bool, lang: str,
                rights: Rights, shown: int, show_more: Callable[[], None],
                opens: _Opens) -> ft.Control:
    number = sheet.next.number
    top: list[ft.Control] = [read_only_banner(opens.unlock)] \
        if rights.locked is Locked.CODE else []
    progress = round_progress(sheet, arbiter=rights.arbiter)
    return ft.Column([
        *top,
        totals_header(sheet, dark, opens.full_names),
        *([progress] if progress is not None else []),
        next_deal_strip(sheet, lambda: actions.redeal("passed", number),
                        lambda: actions.redeal("petit_sec", number),
                        done=not rights.can_add and rights.locked is not Locked.CODE,
                        locked=not rights.can_add),
        ft.ListView(_deal_lines(sheet, actions.game_id, dark, lang, shown, show_more),
                    expand=True,
                    padding=ft.Padding.only(bottom=8), build_controls_on_demand=True),
    ], spacing=0, expand=True)


def _bottom_action(sheet: GameSheet, actions: SheetActions, rights: Rights,
                   unlock: Callable[[], None]) -> ft.Control | None:
    """Unlock on a read-only phone, else a new deal while one may be added (or, for the
    organiser, reopen a finished game; nothing at a tournament table whose round's deals
    are played or whose round is closed)."""
    game_id = actions.game_id

    def new_deal(_: ft.Event[ft.FilledButton]) -> None:
        open_route(ft.context.page, f"/games/{game_id}/deal")

    def reopen(_: ft.Event[ft.FilledButton]) -> None:
        actions.reopen()

    if rights.locked is Locked.CODE:
        return primary_action(t("sheet.enter_code"),
                              ft.Icons.LOCK_OPEN, lambda _e: unlock())
    if rights.can_add:
        return primary_action(t("sheet.new_deal"), ft.Icons.ADD, new_deal)
    finished = sheet.status == GameStatus.FINISHED
    if not finished or not rights.may_organise:
        return None
    return primary_action(t("sheet.reopen"), ft.Icons.REPLAY, reopen)


def _bar_actions(sheet: GameSheet, actions: SheetActions, rights: Rights,
                 unlock: Callable[[], None]) -> list[ft.Control]:
    """The lock-open mark (code entered here), undo, redo and the game menu."""
    locked = not rights.editable
    bar: list[ft.Control] = []
    if sheet.protected and not locked:
        bar.append(ft.Semantics(identifier="unlocked", content=ft.Icon(
            ft.Icons.LOCK_OPEN, size=20, color=ft.Colors.PRIMARY,
            tooltip=t("sheet.unlocked"))))
    bar += [
        ft.IconButton(ft.Icons.UNDO, tooltip=t("common.undo"),
                      disabled=locked or not sheet.can_undo, on_click=lambda _: actions.undo()),
        ft.IconButton(ft.Icons.REDO, tooltip=t("sheet.redo"),
                      disabled=locked or not sheet.can_redo, on_click=lambda _: actions.redo()),
        # Keyed: the lock-open mark coming in before it keeps the menu (and its dialogs).
        GameMenuButton(sheet, actions, rights, unlock, key="game-menu"),
    ]
    return bar


@ft.component
def SheetView(game_id: int) -> ft.View:
    state = use_app_state()
    uow = use_uow()
    location = ft.use_route_location()
    reload, set_reload = ft.use_state(0)
    shown, set_shown = ft.use_state(LINES_PAGE)
    page_key = use_page_key(f"/games/{game_id}")
    lang = state.lang
    code = state.code_for(game_id)
    key = state.organiser_key(game_id)
    # Read off the event loop, and only when the game's revision moved: when this screen
    # comes back to the top (location), another phone or this one changed the game
    # (live, revision, reload); always when players are renamed (every game), a table
    # code or an organiser key is entered (code, key).
    reader = use_sheet(uow, state, (game_id, lang, code, key), check_on=[location, reload])
    route = f"/games/{game_id}"
    ready = reader.loaded and reader.value.key[0] == game_id
    # The dialogs' hooks before the early returns: the same hooks at every render.
    show_error = use_error()
    opens = _Opens(use_unlock_dialog(game_id, state, uow),
                   use_full_names(reader.value.sheet if ready else None))
    # Until this game is read, a loading indicator (another game's sheet is never shown;
    # this game's stays on screen while a code or a language is applied).
    if not ready:
        return screen("", loading_state(), route=page_key)
    loaded = reader.value
    sheet = loaded.sheet
    rights: Rights | None = None if sheet is None else rights_of(
        sheet, loaded.editable, loaded.organiser)
    if sheet is None or rights is None:
        return game_not_found_screen(game_id, route)

    def refresh() -> None:
        set_reload(lambda n: n + 1)

    actions = SheetActions(game_id, uow, state, code, refresh, show_error,
                           revision=sheet.revision)
    body = _sheet_body(sheet, actions, is_dark(state.theme), lang, rights, shown,
                       lambda: set_shown(lambda n: n + LINES_PAGE), opens)
    return screen(bar_title(sheet), body, route=page_key,
                  actions=_bar_actions(sheet, actions, rights, opens.unlock),
                  bottom=_bottom_action(sheet, actions, rights, opens.unlock))
