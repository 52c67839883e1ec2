"""The tournament screens' shared pieces: the round's clock (a live countdown), a table's
seats (who replaced whom) and progress, a standings line, the tie-break stated."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime

import flet as ft

from scorepad.domain.messages import N_
from scorepad.domain.tournament import RankingRule, RoundStatus, StandingLine, Standings
from scorepad.services import tournament as tm
from scorepad.services.ports import GameFacts
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.models.fmt import game_title, signed
from scorepad.ui.models.tournament_view import (
    SeatNow,
    clock_text,
    round_text,
    seats_now,
    seconds_left,
    total_text,
)


def _now() -> datetime:
    return datetime.now(UTC)


@ft.component
def RoundClock(ends_at: datetime | None, size: float = 16, color: str | None = None,
               identifier: str = "round-clock") -> ft.Control:
    """"Temps restant 42:10", ticking every second (only this control is redrawn); "Temps
    écoulé" once the round's time is up."""
    now, set_now = ft.use_state(_now)

    async def tick() -> None:
        while True:
            await asyncio.sleep(1)
            set_now(_now())

    # The cleanup makes Flet cancel the ticking task when the clock goes away.
    ft.use_effect(tick, dependencies=[ends_at], cleanup=lambda: None)
    left = seconds_left(ends_at, now)
    if left is None:
        return ft.Container()
    text = t("tournament_ui.clock.up") if left == 0 else t(
        "tournament_ui.clock.left", clock=clock_text(left))
    return ft.Semantics(identifier=identifier, content=ft.Text(
        text, size=size, weight=ft.FontWeight.W_700,
        color=ft.Colors.ERROR if left == 0 else color))


def round_title(entry: tm.TournamentRound, rounds: int) -> str:
    status = {RoundStatus.DRAWN: t("tournament_ui.round.drawn"),
              RoundStatus.PLAYING: t("tournament_ui.round.playing"),
              RoundStatus.CLOSED: t("tournament_ui.round.closed")}[entry.status]
    return t("tournament_ui.round.title", number=entry.number, rounds=rounds, status=status)


def progress_text(table: tm.TournamentTable) -> str:
    """"Donnes jouées 2/4" (plural-safe on the round's count), or "Terminée"."""
    if table.done:
        return t("tournament_ui.table.done", played=table.deals_played, due=table.deals_due)
    return nt("tournament_ui.table.progress", table.deals_due, played=table.deals_played)


def table_heading(table: tm.TournamentTable) -> str:
    heading = t("tournament_ui.table.title", number=table.number)
    if table.dealer_sits_out:
        heading += " · " + t("tournament_ui.table.dealer_out")
    return heading


def bar_title(game: GameFacts) -> str | ft.Control:
    """A game's title in its sheet's bar: its name, or for a tournament table's game
    "Table 3" over "Manche 2" (on one line, "Table 3 · manche 2" was cut on a 390-pixel
    phone beside the bar's buttons)."""
    if game.tournament_table is None or game.tournament_round is None:
        return game_title(game)
    return ft.Semantics(identifier="bar-title", container=True, content=ft.Column([
        ft.Text(t("tournament_ui.table.title", number=game.tournament_table), size=20,
                weight=ft.FontWeight.W_600, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(t("tournament_ui.game_round", round=game.tournament_round), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
    ], spacing=0, tight=True))


SeatTap = Callable[[str], None]


def seat_note(seat: SeatNow) -> str | None:
    """"remplace Léa", "a quitté la table": what became of the player drawn at a seat."""
    if seat.replaces is not None:
        return t("tournament_ui.table.replaces", name=seat.replaces)
    return t("tournament_ui.table.gone") if seat.gone else None


def seat_name(seat: SeatNow, size: float, *, color: str | None = None,
              note_color: str | None = None,
              weight: ft.FontWeight | None = None) -> list[ft.Control]:
    """Who sits at the seat and, when the player drawn there left, a short note: the
    substitute's name then "remplace Léa"; the player who left struck through, then "a
    quitté la table"."""
    note = seat_note(seat)
    name = ft.Text(seat.name, size=size, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                   color=color, weight=weight, expand=note is None,
                   style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
                   if seat.gone else None)
    if note is None:
        return [name]
    return [name, ft.Text(note, size=size * 0.72, max_lines=1, expand=True, italic=True,
                          overflow=ft.TextOverflow.ELLIPSIS,
                          color=note_color or ft.Colors.ON_SURFACE_VARIANT)]


def seat_rows(table: tm.TournamentTable, *, selected: str | None = None,
              on_tap: SeatTap | None = None, prefix: str = "seat") -> list[ft.Control]:
    """The table's seats in order (seat 1 deals first), each name a target when the
    organiser may swap; the player picked first is marked; a player who left during the
    round shows as replaced ("Yvonne remplace Léa") or gone. Each row is identified by
    the player drawn there (`{prefix}-{name}`)."""
    rows: list[ft.Control] = []
    for seat in seats_now(table):
        name = seat.drawn
        total = table.totals.get(name) if table.game_id is not None else None
        picked = name == selected
        row: list[ft.Control] = [
            ft.Text(str(seat.number), width=22, color=ft.Colors.ON_SURFACE_VARIANT,
                    weight=ft.FontWeight.W_600),
            *seat_name(seat, 15,
                       weight=ft.FontWeight.W_700 if picked else ft.FontWeight.W_500,
                       color=ft.Colors.PRIMARY if picked else None),
        ]
        if seat.number == 1:
            row.append(ft.Icon(ft.Icons.STYLE, size=16, color=ft.Colors.PRIMARY,
                               tooltip=t("tournament_ui.table.first_dealer")))
        if total is not None:
            row.append(ft.Text(signed(total), size=15, weight=ft.FontWeight.W_600))
        content = ft.Container(ft.Row(row, spacing=6), height=40,
                               padding=ft.Padding.symmetric(horizontal=8),
                               bgcolor=ft.Colors.PRIMARY_CONTAINER if picked else None,
                               border_radius=8,
                               on_click=(lambda _e, n=name: on_tap(n)) if on_tap else None)
        rows.append(ft.Semantics(identifier=f"{prefix}-{name}", button=on_tap is not None,
                                 selected=picked, container=True, content=content))
    return rows


#: each ranking rule and its tie-break, as the exports state them
RULES = {RankingRule.SUM: (N_("tournament.export.rule_sum"),
                           N_("tournament.export.tiebreak_sum")),
         RankingRule.PLACEMENT: (N_("tournament.export.rule_placement"),
                                 N_("tournament.export.tiebreak_placement"))}


def tie_break(standings: Standings) -> str:
    """The rule and its tie-break, stated under every ranking, and how a round missed
    and a table without a deal count (docs/RULES.md §10)."""
    rule, tiebreak = RULES[standings.rule]
    return t("tournament_ui.standings.rule", rule=t(rule), tiebreak=t(tiebreak)) + " " + \
        t("tournament_ui.standings.absences")


def standing_line(line: StandingLine, standings: Standings, *, key_prefix: str = "standing"
                  ) -> ft.Control:
    """One player's line on a phone: rank, name, total; under it each round's score and
    table ("M1 T2 +96")."""
    lang = current_lang()
    rule = standings.rule
    cells = []
    for number in standings.rounds:
        result = line.round(number)
        if result is None:  # arrived later, or gone: the round counts 0 (the TV's words)
            where = t("tournament_ui.big.round_cell", round=number,
                      score=round_text(None, rule, lang))
        elif result.place == 0:  # the table recorded no deal: no place, no points
            where = t("tournament_ui.standings.no_deal_cell", round=number,
                      table=result.table)
        else:
            where = t("tournament_ui.standings.round_cell", round=number,
                      table=result.table, score=round_text(result, rule, lang))
        cells.append(ft.Semantics(
            identifier=f"{key_prefix}-r{number}-{line.player}",
            content=ft.Text(where, size=12, color=ft.Colors.ON_SURFACE_VARIANT)))
    total = total_text(line, rule, lang)
    second = (t("tournament_ui.standings.score_aside", score=signed(line.score))
              if rule is RankingRule.PLACEMENT else None)
    return ft.Container(ft.Row([
        ft.Text(str(line.rank), width=28, size=16, weight=ft.FontWeight.W_700,
                text_align=ft.TextAlign.CENTER),
        ft.Column([
            ft.Text(line.player, size=16, weight=ft.FontWeight.W_600, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Row(cells, spacing=10, wrap=True, run_spacing=0),
        ], spacing=0, expand=True, tight=True),
        ft.Column([
            ft.Semantics(identifier=f"{key_prefix}-total-{line.player}", content=ft.Text(
                total, size=18, weight=ft.FontWeight.W_700)),
            *([ft.Text(second, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if second else []),
        ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END),
    ], spacing=8), padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        key=f"{key_prefix}-{line.player}")
