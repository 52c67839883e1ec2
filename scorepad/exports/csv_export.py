"""A game as a CSV score sheet that opens as-is in LibreOffice and French-locale Excel."""

from __future__ import annotations

import csv
import io
import math

from scorepad.domain import POINTS_NEEDED, DealKind, DealRecord, GameRecord, RuleSet
from scorepad.domain.language import MINUS
from scorepad.domain.messages import CONTRACT_NAMES, fmt_number, language
from scorepad.exports.bonuses import bonuses

_HEADERS = {
    "fr": ("Donne", "Donneur", "Preneur", "Appelé", "Contrat", "Bouts", "Points", "Résultat",
           "Poignées", "Petit au bout", "Chelem", "Misère", "Avertissements"),
    "en": ("Deal", "Dealer", "Taker", "Partner", "Contract", "Bouts", "Points", "Result",
           "Poignées", "Petit au bout", "Chelem", "Misère", "Warnings"),
}
_WARNING_SEPARATOR = {"fr": " ; ", "en": "; "}
_WORDS = {
    "fr": {"passed": "tous passent", "petit_sec": "petit sec", "alone": "seul",
           "made": "fait de {n}", "lost": "chuté de {n}", "total": "Total"},
    "en": {"passed": "all passed", "petit_sec": "petit sec", "alone": "alone",
           "made": "made by {n}", "lost": "lost by {n}", "total": "Total"},
}
# A spreadsheet reads a cell starting with one of these as a formula (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """Text a spreadsheet will show as text, never evaluate."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def csv_number(value: int | float, lang: str) -> str:
    # ASCII minus and the locale's decimal mark: the spreadsheet reads a number.
    return fmt_number(value, lang).replace(MINUS, "-")


def _deal_cells(deal: DealRecord, rules: RuleSet, lang: str) -> list[str]:
    words = _WORDS[lang]
    cells = [str(deal.number), safe_text(deal.dealer)]
    if deal.kind is not DealKind.PLAYED or deal.input is None:
        kind = words.get(deal.kind.value, deal.kind.value)
        return [*cells, kind, *([""] * (len(_HEADERS[lang]) - 3))]
    entry = deal.input
    if entry.partner:
        partner = safe_text(entry.partner)
    else:
        partner = words["alone"] if len(entry.players) == 5 else ""
    needed = POINTS_NEEDED[entry.bouts]
    made = entry.points >= needed
    # The half point goes to the winning side (RULES.md §2.3).
    difference = math.ceil(abs(entry.points - needed))
    result = words["made" if made else "lost"].format(n=difference)
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
            _WARNING_SEPARATOR[lang].join(extra.warnings))),
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
    writer = csv.writer(out, delimiter=";" if lang == "fr" else ",", lineterminator="\r\n")
    seats = game.seats
    writer.writerow([*_HEADERS[lang], *(safe_text(name) for name in seats)])
    for deal in game.deals:
        scores = [
            csv_number(deal.scores[name], lang) if name in deal.scores else "" for name in seats
        ]
        writer.writerow([*_deal_cells(deal, game.rules, lang), *scores])
    totals = game.totals()
    blanks = [""] * (len(_HEADERS[lang]) - 1)
    writer.writerow([_WORDS[lang]["total"], *blanks, *(csv_number(totals[n], lang) for n in seats)])
    return out.getvalue().encode("utf-8-sig")
