"""Numbers, names and labels as the UI shows them, in the session's language."""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_datetime

from scorepad.domain.messages import N_, fmt_list, fmt_number, fmt_signed, render
from scorepad.domain.names import short_labels
from scorepad.services.ports import GameFacts
from scorepad.ui.i18n import babel_locale, current_lang, nt, t

#: a contract's name as a label (capitalised, unlike the domain's `contract.*` words)
CONTRACT_LABELS = {
    "prise": N_("fmt.contract_prise"),
    "garde": N_("fmt.contract_garde"),
    "garde_sans": N_("fmt.contract_garde_sans"),
    "garde_contre": N_("fmt.contract_garde_contre"),
}


def number(value: int | float) -> str:
    return fmt_number(value, current_lang())


def signed(value: int | float) -> str:
    """+96 / −32 / 0: always signed, with a true minus sign and no thousands separator."""
    return fmt_signed(value, current_lang()) if value else "0"


def names(items: list[str] | tuple[str, ...]) -> str:
    return fmt_list(list(items), current_lang())


def player_labels(players: list[str] | tuple[str, ...]) -> dict[str, str]:
    """A short label per player, distinct at the table, that fits a column of a 390 px
    phone: whole names up to 9 letters at 3-4 players, 7 from 5 on ("Thérèse", "Bernard";
    "J-Bapti", "Maximil"), so the sheet (6 columns) and the deal form (5 players, in a
    type one step smaller) use the same labels."""
    return short_labels(list(players), 9 if len(players) <= 4 else 7)


def contract(code: str | None) -> str:
    if code is None:
        return ""
    key = CONTRACT_LABELS.get(str(code))
    return t(key) if key is not None else str(code)


def when(moment: datetime) -> str:
    """A short date people read at a glance: "29/11/2026 20:15" / "29 Nov 2026, 20:15":
    the catalog's pattern, by Babel, in local time (the storage keeps UTC; Babel shows
    an aware time in its own zone)."""
    return format_datetime(moment.astimezone(), t("fmt.when_pattern"),
                           locale=babel_locale(current_lang()))


def deals_count(n: int) -> str:
    return t("fmt.no_deal") if n == 0 else nt("fmt.deals", n)


def outcome(made: bool, difference: object) -> str:
    """"fait de 8" / "chuté de 4": the words of the explanation, everywhere."""
    return render("made_by" if made else "lost_by", {"n": difference}, current_lang())


def game_title(game: GameFacts) -> str:
    """A game's title where room is short (the games list, the sheet's bar): its name,
    or for a tournament table's game "Table 3 · manche 2", which its name would hide
    behind the tournament's."""
    if game.tournament_table is None or game.tournament_round is None:
        return game.name
    return t("tournament_ui.game_title", table=game.tournament_table,
             round=game.tournament_round)
