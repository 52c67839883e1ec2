"""The pictures of screenshots/ show what they say: none is blank, no two different
screens are the same picture, and each shows its screen's own title where the capture
found it (read back by OCR, tesseract-ocr). The record screenshots/shots.json, written
by the capture scripts, says for each picture its screen, its title and where the title
is; the plans of scripts/screenshots.py and scripts/screenshots_phone.py say the same."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from scripts import shot_checks
from scripts.screenshots import SHOTS, STILLS
from scripts.screenshots_phone import PHONE_SHOTS

ROOT = Path(__file__).resolve().parents[2]
#: the pictures checked (another folder with SCOREPAD_SCREENSHOTS, e.g. a new capture)
FOLDER = Path(os.environ.get("SCOREPAD_SCREENSHOTS", ROOT / "screenshots"))
PICTURES = sorted(p.stem for p in FOLDER.glob("*.png"))
PLANNED = {shot.name: (shot.kind, shot.title) for shot in [*SHOTS, *PHONE_SHOTS, *STILLS]}


@cache
def notes() -> dict[str, Any]:
    notes: dict[str, Any] = json.loads((FOLDER / "shots.json").read_text())
    return notes


@cache
def picture(name: str) -> Image.Image:
    return shot_checks.load(FOLDER / f"{name}.png")


def test_every_picture_is_planned_and_noted_and_every_planned_one_is_there() -> None:
    assert set(PICTURES) == set(PLANNED), "screenshots/ and the plans differ"
    assert set(notes()) == set(PLANNED), "screenshots/shots.json and the plans differ"
    for name, (kind, title) in PLANNED.items():
        assert (notes()[name]["screen"], notes()[name]["title"]) == (kind, title), \
            f"{name}: shots.json is older than its plan: run scripts/screenshots.py"


@pytest.mark.parametrize("name", PICTURES)
def test_no_picture_is_blank(name: str) -> None:
    share = shot_checks.blank_share(picture(name))
    assert share <= shot_checks.BLANK_SHARE, \
        f"{name}.png is blank: one colour covers {share:.1%} of it"


def test_no_two_pictures_of_different_screens_are_the_same_picture() -> None:
    thumbnails = {name: shot_checks.thumbnail(picture(name)) for name in PICTURES}
    twins = []
    for one, other in itertools.combinations(PICTURES, 2):
        share = shot_checks.changed_share(thumbnails[one], thumbnails[other])
        if notes()[one]["screen"] != notes()[other]["screen"] and \
                share < shot_checks.SAME_PICTURE:
            twins.append(f"{one}.png and {other}.png ({share:.1%} of them differ)")
    assert not twins, f"different screens, the same picture: {twins}"


@pytest.mark.parametrize("name", PICTURES)
def test_each_picture_shows_its_screen_s_title(name: str) -> None:
    if shutil.which("tesseract") is None:
        if os.environ.get("CI"):
            pytest.fail(shot_checks.TESSERACT_HINT)
        pytest.skip(shot_checks.TESSERACT_HINT)
    note = notes()[name]
    shown, read = shot_checks.shows_title(picture(name), note["title"], tuple(note["box"]))
    assert shown, \
        f"{name}.png does not show {note['title']!r} at {note['box']}: OCR read {read!r}"


def test_the_readme_s_first_picture_is_the_score_sheet() -> None:
    readme = (ROOT / "README.md").read_text()
    first = re.search(r"(?:src=\"|\]\()(screenshots/[^\")]+)", readme)
    assert first is not None and first.group(1) == "screenshots/sheet.png"
    assert notes()["sheet"]["screen"] == "sheet"


def test_the_checks_see_a_blank_a_twin_and_a_wrong_title() -> None:
    """The checks themselves, on pictures made here: a loading screen (the background and
    a dot) is blank; a picture and itself slightly changed are the same picture; the
    games list does not show the sheet's title."""
    loading = Image.new("RGB", (390, 844), (247, 250, 252))
    loading.paste((40, 80, 120), (193, 420, 197, 424))
    assert shot_checks.is_blank(loading)
    games = picture("games")
    assert not shot_checks.is_blank(games)
    nudged = games.copy()
    nudged.paste((255, 0, 0), (0, 0, 40, 40))
    assert shot_checks.same_picture(games, nudged)
    assert not shot_checks.same_picture(games, picture("sheet"))
    assert shot_checks.likeness("Mardi soir", "< Mardisoir  O A") == 1.0
    assert shot_checks.likeness("Mardi soir", "Parties  EN COURS") < shot_checks.TITLE_LIKENESS
    if shutil.which("tesseract") is not None:
        shown, read = shot_checks.shows_title(picture("settings"), "Mardi soir",
                                              tuple(notes()["sheet"]["box"]))
        assert not shown, read
