"""A soirée's recap as CSV: the ranking (one line a player), then the highlights."""

from __future__ import annotations

import csv
import io

from scorepad.domain.language import word
from scorepad.domain.messages import language
from scorepad.domain.soiree import SoireeRecap
from scorepad.exports.csv_export import csv_delimiter, csv_number, safe_text
from scorepad.exports.soiree_text import COLUMNS, highlights


def render_soiree_csv(recap: SoireeRecap, lang: str = "fr") -> bytes:
    """Columns: rank, player, total, deals played, average per deal, tables; then a blank
    line and one (label, text) line per highlight. UTF-8 with a BOM, `;` and a decimal
    comma in French, `,` and a point in English (like the game's CSV)."""
    lang = language(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(lang), lineterminator="\r\n")
    writer.writerow([word(key, lang) for key in COLUMNS])
    for p in recap.players:
        writer.writerow([p.rank, safe_text(p.player), csv_number(p.total, lang),
                         p.deals_played,
                         "" if p.average is None else csv_number(round(p.average, 1), lang),
                         p.games])
    writer.writerow([])
    writer.writerow([word("soiree.highlights", lang), ""])
    for label, text in highlights(recap, lang):
        writer.writerow([label, safe_text(text)])
    return out.getvalue().encode("utf-8-sig")
