"""One phone alone opens a club's invitation (its link, or its QR code scanned): the phone
says in words which club and circle it would join, what it would send and what not, and
sends nothing before the person says yes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.services.sync import phone as club_side
from scorepad.services.sync.invitations import read_join
from scorepad.ui.i18n import t
from scorepad.ui.services_context import club_link, use_uow
from scorepad.ui.widgets.layout import empty_state, loading_state, screen, section_title

#: The choices of games sent, in the order shown.
MODES = ("all", "chosen")


def mode_tiles(mode: str, choose: Callable[[str], None]) -> list[ft.Control]:
    """"Every game with the circle's players" / "game by game", as radio lines."""
    return [ft.Semantics(identifier=f"club-mode-{m}", container=True, content=ft.ListTile(
        leading=ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if mode == m
                        else ft.Icons.RADIO_BUTTON_UNCHECKED, color=ft.Colors.PRIMARY),
        title=ft.Text(t("club.mode_all_title") if m == "all" else t("club.mode_chosen_title")),
        subtitle=ft.Text(t("club.mode_all_text") if m == "all" else t("club.mode_chosen_text"),
                         size=12),
        on_click=lambda _e, m=m: choose(m))) for m in MODES]


@ft.component
def JoinView() -> ft.View:
    params = ft.use_route_params()
    found = read_join(params.get("server", ""), params.get("token", ""))
    page = ft.context.page
    uow = use_uow()
    joining, set_joining = ft.use_state(None)
    mode, set_mode = ft.use_state("chosen")

    def ask() -> None:
        if found is None:
            return

        async def read() -> None:
            # At a start by the link itself, the phone's link to clubs comes with its
            # storage, a moment after the first screen.
            for _ in range(600):
                link = club_link()
                if link is not None:
                    set_joining(await link.read_invitation(*found))
                    return
                await asyncio.sleep(0.1)

        page.run_task(read)

    ft.use_effect(ask, dependencies=[found])
    route = page.route or "/"
    if found is None:
        body: list[ft.Control] = [empty_state(ft.Icons.LINK_OFF, t("club.join_bad_title"),
                                              t("club.join_bad_text"))]
    elif joining is None:
        body = [ft.Semantics(identifier="club-join-reading", content=ft.Text(
            t("club.join_reading", server=found[0]), size=14)), loading_state()]
    elif joining.refusal is not None:
        body = [ft.Semantics(identifier="club-join-refused", content=ft.Container(
            ft.Text(joining.refusal, size=14, color=ft.Colors.ERROR), padding=16)),
            ft.Container(ft.OutlinedButton(t("club.back"),
                                           on_click=lambda _e: page.navigate("/")),
                         padding=16)]
    else:
        body = _agreement(joining, mode, set_mode, uow, page)
    return screen(t("club.join_title"), ft.ListView(body, expand=True,
                                                     padding=ft.Padding.only(bottom=32)),
                  route=route)


def _agreement(joining: Any, mode: str, set_mode: Callable[[str], None], uow: Any,
               page: ft.Page) -> list[ft.Control]:
    """What joining means, in words, and the choice; nothing is sent before "Rejoindre"."""
    before = club_side.membership(uow())
    words = [ft.Semantics(identifier="club-join-who", content=ft.Text(
        t("club.join_who", club=joining.club, server=joining.server, circle=joining.circle,
          day=joining.expires_at.date()), size=15, weight=ft.FontWeight.W_600)),
        ft.Text(t("club.join_sends"), size=14),
        ft.Text(t("club.join_not_sent"), size=14),
        ft.Text(t("club.join_reads"), size=14),
        ft.Text(t("club.join_nothing_before"), size=14, weight=ft.FontWeight.W_500)]
    if before is not None and (before.server, before.circle_id) != (joining.server,
                                                                  joining.circle_id):
        words.append(ft.Text(t("club.join_leaves", circle=before.circle, club=before.club),
                             size=13, color=ft.Colors.TERTIARY))

    def join() -> None:
        club_link().join(joining, mode)
        page.navigate("/club")

    return [
        ft.Container(ft.Column(words, spacing=10), padding=16),
        section_title(t("club.mode_title")),
        *mode_tiles(mode, set_mode),
        ft.Container(ft.Row([
            ft.Semantics(identifier="club-join-yes", container=True, content=ft.FilledButton(
                t("club.join_yes", circle=joining.circle), icon=ft.Icons.GROUP_ADD,
                on_click=lambda _e: join())),
            ft.Semantics(identifier="club-join-no", container=True, content=ft.TextButton(
                t("club.join_no"), on_click=lambda _e: page.navigate("/"))),
        ], wrap=True), padding=16),
    ]
