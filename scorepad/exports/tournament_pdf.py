"""A tournament on paper (PDF, fpdf2): the standings with each round's score and the
tie-break stated, and a round's draw (a page of every table and seat, then one sheet
per table with its seats, its QR code and its code in letters)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from scorepad.domain.messages import fmt_signed, language, render
from scorepad.domain.tournament import Standings
from scorepad.exports.pdf_export import DEJAVU, _load_fonts, _Sheet
from scorepad.exports.tournament_text import (
    PrintedTable,
    TournamentHeading,
    deals_text,
    local_only,
    points_text,
    round_cell,
    rounds_text,
    rule_text,
    status_text,
    tie_break_text,
    title,
    words,
)

_HEAD_FILL = (215, 215, 215)
QR_SIZE_MM = 90.0


def labelled(label: str, value: str, lang: str) -> str:
    """"Départage : …" / "Tie-break: …": the catalog's way of setting a label before its
    value (a space before the colon in French)."""
    return render("format.label_value", {"label": label, "value": value}, lang)


def _line(pdf: _Sheet, height: float, text: str, size: float, style: str = "") -> None:
    pdf.set_font(pdf.family, style, size)
    pdf.multi_cell(0, height, pdf.clean(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def render_tournament_pdf(heading: TournamentHeading, standings: Standings, lang: str = "fr",
                          fonts: tuple[Path, Path] | None = DEJAVU) -> bytes:
    """The standings on A4 landscape: rank, player, score, placement points, tables won
    and a cell per round ("+120 · T3 · 2e"), under the rule and the tie-break."""
    lang = language(lang)
    w = words(lang)
    pdf = _Sheet("landscape", lambda page: w["footer"].format(name=heading.name, page=page))
    _load_fonts(pdf, fonts)
    pdf.set_auto_page_break(True, margin=14)
    pdf.add_page()
    _line(pdf, 10, title(heading, lang), 18, "B")
    _line(pdf, 6, f"{rounds_text(heading, lang)} · {status_text(heading, standings, lang)}",
          10.5)
    _line(pdf, 6, labelled(w["rule"], rule_text(standings.rule, lang), lang), 10.5)
    _line(pdf, 6, labelled(w["tiebreak"], tie_break_text(standings.rule, lang), lang), 10.5)
    pdf.ln(3)
    clean = pdf.clean
    rounds = standings.rounds
    fixed = (12, 44, 22, 22, 18)
    per_round = max((pdf.epw - sum(fixed)) / max(len(rounds), 1), 20)
    pdf.set_font(pdf.family, "", 9 if len(rounds) <= 6 else 7.5)
    with pdf.table(col_widths=(*fixed, *([per_round] * len(rounds))),
                   width=min(pdf.epw, sum(fixed) + per_round * len(rounds)),
                   headings_style=FontFace(emphasis="BOLD", fill_color=_HEAD_FILL),
                   text_align=("CENTER", "LEFT", "RIGHT", "RIGHT", "CENTER",
                               *(["CENTER"] * len(rounds))),
                   repeat_headings=1, padding=(0.8, 0.6)) as table:
        table.row([clean(c) for c in (w["rank"], w["player"], w["score"], w["points"],
                                      w["wins"], *(w["round_short"].format(round=n)
                                                   for n in rounds))])
        for line in standings.lines:
            table.row([str(line.rank), clean(line.player), clean(fmt_signed(line.score, lang)),
                       clean(points_text(line.points, lang)), str(line.wins),
                       *(clean(round_cell(line.round(n), lang)) for n in rounds)])
    return bytes(pdf.output())


def _qr(pdf: _Sheet, text: str, x: float, y: float, size: float) -> None:
    """The QR code of `text` drawn as vector squares (sharp at any printer's resolution)."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    module = size / len(matrix)
    pdf.set_fill_color(0, 0, 0)
    for row, cells in enumerate(matrix):
        for column, dark in enumerate(cells):
            if dark:
                pdf.rect(x + column * module, y + row * module, module, module, style="F")


def _overview(pdf: _Sheet, heading: TournamentHeading, round_number: int,
              tables: Sequence[PrintedTable], lang: str) -> None:
    w = words(lang)
    clean = pdf.clean
    pdf.add_page()
    _line(pdf, 10, title(heading, lang), 18, "B")
    _line(pdf, 8, w["draw_title"].format(round=round_number), 14, "B")
    if heading.round_minutes:
        _line(pdf, 6, w["minutes"].format(minutes=heading.round_minutes), 10.5)
    pdf.ln(2)
    seats = max(len(t.seats) for t in tables)
    pdf.set_font(pdf.family, "", 10)
    with pdf.table(col_widths=(18, 22, *([30] * seats)), repeat_headings=1,
                   headings_style=FontFace(emphasis="BOLD", fill_color=_HEAD_FILL),
                   padding=(1, 0.8)) as grid:
        grid.row([clean(w["table_head"]), clean(w["deals_head"]),
                  *(clean(w["seat"].format(seat=s)) for s in range(1, seats + 1))])
        for t in tables:
            grid.row([str(t.number), clean(deals_text(t.deals, lang)),
                      *(clean(n) for n in t.seats), *([""] * (seats - len(t.seats)))])
    pdf.ln(2)
    _line(pdf, 5, w["first_dealer_note"], 9)
    if any(local_only(t.url) for t in tables):
        pdf.ln(2)
        _line(pdf, 5, w["address_local"], 10, "B")


def _table_sheet(pdf: _Sheet, heading: TournamentHeading, round_number: int,
                 table: PrintedTable, lang: str) -> None:
    w = words(lang)
    pdf.add_page()
    _line(pdf, 8, title(heading, lang), 12)
    pdf.set_font(pdf.family, "B", 40)
    pdf.cell(0, 20, pdf.clean(w["table"].format(table=table.number)), align="C",
             new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    _line(pdf, 8, w["sheet_round"].format(round=round_number,
                                          deals=deals_text(table.deals, lang)), 14)
    pdf.ln(2)
    for seat, name in enumerate(table.seats, 1):
        note = f"  ({w['first_dealer']})" if seat == 1 else ""
        _line(pdf, 9, f"{seat}. {name}{note}", 18, "B" if seat == 1 else "")
    if len(table.seats) == 6:
        _line(pdf, 6, w["dealer_out"], 11)
    pdf.ln(4)
    top = pdf.get_y()
    _qr(pdf, table.url, (pdf.w - QR_SIZE_MM) / 2, top, QR_SIZE_MM)
    pdf.set_y(top + QR_SIZE_MM + 3)
    _line(pdf, 7, w["scan"], 12)
    _line(pdf, 9, w["code"].format(code=table.code), 18, "B")
    _line(pdf, 5, w["address"].format(url=table.url), 8.5)
    if local_only(table.url):
        _line(pdf, 5, w["address_local"], 10, "B")


def render_draw_pdf(heading: TournamentHeading, round_number: int,
                    tables: Sequence[PrintedTable], *, lang: str = "fr",
                    fonts: tuple[Path, Path] | None = DEJAVU) -> bytes:
    """A round's draw: the page of every table and seat, then one A4 sheet a table."""
    lang = language(lang)
    w = words(lang)
    pdf = _Sheet("portrait", lambda page: w["footer"].format(name=heading.name, page=page))
    _load_fonts(pdf, fonts)
    pdf.set_auto_page_break(True, margin=14)
    pdf.set_title(pdf.clean(w["draw_title"].format(round=round_number)))
    _overview(pdf, heading, round_number, tables, lang)
    for table in tables:
        _table_sheet(pdf, heading, round_number, table, lang)
    return bytes(pdf.output())
