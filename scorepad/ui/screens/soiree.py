"""The evening's recap: pick a circle (or every table) and an evening; podium, each player's
total and average, the evening's moments, the tables, exports and the big screen's QR code."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

import flet as ft

from scorepad import services
from scorepad.domain.soiree import SoireeRecap
from scorepad.services import CircleRow
from scorepad.ui.data import use_data
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.models.stats_filter import circle_key, parse_circle, parse_day
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import use_uow, wiring
from scorepad.ui.widgets.downloads import file_button
from scorepad.ui.widgets.filters import circle_dropdown
from scorepad.ui.widgets.layout import empty_state, loading_state, screen, section_title
from scorepad.ui.widgets.qr import qr_code
from scorepad.ui.widgets.soiree_parts import (
    day_text,
    moments,
    player_lines,
    podium,
    summary_line,
    table_tiles,
)


def soiree_export_url(day: date, fmt: str, circle: int | None) -> str:
    query = f"?lang={current_lang()}" + (f"&circle={circle}" if circle is not None else "")
    return f"/export/soirees/{day.isoformat()}.{fmt}{query}"


def big_screen_path(day: date, circle: int | None) -> str:
    return f"/grand-ecran/{circle_key(circle)}/{day.isoformat()}"


def _evening_dropdown(evenings: Sequence[tuple[date, int]], day: date, today: date,
                      on_pick: Callable[[date], None]) -> ft.Control:
    days = dict(evenings)
    days.setdefault(today, 0)
    days.setdefault(day, 0)
    options = [ft.DropdownOption(
        key=d.isoformat(),
        text=(t("soiree_screen.tonight") + " · " if d == today else "") + day_text(d)
        + " · " + nt("games.count", n))
        for d, n in sorted(days.items(), reverse=True)]

    def picked(e: ft.Event[ft.Dropdown]) -> None:
        chosen = parse_day(e.control.value)
        if chosen is not None:
            on_pick(chosen)

    return ft.Semantics(identifier="soiree-day", content=ft.Dropdown(
        label=t("soiree_screen.evening"), value=day.isoformat(), options=options,
        on_select=picked, dense=True, expand=True, width=float("inf")))


def _exports(day: date, circle: int | None) -> ft.Control:
    uow, lang = use_uow(), current_lang()

    def export(fmt: str, label: str, icon: ft.IconData) -> ft.Control:
        return file_button(label, icon, url=soiree_export_url(day, fmt, circle),
                           name=f"soiree-{day.isoformat()}.{fmt}",
                           render=lambda: services.export_soiree(uow(), day, fmt,
                                                                 circle=circle, lang=lang))

    # The picture is drawn with Pillow, which has no build for the browser: one phone
    # alone says so, and shares the same recap as PDF or CSV.
    picture: ft.Control = ft.FilledButton(
        t("soiree_screen.share_picture"), icon=ft.Icons.IMAGE, height=48,
        action=ft.OpenUrl(soiree_export_url(day, "png", circle), target="_self")
    ) if wiring().server else ft.Semantics(identifier="no-picture", content=ft.Text(
        t("phone.soiree.no_picture"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(ft.Row([
        picture,
        export("csv", "CSV", ft.Icons.TABLE_VIEW),
        export("pdf", "PDF", ft.Icons.PICTURE_AS_PDF),
    ], wrap=True, spacing=8, run_spacing=8), padding=ft.Padding.symmetric(horizontal=16))


def _big_screen(day: date, circle: int | None) -> ft.Control:
    path = big_screen_path(day, circle)
    address = link_origin() + path
    return ft.Container(ft.Row([
        ft.Semantics(identifier="big-screen-qr", content=qr_code(address, 132)),
        ft.Column([
            ft.Text(t("soiree_screen.big_screen_help"),
                    size=13),
            ft.Text(address, size=11, color=ft.Colors.ON_SURFACE_VARIANT, selectable=True),
            ft.TextButton(t("soiree_screen.open_big_screen"),
                          icon=ft.Icons.TV, on_click=lambda _: ft.context.page.navigate(path)),
        ], spacing=4, expand=True, tight=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=12),
        padding=ft.Padding.symmetric(horizontal=16))


def recap_controls(recap: SoireeRecap, day: date, circle: int | None) -> list[ft.Control]:
    """Everything the recap shows below the filters."""
    if not recap.tables:
        return [empty_state(ft.Icons.NIGHTLIFE, t("soiree_screen.empty_title"),
                            t("soiree_screen.empty_text"))]
    return [
        ft.Container(ft.Semantics(identifier="soiree-summary", content=ft.Text(
            summary_line(recap), color=ft.Colors.ON_SURFACE_VARIANT)),
            padding=ft.Padding.only(left=16, right=16, top=10)),
        podium(recap.players),
        section_title(t("soiree_screen.section_ranking")),
        player_lines(recap.players),
        section_title(t("soiree_screen.section_moments")),
        moments(recap),
        section_title(t("soiree_screen.section_share")),
        _exports(day, circle),
        # The big screen is another device reaching a server: not on one phone alone.
        *([section_title(t("soiree_screen.section_big_screen")), _big_screen(day, circle)]
          if wiring().server else []),
        section_title(nt("soiree_screen.section_tables", len(recap.tables))),
        table_tiles(recap.tables),
    ]


@ft.component
def SoireeView(circle: int | None = None, day: date | None = None) -> ft.View:
    uow = use_uow()
    today = ft.use_memo(services.today, dependencies=[])
    chosen_circle, set_circle = ft.use_state(circle)
    chosen_day, set_day = ft.use_state(day or today)

    def load() -> tuple[list[CircleRow], SoireeRecap | None, list[tuple[date, int]]]:
        circles = services.list_circles(uow())
        try:
            return (circles, services.soiree(uow(), chosen_day, circle=chosen_circle),
                    services.evenings(uow(), circle=chosen_circle))
        except services.CircleNotFound:
            return circles, None, []

    data = use_data(load, key=[chosen_circle, chosen_day], topics=[GAMES_TOPIC])
    route = ft.use_route_location() or "/stats"
    if not data.loaded:
        return screen(t("nav.evening"), loading_state(), route=route)
    circles, recap, evenings = data.value
    filters = ft.Container(ft.Column([
        circle_dropdown(circles, chosen_circle, set_circle, identifier="soiree-circle"),
        _evening_dropdown(evenings, chosen_day, today, set_day),
    ], spacing=8), padding=ft.Padding.only(left=16, right=16, top=12))
    controls: list[ft.Control] = [filters]
    if recap is None:
        controls.append(empty_state(ft.Icons.SEARCH_OFF, t("soiree_screen.circle_not_found"),
                                    t("soiree_screen.circle_not_found_text")))
    else:
        controls += recap_controls(recap, chosen_day, chosen_circle)
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32))
    return screen(t("nav.evening"), body, route=route)


@ft.component
def SoireeRoute() -> ft.View:
    params = ft.use_route_params()
    return SoireeView(parse_circle(params.get("circle")), parse_day(params.get("day")))


__all__ = ["SoireeRoute", "SoireeView", "big_screen_path", "soiree_export_url"]
