"""The tournament's big screen (`/tournaments/{tid}/grand-ecran`): the standings, the
round's clock, the tables of the round being played, and the next round's draw once made;
read-only, live after every deal saved anywhere, in type legible across the room.

Each standings row holds a text keyed `standing-{player id}` whose value is the player's
total (bench/tournament.py measures when a deal's new total reaches it)."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.domain.tournament import RoundStatus, StandingLine, Standings
from scorepad.services import tournament as tm
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.models.tournament_view import round_text, total_text
from scorepad.ui.screens.big_screen import BACKGROUND, INK, PANEL, SOFT, rank_badge, scale_for
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.tournament_parts import (
    RoundClock,
    progress_text,
    round_title,
    table_heading,
    tie_break,
)


def _row(line: StandingLine, standings: Standings, player_id: int | str, s: float
         ) -> ft.Control:
    lang = current_lang()
    total = total_text(line, standings.rule, lang)
    rounds = "  ".join(t("tournament_ui.big.round_cell", round=n, score=round_text(
        line.round(n), standings.rule, lang)) for n in standings.rounds)
    return ft.Container(ft.Row([
        rank_badge(line.rank, 54 * s),
        ft.Column([ft.Text(line.player, size=36 * s, weight=ft.FontWeight.W_700, color=INK,
                           max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   ft.Text(rounds, size=18 * s, color=SOFT, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=0, expand=True, tight=True),
        ft.Semantics(identifier=f"big-total-{line.player}", content=ft.Text(
            total, size=44 * s, weight=ft.FontWeight.W_800, color=INK,
            key=f"standing-{player_id}")),
    ], spacing=16 * s), padding=ft.Padding.symmetric(vertical=4 * s, horizontal=10 * s),
        key=f"standing-row-{player_id}")


def _tables(entry: tm.TournamentRound, s: float) -> ft.Control:
    """A round's tables: seats in order, and how far each table is while it plays."""
    cards = []
    for table in entry.tables:
        lines: list[ft.Control] = [ft.Row([
            ft.Text(table_heading(table), size=26 * s, weight=ft.FontWeight.W_700, color=INK,
                    expand=True),
            *([ft.Text(progress_text(table), size=18 * s, color=SOFT)]
              if table.game_id is not None else []),
        ])]
        lines += [ft.Text(f"{seat}. {name}", size=22 * s, color=INK, max_lines=1,
                          overflow=ft.TextOverflow.ELLIPSIS)
                  for seat, name in enumerate(table.seats, 1)]
        cards.append(ft.Container(ft.Column(lines, spacing=2 * s, tight=True),
                                  bgcolor=PANEL, border_radius=14 * s, padding=14 * s,
                                  col={"xs": 12, "sm": 6, "xl": 4},
                                  key=f"big-r{entry.number}-t{table.number}"))
    return ft.ResponsiveRow(cards, spacing=12 * s, run_spacing=12 * s)


def board(results: tm.TournamentResults, ids: dict[str, int], width: float | None
          ) -> ft.Control:
    view, standings = results.tournament, results.standings
    s = scale_for(width)
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
        *([_row(line, standings, ids.get(line.player, line.player), s)
           for line in standings.lines] or [ft.Text(
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


def _player_ids(uow: UowFactory, names: tuple[str, ...]) -> dict[str, int]:
    if not names:
        return {}
    return {p.name: p.id for p in services.list_players(uow(), include_hidden=True)
            if p.name in names}


@ft.component
def TournamentBigScreen(tournament_id: int) -> ft.View:
    uow = use_uow()
    results, _again = use_tournament(uow, tournament_id)
    names = tuple(sorted(e.name for e in results.tournament.entrants)) if results else ()
    ids = ft.use_memo(lambda: _player_ids(uow, names), dependencies=[names])
    width = ft.context.page.width
    content: ft.Control = board(results, ids, width) if results is not None else ft.Text(
        t("tournament_ui.page.not_found_text", id=str(tournament_id)), size=40, color=INK)
    return ft.View(route=f"/tournaments/{tournament_id}/grand-ecran", bgcolor=BACKGROUND,
                   padding=ft.Padding.all(28 * scale_for(width)),
                   controls=[ft.ListView([content], expand=True)])


@ft.component
def TournamentBigScreenRoute() -> ft.View:
    value = ft.use_route_params().get("tid", "")
    return TournamentBigScreen(int(value) if value.isdigit() else 0)
