"""A screen other screens open above (the sheet under the deal form) comes back on top as a
new page of the navigation stack, so the browser shows it at once instead of keeping the
popped page drawn over it for its page animation."""

from __future__ import annotations

from scorepad.ui.widgets.layout import _Arrivals

SHEET = "/games/3"


def test_the_sheet_keeps_its_page_while_on_top_or_covered() -> None:
    arrivals = _Arrivals()
    assert arrivals.page_key(SHEET, SHEET) == SHEET
    assert arrivals.page_key(SHEET, SHEET) == SHEET  # a re-render changes nothing
    assert arrivals.page_key(SHEET, f"{SHEET}/deal") == SHEET  # under the form


def test_each_return_on_top_is_a_new_page_once() -> None:
    arrivals = _Arrivals()
    keys = [arrivals.page_key(SHEET, location) for location in (
        SHEET, f"{SHEET}/deal", SHEET, SHEET, f"{SHEET}/deals/7", f"{SHEET}/deals/7/edit",
        SHEET)]
    assert keys == [SHEET, SHEET, f"{SHEET}~1", f"{SHEET}~1", f"{SHEET}~1", f"{SHEET}~1",
                    f"{SHEET}~2"]
