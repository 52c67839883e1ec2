"""A circle's ranking over a period: total, deals, average per deal, games won; the player x
contract table; partner results at 5; the skill rating with its uncertainty explained."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.awards import Award
from scorepad.domain.ranking import SeasonRanking
from scorepad.services import CircleRow
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.dates import use_dates_picker
from scorepad.ui.dialogs.definition import use_definition
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.models.stats_filter import (
    RANKING_FILTER_KEY,
    StatsFilter,
    parse_circle,
    player_path,
    ranking_path,
)
from scorepad.ui.services_context import use_uow
from scorepad.ui.widgets.awards_parts import award_lines
from scorepad.ui.widgets.figures import Explain
from scorepad.ui.widgets.filters import filter_bar
from scorepad.ui.widgets.layout import empty_state, loading_state, screen, section_title
from scorepad.ui.widgets.ranking_parts import (
    contract_table,
    partner_lines,
    ranking_table,
    rating_lines,
    summary,
)

_FILTER_KEY = RANKING_FILTER_KEY


def ranking_controls(result: SeasonRanking, label: str, awards: Sequence[Award] = (),
                     explain: Explain | None = None,
                     open_player: Callable[[str], None] | None = None) -> list[ft.Control]:
    # The period read, in full words with its counts, even when nothing is in it.
    period = ft.Container(ft.Semantics(identifier="ranking-summary", content=ft.Text(
        summary(result.games, result.deals, label), color=ft.Colors.ON_SURFACE_VARIANT)),
        padding=ft.Padding.only(left=16, right=16, top=10))
    if not result.players:
        return [period, empty_state(ft.Icons.LEADERBOARD, t("ranking.empty_title"),
                                    t("ranking.empty_text"))]
    controls: list[ft.Control] = [
        period,
        section_title(t("ranking.section_ranking")),
        ranking_table(result.players, open_player),
        section_title(t("ranking.section_contracts")),
        contract_table(result.players),
    ]
    partners = partner_lines(result.players)
    if partners is not None:
        controls += [section_title(t("ranking.section_partners")), partners]
    controls += [section_title(t("ranking.section_rating")),
                 rating_lines(result.players)]
    if awards and explain is not None and open_player is not None:
        controls += [section_title(t("stat.section.awards")),
                     award_lines(awards, explain, open_player)]
    return controls


@ft.component
def RankingView(circle: int | None = None) -> ft.View:
    uow = use_uow()
    today = ft.use_memo(services.today, dependencies=[])
    page = ft.context.page
    location = ft.use_route_location()
    # The period chosen before the address changed with the circle (a new view).
    kept = page.session.store.get(_FILTER_KEY)
    chosen, set_chosen = ft.use_state(
        kept.with_circle(circle) if isinstance(kept, StatsFilter)
        else StatsFilter(circle=circle, kind="season"))

    def choose(changed: StatsFilter) -> None:
        set_chosen(changed)
        page.session.store.set(_FILTER_KEY, changed)
        path = ranking_path(changed.circle, location)
        if changed.circle != chosen.circle and path != location:
            page.navigate(path)

    pick_dates = use_dates_picker(chosen, choose, today)
    explain = use_definition()
    lang = current_lang()

    def load() -> tuple[list[CircleRow], SeasonRanking | str, tuple[Award, ...]]:
        """The circles, the season's ranking with its ratings and the group's awards
        (sums the database makes, in a worker thread)."""
        circles = services.list_circles(uow())
        period = chosen.period(today)
        try:
            return (circles, *services.ranking_and_awards(uow(), circle=chosen.circle,
                                                          period=period))
        except (services.ServiceError, InvalidDeal) as exc:
            return circles, exc.message(lang), ()

    data = use_data(load, key=[chosen, lang], topics=[GAMES_TOPIC])
    circles: list[CircleRow] = []
    controls: list[ft.Control] = [loading_state()]
    if data.loaded:
        circles, result, awards = data.value
        controls = [filter_bar(circles, chosen, choose, today, pick_dates)]
        if isinstance(result, str):
            controls.append(empty_state(ft.Icons.SEARCH_OFF, t("ranking.unavailable"), result))
        else:
            controls += ranking_controls(
                result, chosen.label(today, lang), awards, explain,
                lambda name: page.navigate(player_path(location or "/stats/ranking", name)))
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32))
    title = t("nav.ranking")
    if chosen.circle is not None:
        title += "".join(f" · {c.name}" for c in circles if c.id == chosen.circle)
    return screen(title, body, route=location or "/stats")


@ft.component
def RankingRoute() -> ft.View:
    return RankingView(parse_circle(ft.use_route_params().get("circle")))
