"""`/bin`, "Corbeille": deleted games with the days left, "Restaurer", and for their
organiser "Supprimer définitivement"."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.confirm import AskConfirm, Confirm, ShowError, use_confirm, use_error
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.layout import empty_state, list_card, loading_state, screen
from scorepad.ui.widgets.snackbar import show_snackbar


def _bin_tile(game: services.BinnedGame, state: AppState, uow: UowFactory,
              reload: Callable[[Callable[[], None]], None], show_error: ShowError,
              confirm: AskConfirm) -> ft.Control:
    # `reload(then)`: reads the list again, then says what changed (once it shows it)
    def restore(_: ft.Event[ft.TextButton]) -> None:
        try:
            services.restore_game(uow(), game.id)
        except services.ServiceError as exc:
            show_error(t("common.not_possible"), exc.message(current_lang()))
            return
        reload(lambda: show_snackbar(t("bin.restored", name=game.name)))

    def purge() -> None:
        try:
            services.purge_game(uow(), game.id,
                                organiser=services.Organiser(state.organiser_key(game.id)))
        except services.ServiceError as exc:
            show_error(t("common.not_possible"), exc.message(current_lang()))
            return
        state.remember_organiser(game.id, None)
        reload(lambda: show_snackbar(t("bin.purged", name=game.name)))

    def ask_purge(_: ft.Event[ft.TextButton]) -> None:
        confirm(Confirm(
            t("bin.purge_title"),
            t("bin.purge_text", name=game.name),
            t("common.delete_for_good"), purge, destructive=True))

    days = game.days_left
    buttons: list[ft.Control] = [ft.Semantics(
        identifier=f"bin-restore-{game.id}", container=True,
        content=ft.TextButton(t("bin.restore"), icon=ft.Icons.RESTORE,
                              on_click=restore))]
    if state.organiser_key(game.id) is not None:
        buttons.append(ft.TextButton(t("common.delete_for_good"),
                                     icon=ft.Icons.DELETE_FOREVER, on_click=ask_purge,
                                     style=ft.ButtonStyle(color=ft.Colors.ERROR)))
    # Keyed: a game restored above another leaves, rather than taking its place.
    return list_card(ft.Container(ft.Column([
        ft.Text(game.name, weight=ft.FontWeight.W_600),
        ft.Text(", ".join(game.seats), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Semantics(identifier=f"bin-days-{game.id}", content=ft.Text(
            nt("bin.days_left", days),
            size=12, color=ft.Colors.ON_SURFACE_VARIANT)),
        ft.Row(buttons, alignment=ft.MainAxisAlignment.END, wrap=True),
    ], spacing=4, tight=True), padding=ft.Padding.only(left=16, right=8, top=12, bottom=4)),
        key=f"bin-{game.id}")


@ft.component
def BinView() -> ft.View:
    """"Corbeille": deleted games with the days left, "Restaurer", and for their
    organiser "Supprimer définitivement"."""
    state = use_app_state()
    uow = use_uow()
    data = use_data(lambda: services.list_bin(uow()), topics=[GAMES_TOPIC])
    # The dialogs' hooks before the first read's early return: the same hooks every render.
    show_error, confirm = use_error(), use_confirm()
    if not data.loaded:
        return screen(t("nav.bin"), loading_state(), route="/bin")
    items: list[ft.Control] = [_bin_tile(g, state, uow, data.again_then, show_error, confirm)
                               for g in data.value]
    if not items:
        items.append(empty_state(ft.Icons.DELETE_OUTLINE, t("bin.empty_title"),
                                 t("bin.empty_text", days=services.BIN_DAYS)))
    body = ft.ListView(controls=items, expand=True, padding=ft.Padding.only(top=4, bottom=24))
    return screen(t("nav.bin"), body, route="/bin")
