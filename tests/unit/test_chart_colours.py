"""A chart never gives two players the same colour, however many it holds."""

from __future__ import annotations

import re

import flet as ft
import pytest

from scorepad.ui.screens.stats import score_chart
from scorepad.ui.widgets.chart_colours import PALETTE, contrast, readable_on, series_colours


@pytest.mark.parametrize("players", [2, 4, 10, 11, 14, 25, 60])
def test_the_score_chart_draws_each_player_in_a_colour_of_its_own(players: int) -> None:
    series = {f"Joueur {n}": [0, n, 2 * n] for n in range(players)}
    chart = score_chart(series, "donne")
    assert isinstance(chart, ft.Column)
    lines = chart.controls[0].content.data_series
    colours = [line.color for line in lines]
    assert len(set(colours)) == players
    # The legend shows each player in the colour of their line.
    legend = chart.controls[1].content.controls
    assert [entry.controls[0].bgcolor for entry in legend] == colours
    assert [entry.controls[1].value for entry in legend] == list(series)


def test_colours_past_the_palette_are_real_colours_and_a_small_table_keeps_its_own() -> None:
    many = series_colours(100)
    assert many[:10] == list(PALETTE) and series_colours(4) == list(PALETTE[:4])
    assert len(set(many)) == 100
    assert len(set(series_colours(100, "#FFFFFF"))) == 100
    assert all(re.fullmatch(r"#[0-9A-F]{6}", colour) for colour in many)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("players", [4, 10, 25])
def test_a_touched_point_names_each_player_readably_inside_the_chart(
        dark: bool, players: int) -> None:
    """The tooltip's names, each in its player's colour, read at WCAG's 4.5:1 on the
    tooltip's own background in either theme (they read at 1.1:1 on the charts' default
    slate), and the tooltip stays inside the chart, off the filters above it."""
    series = {f"Joueur {n}": [0, n, -2 * n] for n in range(players)}
    chart = score_chart(series, "partie", dark=dark).controls[0].content
    box = chart.tooltip
    assert box.fit_inside_vertically and box.fit_inside_horizontally
    # The tooltip writes a name in its line's colour (flet-charts' default text style).
    for line in chart.data_series:
        assert contrast(line.color, box.bgcolor) >= 4.5, (line.color, box.bgcolor)
        for point in line.points:
            assert point.tooltip.startswith("Joueur ")
    assert len({line.color for line in chart.data_series}) == players


def test_contrast_is_wcag_s() -> None:
    assert round(contrast("#000000", "#FFFFFF"), 1) == 21.0
    assert round(contrast("#767676", "#FFFFFF"), 2) == 4.54  # the lightest AA grey on white
    assert readable_on("#1F77B4", "#FFFFFF") == "#1F77B4"  # already readable: kept
    assert contrast(readable_on("#FF7F0E", "#FFFFFF"), "#FFFFFF") >= 4.5
