"""Circles: the named groups of players ("Les mardis", "Famille"); create, rename, delete
(the games stay, in no circle), and open a circle's ranking or evening."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.services import CircleRow
from scorepad.ui.dialogs.confirm import show_confirm_dialog, show_error_dialog
from scorepad.ui.dialogs.name import show_name_dialog
from scorepad.ui.i18n import current_lang, nt, ntr, t, tr
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
        show_snackbar(tr(f"Cercle « {name} » créé.", f"Circle “{name}” created."))

    show_name_dialog(tr("Nouveau cercle", "New circle"), tr("Nom du cercle", "Circle name"),
                     "", tr("Créer", "Create"), submit,
                     help_text=tr("Un groupe qui joue ensemble : « Les mardis », « Famille ». "
                                  "Ses parties ont leur classement et leurs soirées.",
                                  "A group that plays together: “Tuesdays”, “Family”. Its "
                                  "games get their own ranking and evenings."), done=done)


def _rename(uow: UowFactory, circle: CircleRow, changed: Callable[[], None]) -> None:
    def submit(name: str) -> str | None:
        try:
            services.rename_circle(uow(), circle.id, name)
        except services.ServiceError as exc:
            return exc.message(current_lang())
        return None

    def done(name: str) -> None:
        changed()
        show_snackbar(tr(f"Cercle renommé « {name} ».", f"Circle renamed “{name}”."))

    show_name_dialog(tr("Renommer le cercle", "Rename the circle"),
                     tr("Nom du cercle", "Circle name"), circle.name,
                     tr("Renommer", "Rename"), submit, done=done)


def _delete(uow: UowFactory, circle: CircleRow, changed: Callable[[], None]) -> None:
    def confirmed() -> None:
        try:
            services.delete_circle(uow(), circle.id)
        except services.ServiceError as exc:
            show_error_dialog(tr("Impossible", "Not possible"), exc.message(current_lang()))
            return
        changed()
        show_snackbar(tr(f"Cercle « {circle.name} » supprimé ; ses parties sont gardées.",
                         f"Circle “{circle.name}” deleted; its games are kept."))

    show_confirm_dialog(
        tr("Supprimer le cercle ?", "Delete the circle?"),
        nt("circles.delete_keeps", circle.games, name=circle.name) if circle.games
        else t("circles.delete_empty", name=circle.name),
        tr("Supprimer", "Delete"), confirmed, destructive=True)


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
        subtitle=ft.Text(ntr(circle.games, ("{n} partie", "{n} parties"),
                             ("{n} game", "{n} games")) + tr(" · classement", " · ranking"),
                         size=12),
        on_click=lambda _: page.navigate(f"/circles/{circle.id}/ranking"),
        trailing=ft.Semantics(identifier=f"circle-menu-{circle.name}", container=True,
                              content=ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip=tr(
            f"Actions du cercle {circle.name}", f"Actions for the circle {circle.name}"),
            items=[
                item(ft.Icons.LEADERBOARD, tr("Classement", "Ranking"),
                     lambda: page.navigate(f"/circles/{circle.id}/ranking")),
                item(ft.Icons.NIGHTLIFE, tr("Soirée", "Evening"),
                     lambda: page.navigate(f"/circles/{circle.id}/soiree")),
                item(ft.Icons.EDIT_OUTLINED, tr("Renommer", "Rename"),
                     lambda: _rename(uow, circle, changed)),
                item(ft.Icons.DELETE_OUTLINE, tr("Supprimer", "Delete"),
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
            ft.Icons.GROUPS, tr("Aucun cercle", "No circle yet"),
            tr("Un cercle regroupe les parties d'une même bande : son classement de la "
               "saison, ses soirées.", "A circle groups the games of one group of players: "
               "its season ranking, its evenings."))]
    else:
        items = [_circle_tile(uow, c, changed) for c in circles]
    body = ft.ListView(items, expand=True, padding=ft.Padding.only(top=8, bottom=96))
    return screen(tr("Cercles", "Circles"), body, route=page_key,
                  fab=ft.FloatingActionButton(icon=ft.Icons.ADD,
                                              content=tr("Nouveau cercle", "New circle"),
                                              on_click=lambda _: ask_new_circle(uow, changed)))
