"""Classement du tournoi, on every phone: each player's total, score and table in each
round, the tie-break stated, live after every deal; and "Trouver ma table": a name typed,
the table and seat of the round drawn last."""

from __future__ import annotations

import flet as ft

from scorepad.domain.messages import N_
from scorepad.domain.tournament import RoundStatus
from scorepad.services import tournament as tm
from scorepad.ui.data import use_data
from scorepad.ui.i18n import t
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.layout import empty_state, loading_state, screen, section_title
from scorepad.ui.widgets.text_input import kept_field
from scorepad.ui.widgets.tournament_parts import standing_line, tie_break

SEAT_WORDS = {RoundStatus.DRAWN: N_("tournament_ui.seat.next"),
              RoundStatus.PLAYING: N_("tournament_ui.seat.playing"),
              RoundStatus.CLOSED: N_("tournament_ui.seat.closed")}


def seat_text(found: tm.SeatFinding) -> str:
    """"Table 2, place 3 (manche 2, en cours) · avec Bruno, Cécile et Didier", and for a
    substitute " · remplace Léa"; a player who left during the round is said gone."""
    if found.left:
        return t("tournament_ui.seat.left", player=found.player, table=found.table,
                 seat=found.seat, round=found.round)
    others = [name for name in found.seats if name != found.player]
    text = t(SEAT_WORDS[found.status], player=found.player, table=found.table,
             seat=found.seat, round=found.round, others=others)
    if found.replaces is not None:
        text += " · " + t("tournament_ui.table.replaces", name=found.replaces)
    return text


def _seats(uow: UowFactory, tid: int, typed: str) -> list[tm.SeatFinding]:
    """Where the typed name sits (database reads: off the render, by use_data)."""
    return tm.find_seat(uow(), tid, typed) if typed.strip() else []


def _finder(typed: str, found: list[tm.SeatFinding]) -> list[ft.Control]:
    if not typed.strip():
        return []
    if not found:
        return [ft.Text(t("tournament_ui.seat.nobody", typed=typed.strip()),
                        color=ft.Colors.ON_SURFACE_VARIANT)]
    return [ft.Semantics(identifier=f"seat-found-{f.player}", content=ft.Text(
        seat_text(f), size=15)) for f in found]


@ft.component
def StandingsPage(tournament_id: int) -> ft.View:
    uow = use_uow()
    live = use_tournament(uow, tournament_id)
    results = live.results
    typed, set_typed = ft.use_state("")
    route = f"/tournaments/{tournament_id}/standings"
    # Read again when a round is drawn or swapped (the tournament's revision moves).
    found = use_data(lambda: _seats(uow, tournament_id, typed), key=(
        tournament_id, typed, results.tournament.revision if results else None))
    seats = _finder(typed, found.value if found.current else [])
    if not live.loaded:
        return screen(t("tournament_ui.standings.title"), loading_state(), route=route)
    if results is None:
        return screen(t("tournament_ui.page.not_found"), empty_state(
            ft.Icons.SEARCH_OFF, t("tournament_ui.page.not_found"),
            t("tournament_ui.page.not_found_text", id=str(tournament_id))), route=route)
    standings = results.standings
    lines: list[ft.Control] = [standing_line(line, standings) for line in standings.lines]
    if not lines:
        lines = [empty_state(ft.Icons.LEADERBOARD, t("tournament_ui.standings.empty_title"),
                             t("tournament_ui.standings.empty_text"))]
    controls: list[ft.Control] = [
        section_title(t("tournament_ui.seat.title")),
        ft.Container(kept_field(
            label=t("tournament_ui.seat.field"), dense=True,
            capitalization=ft.TextCapitalization.WORDS,
            on_change=lambda e: set_typed(str(e.data or ""))),
            padding=ft.Padding.symmetric(horizontal=16)),
        ft.Container(ft.Column(seats, spacing=6, tight=True),
                     padding=ft.Padding.symmetric(horizontal=16, vertical=4)),
        section_title(t("tournament_ui.standings.title")),
        *lines,
        ft.Container(ft.Semantics(identifier="tie-break", content=ft.Text(
            tie_break(standings), size=12, color=ft.Colors.ON_SURFACE_VARIANT)),
            padding=ft.Padding.all(16)),
    ]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=24))
    return screen(t("tournament_ui.standings.screen_title", name=results.tournament.name),
                  body, route=route)


@ft.component
def StandingsRoute() -> ft.View:
    value = ft.use_route_params().get("tid", "")
    return StandingsPage(int(value) if value.isdigit() else 0)
