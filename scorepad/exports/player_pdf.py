"""A player's record as an A4 page (PDF, fpdf2): the figures section by section, then the
tables (contracts, allies at five, head-to-head, game after game)."""

from __future__ import annotations

from pathlib import Path

from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from scorepad.domain.language import word
from scorepad.domain.messages import language
from scorepad.domain.player_record import PlayerRecord
from scorepad.exports.pdf_export import DEJAVU, _load_fonts, _para, _Sheet
from scorepad.exports.player_text import figure_rows, tables, title

_HEAD_FILL = (215, 215, 215)


def render_player_pdf(record: PlayerRecord, scope: str, lang: str = "fr",
                      fonts: tuple[Path, Path] | None = DEJAVU) -> bytes:
    lang = language(lang)
    heading = title(record, scope, lang)
    footer = word("soiree.footer", lang)
    pdf = _Sheet("portrait", lambda page: f"{footer} · {heading} · {page}")
    _load_fonts(pdf, fonts)
    clean = pdf.clean
    pdf.set_auto_page_break(True, margin=14)
    pdf.add_page()
    pdf.set_font(pdf.family, "B", 16)
    _para(pdf, 9, clean(heading))
    pdf.ln(2)
    head = FontFace(emphasis="BOLD", fill_color=_HEAD_FILL)
    pdf.set_font(pdf.family, "", 10)
    with pdf.table(col_widths=(40, 60, 90), headings_style=head,
                   text_align=("LEFT", "LEFT", "RIGHT")) as table:
        table.row([clean(word("player_export.section", lang)),
                   clean(word("player_export.figure", lang)),
                   clean(word("player_export.value", lang))])
        for section, label, value in figure_rows(record, lang):
            table.row([clean(section), clean(label), clean(value)])
    for found in tables(record, lang):
        pdf.ln(4)
        pdf.set_font(pdf.family, "B", 12)
        pdf.cell(0, 8, clean(found.title), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_font(pdf.family, "", 10)
        with pdf.table(headings_style=head) as table:
            table.row([clean(cell) for cell in found.heading])
            for row in found.rows:
                table.row([clean(cell) for cell in row])
    return bytes(pdf.output())
