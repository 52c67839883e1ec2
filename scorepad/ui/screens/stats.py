"""Statistics: each player's cumulative score as a line chart, and the per-player table,
for one game and across every game (a name opens the player's page)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from scorepad import services
from scorepad.collation import name_key
from scorepad.domain.stats import PlayerStats
from scorepad.services import CircleRow, StatsOverview
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.dates import use_dates_picker
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC, game_topic
from scorepad.ui.models.fmt import signed
from scorepad.ui.models.stats_filter import (
    STATS_FILTER_KEY,
    StatsFilter,
    circle_key,
    player_path,
)
from scorepad.ui.services_context import use_uow
from scorepad.ui.widgets.charts import score_chart
from scorepad.ui.widgets.filters import filter_bar
from scorepad.ui.widgets.layout import (
    empty_state,
    game_not_found_screen,
    loading_state,
    screen,
    section_title,
    use_page_key,
)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)} %"


def players_table(players: Sequence[PlayerStats], *, with_games: bool,
                  open_player: Callable[[str], None] | None = None) -> ft.Control:
    """The per-player table: total, takes, success rate, average per deal played; a tap on
    a name opens the player's page (`open_player`)."""
    ordered = sorted(players, key=lambda p: (-p.total, name_key(p.player)))

    def cell(text: str, ident: str | None = None, bold: bool = False,
             on_tap: Callable[[], None] | None = None) -> ft.DataCell:
        content: ft.Control = ft.Text(text, weight=ft.FontWeight.W_600 if bold else None,
                                      size=13, color=ft.Colors.PRIMARY if on_tap else None)
        if ident:
            content = ft.Semantics(identifier=ident, content=content)
        return ft.DataCell(content, on_tap=(lambda _e: on_tap()) if on_tap else None)

    columns = [ft.DataColumn(ft.Text(t("stats.player"))),
               ft.DataColumn(ft.Text(t("stats.total")), numeric=True)]
    if with_games:
        columns.append(ft.DataColumn(ft.Text(t("stats.games")), numeric=True))
    columns += [ft.DataColumn(ft.Text(t("stats.takes")), numeric=True),
                ft.DataColumn(ft.Text(t("stats.success")), numeric=True),
                ft.DataColumn(ft.Text(t("stats.average")), numeric=True)]
    rows = []
    for p in ordered:
        cells = [cell(p.player, f"stat-name-{p.player}", True,
                      (lambda name=p.player: open_player(name)) if open_player else None),
                 cell(signed(p.total), f"stat-total-{p.player}", True)]
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


def roles_table(players: Sequence[PlayerStats],
                best: Mapping[str, int] | None = None) -> ft.Control:
    """Bonuses: petits au bout, poignées, chelems, best deal (its score: from `best`, or
    the player's statistics of one game)."""
    tiles: list[ft.Control] = []
    for p in sorted(players, key=lambda p: (-p.total, name_key(p.player))):
        facts = [
            t("stats.petits_au_bout", won=nt("stats.won", p.petits_au_bout_won),
              lost=nt("stats.lost", p.petits_au_bout_lost)),
            t("stats.poignees", count=p.poignees_declared),
        ]
        if p.chelems_won or p.chelems_lost:
            facts.append(t("stats.chelems", count=p.chelems_won))
        score = (best or {}).get(p.player, p.best_deal.score if p.best_deal else None)
        if score is not None:
            facts.append(t("stats.best_deal", score=signed(score)))
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


def _all_stats_body(overview: StatsOverview, label: str,
                    open_player: Callable[[str], None]) -> list[ft.Control]:
    count = nt("stats.games_count", overview.games)
    # The period read, in full words with its counts, even when nothing is in it.
    period = ft.Container(ft.Semantics(identifier="stats-summary", content=ft.Text(
        f"{label} · {count}", color=ft.Colors.ON_SURFACE_VARIANT)),
        padding=ft.Padding.only(left=16, right=16, top=12))
    if not overview.games:
        return [period, empty_state(
            ft.Icons.INSIGHTS, t("stats.empty_title"), t("stats.empty_text"))]
    return [
        period,
        section_title(t("stats.cumulative_games")),
        score_chart(overview.series, t("stats.axis_game")),
        section_title(t("stats.per_player")),
        ft.Container(ft.Text(t("stats.tap_a_name"), size=12,
                             color=ft.Colors.ON_SURFACE_VARIANT),
                     padding=ft.Padding.symmetric(horizontal=16)),
        players_table(overview.players, with_games=True, open_player=open_player),
        section_title(t("stats.bonuses")),
        roles_table(overview.players, overview.best),
    ]


@ft.component
def AllStatsView() -> ft.View:
    uow = use_uow()
    location = ft.use_route_location()
    page_key = use_page_key("/stats")
    today = ft.use_memo(services.today, dependencies=[])
    page = ft.context.page
    kept = page.session.store.get(STATS_FILTER_KEY)
    chosen, set_chosen = ft.use_state(kept if isinstance(kept, StatsFilter) else StatsFilter())

    def choose(changed: StatsFilter) -> None:
        set_chosen(changed)
        page.session.store.set(STATS_FILTER_KEY, changed)  # a player's page starts there

    pick_dates = use_dates_picker(chosen, choose, today)
    lang = current_lang()

    def load() -> tuple[list[CircleRow], StatsOverview | None]:
        """The circles and the figures of the period: sums the database makes, the same
        time with a history of thousands of deals as with ten."""
        circles = services.list_circles(uow())
        try:
            return circles, services.stats_overview(uow(), circle=chosen.circle,
                                                    period=chosen.period(today))
        except services.CircleNotFound:
            return circles, None

    data = use_data(load, key=[chosen], topics=[GAMES_TOPIC], check_on=[location])
    overview = data.value[1] if data.loaded else None
    label = chosen.label(today, lang)
    # The same figures (a read that found every game as it was hands back the very same
    # overview) give back the same controls, which Flet's diff passes over: the screen
    # is read again each time a screen above it (a player's page, the ranking) opens,
    # and its chart's hundreds of points were built and compared again each time.
    figures = ft.use_memo(lambda: _all_stats_body(
        overview or services.StatsOverview(0, (), {}, ()), label,
        lambda name: page.navigate(player_path("/stats", name))),
        dependencies=[overview, label, lang])
    controls: list[ft.Control] = [loading_state()]
    if data.loaded:
        circles, _ = data.value
        controls = [filter_bar(circles, chosen, choose, today, pick_dates),
                    _shortcuts(chosen), *figures]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=24))
    return screen(t("nav.stats"), body, route=page_key, nav="/stats")
