"""A tournament on paper (PDF, fpdf2): the standings with each round's score and the
tie-break stated, and a round's draw (a page of every table and seat, then one sheet
per table with its seats, its QR code and its code in letters)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from scorepad.domain.messages import fmt_signed, language, render
from scorepad.domain.tournament import RankingRule, StandingLine, Standings
from scorepad.exports.pdf_export import DEJAVU, _load_fonts, _para, _Sheet
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
QR_SIZE_MM = 64.0
#: a grid line's height: room for a score written by hand
GRID_ROW_MM = 7.5
#: the smallest type of the ranking, which otherwise shrinks to fit one page
SMALLEST_PT = 6.0
PT_MM, LINE_SPACING, ROW_PAD_MM = 0.3528, 1.15, 0.25


def labelled(label: str, value: str, lang: str) -> str:
    """"Départage : …" / "Tie-break: …": the catalog's way of setting a label before its
    value (a space before the colon in French)."""
    return render("format.label_value", {"label": label, "value": value}, lang)


def _line(pdf: _Sheet, height: float, text: str, size: float, style: str = "") -> None:
    pdf.set_font(pdf.family, style, size)
    _para(pdf, height, pdf.clean(text))


def _columns(standings: Standings, lang: str) -> list[tuple[str, float, str, Callable[
        [StandingLine], str]]]:
    """The ranking's columns before the rounds': (heading, width in mm, alignment, cell).
    The figure the rule ranks by comes first after the name; placement points only under
    the placement rule (under the sum rule they rank nothing, and neither the TV nor the
    phones show them)."""
    w = words(lang)
    score = (w["score"], 22.0, "RIGHT", lambda line: fmt_signed(line.score, lang))
    points = (w["points"], 22.0, "RIGHT", lambda line: points_text(line.points, lang))
    figures = [points, score] if standings.rule is RankingRule.PLACEMENT else [score]
    return [(w["rank"], 12.0, "CENTER", lambda line: str(line.rank)),
            (w["player"], 44.0, "LEFT", lambda line: line.player), *figures,
            (w["wins"], 18.0, "CENTER", lambda line: str(line.wins))]


def render_tournament_pdf(heading: TournamentHeading, standings: Standings, lang: str = "fr",
                          fonts: tuple[Path, Path] | None = DEJAVU) -> bytes:
    """The standings on A4 landscape: rank, player, the rule's figure (the score; under
    the placement rule the placement points, then the score), tables won and a cell per
    round ("+120 · T3 · 2e", "non jouée"), under the rule and the tie-break."""
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
    _line(pdf, 5, w["absences"], 9)
    _podium(pdf, standings, lang)
    pdf.ln(2)
    clean = pdf.clean
    rounds = standings.rounds
    columns = _columns(standings, lang)
    fixed = tuple(width for _head, width, _align, _cell in columns)
    per_round = max((pdf.epw - sum(fixed)) / max(len(rounds), 1), 20)
    # One page for the whole field while the type stays readable: a line's height is
    # about the type's (in mm) plus its padding.
    room = pdf.h - pdf.b_margin - pdf.get_y() - 6
    row = room / (len(standings.lines) + 2.5)  # the heading takes two lines
    size = max(SMALLEST_PT, min(9.0 if len(rounds) <= 6 else 7.5,
                                (row - 2 * ROW_PAD_MM) / (PT_MM * LINE_SPACING)))
    pdf.set_font(pdf.family, "", size)
    with pdf.table(col_widths=(*fixed, *([per_round] * len(rounds))),
                   width=min(pdf.epw, sum(fixed) + per_round * len(rounds)),
                   headings_style=FontFace(emphasis="BOLD", fill_color=_HEAD_FILL),
                   text_align=(*(align for _head, _width, align, _cell in columns),
                               *(["CENTER"] * len(rounds))),
                   line_height=size * PT_MM * LINE_SPACING,
                   repeat_headings=1, padding=(ROW_PAD_MM, 0.6)) as table:
        table.row([clean(c) for c in (*(head for head, _w, _a, _c in columns),
                                      *(w["round_short"].format(round=n) for n in rounds))])
        for line in standings.lines:
            table.row([*(clean(cell(line)) for _head, _w, _a, cell in columns),
                       *(clean(round_cell(line.round(n), lang)) for n in rounds)])
    return bytes(pdf.output())


def _podium(pdf: _Sheet, standings: Standings, lang: str) -> None:
    """The first three places, big: each rank's players (a shared rank together) and
    their total."""
    w = words(lang)
    top = [line for line in standings.lines if line.rank <= 3]
    if not top or not any(line.rounds for line in top):
        return
    pdf.ln(2)
    _line(pdf, 6, w["podium"], 11, "B")
    for rank in sorted({line.rank for line in top}):
        same = [line for line in top if line.rank == rank]
        names = ", ".join(line.player for line in same)
        total = w["podium_points"].format(points=points_text(same[0].points, lang)) \
            if standings.rule is RankingRule.PLACEMENT else fmt_signed(same[0].score, lang)
        _line(pdf, 7 if rank == 1 else 5.5, w["podium_line"].format(
            rank=w.get(f"place_{rank}", str(rank)), names=names, total=total),
              14 if rank == 1 else 10.5, "B" if rank == 1 else "")


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
    _score_grid(pdf, table, lang)


def _score_grid(pdf: _Sheet, table: PrintedTable, lang: str) -> None:
    """The round on paper, for a table that loses its phone: a line a deal (its number
    and dealer), a column a seat to write the scores in, and the totals; the organiser
    enters them in the app afterwards."""
    w = words(lang)
    clean = pdf.clean
    seats = table.seats
    pdf.ln(3)
    _line(pdf, 6, w["grid_title"], 11, "B")
    pdf.set_font(pdf.family, "", 9)
    name_width = (pdf.epw - 15 - 26) / len(seats)
    with pdf.table(col_widths=(15, 26, *([name_width] * len(seats))),
                   headings_style=FontFace(emphasis="BOLD", fill_color=_HEAD_FILL),
                   line_height=GRID_ROW_MM, padding=(0.6, 0.8),
                   text_align=("CENTER", "LEFT", *(["CENTER"] * len(seats)))) as grid:
        grid.row([clean(w["grid_deal"]), clean(w["grid_dealer"]), *(clean(n) for n in seats)])
        for number in range(1, table.deals + 1):
            grid.row([str(number), clean(seats[(number - 1) % len(seats)]),
                      *([""] * len(seats))])
        grid.row([clean(w["grid_total"]), "", *([""] * len(seats))])
    if len(seats) == 6:
        _line(pdf, 5, w["grid_dealer_out"], 8.5)


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
