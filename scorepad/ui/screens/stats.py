"""Statistics: each player's cumulative score as a line chart, and the per-player table,
for one game and across every game."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft
import flet_charts as fch

from scorepad import services
from scorepad.collation import name_key, sorted_names
from scorepad.domain.game import PlayedGame
from scorepad.domain.stats import PlayerStats
from scorepad.services import CircleRow
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.dates import use_dates_picker
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC, game_topic
from scorepad.ui.models.fmt import number, signed
from scorepad.ui.models.stats_filter import StatsFilter, circle_key
from scorepad.ui.services_context import use_uow
from scorepad.ui.widgets.chart_colours import series_colours
from scorepad.ui.widgets.filters import filter_bar
from scorepad.ui.widgets.layout import (
    empty_state,
    game_not_found_screen,
    loading_state,
    screen,
    section_title,
    use_page_key,
)


def _nice_step(span: float) -> int:
    for step in (10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000):
        if span / step <= 6:
            return step
    return 100000


def score_chart(series: dict[str, Sequence[int]], x_title: str, *, first_x: int = 0
                ) -> ft.Control:
    """Line chart of cumulative scores with a legend (charts have no semantics: the
    numbers are also in the table below)."""
    if not series or max((len(v) for v in series.values()), default=0) < 2:
        return ft.Container()
    values = [y for v in series.values() for y in v]
    low, high = min([*values, 0]), max([*values, 0])
    step = _nice_step(max(high - low, 1))
    low = (low // step) * step
    high = -((-high) // step) * step
    length = max(len(v) for v in series.values())
    colours = series_colours(len(series))
    data = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=i, y=y, tooltip=f"{name} {signed(y)}")
                    for i, y in enumerate(values_)],
            color=colours[k], stroke_width=2.5, curved=False,
            rounded_stroke_cap=True, point=length <= 30,
        )
        for k, (name, values_) in enumerate(series.items())
    ]
    x_every = max(1, (length - 1) // 6)
    chart = fch.LineChart(
        data_series=data,
        min_y=low, max_y=high, min_x=0, max_x=length - 1,
        left_axis=fch.ChartAxis(label_size=44, labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(number(v), size=10))
            for v in range(int(low), int(high) + 1, step)]),
        bottom_axis=fch.ChartAxis(label_size=24, title=ft.Text(x_title, size=11),
                                  title_size=18, labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(str(i + first_x), size=10))
            for i in range(0, length, x_every)]),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.6,
                                                 color=ft.Colors.OUTLINE_VARIANT),
        baseline_y=0,
        expand=True,
        interactive=True,
    )
    legend = ft.Row([
        ft.Row([ft.Container(width=12, height=12, border_radius=6,
                             bgcolor=colours[k]),
                ft.Text(name, size=12)], spacing=4, tight=True)
        for k, name in enumerate(series)
    ], wrap=True, spacing=14, run_spacing=4, alignment=ft.MainAxisAlignment.CENTER)
    return ft.Column([
        ft.Container(chart, height=240, padding=ft.Padding.only(left=4, right=16, top=8)),
        ft.Container(legend, padding=ft.Padding.symmetric(horizontal=16)),
    ], spacing=8)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)} %"


def players_table(players: Sequence[PlayerStats], *, with_games: bool) -> ft.Control:
    """The per-player table: total, takes, success rate, average per deal played."""
    ordered = sorted(players, key=lambda p: (-p.total, name_key(p.player)))

    def cell(text: str, ident: str | None = None, bold: bool = False) -> ft.DataCell:
        content: ft.Control = ft.Text(text, weight=ft.FontWeight.W_600 if bold else None,
                                      size=13)
        if ident:
            content = ft.Semantics(identifier=ident, content=content)
        return ft.DataCell(content)

    columns = [ft.DataColumn(ft.Text(t("stats.player"))),
               ft.DataColumn(ft.Text(t("stats.total")), numeric=True)]
    if with_games:
        columns.append(ft.DataColumn(ft.Text(t("stats.games")), numeric=True))
    columns += [ft.DataColumn(ft.Text(t("stats.takes")), numeric=True),
                ft.DataColumn(ft.Text(t("stats.success")), numeric=True),
                ft.DataColumn(ft.Text(t("stats.average")), numeric=True)]
    rows = []
    for p in ordered:
        cells = [cell(p.player, bold=True), cell(signed(p.total), f"stat-total-{p.player}", True)]
        if with_games:
            cells.append(cell(str(p.games)))
        average = p.average
        cells += [cell(f"{p.takes_made}/{p.takes}", f"stat-takes-{p.player}"),
                  cell(_pct(p.success_rate)),
                  cell("—" if average is None else signed(round(average, 1)))]
        rows.append(ft.DataRow(cells=cells))
    return ft.Row([ft.DataTable(columns=columns, rows=rows, column_spacing=14,
                                horizontal_margin=12, heading_row_height=40,
                                data_row_min_height=40, data_row_max_height=44)],
                  scroll=ft.ScrollMode.AUTO)


def roles_table(players: Sequence[PlayerStats]) -> ft.Control:
    """Bonuses: petits au bout, poignées, chelems, best and worst deal."""
    tiles: list[ft.Control] = []
    for p in sorted(players, key=lambda p: (-p.total, name_key(p.player))):
        facts = [
            t("stats.petits_au_bout", won=nt("stats.won", p.petits_au_bout_won),
              lost=nt("stats.lost", p.petits_au_bout_lost)),
            t("stats.poignees", count=p.poignees_declared),
        ]
        if p.chelems_won or p.chelems_lost:
            facts.append(t("stats.chelems", count=p.chelems_won))
        if p.best_deal is not None:
            facts.append(t("stats.best_deal", score=signed(p.best_deal.score)))
        tiles.append(ft.ListTile(title=ft.Text(p.player, weight=ft.FontWeight.W_600),
                                 subtitle=ft.Text(" · ".join(facts), size=12), dense=True))
    return ft.Column(tiles, spacing=0)


@ft.component
def GameStatsView(game_id: int) -> ft.View:
    uow = use_uow()
    location = ft.use_route_location()
    route = f"/games/{game_id}/stats"

    def load() -> object:
        try:
            return services.game_statistics(uow(), game_id)
        except services.GameNotFound:
            return None

    data = use_data(load, key=[game_id], topics=[game_topic(game_id)], check_on=[location])
    if not data.current:
        return screen("", loading_state(), route=route)
    stats = data.value
    if stats is None:
        return game_not_found_screen(game_id, route)
    summary = t("stats.summary", deals=nt("stats.deals", stats.deals),
                played=nt("stats.played", stats.played), passed=stats.passed,
                petits_secs=nt("stats.petits_secs", stats.petits_secs))
    controls: list[ft.Control] = [
        ft.Container(ft.Text(summary, color=ft.Colors.ON_SURFACE_VARIANT),
                     padding=ft.Padding.only(left=16, right=16, top=12)),
    ]
    if stats.played:
        controls += [section_title(t("stats.cumulative")),
                     score_chart(dict(stats.series), t("stats.axis_deal"), first_x=1)]
    controls += [section_title(t("stats.per_player")),
                 players_table(stats.players, with_games=False),
                 section_title(t("stats.bonuses")),
                 roles_table(stats.players)]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=24))
    return screen(t("stats.game_title", name=stats.name), body,
                  route=route)


def cumulative_over_played(games: Sequence[PlayedGame]) -> dict[str, list[int]]:
    """Each player's running total after each game (oldest first), 0 when absent."""
    ordered = sorted(games, key=lambda g: g.record.created_at)
    players = sorted_names({p for g in ordered for p in g.record.seats})
    series: dict[str, list[int]] = {p: [0] for p in players}
    for game in ordered:
        totals = game.record.totals()
        for p in players:
            series[p].append(series[p][-1] + totals.get(p, 0))
    return series


def _shortcuts(chosen: StatsFilter) -> ft.Control:
    """The evening's recap and the season ranking, for the circle chosen."""
    page = ft.context.page
    key = circle_key(chosen.circle)
    ranking = "/stats/ranking" if chosen.circle is None else f"/stats/ranking/{chosen.circle}"
    return ft.Container(ft.Row([
        ft.FilledTonalButton(t("nav.evening"), icon=ft.Icons.NIGHTLIFE, height=48,
                             expand=True,
                             on_click=lambda _: page.navigate(f"/stats/soiree/{key}/today")),
        ft.FilledTonalButton(t("nav.ranking"), icon=ft.Icons.LEADERBOARD,
                             height=48, expand=True, on_click=lambda _: page.navigate(ranking)),
    ], spacing=8), padding=ft.Padding.only(left=16, right=16, top=12))


def _all_stats_body(players: Sequence[PlayerStats], games: Sequence[PlayedGame],
                    label: str) -> list[ft.Control]:
    count = nt("stats.games_count", len(games))
    # The period read, in full words with its counts, even when nothing is in it.
    period = ft.Container(ft.Semantics(identifier="stats-summary", content=ft.Text(
        f"{label} · {count}", color=ft.Colors.ON_SURFACE_VARIANT)),
        padding=ft.Padding.only(left=16, right=16, top=12))
    if not games:
        return [period, empty_state(
            ft.Icons.INSIGHTS, t("stats.empty_title"), t("stats.empty_text"))]
    return [
        period,
        section_title(t("stats.cumulative_games")),
        score_chart(cumulative_over_played(games), t("stats.axis_game")),
        section_title(t("stats.per_player")),
        players_table(players, with_games=True),
        section_title(t("stats.bonuses")),
        roles_table(players),
    ]


@ft.component
def AllStatsView() -> ft.View:
    uow = use_uow()
    location = ft.use_route_location()
    page_key = use_page_key("/stats")
    today = ft.use_memo(services.today, dependencies=[])
    chosen, set_chosen = ft.use_state(StatsFilter())
    pick_dates = use_dates_picker(chosen, set_chosen, today)
    lang = current_lang()

    def load() -> tuple[list[CircleRow], Sequence[PlayerStats], Sequence[PlayedGame]]:
        circles = services.list_circles(uow())
        period = chosen.period(today)
        try:
            return (circles,
                    services.all_statistics(uow(), circle=chosen.circle, period=period),
                    services.played_games(uow(), circle=chosen.circle, period=period))
        except services.CircleNotFound:
            return circles, (), ()

    data = use_data(load, key=[chosen], topics=[GAMES_TOPIC], check_on=[location])
    controls: list[ft.Control] = [loading_state()]
    if data.loaded:
        circles, players, games = data.value
        controls = [filter_bar(circles, chosen, set_chosen, today, pick_dates),
                    _shortcuts(chosen),
                    *_all_stats_body(players, games, chosen.label(today, lang))]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=24))
    return screen(t("nav.stats"), body, route=page_key, nav="/stats")
