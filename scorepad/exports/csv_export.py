"""A game as a CSV score sheet that opens as-is in LibreOffice and French-locale Excel."""

from __future__ import annotations

import csv
import io
import math

from scorepad.domain import POINTS_NEEDED, DealKind, DealRecord, GameRecord, RuleSet
from scorepad.domain.language import MINUS, word
from scorepad.domain.messages import CONTRACT_NAMES, N_, fmt_number, language, render
from scorepad.exports.bonuses import bonuses, kind_word

_HEADERS = (N_("csv.deal"), N_("csv.dealer"), N_("csv.taker"), N_("csv.partner"),
            N_("csv.contract"), N_("csv.bouts"), N_("csv.points"), N_("csv.result"),
            N_("csv.poignees"), N_("csv.petit_au_bout"), N_("csv.chelem"), N_("csv.misere"),
            N_("csv.warnings"))
# A spreadsheet reads a cell starting with one of these as a formula (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """Text a spreadsheet will show as text, never evaluate."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def csv_delimiter(lang: str) -> str:
    """`;` where the decimal mark is a comma (French spreadsheets expect it), else `,`."""
    return ";" if word("number.decimal", lang) == "," else ","


def csv_number(value: int | float, lang: str) -> str:
    # ASCII minus and the locale's decimal mark: the spreadsheet reads a number.
    return fmt_number(value, lang).replace(MINUS, "-")


def _deal_cells(deal: DealRecord, rules: RuleSet, lang: str) -> list[str]:
    cells = [str(deal.number), safe_text(deal.dealer)]
    if deal.kind is not DealKind.PLAYED or deal.input is None:
        return [*cells, kind_word(deal.kind.value, lang), *([""] * (len(_HEADERS) - 3))]
    entry = deal.input
    if entry.partner:
        partner = safe_text(entry.partner)
    else:
        partner = word("export.alone", lang) if len(entry.players) == 5 else ""
    needed = POINTS_NEEDED[entry.bouts]
    made = entry.points >= needed
    # The half point goes to the winning side (RULES.md §2.3).
    difference = math.ceil(abs(entry.points - needed))
    result = render("made_by" if made else "lost_by", {"n": difference}, lang)
    extra = bonuses(entry, rules, lang)
    return [
        *cells,
        safe_text(entry.taker),
        partner,
        CONTRACT_NAMES[lang][entry.contract.value],
        str(entry.bouts),
        csv_number(entry.points, lang),
        result,
        *(safe_text(text) for text in (
            extra.poignees, extra.petit_au_bout, extra.chelem, extra.miseres,
            word("csv.warning_separator", lang).join(extra.warnings))),
    ]


def render_csv(game: GameRecord, lang: str = "fr") -> bytes:
    """One line per deal then a totals line; one score column per seated player, after a
    column each for the poignées, petit au bout, chelem, misères and warnings.

    UTF-8 with a BOM (so Excel detects the encoding), `;` and a decimal comma in
    French, `,` and a decimal point in English. A player with no score on a deal
    (sitting out, or a deal with no play) has an empty cell.
    """
    lang = language(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(lang), lineterminator="\r\n")
    seats = game.seats
    writer.writerow([*(word(key, lang) for key in _HEADERS), *(safe_text(name) for name in seats)])
    for deal in game.deals:
        scores = [
            csv_number(deal.scores[name], lang) if name in deal.scores else "" for name in seats
        ]
        writer.writerow([*_deal_cells(deal, game.rules, lang), *scores])
    totals = game.totals()
    blanks = [""] * (len(_HEADERS) - 1)
    writer.writerow([word("export.total", lang), *blanks,
                     *(csv_number(totals[n], lang) for n in seats)])
    return out.getvalue().encode("utf-8-sig")
