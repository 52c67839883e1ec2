"""The score sheet: totals always visible, one line per deal, who deals next, undo/redo,
"tous passent"/"petit sec", and the game menu (statistics, rules, exports, finish)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.services import GameSheet
from scorepad.ui.components.dialogs import show_confirm_dialog, show_error_dialog
from scorepad.ui.components.layout import empty_state, primary_action, screen
from scorepad.ui.components.sheet_rows import MemoDealLine, next_deal_strip, totals_header
from scorepad.ui.components.snackbar import show_snackbar
from scorepad.ui.i18n import current_lang, tr
from scorepad.ui.live import ALL_TOPIC, game_topic, use_live
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.table_code import (
    can_edit,
    forbidden,
    read_only_banner,
    show_code_settings_dialog,
    show_unlock_dialog,
)


def is_dark(theme: str) -> bool:
    if theme == "dark":
        return True
    if theme == "light":
        return False
    try:
        return ft.context.page.platform_brightness == ft.Brightness.DARK
    except (RuntimeError, AttributeError):
        return False


def _run(action: Callable[[], object], state: AppState | None = None,
         game_id: int | None = None) -> bool:
    """Runs a change; a refusal is shown in words (never a traceback). True when done."""
    try:
        action()
    except services.ServiceError as exc:
        if state is not None and game_id is not None:
            forbidden(exc, state, game_id)
        show_error_dialog(tr("Impossible", "Not possible"), exc.message(current_lang()))
        return False
    return True


def export_url(game_id: int, fmt: str) -> str:
    return f"/export/games/{game_id}.{fmt}?lang={current_lang()}"


def show_game_menu(sheet: GameSheet, uow: UowFactory, refresh: Callable[[], None],
                   state: AppState, editable: bool) -> None:
    """The game's menu as a bottom sheet (thumb-reachable on a phone); a read-only phone
    gets no entry that would change the game, but the one that unlocks it."""
    page = ft.context.page
    finished = sheet.status == GameStatus.FINISHED
    code = state.code_for(sheet.id)

    def code_tile(_: ft.Event[ft.ListTile]) -> None:
        page.pop_dialog()
        if editable:
            show_code_settings_dialog(sheet.id, sheet.protected, state, uow)
        else:
            show_unlock_dialog(sheet.id, state, uow)

    def go(path: str) -> Callable[[ft.Event[ft.ListTile]], None]:
        def handler(_: ft.Event[ft.ListTile]) -> None:
            page.pop_dialog()
            page.navigate(path)
        return handler

    def close(_: ft.Event[ft.ListTile]) -> None:
        page.pop_dialog()

    def toggle_finished(_: ft.Event[ft.ListTile]) -> None:
        page.pop_dialog()
        if finished:
            done = _run(lambda: services.reopen_game(uow(), sheet.id, code=code), state,
                        sheet.id)
            text = tr("Partie rouverte.", "Game reopened.")
        else:
            done = _run(lambda: services.finish_game(uow(), sheet.id, code=code), state,
                        sheet.id)
            text = tr("Partie terminée.", "Game finished.")
        if done:
            refresh()
            show_snackbar(text)

    def delete(_: ft.Event[ft.ListTile]) -> None:
        page.pop_dialog()

        def confirmed() -> None:
            if _run(lambda: services.delete_game(uow(), sheet.id, code=code), state,
                    sheet.id):
                page.navigate("/")
                show_snackbar(tr(f"Partie « {sheet.name} » supprimée.",
                                 f"Game “{sheet.name}” deleted."))

        show_confirm_dialog(
            tr("Supprimer la partie ?", "Delete the game?"),
            tr(f"« {sheet.name} » et ses {len(sheet.deals)} donnes seront supprimées "
               "définitivement.", f"“{sheet.name}” and its {len(sheet.deals)} deals will be "
               "deleted for good."),
            tr("Supprimer", "Delete"), confirmed, destructive=True)

    def export_tile(fmt: str, label: str, icon: ft.IconData) -> ft.Control:
        return ft.ListTile(leading=ft.Icon(icon), title=ft.Text(label),
                           action=ft.OpenUrl(export_url(sheet.id, fmt), target="_self"),
                           on_click=close)

    tiles: list[ft.Control] = [
        ft.ListTile(leading=ft.Icon(ft.Icons.INSIGHTS), title=ft.Text(tr("Statistiques",
                                                                          "Statistics")),
                    on_click=go(f"/games/{sheet.id}/stats")),
        ft.ListTile(leading=ft.Icon(ft.Icons.RULE),
                    title=ft.Text(tr("Règles de la partie", "Game rules")),
                    on_click=go(f"/games/{sheet.id}/rules")),
        ft.Divider(height=1),
        export_tile("csv", tr("Exporter en CSV (tableur)", "Export as CSV (spreadsheet)"),
                    ft.Icons.TABLE_VIEW),
        export_tile("json", tr("Exporter en JSON (sauvegarde)", "Export as JSON (backup)"),
                    ft.Icons.DATA_OBJECT),
        export_tile("pdf", tr("Exporter en PDF (à imprimer)", "Export as PDF (to print)"),
                    ft.Icons.PICTURE_AS_PDF),
        ft.Divider(height=1),
        ft.ListTile(leading=ft.Icon(ft.Icons.PIN_OUTLINED if editable else ft.Icons.LOCK_OPEN),
                    title=ft.Text(
                        (tr("Changer ou retirer le code de table",
                            "Change or remove the table code") if sheet.protected
                         else tr("Protéger par un code de table",
                                 "Protect with a table code")) if editable
                        else tr("Saisir le code de table", "Enter the table code")),
                    on_click=code_tile),
    ]
    if editable:
        tiles += [
            ft.ListTile(leading=ft.Icon(ft.Icons.REPLAY if finished else ft.Icons.FLAG),
                        title=ft.Text(tr("Rouvrir la partie", "Reopen the game") if finished
                                      else tr("Terminer la partie", "Finish the game")),
                        on_click=toggle_finished),
            ft.ListTile(leading=ft.Icon(ft.Icons.DELETE_OUTLINE, color=ft.Colors.ERROR),
                        title=ft.Text(tr("Supprimer la partie", "Delete the game"),
                                      color=ft.Colors.ERROR),
                        on_click=delete),
        ]
    page.show_dialog(ft.BottomSheet(
        content=ft.Container(ft.Column(tiles, tight=True, spacing=0),
                             padding=ft.Padding.only(top=8, bottom=16)),
        show_drag_handle=True,
        scrollable=True,
    ))


@ft.component
def SheetView(game_id: int) -> ft.View:
    state = use_app_state()
    uow = use_uow()
    location = ft.use_route_location()
    reload, set_reload = ft.use_state(0)
    lang = state.lang
    live = use_live(game_topic(game_id), ALL_TOPIC)
    code = state.code_for(game_id)

    def load() -> tuple[GameSheet | None, bool]:
        try:
            return (services.get_sheet(uow(), game_id, lang=lang),
                    can_edit(uow, game_id, state))
        except services.GameNotFound:
            return None, False

    # Reloaded when this screen comes back to the top (the location changes), when
    # another phone changes the game (live), after our own changes (revision, reload) and
    # when a table code is entered (code).
    sheet, editable = ft.use_memo(load, dependencies=[
        game_id, location, state.revision, reload, lang, live, code])
    route = f"/games/{game_id}"
    if sheet is None:
        return screen(tr("Partie introuvable", "Game not found"), empty_state(
            ft.Icons.SEARCH_OFF, tr("Partie introuvable", "Game not found"),
            tr(f"Aucune partie n° {game_id}.", f"No game number {game_id}.")), route=route)

    def refresh() -> None:
        set_reload(lambda n: n + 1)

    finished = sheet.status == GameStatus.FINISHED
    locked = not editable

    def undo_last() -> None:
        label: list[str | None] = [None]

        def act() -> None:
            label[0] = services.undo(uow(), game_id, lang=current_lang(), code=code)

        if _run(act, state, game_id):
            refresh()
            show_snackbar(tr(f"Annulé : {label[0]}", f"Undone: {label[0]}") if label[0]
                          else tr("Rien à annuler.", "Nothing to undo."))

    def redo_last() -> None:
        label: list[str | None] = [None]

        def act() -> None:
            label[0] = services.redo(uow(), game_id, lang=current_lang(), code=code)

        if _run(act, state, game_id):
            refresh()
            show_snackbar(tr(f"Rétabli : {label[0]}", f"Redone: {label[0]}") if label[0]
                          else tr("Rien à rétablir.", "Nothing to redo."))

    def redeal(kind: str) -> None:
        number = sheet.next_deal_number
        if _run(lambda: services.record_redeal(uow(), game_id, kind, code=code), state,
                game_id):
            refresh()
            text = tr(f"Donne {number} : tous passent.", f"Deal {number}: everybody passed.") \
                if kind == "passed" else tr(f"Donne {number} : petit sec, on redistribue.",
                                            f"Deal {number}: petit sec, redeal.")
            show_snackbar(text, undo=undo_last)

    dark = is_dark(state.theme)
    lines: list[ft.Control] = [
        MemoDealLine(deal, sheet.seats, game_id, dark, lang, key=f"{deal.id}-{deal.version}")
        for deal in reversed(sheet.deals)
    ]
    if not lines:
        lines.append(empty_state(ft.Icons.EDIT_NOTE, tr("Aucune donne", "No deal yet"),
                                 tr("Après chaque donne, touchez « Nouvelle donne ».",
                                    "After each deal, tap “New deal”.")))

    def new_deal(_: ft.Event[ft.FilledButton]) -> None:
        ft.context.page.navigate(f"/games/{game_id}/deal")

    def reopen(_: ft.Event[ft.FilledButton]) -> None:
        if _run(lambda: services.reopen_game(uow(), game_id, code=code), state, game_id):
            refresh()
            show_snackbar(tr("Partie rouverte.", "Game reopened."))

    def unlock(_: ft.Event[ft.FilledButton]) -> None:
        show_unlock_dialog(game_id, state, uow)

    top: list[ft.Control] = [read_only_banner(game_id, state, uow)] if locked else []
    body = ft.Column([
        *top,
        totals_header(sheet, dark),
        next_deal_strip(sheet, lambda: redeal("passed"), lambda: redeal("petit_sec"), finished,
                        locked),
        ft.ListView(lines, expand=True, padding=ft.Padding.only(bottom=8),
                    build_controls_on_demand=True),
    ], spacing=0, expand=True)
    if locked:
        bottom = primary_action(tr("Saisir le code pour modifier", "Enter the code to edit"),
                                ft.Icons.LOCK_OPEN, unlock)
    else:
        bottom = primary_action(
            tr("Rouvrir la partie", "Reopen the game") if finished
            else tr("Nouvelle donne", "New deal"),
            ft.Icons.REPLAY if finished else ft.Icons.ADD, reopen if finished else new_deal)
    actions: list[ft.Control] = []
    if sheet.protected and not locked:
        actions.append(ft.Semantics(identifier="unlocked", content=ft.Icon(
            ft.Icons.LOCK_OPEN, size=20, color=ft.Colors.PRIMARY,
            tooltip=tr("Code de table saisi sur ce téléphone",
                       "Table code entered on this phone"))))
    actions += [
        ft.IconButton(ft.Icons.UNDO, tooltip=tr("Annuler", "Undo"),
                      disabled=locked or not sheet.can_undo, on_click=lambda _: undo_last()),
        ft.IconButton(ft.Icons.REDO, tooltip=tr("Rétablir", "Redo"),
                      disabled=locked or not sheet.can_redo, on_click=lambda _: redo_last()),
        ft.IconButton(ft.Icons.MORE_VERT, tooltip=tr("Menu de la partie", "Game menu"),
                      on_click=lambda _: show_game_menu(sheet, uow, refresh, state, editable)),
    ]
    return screen(sheet.name, body, route=route, actions=actions, bottom=bottom)
