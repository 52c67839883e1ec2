"""Six players with long, alike names are told apart on a 390 px phone: every label of
the totals and of a sheet line is distinct and shown whole, and the full names are one
tap away."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from scorepad.services import create_game, record_deal
from tests.e2e.conftest import VIEWPORT, by_id, open_app, tap_box, text

SIX = ["Jean-Baptiste", "Jean-Bernard", "Marie-Hélène", "Maximilien", "Maxime", "Zoé"]


def shown(page: Any, identifier: str) -> tuple[str, dict[str, float]]:
    """What a labelled control shows and where (its semantics box)."""
    loc = by_id(page, identifier).first
    loc.wait_for()
    return str(loc.inner_text()).strip(), loc.bounding_box()


def whole_text_width(page: Any, identifier: str) -> float:
    """The width the text needs, measured in the page's own font, to compare with the
    box Flutter gave it (a clipped or ellipsised label has a box narrower than this)."""
    return float(page.evaluate(
        """(ident) => { const el = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
            const c = document.createElement('canvas').getContext('2d');
            c.font = '500 12px Roboto, sans-serif';
            return c.measureText(el.innerText.trim()).width; }""", identifier))


def test_six_long_names_are_distinct_and_whole_on_the_sheet(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Six longs", seats=SIX, deal_size=5)
    record_deal(uow_factory(), game, {"taker": "Jean-Bernard", "partner": "Maximilien",
                                      "contract": "garde", "bouts": 2, "points": 49})
    open_app(page, app_url, f"/games/{game}", wait_text="Six longs")
    labels = {}
    boxes = {}
    for name in SIX:
        labels[name], boxes[name] = shown(page, f"name-{name}")
    assert len(set(labels.values())) == 6, labels
    assert labels["Zoé"] == "Zoé" and labels["Maxime"] == "Maxime"
    assert all(not label.endswith("…") for label in labels.values())
    ordered = [boxes[n] for n in SIX]
    for box in ordered:
        assert box["x"] >= 0 and box["x"] + box["width"] <= VIEWPORT["width"]
    for left, right in itertools.pairwise(ordered):
        assert left["x"] + left["width"] <= right["x"] + 0.5  # no overlap
    for name in SIX:
        assert boxes[name]["width"] + 1 >= whole_text_width(page, f"name-{name}") * 0.9, name
    # The line says who took and who was called, with the same labels.
    said, line = shown(page, "line-1")
    assert said.startswith("Garde ·")
    assert line["x"] + line["width"] <= VIEWPORT["width"]
    assert labels["Jean-Bernard"] in said and labels["Maximilien"] in said
    assert labels["Jean-Baptiste"] not in said
    # A tap on the totals lists the full names.
    tap_box(page, by_id(page, "total-Maxime"))
    for name in SIX:
        text(page, f": {name}" if labels[name] != name else name).wait_for()
