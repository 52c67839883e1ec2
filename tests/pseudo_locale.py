"""A pseudo-locale for the tests: the French catalog with every message marked ⟦…⟧
(placeholders kept), installed as the extra language "qps" (SCOREPAD_EXTRA_LOCALES), and
`leaks`, which says what a text shows that is neither marked nor data.

A word a person reads that does not come from the catalogs shows unmarked in that
language: the tests render the screens, the command line and the API's errors in it and
look for such words."""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterable
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorepad.domain.language import EXTRA_LOCALES_ENV, LOCALE_DIR

PSEUDO = "qps"  # ISO 639's range for local use, the code Windows gives its pseudo-locale
OPEN, CLOSE = "⟦", "⟧"
_LETTER = re.compile(r"[^\W\d_]")
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
#: addresses and paths are data: http://192.168.1.5:8550/organiser/…, /tmp/x/scorepad.db
_ADDRESS = re.compile(r"[a-z][a-z0-9+.]*://[^\s\])»\"”]*|(?<![\w])/[^\s\])»\"”]+")
#: what a screen may show that no catalog holds: the product's name, the JSON keys and
#: values of the public formats (FORMAT.md), units and symbols
ALLOWED = frozenset({"scorepad", "error", "field", "message", "null", "true", "false"})


def mark(text: str) -> str:
    """A catalog text marked, unless it has no letter outside its placeholders (a
    symbol, a number's or a date's pattern: data, not words); `{de_x}` is words (the
    French "de"/"d'" before a name)."""
    parsed = list(string.Formatter().parse(text))
    literal = "".join(part for part, _, _, _ in parsed)
    elided = any(field and field.startswith("de_") for _, field, _, _ in parsed)
    return f"{OPEN}{text}{CLOSE}" if _LETTER.search(literal) or elided else text


def install(folder: Path, code: str = PSEUDO) -> dict[str, str]:
    """Writes the pseudo-locale's catalog under `folder`; returns the environment that
    offers it (SCOREPAD_EXTRA_LOCALES)."""
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "scorepad.po").open("rb") as fh:
        catalog = read_po(fh)
    for message in catalog:
        if not message.id or str(message.id).startswith("number."):
            continue  # how numbers are written: French's, not words
        if isinstance(message.string, tuple | list):
            message.string = tuple(mark(form) for form in message.string)
        else:
            message.string = mark(message.string)
    target = folder / code / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_mo(out, catalog)
    (target / "scorepad.mo").write_bytes(out.getvalue())
    return {EXTRA_LOCALES_ENV: str(folder)}


def unmarked(text: str) -> str:
    """The text with every marked part (and the marked parts within them) taken out."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            return text
        text = stripped


def leaks(text: str, data: Iterable[str] = ()) -> list[str]:
    """The words `text` shows outside the marks that are not `data` (names of players,
    games, circles), an address or a path, nor ALLOWED: what does not come from the
    catalogs."""
    rest = _ADDRESS.sub(" ", unmarked(text))
    for item in sorted(data, key=len, reverse=True):
        if item:  # a whole name, not the same letters within a word
            rest = re.sub(rf"(?<!\w){re.escape(item)}(?!\w)", " ", rest)
    words = re.findall(r"[^\W\d_][\w'’-]*", rest)
    return [w for w in words if w.lower() not in ALLOWED]
