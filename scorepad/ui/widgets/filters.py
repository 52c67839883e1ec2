"""The filters of the statistics screens: a circle dropdown and the period chips (with a
date-range picker for chosen dates)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

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


def period_chips(current: StatsFilter, on_change: Callable[[StatsFilter], None],
                 today: date, pick_dates: Callable[[], None]) -> ft.Control:
    """Ce soir, ce mois, cette saison, tout, dates… (the last calls `pick_dates`, the
    screen's date-range picker: scorepad.ui.dialogs.dates)."""
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
               on_change: Callable[[StatsFilter], None], today: date,
               pick_dates: Callable[[], None] | None = None) -> ft.Control:
    """The circle and, with `pick_dates` (the screen's date-range picker), the period,
    above a statistics screen's content."""
    controls: list[ft.Control] = [
        circle_dropdown(circles, current.circle, lambda c: on_change(current.with_circle(c)))]
    if pick_dates is not None:
        controls.append(period_chips(current, on_change, today, pick_dates))
    return ft.Container(ft.Column(controls, spacing=8),
                        padding=ft.Padding.only(left=16, right=16, top=12))
