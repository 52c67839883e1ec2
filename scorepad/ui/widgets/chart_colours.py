"""The colours of a chart's series, one per player: never two alike, however many
players a chart holds (a family's statistics over the years name a dozen or more)."""

from __future__ import annotations

import colorsys

#: The first ten: a categorical palette most people tell apart (Tableau's ten), in the
#: order the charts have always used, so that a table of four keeps its colours.
PALETTE = ("#1F77B4", "#D62728", "#2CA02C", "#FF7F0E", "#9467BD", "#8C564B", "#E377C2",
           "#17BECF", "#BCBD22", "#7F7F7F")
#: Past them, hues a golden angle apart (no two ever the same), alternately darker and
#: lighter, saturated enough to read as lines on both themes.
_GOLDEN_ANGLE = 137.508
_LIGHTNESS = (0.42, 0.60)
_SATURATION = 0.70


def _hex(hue: float, lightness: float) -> str:
    red, green, blue = colorsys.hls_to_rgb(hue, lightness, _SATURATION)
    return f"#{round(red * 255):02X}{round(green * 255):02X}{round(blue * 255):02X}"


def series_colours(count: int) -> list[str]:
    """`count` colours, all different: the palette first, then generated ones."""
    colours = list(PALETTE[:count])
    taken = set(colours)
    k = 0
    while len(colours) < count:
        colour = _hex((20 + k * _GOLDEN_ANGLE) % 360 / 360, _LIGHTNESS[k % 2])
        k += 1
        if colour not in taken:
            colours.append(colour)
            taken.add(colour)
    return colours
