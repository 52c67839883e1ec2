"""scorepad's home-screen icons, drawn at build time: a white card bearing the 21 (the
highest trump) on the green of a card table; the maskable ones keep it in the middle
80 %, the safe zone a launcher never crops."""

from __future__ import annotations

import io
from pathlib import Path

TABLE_GREEN = (0x1F, 0x6F, 0x54)
WHITE = (0xFF, 0xFF, 0xFF)
#: (site path, size in pixels, maskable)
ICONS = (
    ("icons/icon-192.png", 192, False), ("icons/icon-512.png", 512, False),
    ("icons/icon-maskable-192.png", 192, True), ("icons/icon-maskable-512.png", 512, True),
    ("icons/apple-touch-icon-192.png", 192, True), ("favicon.png", 32, False),
)
_FONTS = (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),)


def _font(size: int) -> object:
    from PIL import ImageFont

    for path in _FONTS:
        if path.is_file():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def icon_png(size: int, *, maskable: bool) -> bytes:
    """One icon as PNG bytes."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (size, size), TABLE_GREEN)
    draw = ImageDraw.Draw(image)
    # The card: upright, a little narrower than tall, as a tarot card is.
    height = size * (0.62 if maskable else 0.78)
    width = height * 0.68
    left, top = (size - width) / 2, (size - height) / 2
    draw.rounded_rectangle((left, top, left + width, top + height),
                           radius=max(2.0, width * 0.12), fill=WHITE)
    font = _font(max(8, int(height * 0.42)))
    draw.text((size / 2, size / 2), "21", fill=TABLE_GREEN, font=font, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def icon_files() -> list[tuple[str, bytes]]:
    return [(path, icon_png(size, maskable=maskable)) for path, size, maskable in ICONS]


def manifest_icons() -> list[dict[str, str]]:
    """The web app manifest's `icons` entries."""
    entries = []
    for path, size, maskable in ICONS:
        if not path.startswith("icons/icon-"):
            continue
        entry = {"src": path, "sizes": f"{size}x{size}", "type": "image/png"}
        if maskable:
            entry["purpose"] = "maskable"
        entries.append(entry)
    return entries
