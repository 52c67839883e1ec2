"""A player's record as CSV: a title line, one line a figure (section, figure, value), then
each table under its title. UTF-8 with a BOM, `;` in French and `,` in English (like the
game's CSV)."""

from __future__ import annotations

import csv
import io

from scorepad.domain.messages import language
from scorepad.domain.player_record import PlayerRecord
from scorepad.exports.csv_export import csv_delimiter, safe_text
from scorepad.exports.player_text import figure_rows, tables, title


def render_player_csv(record: PlayerRecord, scope: str, lang: str = "fr") -> bytes:
    """`scope` says which games the record is over ("Les mardis · Saison 2026-2027")."""
    lang = language(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(lang), lineterminator="\r\n")
    writer.writerow([safe_text(title(record, scope, lang))])
    writer.writerow([])
    for section, label, value in figure_rows(record, lang):
        writer.writerow([section, label, safe_text(value)])
    for table in tables(record, lang):
        writer.writerow([])
        writer.writerow([table.title])
        writer.writerow(table.heading)
        for row in table.rows:
            writer.writerow([safe_text(cell) for cell in row])
    return out.getvalue().encode("utf-8-sig")
