"""Pieces of the season ranking: the players' table, the player x contract table coloured
by success rate, partner results at 5 players, and the skill ratings explained."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad import services
from scorepad.domain.model import CONTRACTS
from scorepad.domain.ranking import RankedPlayer
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.models.fmt import contract, number, signed

GREEN = "#2E9D4A"
RED = "#D3423A"


def success_color(rate: float | None) -> str | None:
    """A translucent green (made more often than not) or red (lost more often), stronger
    the further from 50 %: the text keeps the theme's colour, so it reads in dark mode."""
    if rate is None:
        return None
    strength = abs(rate - 0.5) * 2  # 0 at 50 %, 1 at 0 % or 100 %
    return ft.Colors.with_opacity(round(0.15 + 0.45 * strength, 2),
                                  GREEN if rate >= 0.5 else RED)


def pct(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)} %"


#: a name column's width: a long name wraps on two lines instead of widening the table
NAME_WIDTH = 88
#: the widest table that fits a 360 px phone without scrolling
PHONE_WIDTH = 360


def _cell(text: str, ident: str | None = None, *, bold: bool = False,
          bgcolor: str | None = None, width: int | None = None,
          on_tap: Callable[[], None] | None = None) -> ft.DataCell:
    # A name that opens the player's page is in the link colour.
    content: ft.Control = ft.Text(text, size=13, weight=ft.FontWeight.W_600 if bold else None,
                                  width=width, max_lines=2 if width else None,
                                  overflow=ft.TextOverflow.ELLIPSIS if width else None,
                                  color=ft.Colors.PRIMARY if on_tap else None)
    if ident:
        content = ft.Semantics(identifier=ident, content=content)
    if bgcolor:
        content = ft.Container(content, bgcolor=bgcolor, border_radius=6,
                               padding=ft.Padding.symmetric(horizontal=6, vertical=4))
    return ft.DataCell(content, on_tap=(lambda _e: on_tap()) if on_tap else None)


def _scrolling(table: ft.DataTable) -> ft.Control:
    """A table wider than the phone scrolls sideways instead of being cut, and shows that
    it does: a scrollbar always drawn under it and, on a phone, a line saying so above."""
    row = ft.Semantics(identifier="scrolling-table", container=True,
                       content=ft.Row([table], scroll=ft.ScrollMode.ALWAYS))
    width = ft.context.page.width
    if width is not None and width > 2 * PHONE_WIDTH:
        return row
    hint = ft.Container(ft.Row([
        ft.Icon(ft.Icons.SWIPE_LEFT, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Semantics(identifier="scroll-hint", content=ft.Text(
            t("ranking.scroll_hint"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            expand=True)], spacing=6), padding=ft.Padding.symmetric(horizontal=16))
    return ft.Column([hint, row], spacing=2)


def ranking_table(players: Sequence[RankedPlayer],
                  open_player: Callable[[str], None] | None = None) -> ft.Control:
    """Rank, player, total, deals played, average per deal, games won: fits a 360 px
    phone (a long name wraps; the rating has its own section below, with its sentence).
    A tap on a name opens the player's page (`open_player`)."""
    columns = [ft.DataColumn(ft.Text("#"), numeric=True),
               ft.DataColumn(ft.Text(t("ranking_parts.player"))),
               ft.DataColumn(ft.Text(t("ranking_parts.total")), numeric=True),
               ft.DataColumn(ft.Text(t("ranking_parts.deals")), numeric=True),
               ft.DataColumn(ft.Text(t("ranking_parts.average")), numeric=True),
               ft.DataColumn(ft.Text(t("ranking_parts.won")), numeric=True)]
    rows = []
    for p in players:
        average = p.average
        rows.append(ft.DataRow(cells=[
            _cell(str(p.rank)),
            _cell(p.player, f"rank-name-{p.player}", bold=True, width=NAME_WIDTH,
                  on_tap=(lambda name=p.player: open_player(name)) if open_player else None),
            _cell(signed(p.total), f"rank-total-{p.player}", bold=True),
            _cell(number(p.deals_played)),
            _cell("—" if average is None else signed(round(average, 1)),
                  f"rank-average-{p.player}"),
            _cell(number(p.games_won), f"rank-won-{p.player}"),
        ]))
    return ft.Semantics(identifier="ranking-table", container=True, content=ft.DataTable(
        columns=columns, rows=rows, column_spacing=8, horizontal_margin=8,
        heading_row_height=40, data_row_min_height=40, data_row_max_height=52))


def contract_table(players: Sequence[RankedPlayer]) -> ft.Control:
    """Takes and success rate, by player and contract; each cell coloured by its rate."""
    columns = [ft.DataColumn(ft.Text(t("ranking_parts.player")))]
    columns += [ft.DataColumn(ft.Text(contract(c))) for c in CONTRACTS]
    rows = []
    for p in players:
        cells = [_cell(p.player, bold=True, width=NAME_WIDTH)]
        for c in CONTRACTS:
            stats = p.contract(c)
            text = "—" if not stats.takes else f"{stats.made}/{stats.takes} · " \
                                               f"{pct(stats.success_rate)}"
            cells.append(_cell(text, f"contract-{p.player}-{c.value}",
                               bgcolor=success_color(stats.success_rate)))
        rows.append(ft.DataRow(cells=cells))
    table = ft.DataTable(columns=columns, rows=rows, column_spacing=10, horizontal_margin=12,
                         heading_row_height=40, data_row_min_height=42,
                         data_row_max_height=52)
    legend = ft.Row([
        ft.Container(width=14, height=14, bgcolor=success_color(1.0), border_radius=3),
        ft.Text(t("ranking_parts.often_made"), size=12),
        ft.Container(width=14, height=14, bgcolor=success_color(0.0), border_radius=3),
        ft.Text(t("ranking_parts.often_lost"), size=12),
        ft.Text(t("ranking_parts.legend"), size=12,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=6, wrap=True)
    return ft.Column([_scrolling(table), ft.Container(legend, padding=ft.Padding.symmetric(
        horizontal=16))], spacing=6)


def partner_lines(players: Sequence[RankedPlayer]) -> ft.Control | None:
    """At 5 players: each player's deals in the attack with each partner."""
    tiles: list[ft.Control] = []
    for p in players:
        if not p.partners:
            continue
        facts = [t("ranking_parts.partner", partner=r.partner, made=r.made, deals=r.deals,
                   points=signed(r.points)) for r in p.partners]
        tiles.append(ft.ListTile(title=ft.Text(p.player, weight=ft.FontWeight.W_600),
                                 subtitle=ft.Text(" · ".join(facts), size=12), dense=True))
    return ft.Column(tiles, spacing=0) if tiles else None


def rating_lines(players: Sequence[RankedPlayer]) -> ft.Control:
    """Each player's rating, its uncertainty, and the sentence saying what it means."""
    lang = current_lang()
    rated = sorted((p for p in players if p.rating is not None),
                   key=lambda p: -(p.rating.ordinal if p.rating else 0))
    tiles: list[ft.Control] = []
    for place, p in enumerate(rated, start=1):
        rating = p.rating
        assert rating is not None
        tiles.append(ft.ListTile(
            leading=ft.Text(f"{place}.", size=15),
            title=ft.Row([ft.Text(p.player, weight=ft.FontWeight.W_600, expand=True),
                          ft.Semantics(identifier=f"rating-{p.player}", content=ft.Text(
                              f"{number(round(rating.mu, 1))} ± "
                              f"{number(round(rating.sigma, 1))}",
                              weight=ft.FontWeight.W_600))]),
            subtitle=ft.Text(services.rating_sentence(rating, lang), size=12)))
    if not tiles:
        tiles.append(ft.Container(ft.Text(
            t("ranking_parts.no_rating"),
            color=ft.Colors.ON_SURFACE_VARIANT), padding=ft.Padding.symmetric(horizontal=16)))
    tiles.append(ft.Container(ft.Text(services.RATING_EXPLAINED[lang], size=13,
                                      color=ft.Colors.ON_SURFACE_VARIANT),
                              padding=ft.Padding.symmetric(horizontal=16, vertical=8)))
    return ft.Column(tiles, spacing=0)


def summary(games: int, deals: int, period_label: str) -> str:
    return " · ".join([period_label, nt("games.count", games),
                       nt("ranking_parts.deals_count", deals)])
