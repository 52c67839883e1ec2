"""A player's page: their record over every game, a circle or a period (the ranking's
filters), reached from the players' list, the ranking, the statistics and a sheet's
totals; every figure says how it is counted when tapped; the record as CSV or PDF."""

from __future__ import annotations

from urllib.parse import quote, unquote, urlencode

import flet as ft

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.period import Period, PeriodKind
from scorepad.domain.player_record import PlayerRecord
from scorepad.services import CircleRow
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.dates import use_dates_picker
from scorepad.ui.dialogs.definition import use_definition
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.models.stats_filter import RANKING_FILTER_KEY, STATS_FILTER_KEY, StatsFilter
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.widgets.downloads import file_button
from scorepad.ui.widgets.figures import Explain
from scorepad.ui.widgets.filters import filter_bar
from scorepad.ui.widgets.layout import empty_state, loading_state, screen
from scorepad.ui.widgets.record_more import (
    Go,
    evolution_section,
    head_to_head_section,
    records_section,
)
from scorepad.ui.widgets.record_parts import (
    bonuses_section,
    defence_section,
    partner_section,
    summary_section,
    taker_section,
)


def first_filter(page: ft.Page, origin: str, circle: int | None) -> StatsFilter:
    """The filter the page opens with: the ranking's or the statistics' as they were
    left, else every game of all time."""
    if origin == "ranking":
        kept = page.session.store.get(RANKING_FILTER_KEY)
        if isinstance(kept, StatsFilter):
            return kept.with_circle(circle)
        return StatsFilter(circle=circle, kind="season")
    if origin == "stats":
        kept = page.session.store.get(STATS_FILTER_KEY)
        if isinstance(kept, StatsFilter):
            return kept
    return StatsFilter(circle=circle)


def export_url(name: str, fmt: str, chosen: StatsFilter, period: Period | None) -> str:
    """The record's download on a server: the circle and the period in the query."""
    query: dict[str, str] = {}
    if chosen.circle is not None:
        query["circle"] = str(chosen.circle)
    if period is not None and period.start is not None and period.end is not None:
        # Period.parse's words: the server's own today names the same evening, month or
        # season; chosen dates are sent as they are.
        query["period"] = (f"{period.start.isoformat()}..{period.end.isoformat()}"
                           if period.kind is PeriodKind.CUSTOM else period.kind.value)
    tail = f"?{urlencode(query)}" if query else ""
    return f"/export/players/{quote(name, safe='')}.{fmt}{tail}"


def _exports(name: str, chosen: StatsFilter, period: Period | None,
             uow: UowFactory) -> ft.Control:
    lang = current_lang()

    def render(fmt: str) -> bytes:
        return services.export_player(uow(), name, fmt, circle=chosen.circle, period=period,
                                      lang=lang)

    buttons = [file_button(label, icon, url=export_url(name, fmt, chosen, period),
                           name=f"{services.player_file_name(name)}.{fmt}",
                           render=lambda fmt=fmt: render(fmt))
               for fmt, label, icon in (("csv", t("stats_page.export_csv"), ft.Icons.TABLE_VIEW),
                                        ("pdf", t("stats_page.export_pdf"),
                                         ft.Icons.PICTURE_AS_PDF))]
    return ft.Container(ft.Row(buttons, wrap=True, spacing=8),
                        padding=ft.Padding.only(left=16, right=16, top=16))


def record_controls(record: PlayerRecord, explain: Explain, go: Go) -> list[ft.Control]:
    return [
        *summary_section(record, explain), *taker_section(record, explain),
        *partner_section(record, explain), *defence_section(record, explain),
        *bonuses_section(record, explain), *records_section(record, explain, go),
        *head_to_head_section(record, explain), *evolution_section(record, explain),
    ]


@ft.component
def PlayerView(name: str, origin: str = "players", circle: int | None = None) -> ft.View:
    uow = use_uow()
    page = ft.context.page
    location = ft.use_route_location()
    today = ft.use_memo(services.today, dependencies=[])
    chosen, set_chosen = ft.use_state(lambda: first_filter(page, origin, circle))
    pick_dates = use_dates_picker(chosen, set_chosen, today)
    explain = use_definition()
    lang = current_lang()

    def load() -> tuple[list[CircleRow], PlayerRecord | str]:
        circles = services.list_circles(uow())
        try:
            return circles, services.player_record(uow(), name, circle=chosen.circle,
                                                   period=chosen.period(today))
        except (services.ServiceError, InvalidDeal) as exc:
            return circles, exc.message(lang)

    data = use_data(load, key=[name, chosen, lang], topics=[GAMES_TOPIC])
    controls: list[ft.Control] = [loading_state()]
    if data.loaded:
        circles, result = data.value
        controls = [filter_bar(circles, chosen, set_chosen, today, pick_dates)]
        if isinstance(result, str):
            controls.append(empty_state(ft.Icons.PERSON_OFF, t("stats_page.unavailable"),
                                        result))
        else:
            label = chosen.label(today, lang)
            controls.append(ft.Container(ft.Semantics(
                identifier="player-summary", content=ft.Text(
                    f"{label} · {nt('stats.games_count', result.games)}",
                    color=ft.Colors.ON_SURFACE_VARIANT)),
                padding=ft.Padding.only(left=16, right=16, top=10, bottom=4)))
            if result.games:
                controls += record_controls(result, explain, page.navigate)
                controls.append(_exports(name, chosen, chosen.period(today), uow))
            else:
                controls.append(empty_state(ft.Icons.INSIGHTS, t("stats_page.empty_title"),
                                            t("stats_page.empty_text", name=name)))
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32))
    return screen(name, body, route=location or f"/players/{quote(name, safe='')}")


def _name() -> str:
    return unquote(ft.use_route_params().get("name", ""))


def _circle() -> int | None:
    value = ft.use_route_params().get("circle", "")
    return int(value) if value.isdigit() else None


@ft.component
def PlayersPlayerRoute() -> ft.View:
    return PlayerView(_name(), "players")


@ft.component
def SheetPlayerRoute() -> ft.View:
    return PlayerView(_name(), "sheet")


@ft.component
def StatsPlayerRoute() -> ft.View:
    return PlayerView(_name(), "stats")


@ft.component
def RankingPlayerRoute() -> ft.View:
    return PlayerView(_name(), "ranking", _circle())
