"""The filters of the statistics screens: a circle dropdown and the period chips (with a
date-range picker for chosen dates)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

import flet as ft

from scorepad.services import CircleRow
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.stats_filter import (
    ALL_CIRCLES,
    PERIOD_KINDS,
    StatsFilter,
    circle_key,
    parse_circle,
)


def circle_dropdown(circles: Sequence[CircleRow], current: int | None,
                    on_pick: Callable[[int | None], None], *,
                    identifier: str = "filter-circle",
                    none_label: str | None = None) -> ft.Control:
    """"Toutes les tables" (or `none_label`) or one circle; wrapped in Semantics (a
    dropdown has no accessible name)."""
    def picked(e: ft.Event[ft.Dropdown]) -> None:
        on_pick(parse_circle(e.control.value))

    options = [ft.DropdownOption(key=ALL_CIRCLES,
                                 text=none_label or t("filters.all_tables"))]
    options += [ft.DropdownOption(key=str(c.id), text=c.name) for c in circles]
    known = {c.id for c in circles}
    return ft.Semantics(identifier=identifier, content=ft.Dropdown(
        label=t("filters.circle"), value=circle_key(current if current in known else None),
        options=options, on_select=picked, dense=True, expand=True, width=float("inf"),
    ))


def _as_date(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return None


def period_chips(current: StatsFilter, on_change: Callable[[StatsFilter], None],
                 today: date) -> ft.Control:
    """Ce soir, ce mois, cette saison, tout, dates… (the last opens a date-range picker)."""
    page = ft.context.page

    def pick_dates() -> None:
        def chosen(e: ft.Event[ft.DateRangePicker]) -> None:
            start, end = _as_date(e.control.start_value), _as_date(e.control.end_value)
            if start is not None:
                on_change(current.with_dates(start, end or start))

        page.show_dialog(ft.DateRangePicker(
            start_value=current.start or today.replace(day=1), end_value=current.end or today,
            first_date=datetime(2000, 1, 1), last_date=datetime(today.year + 1, 12, 31),
            help_text=t("filters.pick_dates"),
            save_text=t("filters.apply"), on_change=chosen))

    def select(kind: str) -> None:
        if kind == "custom":
            pick_dates()
        else:
            on_change(current.with_kind(kind))

    lang = current_lang()
    chips: list[ft.Control] = [
        ft.Semantics(identifier=f"period-{kind}", content=ft.Chip(
            label=ft.Text(current.chip_label(kind, today, lang), size=13),
            selected=current.kind == kind, show_checkmark=False,
            label_padding=ft.Padding.symmetric(horizontal=0),
            padding=ft.Padding.symmetric(horizontal=6),
            on_select=lambda _, k=kind: select(k)))
        for kind in PERIOD_KINDS]
    return ft.Row(chips, wrap=True, spacing=4, run_spacing=0)


def filter_bar(circles: Sequence[CircleRow], current: StatsFilter,
               on_change: Callable[[StatsFilter], None], today: date, *,
               with_period: bool = True) -> ft.Control:
    """The circle and the period, above a statistics screen's content."""
    controls: list[ft.Control] = [
        circle_dropdown(circles, current.circle, lambda c: on_change(current.with_circle(c)))]
    if with_period:
        controls.append(period_chips(current, on_change, today))
    return ft.Container(ft.Column(controls, spacing=8),
                        padding=ft.Padding.only(left=16, right=16, top=12))
