"""What the tournament's screens show, worked out without a control: the round's clock,
whom the check-in offers, a standings line's total and round cells, and whether the
organiser's page offers the next draw."""

from __future__ import annotations

from datetime import datetime

from scorepad.domain.messages import fmt_number, fmt_signed
from scorepad.domain.names import matching
from scorepad.domain.tournament import RankingRule, RoundResult, RoundStatus, StandingLine

#: the names the check-in offers at once (the circle's most regular first)
OFFERED = 24


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
    """One round's cell: the table score (or placement points), "–" when not played."""
    if result is None:
        return "–"
    if rule is RankingRule.PLACEMENT:
        return fmt_number(float(result.points), lang)
    return fmt_signed(result.score, lang) if result.score else "0"


def draw_offered(statuses: list[RoundStatus], planned: int, finished: bool) -> bool:
    """Whether the page offers to draw the next round: rounds are left to draw, none is
    drawn and waiting to start (the next draw can be made while a round is played)."""
    if finished or len(statuses) >= planned:
        return False
    return not statuses or statuses[-1] is not RoundStatus.DRAWN
