"""A player's record as CSV: a title line, one line a figure (section, figure, value), then
each table under its title. UTF-8 with a BOM, `;` in French and `,` in English (like the
game's CSV)."""

from __future__ import annotations

import csv
import io
import re

from scorepad.domain.language import MINUS
from scorepad.domain.messages import language
from scorepad.domain.player_record import PlayerRecord
from scorepad.exports.csv_export import csv_delimiter, safe_text
from scorepad.exports.player_text import figure_rows, tables, title

#: a figure written as a signed number ("+370", "−32,5"): the spreadsheet reads a number
_NUMBER = re.compile(r"^[+−-]?\d+([.,]\d+)?$")


def _cell(value: str) -> str:
    """A signed number as the spreadsheet reads one (no plus, an ASCII minus); any other
    text as text, never a formula."""
    if _NUMBER.match(value):
        return value.lstrip("+").replace(MINUS, "-")
    return safe_text(value)


def render_player_csv(record: PlayerRecord, scope: str, lang: str = "fr") -> bytes:
    """`scope` says which games the record is over ("Les mardis · Saison 2026-2027")."""
    lang = language(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(lang), lineterminator="\r\n")
    writer.writerow([safe_text(title(record, scope, lang))])
    writer.writerow([])
    for section, label, value in figure_rows(record, lang):
        writer.writerow([section, label, _cell(value)])
    for table in tables(record, lang):
        writer.writerow([])
        writer.writerow([table.title])
        writer.writerow(table.heading)
        for row in table.rows:
            writer.writerow([_cell(cell) for cell in row])
    return out.getvalue().encode("utf-8-sig")
