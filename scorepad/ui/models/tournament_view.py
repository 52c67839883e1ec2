"""What the tournament's screens show, worked out without a control: the round's clock,
whom the check-in offers, a standings line's total and round cells, who sits at each
seat of a table now, whether the organiser's page offers the next draw or the end of the
tournament, and how the big screen lays the whole field out."""

from __future__ import annotations

from collections.abc import Sequence
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


#: the big screen turns its pages every so many seconds (long enough to find a name)
PAGE_SECONDS = 12
#: what the big screen's parts take, in pixels of a 1920-pixel-wide screen (times the
#: scale of the screen at hand): the margins, the header (name, clock, the QR code of
#: "Trouver ma table"), a pane's title, its footer (the tie-break, the page), a line of
#: the standings, a column of them at the least, and a table's card (heading, seats)
MARGIN, HEADER, TITLE, FOOTER = 28, 104, 48, 60
LINE, COLUMN = 56, 500
CARD_HEAD, CARD_SEAT, CARD_GAP, CARD_COLUMN = 50, 30, 12, 330
#: between two columns of a pane, and between the two panes
GAP, PANE_GAP = 24, 32


@dataclass(frozen=True, slots=True)
class Pages:
    """How a list is laid out on the big screen: so many per column, so many columns,
    so many pages (turning every PAGE_SECONDS when more than one)."""

    per_column: int
    columns: int
    pages: int

    @property
    def per_page(self) -> int:
        return self.per_column * self.columns

    def page(self, items: Sequence[T], number: int) -> list[list[T]]:
        """Page `number`'s items (from 0), column by column."""
        start = number * self.per_page
        chunk = list(items[start:start + self.per_page])
        return [chunk[i:i + self.per_column] for i in range(0, len(chunk), self.per_column)]


def _pages(count: int, per_column: int, columns: int) -> Pages:
    per_column, columns = max(1, per_column), max(1, columns)
    needed = max(1, -(-count // per_column))
    used = min(columns, needed)
    return Pages(per_column, used, max(1, -(-count // (per_column * used))))


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The big screen at a given size: the scale of its type, the share of its width the
    standings take (the rest shows the tables), and how the standings and the tables
    are paged so that the whole field is seen whatever its count."""

    scale: float
    standings_share: float
    standings: Pages
    tables: Pages
    #: the width inside the screen's margins
    inner: float = 1920.0


def board_layout(players: int, table_sizes: Sequence[int], width: float | None,
                 height: float | None) -> BoardLayout:
    """Columns first, then pages: as many lines a column as the height holds, as many
    columns as the width holds, pages only for what is left (a 1920x1080 screen shows
    14 lines a column: 13 players at once, 40 in two columns and two pages while tables
    are shown, on one page of three columns when none are)."""
    w, h = width or 1920.0, height or 1080.0
    s = max(0.5, min(1.6, w / 1920))
    body = h - 2 * MARGIN * s - HEADER * s
    lines = int((body - TITLE * s - FOOTER * s) // (LINE * s))
    inner = w - 2 * MARGIN * s
    share = 0.62 if table_sizes else 1.0
    standings = _pages(players, lines, int((inner * share) // (COLUMN * s)))
    tallest = max(table_sizes, default=4)
    card = (CARD_HEAD + CARD_SEAT * tallest + CARD_GAP) * s
    tables = _pages(len(table_sizes), int((body - TITLE * s - FOOTER * s) // card),
                    int((inner * (1 - share)) // (CARD_COLUMN * s)))
    return BoardLayout(s, share, standings, tables, inner)
