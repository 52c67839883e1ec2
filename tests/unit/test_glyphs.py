"""Every character the app writes on a phone is in a font the web client has: the Flet
client ships Roboto (and Material Icons for icons) and, offline, no fallback font, so a
character missing from Roboto shows as an empty box."""

from __future__ import annotations

from pathlib import Path

import flet_web
import pytest
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
ROBOTO = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
# What the phones show: the UI's words, the domain's catalogs and messages.
SOURCES = [*sorted((ROOT / "scorepad" / "ui").rglob("*.py")),
           *sorted((ROOT / "scorepad" / "domain").rglob("*.py")),
           *sorted((ROOT / "scorepad" / "domain" / "locale").rglob("*.po")),
           *sorted((ROOT / "scorepad" / "services").rglob("*.py"))]


@pytest.mark.skipif(not ROBOTO.is_file(), reason="the Flet web client is not installed")
def test_every_character_of_the_ui_is_in_the_client_font() -> None:
    covered = set(TTFont(str(ROBOTO)).getBestCmap())
    missing = {(char, path.name) for path in SOURCES
               for char in path.read_text(encoding="utf-8")
               if ord(char) > 127 and ord(char) not in covered}
    assert missing == set()
    assert ord("→") not in covered  # the arrow the deal history used to draw
