"""The tournament's big screen (`/tournaments/{tid}/grand-ecran`): the standings, the
round's clock, the tables of the round being played, and the next round's draw once made;
read-only, live after every deal saved anywhere, in type legible across the room.

Each standings row holds a text keyed `standing-{player id}` whose value is the player's
total (bench/tournament.py measures when a deal's new total reaches it); the rows and the
tables' cards are memoized components, keyed, so that a deal redraws and sends only what
it changed."""

from __future__ import annotations

import dataclasses

import flet as ft

from scorepad.domain.tournament import RankingRule, RoundStatus, StandingLine
from scorepad.services import tournament as tm
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.models.tournament_view import round_text, total_text
from scorepad.ui.screens.big_screen import BACKGROUND, INK, PANEL, SOFT, rank_badge, scale_for
from scorepad.ui.services_context import use_uow
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.layout import loading_state
from scorepad.ui.widgets.tournament_parts import (
    RoundClock,
    progress_text,
    round_title,
    table_heading,
    tie_break,
)


@ft.component
def StandingCells(line: StandingLine, rule: RankingRule, rounds: tuple[int, ...],
                  player_id: int | str, s: float, lang: str) -> ft.Control:
    """A player's name, each round's score and total (drawn again when they change)."""
    total = total_text(line, rule, lang)
    cells = "  ".join(t("tournament_ui.big.round_cell", round=n, score=round_text(
        line.round(n), rule, lang)) for n in rounds)
    return ft.Row([
        ft.Column([ft.Text(line.player, size=36 * s, weight=ft.FontWeight.W_700, color=INK,
                           max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   ft.Text(cells, size=18 * s, color=SOFT, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=0, expand=True, tight=True),
        ft.Semantics(identifier=f"big-total-{line.player}", content=ft.Text(
            total, size=44 * s, weight=ft.FontWeight.W_800, color=INK,
            key=f"standing-{player_id}")),
    ], spacing=16 * s, expand=True)


@ft.component
def RankBadge(rank: int, diameter: float) -> ft.Control:
    return rank_badge(rank, diameter)


MemoStandingCells = ft.memo(StandingCells)
MemoRankBadge = ft.memo(RankBadge)


@ft.component
def StandingRow(rank: int, line: StandingLine, rule: RankingRule, rounds: tuple[int, ...],
                player_id: int | str, s: float, lang: str) -> ft.Control:
    """One player's line: rank, name, each round's score, total. Memoized (MemoStandingRow)
    and keyed by the player, so that after a deal only the lines whose rank or scores
    moved are drawn again and sent; a line moved a place by another table's deal draws
    its rank again, not its scores (`line` comes with its rank at 0: see `board`)."""
    return ft.Container(ft.Row([
        MemoRankBadge(rank, 54 * s),
        MemoStandingCells(line, rule, rounds, player_id, s, lang),
    ], spacing=16 * s), padding=ft.Padding.symmetric(vertical=4 * s, horizontal=10 * s))


MemoStandingRow = ft.memo(StandingRow)


@ft.component
def TableCard(table: tm.TournamentTable, s: float, lang: str) -> ft.Control:
    """A table of a round: seats in order, and how far it is while it plays. Memoized
    (MemoTableCard): a deal draws its own table's card again, not the others."""
    lines: list[ft.Control] = [ft.Row([
        ft.Text(table_heading(table), size=26 * s, weight=ft.FontWeight.W_700, color=INK,
                expand=True),
        *([ft.Text(progress_text(table), size=18 * s, color=SOFT)]
          if table.game_id is not None else []),
    ])]
    lines += [ft.Text(f"{seat}. {name}", size=22 * s, color=INK, max_lines=1,
                      overflow=ft.TextOverflow.ELLIPSIS)
              for seat, name in enumerate(table.seats, 1)]
    return ft.Container(ft.Column(lines, spacing=2 * s, tight=True), bgcolor=PANEL,
                        border_radius=14 * s, padding=14 * s)


MemoTableCard = ft.memo(TableCard)


def _tables(entry: tm.TournamentRound, s: float) -> ft.Control:
    """A round's tables, a card each."""
    lang = current_lang()
    cards = [ft.Container(MemoTableCard(table, s, lang), col={"xs": 12, "sm": 6, "xl": 4},
                          key=f"big-r{entry.number}-t{table.number}")
             for table in entry.tables]
    return ft.ResponsiveRow(cards, spacing=12 * s, run_spacing=12 * s)


def board(results: tm.TournamentResults, ids: dict[str, int], width: float | None
          ) -> ft.Control:
    view, standings = results.tournament, results.standings
    s = scale_for(width)
    lang = current_lang()
    playing = view.playing
    last = view.rounds[-1] if view.rounds else None
    drawn = last if last is not None and last.status is RoundStatus.DRAWN else None
    head: list[ft.Control] = [ft.Text(view.name, size=48 * s, weight=ft.FontWeight.W_800,
                                      color=INK, expand=True)]
    status: list[ft.Control] = []
    if playing is not None:
        status.append(ft.Text(round_title(playing, view.settings.rounds), size=26 * s,
                              color=SOFT))
        if playing.ends_at is not None:
            status.append(RoundClock(playing.ends_at, size=44 * s, color=INK,
                                     identifier="big-clock"))
    head.append(ft.Column(status, horizontal_alignment=ft.CrossAxisAlignment.END,
                          spacing=0, tight=True))
    ranking = ft.Container(ft.Column([
        ft.Text(t("tournament_ui.standings.title"), size=30 * s, color=SOFT,
                weight=ft.FontWeight.W_600),
        *([MemoStandingRow(line.rank, dataclasses.replace(line, rank=0), standings.rule,
                           standings.rounds, pid, s, lang, key=f"standing-row-{pid}")
           for line in standings.lines
           for pid in [ids.get(line.player, line.player)]] or [ft.Text(
               nt("tournament_ui.checkin.present", len(view.present)), size=28 * s,
               color=SOFT)]),
        ft.Text(tie_break(standings), size=16 * s, color=SOFT),
    ], spacing=4 * s), col={"xs": 12, "md": 6})
    side: list[ft.Control] = []
    if drawn is not None:
        side += [ft.Semantics(identifier="big-next-draw", content=ft.Text(
            t("tournament_ui.big.next_draw", number=drawn.number), size=30 * s, color=SOFT,
            weight=ft.FontWeight.W_600)), _tables(drawn, s)]
    if playing is not None:
        side += [ft.Text(t("tournament_ui.big.tables", number=playing.number), size=30 * s,
                         color=SOFT, weight=ft.FontWeight.W_600), _tables(playing, s)]
    return ft.Column([
        ft.Row(head, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.ResponsiveRow([ranking, ft.Container(ft.Column(side, spacing=10 * s),
                                                col={"xs": 12, "md": 6})],
                         spacing=32 * s, run_spacing=24 * s,
                         vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=20 * s)


@ft.component
def TournamentBigScreen(tournament_id: int) -> ft.View:
    live = use_tournament(use_uow(), tournament_id)
    width = ft.context.page.width
    content: ft.Control
    if not live.loaded:
        content = loading_state()
    elif live.results is None:
        content = ft.Text(t("tournament_ui.page.not_found_text", id=str(tournament_id)),
                          size=40, color=INK)
    else:
        content = board(live.results, live.player_ids, width)
    return ft.View(route=f"/tournaments/{tournament_id}/grand-ecran", bgcolor=BACKGROUND,
                   padding=ft.Padding.all(28 * scale_for(width)),
                   controls=[ft.ListView([content], expand=True)])


@ft.component
def TournamentBigScreenRoute() -> ft.View:
    value = ft.use_route_params().get("tid", "")
    return TournamentBigScreen(int(value) if value.isdigit() else 0)
