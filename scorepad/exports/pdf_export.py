"""A game as a printable A4 score sheet (PDF, fpdf2): every deal, the totals, the rules."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import TableCellFillMode, WrapMode, XPos, YPos
from fpdf.fonts import FontFace

from scorepad.collation import name_key
from scorepad.domain import FFT_RULES, POINTS_NEEDED, DealKind, DealRecord, GameRecord, RuleSet
from scorepad.domain.language import month_name, word
from scorepad.domain.messages import (
    CONTRACT_NAMES,
    N_,
    fmt_list,
    fmt_number,
    fmt_signed,
    language,
    render,
    render_count,
)
from scorepad.exports.bonuses import bonuses, kind_word

DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
DEJAVU = (DEJAVU_DIR / "DejaVuSans.ttf", DEJAVU_DIR / "DejaVuSans-Bold.ttf")

_HEADINGS = (N_("pdf.number"), N_("pdf.dealer"), N_("pdf.taker"), N_("pdf.contract"),
             N_("pdf.bouts_points"), N_("pdf.result"), N_("pdf.bonuses"))
_NEGATIVE = (150, 20, 20)
_ZEBRA = (242, 242, 242)
_TOTAL_FILL = (215, 215, 215)
# Characters the core (Latin-1) font lacks but that have an obvious stand-in.
_STAND_INS = {"−": "-", "–": "-", "—": "-", "’": "'", "‘": "'", "“": '"', "”": '"',
              "…": "...", "œ": "oe", "Œ": "OE", "·": "-", "≠": "!=", "×": "x"}


def _latin1(text: str) -> str:
    """Transliterate for the core font: stand-ins, then accents dropped, then '?'."""
    out: list[str] = []
    for char in text:
        char = _STAND_INS.get(char, char)
        try:
            char.encode("latin-1")
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", char).encode("latin-1", "ignore").decode()
            char = base or "?"
        out.append(char)
    return "".join(out)


class _Sheet(FPDF):
    """An FPDF that writes its footer (page numbers) and knows its text filter."""

    def __init__(self, orientation: str, footer_text: Callable[[int], str]) -> None:
        super().__init__(orientation=orientation, unit="mm", format="A4")
        self._footer_text = footer_text
        self.family = "helvetica"
        self.clean: Callable[[str], str] = _latin1

    def footer(self) -> None:
        self.set_y(-10)
        self.set_font(self.family, "", 7.5)
        self.set_text_color(110, 110, 110)
        self.cell(0, 5, self.clean(self._footer_text(self.page_no())), align="C")
        self.set_text_color(0, 0, 0)


def _load_fonts(pdf: _Sheet, fonts: tuple[Path, Path] | None) -> None:
    """DejaVu when its files are there (every name prints as typed), else the core
    font with transliteration: a missing or broken font never stops the export."""
    if fonts is None:
        return
    regular, bold = fonts
    try:
        if not (Path(regular).is_file() and Path(bold).is_file()):
            return
        pdf.add_font("DejaVu", "", str(regular))
        pdf.add_font("DejaVu", "B", str(bold))
    except Exception:  # a broken font file falls back like a missing one
        return
    pdf.family = "DejaVu"
    pdf.clean = str


def _para(pdf: FPDF, height: float, text: str) -> None:
    """A left-aligned paragraph, the cursor back at the left margin below it."""
    pdf.multi_cell(0, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT, align="L")


def _date_text(moment: datetime, lang: str) -> str:
    return word("pdf.date", lang).format(
        day=moment.day, month=month_name(moment.month, lang), year=moment.year,
        hour=moment.hour, minute=moment.minute,
    )


def _result(deal: DealRecord, lang: str) -> tuple[str, str, str, str]:
    """Taker (partner), contract, bouts/points, result of one deal."""
    entry = deal.input
    if deal.kind is not DealKind.PLAYED or entry is None:
        return kind_word(deal.kind.value, lang), "", "", ""
    taker = entry.taker
    if entry.partner:
        taker += f" ({entry.partner})"
    elif len(entry.players) == 5:
        taker += f" ({word('export.alone', lang)})"
    needed = POINTS_NEEDED[entry.bouts]
    made = entry.points >= needed
    # The half point goes to the winning side (RULES.md §2.3).
    difference = math.ceil(abs(entry.points - needed))
    result = render("made_by" if made else "lost_by", {"n": difference}, lang)
    return (
        taker,
        CONTRACT_NAMES[lang][entry.contract.value],
        f"{entry.bouts} / {fmt_number(entry.points, lang)}",
        result,
    )


def rules_lines(rules: RuleSet, lang: str = "fr") -> list[str]:
    """How the rules used are printed: FFT, or the house values that differ, then
    every value for the record."""
    lang = language(lang)
    names = CONTRACT_NAMES[lang]

    def parts(r: RuleSet) -> dict[str, str]:
        coefs = ", ".join(f"{names[c.value]} ×{v}" for c, v in r.coefficients)
        pab = word("pdf.pab", lang).format(v=r.petit_au_bout) + " " + word(
            "pdf.pab_mult" if r.petit_au_bout_multiplied else "pdf.pab_not_mult", lang)
        return {
            "coefficients": word("pdf.coefficients", lang).format(v=coefs),
            "base": word("pdf.base", lang).format(v=r.base),
            "pab": pab,
            "poignees": word("pdf.poignees", lang).format(
                v="/".join(str(v) for _, v in r.poignees)),
            "chelem": word("pdf.chelem", lang).format(
                a=r.chelem_announced_made, m=r.chelem_made,
                f=fmt_signed(r.chelem_announced_failed, lang), d=r.chelem_defense),
            "misere": (word("pdf.misere_on", lang).format(v=r.misere_value) if r.misere
                       else word("pdf.misere_off", lang)),
        }

    ours, fft = parts(rules), parts(FFT_RULES)
    changes = [text for key, text in ours.items() if text != fft[key]]
    first = word("pdf.rules_house", lang).format(changes="; ".join(changes)) if changes \
        else word("pdf.rules_fft", lang)
    return [first, word("pdf.rules_all", lang).format(values="; ".join(ours.values()))]


def render_pdf(
    game: GameRecord, lang: str = "fr", *, fonts: tuple[Path, Path] | None = DEJAVU
) -> bytes:
    """The score sheet: title, date, players, one table row per deal, totals, ranking and
    rules. Landscape from five seated players so that every score column stays legible."""
    lang = language(lang)
    seats = game.seats
    landscape = len(seats) >= 5
    pdf = _Sheet("L" if landscape else "P", lambda page: word("pdf.page", lang).format(
        name=game.name, page=page, pages="{nb}"))
    _load_fonts(pdf, fonts)
    clean, family = pdf.clean, pdf.family
    pdf.set_title(clean(game.name))
    pdf.set_author("scorepad")
    pdf.set_creator("scorepad")
    pdf.set_creation_date(game.created_at if game.created_at.tzinfo else None)
    pdf.set_margins(12, 12, 12)
    pdf.set_auto_page_break(True, margin=14)
    pdf.alias_nb_pages("{nb}")
    pdf.add_page()

    pdf.set_font(family, "B", 18)
    _para(pdf, 9, clean(game.name))
    pdf.set_font(family, "", 10)
    status = word("pdf.finished" if game.status.value == "finished" else "pdf.in_progress",
                  lang)
    seated = word("pdf.seated", lang).format(seats=len(seats), size=game.deal_size)
    if game.table.dealer_sits_out:
        seated += word("pdf.dealer_out", lang)
    for line in (
        f"{_date_text(game.created_at, lang)} · {status} · "
        + render_count("export.deal_count", len(game.deals), {}, lang),
        word("pdf.players", lang).format(names=fmt_list(seats, lang)) + f" · {seated}",
    ):
        _para(pdf, 5.5, clean(line))
    pdf.ln(3)

    _deals_table(pdf, game, lang)
    _legend_and_notes(pdf, game, lang)

    pdf.ln(4)
    # Keep the ranking and the rules together rather than split across a page break.
    if pdf.get_y() + 32 > pdf.page_break_trigger:
        pdf.add_page()
    totals = game.totals()
    if game.deals:
        ranking = sorted(seats, key=lambda name: (-totals[name], name_key(name)))
        text = ", ".join(f"{i}. {name} {fmt_signed(totals[name], lang)}"
                         for i, name in enumerate(ranking, 1))
        pdf.set_font(family, "B", 10)
        _para(pdf, 5.5, clean(render("format.label_value", {
            "label": word("pdf.ranking", lang), "value": text}, lang)))
    else:
        pdf.set_font(family, "", 10)
        _para(pdf, 5.5, clean(word("pdf.no_deal", lang)))
    pdf.ln(2)
    first, values = rules_lines(game.rules, lang)
    pdf.set_font(family, "B" if not game.rules.is_default else "", 9)
    _para(pdf, 5, clean(first))
    pdf.set_font(family, "", 8)
    pdf.set_text_color(80, 80, 80)
    _para(pdf, 4.2, clean(values))
    return bytes(pdf.output())


def _legend_and_notes(pdf: _Sheet, game: GameRecord, lang: str) -> None:
    """What the marks of the bonus column mean, then each warning in full."""
    pdf.ln(1.5)
    pdf.set_font(pdf.family, "", 7.5)
    pdf.set_text_color(60, 60, 60)
    _para(pdf, 3.8, pdf.clean(word("export.legend", lang)))
    notes = [word("pdf.note", lang).format(number=deal.number, text=text)
             for deal in game.deals if deal.input is not None
             for text in bonuses(deal.input, game.rules, lang).warnings]
    if notes:
        pdf.set_font(pdf.family, "B", 7.5)
        _para(pdf, 3.8, pdf.clean(word("pdf.notes", lang)))
        pdf.set_font(pdf.family, "", 7.5)
        for note in notes:
            _para(pdf, 3.8, pdf.clean("! " + note))
    pdf.set_text_color(0, 0, 0)


def _deals_table(pdf: _Sheet, game: GameRecord, lang: str) -> None:
    clean, family = pdf.clean, pdf.family
    seats = game.seats
    fixed = [8, 19, 32, 20, 16, 20, 30] if len(seats) >= 5 else [8, 16, 24, 16, 14, 19, 26]
    width = pdf.epw
    player_width = max((width - sum(fixed)) / len(seats), 12)
    headings = [word(k, lang) for k in _HEADINGS]
    pdf.set_font(family, "", 8.5 if len(seats) <= 5 else 8)
    score_style = FontFace(color=(0, 0, 0))
    negative_style = FontFace(color=_NEGATIVE)
    total_style = FontFace(emphasis="BOLD", fill_color=_TOTAL_FILL)
    total_negative = FontFace(emphasis="BOLD", fill_color=_TOTAL_FILL, color=_NEGATIVE)
    with pdf.table(
        col_widths=[*fixed, *([player_width] * len(seats))],
        width=min(width, sum(fixed) + player_width * len(seats)),
        text_align="CENTER",
        line_height=5,
        wrapmode=WrapMode.WORD,
        cell_fill_color=_ZEBRA,
        cell_fill_mode=TableCellFillMode.ROWS,
        headings_style=FontFace(emphasis="BOLD", fill_color=(200, 200, 200)),
        repeat_headings=1,
        padding=(0.8, 0.6),
    ) as table:
        header = table.row()
        for text in [*headings, *seats]:
            header.cell(clean(text))
        for deal in game.deals:
            row = table.row()
            taker, contract, bouts_points, result = _result(deal, lang)
            marks = bonuses(deal.input, game.rules, lang).marks if deal.input else ""
            for text in (str(deal.number), deal.dealer, taker, contract, bouts_points, result):
                row.cell(clean(text))
            row.cell(clean(marks), style=FontFace(size_pt=7))
            for name in seats:
                if name in deal.sitting_out:
                    row.cell(clean(word("pdf.sitting_out", lang)))
                elif name in deal.scores:
                    value = deal.scores[name]
                    row.cell(clean(fmt_signed(value, lang)),
                             style=negative_style if value < 0 else score_style)
                else:
                    row.cell("")
        totals = game.totals()
        row = table.row()
        row.cell(clean(word("export.total", lang)), colspan=len(headings), style=total_style)
        for name in seats:
            value = totals[name]
            row.cell(clean(fmt_signed(value, lang)),
                     style=total_negative if value < 0 else total_style)
