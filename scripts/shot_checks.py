"""What makes a screenshot true, checked on its pixels alone: not blank, not the same
picture as another screen's, and showing its screen's own title (read back by OCR with
Debian's tesseract-ocr). The capture scripts check each picture before they keep it;
tests/unit/test_screenshots.py checks the pictures kept in screenshots/."""

from __future__ import annotations

import difflib
import io
import shutil
import subprocess
import unicodedata
from pathlib import Path

from PIL import Image, ImageChops, ImageOps

#: A picture whose one colour covers more of it than this is a blank (a loading screen:
#: the background and a dot). The emptiest true screen here, a settings list, is 0.71.
BLANK_SHARE = 0.97
#: Two pictures whose thumbnails differ in fewer pixels than this are the same picture.
#: Two different screens of the app differ in 9 % or more (they share a bar and a
#: background); the same screen taken twice, in 0 %.
SAME_PICTURE = 0.02
THUMBNAIL = (96, 192)
#: a thumbnail's pixel counts as changed past this difference of grey (0-255)
CHANGED_GREY = 24
#: how close the text read must come to the title (difflib's ratio, 0-1): OCR may take
#: an "é" for an "e" or a "·" for a "-", not read another title
TITLE_LIKENESS = 0.8
TESSERACT_HINT = "tesseract is missing: apt-get install tesseract-ocr tesseract-ocr-fra"

Box = tuple[float, float, float, float]


def blank_share(picture: Image.Image) -> float:
    """The share of the picture covered by its most common colour (on a quarter-size
    copy: a loading screen is one colour and a dot)."""
    small = picture.convert("RGB").resize((max(1, picture.width // 4),
                                           max(1, picture.height // 4)))
    colours = small.getcolors(maxcolors=small.width * small.height) or []
    return max(count for count, _ in colours) / (small.width * small.height)


def is_blank(picture: Image.Image) -> bool:
    return blank_share(picture) > BLANK_SHARE


def thumbnail(picture: Image.Image) -> Image.Image:
    """A small grey copy that keeps the layout and drops the detail (any size and shape
    of picture gives the same thumbnail size, so that all compare)."""
    return ImageOps.grayscale(picture).resize(THUMBNAIL, Image.Resampling.BOX)


def changed_share(one: Image.Image, other: Image.Image) -> float:
    """The share of two thumbnails' pixels that differ visibly: near 0 for one picture
    taken twice, 0.09 and more for two different screens of the app."""
    difference = ImageChops.difference(one, other).histogram()
    return sum(difference[CHANGED_GREY:]) / (THUMBNAIL[0] * THUMBNAIL[1])


def same_picture(one: Image.Image, other: Image.Image) -> bool:
    return changed_share(thumbnail(one), thumbnail(other)) < SAME_PICTURE


def _letters(text: str) -> str:
    """The text as OCR is sure to read it back: lower-case letters and digits only
    (no accents, spaces or punctuation, which it often merges or drops)."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain.lower() if c.isalnum() and c.isascii())


def likeness(title: str, read: str) -> float:
    """How well `read` (what OCR read) contains `title`: 1.0 when it holds it whole, and
    the best difflib ratio of a stretch of `read` as long as the title otherwise."""
    want, got = _letters(title), _letters(read)
    if not want:
        raise ValueError("an empty title says nothing of a picture")
    if want in got:
        return 1.0
    best = 0.0
    for length in (len(want) - 1, len(want), len(want) + 1):
        for start in range(max(1, len(got) - length + 1)):
            ratio = difflib.SequenceMatcher(None, want, got[start:start + length]).ratio()
            best = max(best, ratio)
    return best


def ocr(picture: Image.Image, box: Box | None = None, *, layout: int = 6) -> str:
    """The text tesseract reads in `box` (pixels of the picture: left, top, right,
    bottom), or in the whole picture; `layout` is tesseract's page segmentation (6: one
    block of text, 11: scattered text). Light text on a dark screen is turned dark on
    light, and small text is enlarged: tesseract reads best dark letters 30 px high."""
    if shutil.which("tesseract") is None:
        raise RuntimeError(TESSERACT_HINT)
    part = picture if box is None else picture.crop(_inside(picture, box))
    grey = ImageOps.grayscale(part)
    if sum(i * n for i, n in enumerate(grey.histogram())) / max(1, grey.width * grey.height) < 110:
        grey = ImageOps.invert(grey)
    grey = ImageOps.autocontrast(grey)
    if grey.height < 120:
        factor = min(4.0, 120 / max(1, grey.height))
        grey = grey.resize((int(grey.width * factor), int(grey.height * factor)),
                           Image.Resampling.LANCZOS)
    # A white margin: tesseract misses letters that touch the picture's edge.
    grey = ImageOps.expand(grey, border=20, fill=255)
    data = io.BytesIO()
    grey.save(data, format="PNG")
    done = subprocess.run(["tesseract", "stdin", "stdout", "-l", "fra+eng", "--psm", str(layout)],
                          input=data.getvalue(), capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"tesseract failed: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode(errors="replace").strip()


def _inside(picture: Image.Image, box: Box) -> tuple[int, int, int, int]:
    left, top, right, bottom = box
    return (max(0, int(left)), max(0, int(top)), min(picture.width, int(right + 0.5)),
            min(picture.height, int(bottom + 0.5)))


def shows_title(picture: Image.Image, title: str, box: Box | None) -> tuple[bool, str]:
    """Whether OCR reads `title` in `box` of the picture (its whole, when the box is
    None); and what it read there, for the message of a picture that fails."""
    reads = []
    # One block first (a bar's title, fast); then scattered text, which also finds a
    # title set far larger than the lines around it (a printed table's number).
    for layout in (6, 11):
        reads.append(ocr(picture, box, layout=layout))
        if likeness(title, reads[-1]) >= TITLE_LIKENESS:
            return True, reads[-1]
    return False, " | ".join(reads)


def problems(picture: Image.Image, title: str, box: Box | None) -> list[str]:
    """What is wrong with one picture on its own (nothing: an empty list)."""
    if is_blank(picture):
        return [f"it is blank: one colour covers {blank_share(picture):.1%} of it"]
    shown, read = shows_title(picture, title, box)
    if not shown:
        return [f"it does not show its title {title!r} (OCR read {read!r})"]
    return []


def load(path: Path) -> Image.Image:
    with Image.open(path) as picture:
        return picture.convert("RGB")
