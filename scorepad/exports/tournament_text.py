"""What a tournament's exports print and the words they share (CSV, results PDF, draw
PDF): the heading, a printed table, places, points and the ranking rule stated."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from urllib.parse import urlsplit

from scorepad.domain.language import nword, words_of
from scorepad.domain.messages import N_, fmt_list, fmt_number, fmt_signed, language
from scorepad.domain.tournament import RankingRule, RoundResult, Standings, missed_round

_KEYS = (
    N_("tournament.export.absences"), N_("tournament.export.address"),
    N_("tournament.export.address_local"), N_("tournament.export.grid_deal"),
    N_("tournament.export.grid_dealer"), N_("tournament.export.grid_dealer_out"),
    N_("tournament.export.grid_title"), N_("tournament.export.grid_total"),
    N_("tournament.export.podium"), N_("tournament.export.podium_line"),
    N_("tournament.export.podium_points"),
    N_("tournament.export.after"), N_("tournament.export.cell"),
    N_("tournament.export.code"), N_("tournament.export.dealer_out"),
    N_("tournament.export.deals_head"), N_("tournament.export.draw_title"),
    N_("tournament.export.final"), N_("tournament.export.first_dealer"),
    N_("tournament.export.first_dealer_note"), N_("tournament.export.footer"),
    N_("tournament.export.minutes"), N_("tournament.export.no_place"),
    N_("tournament.export.place_1"),
    N_("tournament.export.place_2"), N_("tournament.export.place_3"),
    N_("tournament.export.place_4"), N_("tournament.export.place_5"),
    N_("tournament.export.place_6"), N_("tournament.export.player"),
    N_("tournament.export.points"), N_("tournament.export.provisional"),
    N_("tournament.export.rank"), N_("tournament.export.round_place"),
    N_("tournament.export.round_points"), N_("tournament.export.round_score"),
    N_("tournament.export.round_short"), N_("tournament.export.round_table"),
    N_("tournament.export.rounds"), N_("tournament.export.rule"),
    N_("tournament.export.rule_placement"), N_("tournament.export.rule_sum"),
    N_("tournament.export.scan"), N_("tournament.export.score"), N_("tournament.export.seat"),
    N_("tournament.export.sheet_round"), N_("tournament.export.table"),
    N_("tournament.export.table_head"), N_("tournament.export.tiebreak"),
    N_("tournament.export.tiebreak_placement"), N_("tournament.export.tiebreak_sum"),
    N_("tournament.export.tied"), N_("tournament.export.title"), N_("tournament.export.wins"),
)


@dataclass(frozen=True, slots=True)
class TournamentHeading:
    """The tournament as its exports name it."""

    name: str
    day: date
    rounds: int
    #: the rounds started so far
    played: tuple[int, ...] = ()
    round_minutes: int | None = None
    #: the tournament is over: its standings are final
    finished: bool = False


@dataclass(frozen=True, slots=True)
class PrintedTable:
    """One table of a draw as its sheet prints it: seats (seat 1 deals first), the deals
    it plays, its code and the address its QR code opens."""

    number: int
    seats: tuple[str, ...]
    url: str
    code: str
    deals: int


def local_only(url: str) -> bool:
    """Whether a printed link opens on the server's own computer alone (a loopback
    address: the server listened on nothing else when the sheet was made)."""
    host = (urlsplit(url).hostname or "").lower()
    return host in ("localhost", "::1") or host.startswith("127.")


def words(lang: str) -> dict[str, str]:
    return words_of(_KEYS, "tournament.export.", language(lang))


def day_text(day: date, lang: str) -> str:
    return day.isoformat() if language(lang) == "en" else day.strftime("%d/%m/%Y")


def title(heading: TournamentHeading, lang: str) -> str:
    return words(lang)["title"].format(name=heading.name, day=day_text(heading.day, lang))


def rule_text(rule: RankingRule, lang: str) -> str:
    return words(lang)[f"rule_{rule.value}"]


def tie_break_text(rule: RankingRule, lang: str) -> str:
    return words(lang)[f"tiebreak_{rule.value}"]


def rounds_text(heading: TournamentHeading, lang: str) -> str:
    return words(lang)["rounds"].format(played=len(heading.played), rounds=heading.rounds)


def status_text(heading: TournamentHeading, standings: Standings, lang: str) -> str:
    """"classement final", "provisoire : des tables jouent encore" or "après la manche 2"."""
    w = words(lang)
    if heading.finished:
        return w["final"]
    if not standings.final or not heading.played:
        return w["provisional"]
    return w["after"].format(round=max(heading.played))


def points_text(points: Fraction, lang: str) -> str:
    """Placement points as a person writes them (a half point when a place is shared)."""
    return fmt_number(float(points), lang)


def place_text(result: RoundResult, lang: str) -> str:
    """"1er", "2e=" (shared) / "1st", "2nd=" ; "sans donne" when the table recorded
    none."""
    w = words(lang)
    if result.place == 0:
        return w["no_place"]
    text = w.get(f"place_{result.place}", str(result.place))
    return text + (w["tied"] if result.tied else "")


def round_cell(result: RoundResult | None, lang: str) -> str:
    """A player's round in one cell: "+120 · T3 · 2e" (and "…" while the table plays);
    a round the player did not play, "non jouée" as on every screen."""
    if result is None:
        return missed_round(lang)
    text = words(lang)["cell"].format(score=fmt_signed(result.score, lang),
                                      table=result.table, place=place_text(result, lang))
    return text if result.done else text + " …"


def seats_text(seats: tuple[str, ...], lang: str) -> str:
    return fmt_list(seats, lang)


def deals_text(count: int, lang: str) -> str:
    return nword("tournament.export.deal_count", count, lang).format(count=count)
