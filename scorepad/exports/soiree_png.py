"""A soirée's recap as a picture sized for a phone (1080 x 1350, the portrait shape chat
apps show whole): the podium, every player's total and average per deal, the highlights.
Drawn with Pillow; DejaVu when installed, Pillow's own font otherwise."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorepad.domain.language import word
from scorepad.domain.messages import N_, fmt_signed, language, render_count
from scorepad.domain.soiree import SoireeRecap
from scorepad.exports.soiree_text import deal_refs, duration, labelled, title

SIZE = (1080, 1350)
_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
_BG = (16, 64, 48)
_PANEL = (24, 84, 63)
_TEXT = (250, 246, 232)
_MUTED = (190, 214, 200)
_PLUS = (150, 230, 160)
_MINUS = (255, 170, 160)
_STEPS = {1: ((232, 190, 60), 280), 2: ((200, 205, 212), 210), 3: ((205, 135, 80), 160)}
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _font(size: int, bold: bool = False) -> Font:
    path = _FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:  # no DejaVu here: Pillow's bundled font still prints every name
        return ImageFont.load_default(size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: Font, width: float) -> str:
    """The text, shortened with an ellipsis until it fits in `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _centered(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, font: Font,
              fill: tuple[int, int, int], width: float) -> None:
    shown = _fit(draw, text, font, width)
    draw.text((x - draw.textlength(shown, font=font) / 2, y), shown, font=font, fill=fill)


def _podium(draw: ImageDraw.ImageDraw, recap: SoireeRecap, lang: str, top: int) -> int:
    """Second, first, third from left to right; returns the y below the podium."""
    base = top + 420
    # First, second and third in ranking order (equal totals share the step's colour).
    for x, player in zip((540, 200, 880), recap.players[:3], strict=False):
        colour, height = _STEPS[min(player.rank, 3)]
        draw.rounded_rectangle((x - 150, base - height, x + 150, base), radius=18, fill=colour)
        _centered(draw, x, base - height + 18, str(player.rank), _font(64, True), _BG, 280)
        _centered(draw, x, base - height - 118, player.player, _font(46, True), _TEXT, 320)
        _centered(draw, x, base - height - 60, fmt_signed(player.total, lang),
                  _font(42, True), _PLUS if player.total >= 0 else _MINUS, 320)
    return base + 30


def _rows(draw: ImageDraw.ImageDraw, recap: SoireeRecap, lang: str, top: int,
          bottom: int) -> None:
    count = max(len(recap.players), 1)
    height = max(min(62, (bottom - top - 60) // count), 30)
    size = max(int(height * 0.6), 20)
    body, bold, small = _font(size), _font(size, True), _font(24)
    draw.text((80, top), word("soiree.player", lang), font=small, fill=_MUTED)
    draw.text((720, top), word("soiree.total", lang), font=small, fill=_MUTED, anchor="ra")
    draw.text((1000, top), word("soiree.average", lang), font=small, fill=_MUTED, anchor="ra")
    y = top + 44
    for index, p in enumerate(recap.players):
        if y + height > bottom:
            break
        if index % 2 == 0:
            draw.rounded_rectangle((50, y - 6, 1030, y + height - 6), radius=10, fill=_PANEL)
        draw.text((80, y), f"{p.rank}.", font=body, fill=_MUTED)
        draw.text((150, y), _fit(draw, p.player, bold, 400), font=bold, fill=_TEXT)
        draw.text((720, y), fmt_signed(p.total, lang), font=bold, anchor="ra",
                  fill=_PLUS if p.total >= 0 else _MINUS)
        shown = fmt_signed(round(p.average, 1), lang) if p.average is not None else "–"
        draw.text((1000, y), shown, font=body, anchor="ra", fill=_TEXT)
        y += height


def _footer(draw: ImageDraw.ImageDraw, recap: SoireeRecap, lang: str) -> None:
    small = _font(28)
    lines = [labelled(word("soiree.best", lang), deal_refs(recap.best_deals, lang), lang)]
    facts = [render_count("export.deal_count", recap.deals, {}, lang),
             duration(recap.duration, lang)]
    for key, items in ((N_("soiree.chelems"), recap.chelems),
                       (N_("soiree.petits"), recap.petits_au_bout)):
        if items:
            facts.append(labelled(word(key, lang), str(len(items)), lang))
    lines.append(" · ".join(facts))
    y = SIZE[1] - 170
    for line in lines:
        draw.text((60, y), _fit(draw, line, small, 960), font=small, fill=_TEXT)
        y += 44
    draw.text((SIZE[0] - 60, SIZE[1] - 60), word("soiree.footer", lang), font=_font(24, True),
              fill=_MUTED, anchor="ra")


def render_soiree_png(recap: SoireeRecap, lang: str = "fr") -> bytes:
    """The picture people send to the group's chat (PNG, 1080 x 1350)."""
    lang = language(lang)
    image = Image.new("RGB", SIZE, _BG)
    draw = ImageDraw.Draw(image)
    _centered(draw, SIZE[0] / 2, 50, title(recap, lang), _font(52, True), _TEXT, 1000)
    if not recap.players:
        _centered(draw, SIZE[0] / 2, 600, word("soiree.empty", lang), _font(44), _TEXT, 1000)
    else:
        below = _podium(draw, recap, lang, 130)
        _rows(draw, recap, lang, below, SIZE[1] - 190)
        _footer(draw, recap, lang)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
