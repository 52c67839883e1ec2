"""One round on the tournament's page: its tables and seats, and the organiser's buttons
for its status (swap two players, draw again, start; each table's link and QR code and
progress, the clock, close the round; print the draw)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scorepad.domain.tournament import RoundStatus
from scorepad.services import tournament as tm
from scorepad.ui.i18n import t
from scorepad.ui.widgets.qr import qr_code
from scorepad.ui.widgets.snackbar import show_snackbar
from scorepad.ui.widgets.tournament_parts import (
    RoundClock,
    progress_text,
    round_title,
    seat_rows,
    table_heading,
)


@dataclass(frozen=True)
class RoundActions:
    """What the organiser's buttons do (None on a phone that is not the organiser's)."""

    #: the player picked first for a swap
    picked: str | None
    on_seat: Callable[[str], None]
    redraw: Callable[[], None]
    start: Callable[[], None]
    close: Callable[[], None]
    print_draw: Any  # an async click handler: the PDF is made off the event loop
    show_qr: Callable[[tm.TableLink], None]
    #: each table's link of the round being played, by table number
    links: dict[int, tm.TableLink] = field(default_factory=dict)
    #: why the links and printed QR codes would open on no other device (None: they do)
    unreachable: str | None = None


def _button(label: str, icon: ft.IconData, on_click: Any, *, filled: bool = False
            ) -> ft.Control:
    kind = ft.FilledButton if filled else ft.OutlinedButton
    return kind(label, icon=icon, on_click=on_click, height=44)


def _table_card(entry: tm.TournamentRound, table: tm.TournamentTable,
                actions: RoundActions | None) -> ft.Control:
    swapping = actions is not None and entry.status is RoundStatus.DRAWN
    rows = seat_rows(table, selected=actions.picked if swapping and actions else None,
                     on_tap=actions.on_seat if swapping and actions else None,
                     prefix=f"r{entry.number}-seat")
    head: list[ft.Control] = [ft.Text(table_heading(table), size=16,
                                      weight=ft.FontWeight.W_700, expand=True)]
    if table.game_id is not None:
        head.append(ft.Semantics(identifier=f"r{entry.number}-progress-{table.number}",
                                 content=ft.Text(progress_text(table), size=13,
                                                 color=ft.Colors.PRIMARY if table.done
                                                 else ft.Colors.ON_SURFACE_VARIANT)))
    controls: list[ft.Control] = [ft.Row(head), *rows]
    if table.game_id is not None:
        # Anybody follows a table's sheet; its organiser corrects it there, in any round.
        controls.append(ft.Semantics(
            identifier=f"r{entry.number}-open-{table.number}", container=True,
            content=ft.TextButton(
                t("tournament_ui.table.open_sheet"), icon=ft.Icons.EDIT_NOTE
                if actions is not None else ft.Icons.VISIBILITY_OUTLINED, height=44,
                on_click=lambda _e, g=table.game_id: ft.context.page.navigate(
                    f"/games/{g}"))))
    link = actions.links.get(table.number) if actions is not None else None
    if link is not None and actions is not None and entry.status is RoundStatus.PLAYING:
        controls.append(_link_block(table.number, link, actions))
    return ft.Container(ft.Column(controls, spacing=2, tight=True),
                        padding=ft.Padding.all(12), border_radius=12,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        key=f"r{entry.number}-table-{table.number}")


def _link_block(number: int, link: tm.TableLink, actions: RoundActions) -> ft.Control:
    """What a table's phone needs to join, for the organiser to show or send: the code in
    big letters, the QR code (a tap enlarges it), the whole link and a button that
    copies it."""
    qr = ft.Container(
        qr_code(link.url, 96, padding=4, radius=6),
        on_click=lambda _e: actions.show_qr(link),
        tooltip=t("tournament_ui.table.qr", number=number))
    words = ft.Column([
        ft.Semantics(identifier=f"table-code-{number}", content=ft.Text(
            t("tournament_ui.table.code", code=link.code), size=16,
            weight=ft.FontWeight.W_700)),
        # Selectable: where the clipboard refuses, a long press still copies it.
        ft.Semantics(identifier=f"table-link-{number}", content=ft.SelectionArea(ft.Text(
            link.url, size=12, color=ft.Colors.ON_SURFACE_VARIANT))),
        ft.Semantics(identifier=f"table-copy-{number}", container=True,
                     content=ft.OutlinedButton(
            t("tournament_ui.table.copy"), icon=ft.Icons.CONTENT_COPY, height=40,
            # Copied by the browser within the tap itself (Safari allows it only then).
            action=ft.CopyToClipboard(link.url),
            on_click=lambda _e: show_snackbar(t("tournament_ui.table.copied",
                                                number=number)))),
    ], spacing=4, expand=True, tight=True)
    return ft.Container(ft.Row([ft.Semantics(identifier=f"table-qr-{number}", button=True,
                                             container=True, content=qr), words],
                               spacing=10, vertical_alignment=ft.CrossAxisAlignment.START),
                        padding=ft.Padding.only(top=6))


def _unreachable(actions: RoundActions) -> list[ft.Control]:
    """Said plainly where the links are shown and printed: they would open nowhere."""
    if actions.unreachable is None:
        return []
    return [ft.Semantics(identifier="links-unreachable", container=True, content=ft.Container(
        ft.Row([ft.Icon(ft.Icons.WIFI_OFF, color=ft.Colors.ON_ERROR_CONTAINER, size=20),
                ft.Text(actions.unreachable, size=13, expand=True,
                        color=ft.Colors.ON_ERROR_CONTAINER)],
               spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=8, padding=10))]


def _organiser_buttons(entry: tm.TournamentRound, actions: RoundActions) -> list[ft.Control]:
    return [*_unreachable(actions), *_round_buttons(entry, actions)] \
        if entry.status is not RoundStatus.CLOSED else []


def _round_buttons(entry: tm.TournamentRound, actions: RoundActions) -> list[ft.Control]:
    if entry.status is RoundStatus.DRAWN:
        hint = (t("tournament_ui.round.swap_second", name=actions.picked) if actions.picked
                else t("tournament_ui.round.swap_hint"))
        return [
            ft.Semantics(identifier="swap-hint", content=ft.Text(
                hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT)),
            ft.Row([
                _button(t("tournament_ui.round.start", number=entry.number),
                        ft.Icons.PLAY_ARROW, lambda _e: actions.start(), filled=True),
                _button(t("tournament_ui.round.redraw"), ft.Icons.SHUFFLE,
                        lambda _e: actions.redraw()),
                _button(t("tournament_ui.round.print"), ft.Icons.PRINT, actions.print_draw),
            ], wrap=True, spacing=8, run_spacing=8),
        ]
    if entry.status is RoundStatus.PLAYING:
        return [ft.Row([
            _button(t("tournament_ui.round.close", number=entry.number),
                    ft.Icons.FLAG, lambda _e: actions.close(), filled=True),
            _button(t("tournament_ui.round.print"), ft.Icons.PRINT, actions.print_draw),
        ], wrap=True, spacing=8, run_spacing=8)]
    return []


def round_card(entry: tm.TournamentRound, rounds: int, actions: RoundActions | None,
               *, meetings: bool = True) -> ft.Control:
    """The round: its title and status, the clock while it is played, its tables (one
    under the other on a phone, side by side on a wide screen), the organiser's buttons."""
    controls: list[ft.Control] = [ft.Semantics(
        identifier=f"round-{entry.number}", content=ft.Text(
            round_title(entry, rounds), size=18, weight=ft.FontWeight.W_700))]
    if entry.status is RoundStatus.PLAYING and entry.ends_at is not None:
        controls.append(RoundClock(entry.ends_at))
    if meetings and entry.repeats:
        controls.append(ft.Text(t("tournament_ui.round.repeats", count=entry.repeats),
                                size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if actions is not None:
        controls += _organiser_buttons(entry, actions)
    controls.append(ft.ResponsiveRow([
        ft.Container(_table_card(entry, table, actions), col={"xs": 12, "md": 6})
        for table in entry.tables], spacing=8, run_spacing=8))
    return ft.Container(ft.Column(controls, spacing=8, tight=True),
                        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                        key=f"round-{entry.number}")
