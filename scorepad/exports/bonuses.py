"""A deal's bonuses and warnings in words (the CSV's columns) and in short marks with
their legend (the PDF's lines, catalog key `export.legend`), so a line of the paper sheet
can be checked by hand."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.domain import DealInput, InvalidDeal, RuleSet, Side, score_deal
from scorepad.domain.language import fmt_list, language, word
from scorepad.domain.messages import N_, SIZE_NAMES, warning_message

#: The side that won the petit au bout, as a cell of the sheet says it.
SIDE_WORDS = {"attack": N_("export.attack"), "defense": N_("export.defense")}
#: A deal with no play, as the sheet says it.
KIND_WORDS = {"passed": N_("export.passed"), "petit_sec": N_("export.petit_sec")}
_SIZE_MARKS = {"simple": "P1", "double": "P2", "triple": "P3"}
_SIDE_MARKS = {"attack": "A", "defense": "D"}
@dataclass(frozen=True, slots=True)
class Bonuses:
    """One played deal's bonuses, each in words (empty when none)."""

    poignees: str
    petit_au_bout: str
    chelem: str
    miseres: str
    warnings: tuple[str, ...]
    marks: str


def kind_word(kind: str, lang: str) -> str:
    """A deal with no play in words ("tous passent"); any other kind as it is."""
    return word(KIND_WORDS[kind], lang) if kind in KIND_WORDS else kind


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
    pab = word(SIDE_WORDS[entry.petit_au_bout.value], lang) if entry.petit_au_bout else ""
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
