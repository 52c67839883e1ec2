"""A chart of years draws a bounded number of points a line, chosen by its shape from the
first game to the last, the last one's value exact; a short series is drawn whole, its points
marked. Each point is a control of its own for Flet: a chart that grew with the years
made the statistics screen of a phone with 9,000 deals slower than a new phone's. Every
label of an axis is one the chart draws: it asks for one at each multiple of the axis'
step and at its ends, and a player's 250 games once showed a single one, "0"."""

from __future__ import annotations

from itertools import pairwise

import flet as ft
import flet_charts as fch
from hypothesis import given
from hypothesis import strategies as st

from scorepad.ui.widgets.charts import MAX_POINTS, score_chart, thinned, x_labels


@given(st.lists(st.integers(min_value=-5000, max_value=5000), max_size=1200))
def test_a_long_line_keeps_its_ends_its_best_and_worst_and_a_point_in_each_stretch(
        values: list[int]) -> None:
    kept = thinned(values)
    count = len(values)
    assert kept == sorted(set(kept))
    if count <= MAX_POINTS:
        assert kept == list(range(count))
        return
    assert kept[0] == 0 and kept[-1] == count - 1
    assert MAX_POINTS <= len(kept) <= MAX_POINTS + 1
    assert values.index(max(values)) in kept and values.index(min(values)) in kept
    # no stretch of the line is left without a point
    assert max(b - a for a, b in pairwise(kept)) <= 2 * -(-(count - 2) // (MAX_POINTS - 2))


def test_a_swing_an_even_choice_would_cut_is_drawn() -> None:
    """Years of slow gains with one bad evening in the middle: the dip is drawn (as many
    points chosen evenly miss it; the line's lowest point is its start)."""
    values = [10 * i for i in range(301)]
    values[137] -= 900
    assert 137 in thinned(values)
    assert 137 not in [round(i * 300 / (MAX_POINTS - 1)) for i in range(MAX_POINTS)]


def _lines(chart: ft.Control) -> list[fch.LineChartData]:
    assert isinstance(chart, ft.Column)
    return chart.controls[0].content.data_series


def test_six_players_over_300_evenings_draw_a_bounded_chart_ending_on_their_totals() -> None:
    series = {f"Joueur {k}": [float(i * (k + 1) % 97 - 40) for i in range(301)]
              for k in range(6)}
    lines = _lines(score_chart(series, "soirée"))
    for line, values in zip(lines, series.values(), strict=True):
        assert MAX_POINTS <= len(line.points) <= MAX_POINTS + 1
        assert (line.points[-1].x, line.points[-1].y) == (300, values[-1])
        assert line.points[0].x == 0
        # thinned points are not marked: a dot would say a game is there
        assert line.point is False


def test_a_short_series_is_drawn_whole_with_each_point_marked() -> None:
    series = {"André": [0.0, 20.0, -10.0, 35.0], "Bruno": [0.0, -20.0, 10.0, -35.0]}
    for line, values in zip(_lines(score_chart(series, "donne")), series.values(),
                            strict=True):
        assert [p.y for p in line.points] == values
        assert line.point is True


def _drawn(axis: fch.ChartAxis, low: float, high: float) -> list[float]:
    """The values of an axis' labels that the chart draws: at its ends, and at each
    multiple of its step (the chart asks for no other)."""
    step = axis.label_spacing
    assert step
    return [label.value for label in axis.labels
            if label.value in (low, high) or label.value % step == 0]


@given(st.integers(min_value=0, max_value=1), st.integers(min_value=2, max_value=3000))
def test_the_x_axis_labels_are_drawn_from_first_to_last_never_touching(
        first_x: int, length: int) -> None:
    series = {"André": [float(i % 7) for i in range(length)]}
    lines = score_chart(series, "partie", first_x=first_x)
    line = _lines(lines)[0]
    last = first_x + length - 1
    assert (line.points[0].x, line.points[-1].x) == (first_x, last)
    assert isinstance(lines, ft.Column)
    axis = lines.controls[0].content.bottom_axis
    values = [label.value for label in axis.labels]
    assert _drawn(axis, first_x, last) == values
    assert values[0] == first_x and values[-1] == last and values == sorted(set(values))
    assert 2 <= len(values) <= 8
    assert [label.label.value for label in axis.labels] == [str(v) for v in values]
    step, _ = x_labels(first_x, last)
    assert all(b - a > step / 2 for a, b in pairwise(values)) or length <= 8


def test_the_score_axis_labels_are_drawn_at_each_step() -> None:
    series = {"André": [0.0, 4000.0, 9260.0, -3500.0], "Bruno": [0.0, -4000.0, -9260.0, 3500.0]}
    column = score_chart(series, "partie")
    assert isinstance(column, ft.Column)
    chart = column.controls[0].content
    axis = chart.left_axis
    values = [label.value for label in axis.labels]
    assert values == [-10000, -5000, 0, 5000, 10000]
    assert _drawn(axis, chart.min_y, chart.max_y) == values
