"""Line charts of scores over deals or games, each player in a colour of their own (the
charts have no semantics: their numbers are also in the tables beside them), and the
thinning of a long series to what a phone's width can show."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft
import flet_charts as fch

from scorepad.ui.models.fmt import number, signed
from scorepad.ui.state import page_is_dark
from scorepad.ui.widgets.chart_colours import TOOLTIP_BACKGROUND, series_colours

#: points drawn for one player's line at most: one every 12 px or so of a phone's chart.
#: Each point is a control of its own for Flet (built, diffed, sent and drawn): at 60 a
#: line, chosen evenly, six players' years made the statistics screen 1.4x slower than a
#: new phone's. Chosen by their shape (`thinned`), 24 draw the same lines as 60 did.
MAX_POINTS = 24


def thinned(values: Sequence[float], limit: int = MAX_POINTS) -> list[int]:
    """The indexes of the points of a line to draw: all of them up to `limit`; else the
    first, the last, and one point from each of `limit - 2` equal stretches between them,
    the one whose triangle with the point kept before it and the next stretch's mean is
    the largest (largest-triangle-three-buckets: a swing is kept where an even choice
    cut it), and the line's highest and lowest points always (a player's best and worst
    moment, exact in the tooltip: a stretch holding both keeps both)."""
    count = len(values)
    if count <= limit:
        return list(range(count))
    inner = limit - 2
    edges = [1 + (count - 2) * k // inner for k in range(inner + 1)]
    extremes = {max(range(count), key=values.__getitem__),
                min(range(count), key=values.__getitem__)}
    kept = [0]
    for k in range(inner):
        start, end = edges[k], edges[k + 1]
        forced = sorted(i for i in extremes if start <= i < end)
        if forced:
            kept += forced
            continue
        if k + 1 < inner:
            after = range(edges[k + 1], edges[k + 2])
            next_x = sum(after) / len(after)
            next_y = sum(values[i] for i in after) / len(after)
        else:
            next_x, next_y = count - 1, values[-1]
        ax, ay = kept[-1], values[kept[-1]]
        kept.append(max(range(start, end), key=lambda i: abs(
            (ax - next_x) * (values[i] - ay) - (ax - i) * (next_y - ay))))
    kept.append(count - 1)
    return kept


def _nice_step(span: float, steps: Sequence[int] = (10, 20, 50, 100, 200, 250, 500, 1000,
                                                    2000, 5000, 10000, 20000, 50000),
               most: int = 6) -> int:
    for step in steps:
        if span / step <= most:
            return step
    return steps[-1] * 2


def x_labels(first: int, last: int) -> tuple[int, list[int]]:
    """The x axis' labels from `first` to `last` (deals or games): the step between them
    (a round count: every one up to 8 deals, else seven gaps at most) and the values
    labelled: the first, each multiple of the step and the last, a multiple within half a
    step of an end left out (its label would touch the end's)."""
    step = _nice_step(last - first, (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000),
                      most=7)
    inner = [v for v in range(-(-first // step) * step, last + 1, step)
             if 2 * (v - first) > step and 2 * (last - v) > step]
    return step, [first, *inner, last] if last > first else [first]


def tooltip(dark: bool) -> fch.LineChartTooltip:
    """The box a touched point's values show in: opaque, on the theme's side, kept inside
    the chart (it rose over the filters above it), wide enough for a name and a score."""
    return fch.LineChartTooltip(
        bgcolor=TOOLTIP_BACKGROUND[dark], border_radius=8, max_width=220,
        padding=ft.Padding.symmetric(vertical=6, horizontal=10),
        border_side=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT),
        fit_inside_horizontally=True, fit_inside_vertically=True)


def score_chart(series: dict[str, Sequence[float]], x_title: str, *, first_x: int = 0,
                legend: bool = True, height: int = 240, zero: bool = True,
                dark: bool | None = None) -> ft.Control:
    """Line chart of cumulative scores with a legend; a long line is thinned
    (`thinned`), its x axis still counting every point from `first_x`; `zero`: the axis
    shows 0 (a score), else it fits the values (a rating's level). A touched point shows
    each player's name and score in the player's colour, readable on the tooltip
    (`dark`: the theme, the page's when None)."""
    if not series or max((len(v) for v in series.values()), default=0) < 2:
        return ft.Container()
    length = max(len(v) for v in series.values())
    values = [y for v in series.values() for y in v]
    floor = [0] if zero else []
    low, high = min([*values, *floor]), max([*values, *floor])
    step = _nice_step(max(high - low, 1))
    low = (low // step) * step
    high = -((-high) // step) * step
    dark = page_is_dark() if dark is None else dark
    # The tooltip writes each name in its line's colour: lines readable on its box.
    colours = series_colours(len(series), TOOLTIP_BACKGROUND[dark])
    data = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=first_x + i, y=points[i],
                                           tooltip=f"{name} {signed(points[i])}")
                    for i in thinned(points)],
            color=colours[k], stroke_width=2.5, curved=False,
            # a dot says a deal or a game is there: not on a thinned line
            rounded_stroke_cap=True, point=len(points) <= MAX_POINTS,
        )
        for k, (name, points) in enumerate(series.items())
    ]
    last = first_x + length - 1
    x_step, x_values = x_labels(first_x, last)
    # Each axis names its step: the chart asks for a label at each multiple of it (and at
    # its ends) and draws only those it is given; left to guess its own, it asked for
    # others (a player's 250 games showed a single label, "0").
    chart = fch.LineChart(
        data_series=data, tooltip=tooltip(dark),
        min_y=low, max_y=high, min_x=first_x, max_x=last,
        left_axis=fch.ChartAxis(label_size=44, label_spacing=step, labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(number(v), size=10))
            for v in range(int(low), int(high) + 1, step)]),
        bottom_axis=fch.ChartAxis(label_size=24, title=ft.Text(x_title, size=11),
                                  title_size=18, label_spacing=x_step, labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=10))
            for v in x_values]),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, width=0.6,
                                                 color=ft.Colors.OUTLINE_VARIANT),
        baseline_y=0 if zero else None,
        expand=True,
        interactive=True,
    )
    controls: list[ft.Control] = [
        ft.Container(chart, height=height, padding=ft.Padding.only(left=4, right=16, top=8))]
    if legend:
        controls.append(ft.Container(ft.Row([
            ft.Row([ft.Container(width=12, height=12, border_radius=6, bgcolor=colours[k]),
                    ft.Text(name, size=12)], spacing=4, tight=True)
            for k, name in enumerate(series)
        ], wrap=True, spacing=14, run_spacing=4, alignment=ft.MainAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=16)))
    return ft.Column(controls, spacing=8)
