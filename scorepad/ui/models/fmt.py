"""Numbers, names and labels as the UI shows them, in the session's language."""

from __future__ import annotations

from datetime import datetime

from scorepad.domain.language import de_name
from scorepad.domain.messages import fmt_list, fmt_number, fmt_signed, render
from scorepad.domain.names import short_labels
from scorepad.ui.i18n import current_lang, ntr, tr

CONTRACT_LABELS = {
    "prise": ("Prise", "Prise"),
    "garde": ("Garde", "Garde"),
    "garde_sans": ("Garde sans", "Garde sans"),
    "garde_contre": ("Garde contre", "Garde contre"),
}


def number(value: int | float) -> str:
    return fmt_number(value, current_lang())


def signed(value: int | float) -> str:
    """+96 / −32 / 0, with the thin spaces of French thousands."""
    return fmt_signed(value, current_lang()) if value else "0"


def names(items: list[str] | tuple[str, ...]) -> str:
    return fmt_list(list(items), current_lang())


def player_labels(players: list[str] | tuple[str, ...]) -> dict[str, str]:
    """A short label per player, distinct at the table, that fits a column of a 390 px
    phone: whole names up to 9 letters at 3-4 players, 6 from 5 on ("J-Bapt", "Maximi"),
    so the sheet (6 columns) and the deal form (5 players) use the same labels."""
    return short_labels(list(players), 9 if len(players) <= 4 else 6)


def contract(code: str | None) -> str:
    if code is None:
        return ""
    fr, en = CONTRACT_LABELS.get(str(code), (str(code), str(code)))
    return tr(fr, en)


def when(moment: datetime) -> str:
    """A short date people read at a glance: "29/11 20:15" / "29 Nov 20:15"."""
    if current_lang() == "en":
        return moment.strftime("%d %b %Y, %H:%M")
    return moment.strftime("%d/%m/%Y %H:%M")


def deals_count(n: int) -> str:
    if n == 0:
        return tr("aucune donne", "no deal")
    return ntr(n, ("{n} donne", "{n} donnes"), ("{n} deal", "{n} deals"))


def outcome(made: bool, difference: object) -> str:
    """"fait de 8" / "chuté de 4": the words of the explanation, everywhere."""
    return render("made_by" if made else "lost_by", {"n": difference}, current_lang())


def of_name(name: str) -> str:
    """"de Bruno", "d'André" in French; the name alone in English."""
    return name if current_lang() == "en" else de_name(name)
