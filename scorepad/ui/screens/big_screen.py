"""The big screen: a read-only, live page for the club's TV or a laptop, the evening's tables
with their current totals and the overall ranking, in type legible across the room."""

from __future__ import annotations

from datetime import date

import flet as ft

from scorepad import services
from scorepad.collation import name_key
from scorepad.domain.soiree import SoireePlayer, SoireeRecap, SoireeTable
from scorepad.ui.data import use_data
from scorepad.ui.i18n import t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.models.fmt import signed
from scorepad.ui.models.stats_filter import parse_circle, parse_day
from scorepad.ui.services_context import use_uow
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.soiree_parts import MEDALS, average_text, day_text, summary_line

BACKGROUND = "#0E3B2C"  # the card table's green, darker: white type reads from afar
PANEL = "#16503D"
INK = "#FFFFFF"
SOFT = "#B8D8C8"


def scale_for(width: float | None) -> float:
    """Type grows with the screen: 1 on a 1920-pixel TV, never below a phone's 0.5."""
    return max(0.5, min(1.6, (width or 1280) / 1920))


def rank_badge(rank: int, diameter: float) -> ft.Control:
    """A rank in its disc: gold, silver and bronze for the first three."""
    medal = MEDALS.get(rank)
    return ft.Container(ft.Text(str(rank), size=diameter * 0.53, weight=ft.FontWeight.W_800,
                                color="#1B1B1B" if medal else INK),
                        bgcolor=medal, width=diameter, height=diameter,
                        border_radius=diameter / 2, alignment=ft.Alignment.CENTER)


def _ranking_row(p: SoireePlayer, s: float) -> ft.Control:
    return ft.Container(ft.Row([
        rank_badge(p.rank, 64 * s),
        ft.Column([ft.Text(p.player, size=44 * s, weight=ft.FontWeight.W_700, color=INK,
                           max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   ft.Text(average_text(p), size=22 * s, color=SOFT)],
                  spacing=0, expand=True, tight=True),
        ft.Semantics(identifier=f"big-total-{p.player}", content=ft.Text(
            signed(p.total), size=56 * s, weight=ft.FontWeight.W_800, color=INK)),
    ], spacing=20 * s), padding=ft.Padding.symmetric(vertical=6 * s, horizontal=12 * s))


def _table_card(table: SoireeTable, s: float) -> ft.Control:
    ordered = sorted(table.totals.items(), key=lambda kv: (-kv[1], name_key(kv[0])))
    rows = [ft.Row([
        ft.Text(name, size=32 * s, color=INK, expand=True, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
        ft.Semantics(identifier=f"big-table-{table.game_id}-{name}", content=ft.Text(
            signed(total), size=36 * s, weight=ft.FontWeight.W_700, color=INK)),
    ]) for name, total in ordered]
    deals = t("big_screen.deal", number=table.deals) if table.deals else t("big_screen.no_deal")
    return ft.Container(ft.Column([
        ft.Row([ft.Text(table.name, size=30 * s, weight=ft.FontWeight.W_700, color=INK,
                        expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(deals, size=22 * s, color=SOFT)]),
        *rows,
    ], spacing=4 * s), bgcolor=PANEL, border_radius=16 * s, padding=20 * s,
        col={"xs": 12, "lg": 6})


def _header(recap: SoireeRecap, day: date, s: float) -> ft.Control:
    title = t("nav.evening") + (f" · {recap.circle}" if recap.circle else "")
    return ft.Row([
        ft.Text(title, size=52 * s, weight=ft.FontWeight.W_800, color=INK, expand=True),
        ft.Column([ft.Text(day_text(day), size=26 * s, color=SOFT),
                   ft.Text(summary_line(recap), size=22 * s, color=SOFT)],
                  horizontal_alignment=ft.CrossAxisAlignment.END, spacing=0, tight=True),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def board(recap: SoireeRecap, day: date, width: float | None) -> ft.Control:
    """The whole screen: header, the ranking on the left, the tables on the right (one
    under the other on a narrow screen)."""
    s = scale_for(width)
    if not recap.tables:
        waiting = t("big_screen.waiting")
        return ft.Column([_header(recap, day, s),
                          ft.Text(waiting, size=36 * s, color=SOFT)], spacing=40 * s)
    ranking = ft.Container(ft.Column([
        ft.Text(t("big_screen.ranking"), size=34 * s, color=SOFT,
                weight=ft.FontWeight.W_600),
        *[_ranking_row(p, s) for p in recap.players],
    ], spacing=4 * s), col={"xs": 12, "md": 5})
    tables = ft.Container(ft.Column([
        ft.Text(t("big_screen.tables"), size=34 * s, color=SOFT, weight=ft.FontWeight.W_600),
        ft.ResponsiveRow([_table_card(table, s) for table in recap.tables], spacing=16 * s,
                         run_spacing=16 * s),
    ], spacing=8 * s), col={"xs": 12, "md": 7})
    return ft.Column([
        _header(recap, day, s),
        ft.ResponsiveRow([ranking, tables], spacing=32 * s, run_spacing=24 * s,
                         vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=24 * s)


@ft.component
def BigScreenView(circle: int | None, day: date | None) -> ft.View:
    # The app state: its layout signal re-renders this screen at the new width.
    use_app_state()
    uow = use_uow()
    evening = day or services.today()
    route = "/grand-ecran"

    def load() -> SoireeRecap | None:
        try:
            return services.soiree(uow(), evening, circle=circle)
        except services.CircleNotFound:
            return None

    data = use_data(load, key=[circle, evening], topics=[GAMES_TOPIC])
    width = ft.context.page.width
    content: ft.Control = ft.ProgressRing(color=INK)
    if data.loaded:
        recap = data.value
        content = board(recap, evening, width) if recap is not None else ft.Text(
            t("big_screen.circle_not_found"), size=40, color=INK)
    return ft.View(
        route=route, bgcolor=BACKGROUND, padding=ft.Padding.all(32 * scale_for(width)),
        controls=[ft.ListView([content], expand=True)],
    )


@ft.component
def BigScreenRoute() -> ft.View:
    params = ft.use_route_params()
    return BigScreenView(parse_circle(params.get("circle")), parse_day(params.get("day")))
