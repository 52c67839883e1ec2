"""A soirée's recap as an A4 page (PDF, fpdf2): podium, every player's total and average
per deal played, the highlights and the tables of the evening."""

from __future__ import annotations

from pathlib import Path

from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from scorepad.domain.language import word
from scorepad.domain.messages import fmt_signed, language, render_count
from scorepad.domain.soiree import SoireeRecap
from scorepad.exports.pdf_export import DEJAVU, _load_fonts, _para, _Sheet
from scorepad.exports.soiree_text import COLUMNS, average, duration, highlights, labelled, title

_HEAD_FILL = (215, 215, 215)


def render_soiree_pdf(recap: SoireeRecap, lang: str = "fr",
                      fonts: tuple[Path, Path] | None = DEJAVU) -> bytes:
    lang = language(lang)
    footer = word("soiree.footer", lang)
    pdf = _Sheet("portrait", lambda page: f"{footer} · {title(recap, lang)} · {page}")
    _load_fonts(pdf, fonts)
    clean = pdf.clean
    pdf.set_auto_page_break(True, margin=14)
    pdf.add_page()
    pdf.set_font(pdf.family, "B", 18)
    pdf.cell(0, 10, clean(title(recap, lang)), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    if not recap.tables:
        pdf.set_font(pdf.family, "", 11)
        pdf.cell(0, 8, clean(word("soiree.empty", lang)), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        return bytes(pdf.output())
    pdf.set_font(pdf.family, "B", 13)
    podium = "   ".join(f"{p.rank}. {p.player} {fmt_signed(p.total, lang)}"
                        for p in recap.podium)
    _para(pdf, 8, clean(podium))
    pdf.ln(2)
    _players_table(pdf, recap, lang)
    pdf.ln(4)
    pdf.set_font(pdf.family, "B", 12)
    pdf.cell(0, 8, clean(word("soiree.highlights", lang)), new_x=XPos.LMARGIN,
             new_y=YPos.NEXT)
    pdf.set_font(pdf.family, "", 10)
    for label, text in highlights(recap, lang):
        _para(pdf, 6, clean(labelled(label, text, lang)))
    pdf.ln(3)
    pdf.set_font(pdf.family, "B", 12)
    pdf.cell(0, 8, clean(word("soiree.tables", lang)), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(pdf.family, "", 10)
    for table in recap.tables:
        totals = ", ".join(f"{n} {fmt_signed(v, lang)}" for n, v in table.totals.items())
        _para(pdf, 6, clean(render_count("soiree.table_line", table.deals, {
            "name": table.name, "duration": duration(table.duration, lang),
            "totals": totals}, lang)))
    return bytes(pdf.output())


def _players_table(pdf: _Sheet, recap: SoireeRecap, lang: str) -> None:
    clean = pdf.clean
    pdf.set_font(pdf.family, "", 10.5)
    head = FontFace(emphasis="BOLD", fill_color=_HEAD_FILL)
    with pdf.table(col_widths=(12, 52, 28, 30, 38, 20), headings_style=head,
                   text_align=("CENTER", "LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT")) as table:
        table.row([clean(word(key, lang)) for key in COLUMNS])
        for p in recap.players:
            table.row([str(p.rank), clean(p.player), clean(fmt_signed(p.total, lang)),
                       str(p.deals_played), clean(average(p.average, lang)), str(p.games)])
