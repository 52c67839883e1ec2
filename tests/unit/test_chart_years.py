"""A chart of years draws a bounded number of points a line, spread evenly from the first
game to the last, the last one's value exact; a short series is drawn whole, its points
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


@given(st.integers(min_value=0, max_value=5000))
def test_a_long_series_is_thinned_evenly_keeping_its_first_and_last_point(count: int) -> None:
    kept = thinned(count)
    assert kept == sorted(set(kept))
    assert len(kept) == min(count, MAX_POINTS)
    if count:
        assert kept[0] == 0 and kept[-1] == count - 1
    if count > MAX_POINTS:
        gaps = [b - a for a, b in pairwise(kept)]
        assert max(gaps) - min(gaps) <= 1


def _lines(chart: ft.Control) -> list[fch.LineChartData]:
    assert isinstance(chart, ft.Column)
    return chart.controls[0].content.data_series


def test_six_players_over_300_evenings_draw_a_bounded_chart_ending_on_their_totals() -> None:
    series = {f"Joueur {k}": [float(i * (k + 1) % 97 - 40) for i in range(301)]
              for k in range(6)}
    lines = _lines(score_chart(series, "soirée"))
    for line, values in zip(lines, series.values(), strict=True):
        assert len(line.points) == MAX_POINTS
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
    chart = _lines(score_chart(series, "partie", first_x=first_x))
    last = first_x + length - 1
    assert (chart[0].points[0].x, chart[0].points[-1].x) == (first_x, last)
    lines = score_chart(series, "partie", first_x=first_x)
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
