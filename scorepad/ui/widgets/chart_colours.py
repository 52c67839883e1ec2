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


def series_colours(count: int, background: str | None = None) -> list[str]:
    """`count` colours, all different: the palette first, then generated ones; with a
    `background`, each made readable on it first (`readable_on`)."""
    colours: list[str] = []
    taken: set[str] = set()
    k = 0
    while len(colours) < count:
        if k < len(PALETTE):
            colour = PALETTE[k]
        else:
            step = k - len(PALETTE)
            colour = _hex((20 + step * _GOLDEN_ANGLE) % 360 / 360, _LIGHTNESS[step % 2])
        k += 1
        if background is not None:
            colour = readable_on(colour, background)
        if colour not in taken:
            colours.append(colour)
            taken.add(colour)
    return colours


#: What a chart's tooltip is drawn on, in each theme: opaque, so that its contrast is
#: known (the charts' default was a blue-grey slate, on which blue, grey and purple names
#: read at 1.1:1). The tooltip writes each name in its line's colour: the lines are drawn
#: in colours readable on it (a per-point text style would cost the phone a style object
#: for each of a chart's hundreds of points).
TOOLTIP_BACKGROUND = {False: "#FFFFFF", True: "#1F1F23"}
#: WCAG's minimum contrast for text of a normal size (AA)
READABLE = 4.5


def _channels(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")[-6:]
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of `#RRGGBB` (or `#AARRGGBB`, the alpha ignored)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in _channels(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable_on(colour: str, background: str, ratio: float = READABLE) -> str:
    """`colour` itself when it reads on `background`, else the same hue darkened (on a
    light background) or lightened (on a dark one) by the least step that does."""
    if contrast(colour, background) >= ratio:
        return colour
    hue, lightness, saturation = colorsys.rgb_to_hls(*_channels(colour))
    towards = 0.0 if luminance(background) > 0.5 else 1.0
    found = "#000000" if towards == 0.0 else "#FFFFFF"
    for step in range(1, 101):
        shade = lightness + (towards - lightness) * step / 100
        red, green, blue = colorsys.hls_to_rgb(hue, shade, saturation)
        candidate = f"#{round(red * 255):02X}{round(green * 255):02X}{round(blue * 255):02X}"
        if contrast(candidate, background) >= ratio:
            found = candidate
            break
    return found
