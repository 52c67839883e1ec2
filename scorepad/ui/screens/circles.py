"""Circles: the named groups of players ("Les mardis", "Famille"); create, rename, delete
(the games stay, in no circle), and open a circle's ranking or evening."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.services import CircleRow
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.confirm import AskConfirm, Confirm, ShowError, use_confirm, use_error
from scorepad.ui.dialogs.invite import use_invite_dialog
from scorepad.ui.dialogs.name import AskName, use_name_dialog
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.services_context import UowFactory, use_uow, wiring
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.layout import (
    empty_state,
    list_card,
    loading_state,
    screen,
    use_page_key,
)
from scorepad.ui.widgets.snackbar import show_snackbar


def _refusal(action: Callable[[], object]) -> str | None:
    """None once done, else why it was refused (written under the name typed)."""
    try:
        action()
    except services.ServiceError as exc:
        return exc.message(current_lang())
    return None


@dataclass(frozen=True)
class CircleActions:
    """What the screen does to circles, with the dialogs it asks in."""

    uow: UowFactory
    #: reads the list again, then calls its argument (once the list shows the change)
    changed: Callable[[Callable[[], None]], None]
    ask_name: Callable[[AskName], None]
    confirm: AskConfirm
    show_error: ShowError
    #: opens a circle's invitations of phones alone (a club's server only; None elsewhere)
    invite: Callable[[CircleRow], None] | None = None

    def _named(self, said: Callable[[str], str]) -> Callable[[str], None]:
        """What follows a name accepted: the list again, and what `said(name)` says."""
        def done(name: str) -> None:
            self.changed(lambda: show_snackbar(said(name)))
        return done

    def ask_new(self) -> None:
        """"Nouveau cercle": asks the name, creates it, says so."""
        self.ask_name(AskName(
            t("circles.new"), t("circles.name_label"), "", t("circles.create"),
            lambda name: _refusal(lambda: services.create_circle(self.uow(), name)),
            help_text=t("circles.new_help"),
            done=self._named(lambda name: t("circles.created", name=name))))

    def rename(self, circle: CircleRow) -> None:
        self.ask_name(AskName(
            t("circles.rename_title"), t("circles.name_label"), circle.name,
            t("common.rename"),
            lambda name: _refusal(lambda: services.rename_circle(self.uow(), circle.id, name)),
            done=self._named(lambda name: t("circles.renamed", name=name))))

    def delete(self, circle: CircleRow) -> None:
        def confirmed() -> None:
            try:
                services.delete_circle(self.uow(), circle.id)
            except services.ServiceError as exc:
                self.show_error(t("common.not_possible"), exc.message(current_lang()))
                return
            self.changed(lambda: show_snackbar(t("circles.deleted", name=circle.name)))

        self.confirm(Confirm(
            t("circles.delete_title"),
            nt("circles.delete_keeps", circle.games, name=circle.name) if circle.games
            else t("circles.delete_empty", name=circle.name),
            t("common.delete"), confirmed, destructive=True))


def _circle_tile(circle: CircleRow, actions: CircleActions) -> ft.Control:
    page = ft.context.page

    def item(icon: ft.IconData, label: str, action: Callable[[], None]) -> ft.PopupMenuItem:
        return ft.PopupMenuItem(content=ft.Row([ft.Icon(icon), ft.Text(label)]),
                                on_click=lambda _: action())

    # The row's identifier wraps the whole tile: on its title alone, it took the name out
    # of what a screen reader says for the row ("1 partie · classement").
    return list_card(ft.Semantics(identifier=f"circle-{circle.name}", container=True,
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
                *([item(ft.Icons.QR_CODE_2, t("circles.invite"),
                        lambda: actions.invite(circle) if actions.invite else None)]
                  if actions.invite is not None else []),
                item(ft.Icons.EDIT_OUTLINED, t("common.rename"),
                     lambda: actions.rename(circle)),
                item(ft.Icons.DELETE_OUTLINE, t("common.delete"),
                     lambda: actions.delete(circle)),
            ])),
    )), key=f"circle-{circle.id}")


@ft.component
def CirclesView() -> ft.View:
    uow = use_uow()
    page_key = use_page_key("/circles")
    data = use_data(lambda: services.list_circles(uow()), topics=[GAMES_TOPIC])
    invite = use_invite_dialog(use_app_state(), uow)
    actions = CircleActions(uow, data.again_then, use_name_dialog(), use_confirm(), use_error(),
                            invite if wiring().server else None)
    if not data.loaded:
        items: list[ft.Control] = [loading_state()]
    elif not data.value:
        items = [empty_state(
            ft.Icons.GROUPS, t("circles.empty_title"),
            t("circles.empty_text"))]
    else:
        items = [_circle_tile(c, actions) for c in data.value]
    body = ft.ListView(items, expand=True, padding=ft.Padding.only(top=8, bottom=96))
    return screen(t("nav.circles"), body, route=page_key,
                  fab=ft.FloatingActionButton(icon=ft.Icons.ADD,
                                              content=t("circles.new"),
                                              on_click=lambda _: actions.ask_new()))
