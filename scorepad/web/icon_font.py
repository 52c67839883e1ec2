"""The Material icon font cut down to the icons scorepad draws (1.3 MB -> a few kB).

Flet's client ships Flutter's whole MaterialIcons font (8,600 glyphs) and loads it on
every first visit. Its glyphs are named after Flutter's icons (`add_baseline`,
`add_outlined`, ...), so the icons the UI names (`ft.Icons.ADD`) and the ones Flutter's
own widgets draw (back arrow, dropdown arrow, ...) map to code points, and fontTools
keeps only those.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

# Icons Flutter's and Flet's widgets draw by themselves (never named in scorepad's code):
# app bar back buttons (Android and iOS shapes), menus, dropdowns, search, pickers, chips,
# expansion tiles, sortable tables, password fields, snack bars.
FRAMEWORK_ICONS = (
    "ARROW_BACK", "ARROW_BACK_IOS", "ARROW_BACK_IOS_NEW", "ARROW_FORWARD", "ARROW_FORWARD_IOS",
    "MORE_VERT", "MORE_HORIZ", "MENU", "CLOSE", "CANCEL", "CLEAR", "CHECK", "SEARCH",
    "ARROW_DROP_DOWN", "ARROW_DROP_UP", "EXPAND_MORE", "EXPAND_LESS", "ARROW_UPWARD",
    "ARROW_DOWNWARD", "CHEVRON_LEFT", "CHEVRON_RIGHT", "KEYBOARD_ARROW_LEFT",
    "KEYBOARD_ARROW_RIGHT", "KEYBOARD_ARROW_UP", "KEYBOARD_ARROW_DOWN", "EDIT", "EDIT_OUTLINED",
    "CALENDAR_TODAY", "KEYBOARD", "ACCESS_TIME", "VISIBILITY", "VISIBILITY_OFF", "ERROR",
    "ERROR_OUTLINE", "INFO_OUTLINE", "WARNING", "SHARE", "IOS_SHARE", "REFRESH",
    "CHECK_BOX", "CHECK_BOX_OUTLINE_BLANK", "RADIO_BUTTON_CHECKED", "RADIO_BUTTON_UNCHECKED",
)
VARIANTS = ("outlined", "rounded", "sharp")
_ICON_REFERENCE = re.compile(r"\bIcons\.([A-Z][A-Z0-9_]*)\b")


class UnknownIcon(ValueError):
    """An icon name with no glyph in the font (a Flet alias, or a typo)."""


def icons_named_in(sources: Iterable[str]) -> set[str]:
    """The `Icons.NAME` references found in Python source texts."""
    found: set[str] = set()
    for text in sources:
        found.update(_ICON_REFERENCE.findall(text))
    return found


def ui_icons() -> set[str]:
    """Every Material icon the UI code names, read from scorepad.ui's own source files."""
    root = resources.files("scorepad.ui")
    texts: list[str] = []
    stack = [root]
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                stack.append(entry)
            elif entry.name.endswith(".py"):
                texts.append(entry.read_text(encoding="utf-8"))
    return icons_named_in(texts)


def glyph_name(icon: str) -> str:
    """`ADD` -> `add_baseline`, `ADD_OUTLINED` -> `add_outlined` (the font's glyph names)."""
    name = icon.lower()
    if name.rsplit("_", 1)[-1] in VARIANTS:
        return name
    return f"{name}_baseline"


def code_points(font: object, icons: Iterable[str]) -> dict[str, int]:
    """Icon name -> code point in `font` (a fontTools TTFont); UnknownIcon when absent."""
    by_glyph = {glyph: cp for cp, glyph in font.getBestCmap().items()}  # type: ignore[attr-defined]
    found: dict[str, int] = {}
    for icon in sorted(set(icons)):
        glyph = glyph_name(icon)
        if glyph not in by_glyph:
            raise UnknownIcon(f"no glyph {glyph!r} for Icons.{icon} in the Material icon font")
        found[icon] = by_glyph[glyph]
    return found


def subset_icon_font(font_bytes: bytes, icons: Iterable[str]) -> bytes:
    """The font with only the glyphs of `icons` (and the space), same family name."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # The stock font's own date stays in the subset: fontTools would write the time of
    # the build into it, and every build would then be a new font (a new site version).
    font = TTFont(io.BytesIO(font_bytes), recalcTimestamp=False)
    wanted = set(code_points(font, icons).values()) | {0x20}
    options = subset.Options()
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.layout_features = []
    options.hinting = False
    subsetter = subset.Subsetter(options=options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def icon_set_digest() -> str:
    """A short fingerprint of the icons the subset keeps (names the cached subset)."""
    import hashlib

    names = "\n".join(sorted(ui_icons() | set(FRAMEWORK_ICONS)))
    return hashlib.sha256(names.encode()).hexdigest()[:12]


def scorepad_icon_font(stock_font: Path) -> bytes:
    """The subset scorepad serves: the UI's icons plus the framework's own."""
    return subset_icon_font(stock_font.read_bytes(), ui_icons() | set(FRAMEWORK_ICONS))
