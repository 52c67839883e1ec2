"""Circles: the named groups of players ("Les mardis", "Famille"); create, rename, delete
(the games stay, in no circle), and open a circle's ranking or evening."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.services import CircleRow
from scorepad.ui.dialogs.confirm import show_confirm_dialog, show_error_dialog
from scorepad.ui.dialogs.name import show_name_dialog
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC, use_reloaded
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.widgets.layout import empty_state, screen, use_page_key
from scorepad.ui.widgets.snackbar import show_snackbar


def ask_new_circle(uow: UowFactory, then: Callable[[int], None]) -> None:
    """"Nouveau cercle": asks the name, creates it, calls `then(circle_id)`."""
    created: list[int] = []

    def submit(name: str) -> str | None:
        try:
            created.append(services.create_circle(uow(), name))
        except services.ServiceError as exc:
            return exc.message(current_lang())
        return None

    def done(name: str) -> None:
        then(created[-1])
        show_snackbar(t("circles.created", name=name))

    show_name_dialog(t("circles.new"), t("circles.name_label"),
                     "", t("circles.create"), submit,
                     help_text=t("circles.new_help"), done=done)


def _rename(uow: UowFactory, circle: CircleRow, changed: Callable[[], None]) -> None:
    def submit(name: str) -> str | None:
        try:
            services.rename_circle(uow(), circle.id, name)
        except services.ServiceError as exc:
            return exc.message(current_lang())
        return None

    def done(name: str) -> None:
        changed()
        show_snackbar(t("circles.renamed", name=name))

    show_name_dialog(t("circles.rename_title"),
                     t("circles.name_label"), circle.name,
                     t("common.rename"), submit, done=done)


def _delete(uow: UowFactory, circle: CircleRow, changed: Callable[[], None]) -> None:
    def confirmed() -> None:
        try:
            services.delete_circle(uow(), circle.id)
        except services.ServiceError as exc:
            show_error_dialog(t("common.not_possible"), exc.message(current_lang()))
            return
        changed()
        show_snackbar(t("circles.deleted", name=circle.name))

    show_confirm_dialog(
        t("circles.delete_title"),
        nt("circles.delete_keeps", circle.games, name=circle.name) if circle.games
        else t("circles.delete_empty", name=circle.name),
        t("common.delete"), confirmed, destructive=True)


def _circle_tile(uow: UowFactory, circle: CircleRow, changed: Callable[[], None]) -> ft.Control:
    page = ft.context.page

    def item(icon: ft.IconData, label: str, action: Callable[[], None]) -> ft.PopupMenuItem:
        return ft.PopupMenuItem(content=ft.Row([ft.Icon(icon), ft.Text(label)]),
                                on_click=lambda _: action())

    # The row's identifier wraps the whole tile: on its title alone, it took the name out
    # of what a screen reader says for the row ("1 partie · classement").
    return ft.Card(content=ft.Semantics(identifier=f"circle-{circle.name}", container=True,
                                        content=ft.ListTile(
        leading=ft.CircleAvatar(content=ft.Icon(ft.Icons.GROUPS, size=20),
                                bgcolor=ft.Colors.PRIMARY_CONTAINER),
        title=ft.Text(circle.name, weight=ft.FontWeight.W_600),
        subtitle=ft.Text(nt("circles.games_ranking", circle.games), size=12),
        on_click=lambda _: page.navigate(f"/circles/{circle.id}/ranking"),
        trailing=ft.Semantics(identifier=f"circle-menu-{circle.name}", container=True,
                              content=ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip=t(
            "circles.actions", name=circle.name),
            items=[
                item(ft.Icons.LEADERBOARD, t("nav.ranking"),
                     lambda: page.navigate(f"/circles/{circle.id}/ranking")),
                item(ft.Icons.NIGHTLIFE, t("nav.evening"),
                     lambda: page.navigate(f"/circles/{circle.id}/soiree")),
                item(ft.Icons.EDIT_OUTLINED, t("common.rename"),
                     lambda: _rename(uow, circle, changed)),
                item(ft.Icons.DELETE_OUTLINE, t("common.delete"),
                     lambda: _delete(uow, circle, changed)),
            ])),
    )), margin=ft.Margin.symmetric(horizontal=12, vertical=4), elevation=0,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, key=f"circle-{circle.id}")


@ft.component
def CirclesView() -> ft.View:
    uow = use_uow()
    page_key = use_page_key("/circles")
    circles, changed = use_reloaded(lambda: services.list_circles(uow()), GAMES_TOPIC)
    if not circles:
        items: list[ft.Control] = [empty_state(
            ft.Icons.GROUPS, t("circles.empty_title"),
            t("circles.empty_text"))]
    else:
        items = [_circle_tile(uow, c, changed) for c in circles]
    body = ft.ListView(items, expand=True, padding=ft.Padding.only(top=8, bottom=96))
    return screen(t("nav.circles"), body, route=page_key,
                  fab=ft.FloatingActionButton(icon=ft.Icons.ADD,
                                              content=t("circles.new"),
                                              on_click=lambda _: ask_new_circle(uow, changed)))
