"""One phone alone's club (Réglages, then Club): the circle it joined, which games it sends
and each game's state (sent, waiting, refused and why), the last try's word, "send now",
the read-only copy of the circle's season, and leaving the circle in one tap."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorepad.services.ports.sync import MembershipRow
from scorepad.services.sync import phone as club_side
from scorepad.ui.data import use_data
from scorepad.ui.i18n import t
from scorepad.ui.live import CLUB_TOPIC, GAMES_TOPIC
from scorepad.ui.models.fmt import when
from scorepad.ui.screens.club_join import mode_tiles
from scorepad.ui.services_context import club_link, use_uow
from scorepad.ui.widgets.layout import (
    empty_state,
    list_card,
    loading_state,
    screen,
    section_title,
)
from scorepad.ui.widgets.snackbar import show_snackbar


@dataclass(frozen=True)
class _Club:
    membership: MembershipRow | None
    games: list[club_side.ClubGame]


def _state_words(game: club_side.ClubGame) -> str:
    if game.state == club_side.SENT:
        return t("club.state_sent", day=when(game.sent_at)) if game.sent_at \
            else t("club.state_sent_plain")
    if game.state == club_side.WAITING:
        return t("club.state_waiting")
    if game.state == club_side.REFUSED:
        return t("club.state_refused", reason=game.reason or "")
    return t("club.state_off")


def _game_tile(game: club_side.ClubGame, choose: Callable[[int, bool], None]) -> ft.Control:
    colour = {club_side.REFUSED: ft.Colors.ERROR, club_side.WAITING: ft.Colors.TERTIARY
              }.get(game.state, ft.Colors.ON_SURFACE_VARIANT)
    return list_card(ft.Semantics(identifier=f"club-game-{game.name}", container=True,
                                  content=ft.ListTile(
        title=ft.Text(game.name, weight=ft.FontWeight.W_600),
        subtitle=ft.Semantics(identifier=f"club-state-{game.name}", content=ft.Text(
            _state_words(game), size=12, color=colour)),
        trailing=ft.Switch(value=game.marked, tooltip=t("club.send_this", name=game.name),
                           on_change=lambda e, g=game: choose(g.id, bool(e.control.value))),
    )), key=f"club-game-{game.id}")


def _header(row: MembershipRow) -> list[ft.Control]:
    failure = club_side.failure_of(row)
    lines: list[ft.Control] = [
        ft.Semantics(identifier="club-circle", content=ft.Text(
            t("club.member_of", circle=row.circle, club=row.club), size=16,
            weight=ft.FontWeight.W_600)),
        ft.Text(t("club.server_until", server=row.server, day=row.expires_at.date()),
                size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Semantics(identifier="club-refreshed", content=ft.Text(
            t("club.refreshed", moment=when(row.refreshed_at)) if row.refreshed_at
            else t("club.never_refreshed"), size=13)),
    ]
    if failure is not None:
        lines.append(ft.Semantics(identifier="club-failure", content=ft.Text(
            failure, size=13, color=ft.Colors.ERROR)))
    return [ft.Container(ft.Column(lines, spacing=6), padding=16)]


@ft.component
def ClubView() -> ft.View:
    uow = use_uow()
    page = ft.context.page
    data = use_data(lambda: _Club(club_side.membership(uow()), club_side.club_games(uow())),
                    topics=[CLUB_TOPIC, GAMES_TOPIC])
    link: Any = club_link()

    def sync_now() -> None:
        if link is None:
            return
        show_snackbar(t("club.sending"))

        async def run() -> None:
            link.kick(retry=True)
            await link.sync()
            data.again()

        page.run_task(run)

    def choose(game_id: int, chosen: bool) -> None:
        club_side.choose_game(uow(), game_id, chosen)
        data.again()
        if link is not None:
            link.kick()

    def set_mode(mode: str) -> None:
        club_side.set_mode(uow(), mode)
        data.again()
        if link is not None:
            link.kick()

    def leave() -> None:
        row = data.value.membership if data.loaded else None
        if link is not None:
            link.leave()
        else:
            club_side.leave(uow())
        data.again()
        if row is not None:
            show_snackbar(t("club.left", circle=row.circle))

    controls = _controls(data, page, sync_now, choose, set_mode, leave)
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32))
    return screen(t("club.title"), body, route="/club")


def _controls(data: Any, page: ft.Page, sync_now: Callable[[], None],
              choose: Callable[[int, bool], None], set_mode: Callable[[str], None],
              leave: Callable[[], None]) -> list[ft.Control]:
    if not data.loaded:
        return [loading_state()]
    if data.value.membership is None:
        return [empty_state(ft.Icons.GROUPS, t("club.none_title"), t("club.none_text"))]
    row = data.value.membership
    return [
        *_header(row),
        ft.Container(ft.Row([
            ft.Semantics(identifier="club-sync", container=True, content=ft.FilledButton(
                t("club.sync_now"), icon=ft.Icons.SYNC, on_click=lambda _e: sync_now())),
            ft.Semantics(identifier="club-season", container=True,
                         content=ft.OutlinedButton(
                             t("club.season"), icon=ft.Icons.LEADERBOARD,
                             on_click=lambda _e: page.navigate("/club/season"))),
        ], wrap=True), padding=ft.Padding.symmetric(horizontal=16)),
        section_title(t("club.mode_title")),
        *mode_tiles(row.mode, set_mode),
        section_title(t("club.games_title")),
        ft.Container(ft.Text(t("club.games_help"), size=12,
                             color=ft.Colors.ON_SURFACE_VARIANT),
                     padding=ft.Padding.symmetric(horizontal=16)),
        *[_game_tile(g, choose) for g in data.value.games],
        section_title(t("club.leave_title")),
        ft.Container(ft.Semantics(identifier="club-leave", container=True,
                                  content=ft.OutlinedButton(
            t("club.leave", circle=row.circle), icon=ft.Icons.LOGOUT,
            on_click=lambda _e: leave())), padding=16),
        ft.Container(ft.Text(t("club.leave_help"), size=12,
                             color=ft.Colors.ON_SURFACE_VARIANT),
                     padding=ft.Padding.symmetric(horizontal=16)),
    ]
