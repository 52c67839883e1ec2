"""A deal's bonuses and warnings in words (the CSV's columns) and in short marks with
their legend (the PDF's lines), so a line of the paper sheet can be checked by hand."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.domain import DealInput, InvalidDeal, RuleSet, Side, score_deal
from scorepad.domain.language import fmt_list, language, word
from scorepad.domain.messages import SIZE_NAMES, warning_message

_SIDES = {"fr": {"attack": "attaque", "defense": "défense"},
          "en": {"attack": "attack", "defense": "defence"}}
_SIZE_MARKS = {"simple": "P1", "double": "P2", "triple": "P3"}
_SIDE_MARKS = {"attack": "A", "defense": "D"}
LEGEND = {
    "fr": "Primes : P1, P2, P3 poignée simple, double, triple (de qui) · PB A / PB D petit "
          "au bout à l'attaque / à la défense · CHA chelem annoncé et réussi, CH réussi "
          "sans annonce, CHX annoncé non réussi, CHD de la défense · M misère (de qui) · "
          "! avertissement (notes sous le tableau).",
    "en": "Bonuses: P1, P2, P3 single, double, triple poignée (whose) · PB A / PB D petit "
          "au bout won by the attack / the defence · CHA chelem announced and made, CH made "
          "not announced, CHX announced not made, CHD won by the defence · M misère "
          "(whose) · ! warning (notes below the table).",
}


@dataclass(frozen=True, slots=True)
class Bonuses:
    """One played deal's bonuses, each in words (empty when none)."""

    poignees: str
    petit_au_bout: str
    chelem: str
    miseres: str
    warnings: tuple[str, ...]
    marks: str


def _chelem_keys(entry: DealInput) -> list[str]:
    if entry.chelem is Side.ATTACK:
        return ["chelem.announced_made" if entry.chelem_announced else "chelem.unannounced"]
    keys = ["chelem.failed"] if entry.chelem_announced else []
    if entry.chelem is Side.DEFENSE:
        keys.append("chelem.defense")
    return keys


_CHELEM_MARKS = {"chelem.announced_made": "CHA", "chelem.unannounced": "CH",
                 "chelem.failed": "CHX", "chelem.defense": "CHD"}


def _warnings(entry: DealInput, rules: RuleSet, lang: str) -> tuple[str, ...]:
    try:
        scored = score_deal(entry, rules)
    except InvalidDeal:  # a stored deal the rules no longer allow: nothing to add
        return ()
    return tuple(warning_message(w.code, dict(w.params), lang) for w in scored.warnings)


def bonuses(entry: DealInput, rules: RuleSet, lang: str = "fr") -> Bonuses:
    """What a played deal adds to its contract, in the export's language."""
    lang = language(lang)
    sizes = SIZE_NAMES[lang]
    poignees = ", ".join(f"{sizes[p.size.value]} ({p.player})" for p in entry.poignees)
    pab = _SIDES[lang][entry.petit_au_bout.value] if entry.petit_au_bout else ""
    chelem_keys = _chelem_keys(entry)
    chelem = ", ".join(word(k, lang) for k in chelem_keys)
    warnings = _warnings(entry, rules, lang)
    marks = [f"{_SIZE_MARKS[p.size.value]} {p.player}" for p in entry.poignees]
    if entry.petit_au_bout:
        marks.append(f"PB {_SIDE_MARKS[entry.petit_au_bout.value]}")
    marks += [_CHELEM_MARKS[k] for k in chelem_keys]
    marks += [f"M {name}" for name in entry.miseres]
    if warnings:
        marks.append("!")
    return Bonuses(poignees=poignees, petit_au_bout=pab, chelem=chelem,
                   miseres=fmt_list(entry.miseres, lang), warnings=warnings,
                   marks=" · ".join(marks))
