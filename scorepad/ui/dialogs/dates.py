"""`use_dates_picker(...)`: the date-range picker of the statistics' "Dates…" chip."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

import flet as ft

from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t
from scorepad.ui.models.stats_filter import StatsFilter


def _as_date(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return None


def use_dates_picker(current: StatsFilter, on_change: Callable[[StatsFilter], None],
                     today: date) -> Callable[[], None]:
    """A hook: `pick()` opens the picker on the filter's dates (this month by default);
    the dates saved there give `on_change` the filter for them."""
    def build(_shown: Shown[None], close: Close) -> ft.DialogControl:
        def chosen(e: ft.Event[ft.DateRangePicker]) -> None:
            # Saved: the picker closes itself and reports no dismissal of its own.
            close()
            start, end = _as_date(e.control.start_value), _as_date(e.control.end_value)
            if start is not None:
                on_change(current.with_dates(start, end or start))

        return ft.DateRangePicker(
            start_value=current.start or today.replace(day=1), end_value=current.end or today,
            first_date=datetime(2000, 1, 1), last_date=datetime(today.year + 1, 12, 31),
            help_text=t("filters.pick_dates"),
            save_text=t("filters.apply"), on_change=chosen)

    show = use_shown(build)
    return lambda: show(None)
