"""What the tournament's screens show, worked out without a control: the round's clock,
whom the check-in offers, a standings line's total and round cells, who sits at each
seat of a table now, whether the organiser's page offers the next draw or the end of the
tournament (the big screen's layout: scorepad.ui.models.tournament_board)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from scorepad.domain.messages import fmt_number, fmt_signed
from scorepad.domain.names import matching
from scorepad.domain.tournament import (
    RankingRule,
    RoundResult,
    RoundStatus,
    StandingLine,
    missed_round,
)
from scorepad.services.tournament import TournamentTable

#: the names the check-in offers at once (the circle's most regular first)
OFFERED = 24
T = TypeVar("T")


def seconds_left(ends_at: datetime | None, now: datetime) -> int | None:
    """Whole seconds until the round's time is up (0 once it is), None without a clock."""
    if ends_at is None:
        return None
    return max(0, int((ends_at - now).total_seconds() + 0.999))


def clock_text(seconds: int) -> str:
    """"12:05", "1:02:09": a countdown read from across the room."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def candidates(known: list[str], present: tuple[str, ...], typed: str,
               limit: int = OFFERED) -> list[str]:
    """The names offered to check in: the known players not yet present matching what
    is typed (names starting so first), or the most regular ones."""
    waiting = [name for name in known if name not in present]
    if typed.strip():
        return matching(typed, waiting, limit)
    return waiting[:limit]


def total_text(line: StandingLine, rule: RankingRule, lang: str) -> str:
    """A line's total as the ranking rule counts it: "+312" or "105 pts"-like points."""
    if rule is RankingRule.PLACEMENT:
        return fmt_number(float(line.points), lang)
    return fmt_signed(line.score, lang) if line.score else "0"


def round_text(result: RoundResult | None, rule: RankingRule, lang: str) -> str:
    """One round's cell: the table score (or placement points); a round the player did
    not play in the words of every screen and paper ("non jouée")."""
    if result is None:
        return missed_round(lang)
    if rule is RankingRule.PLACEMENT:
        return fmt_number(float(result.points), lang)
    return fmt_signed(result.score, lang) if result.score else "0"


@dataclass(frozen=True, slots=True)
class SeatNow:
    """A seat of a started table as it stands: who sits there now and, when the player
    drawn there left during the round, who that was."""

    number: int
    #: who sits there now (the substitute), or the player who left (the table plays on)
    name: str
    #: the player drawn at this seat (the standings count the seat for them)
    drawn: str
    #: the player drawn there left and `name` took the seat
    replaces: str | None = None
    #: the player drawn there left and the table plays on without them
    gone: bool = False


def seats_now(table: TournamentTable) -> list[SeatNow]:
    """The table's seats in order (seat 1 deals first), each with who sits there now."""
    return [SeatNow(number, table.substitutes.get(drawn, drawn), drawn,
                    drawn if drawn in table.substitutes else None, drawn in table.left)
            for number, drawn in enumerate(table.seats, 1)]


def finish_offered(statuses: list[RoundStatus], finished: bool) -> bool:
    """Whether the page offers "Terminer le tournoi": not finished, and every round drawn
    is closed (a tournament reopened with no new round, or one the organiser ends
    before its planned rounds); closing the last round ends it by itself."""
    return not finished and bool(statuses) and all(
        x is RoundStatus.CLOSED for x in statuses)


def draw_offered(statuses: list[RoundStatus], planned: int, finished: bool) -> bool:
    """Whether the page offers to draw the next round: rounds are left to draw, none is
    drawn and waiting to start (the next draw can be made while a round is played)."""
    if finished or len(statuses) >= planned:
        return False
    return not statuses or statuses[-1] is not RoundStatus.DRAWN
