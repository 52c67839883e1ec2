"""How the tournament's big screen lays the whole field out at a given size: the
standings in as many columns as their pane holds, then pages that turn; beside them the
QR code of "Trouver ma table" with the round and its clock, and the round's tables as
cards, in columns then pages too.

Every part has a height fixed here, and the screen draws each part at exactly that
height (scorepad.ui.screens.tournament_big_screen): a card drawn taller than the
height it was counted at wrapped into a column off the screen's edge (a table of 14
players' night started at x = 1908 of 1920, and never paged)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

#: the big screen turns its pages every so many seconds (long enough to find a name)
PAGE_SECONDS = 12
#: what the big screen's parts take, in pixels of a 1920-pixel-wide screen (times the
#: scale of the screen at hand): the margins, the header (the tournament's name), the
#: gap under it, a pane's title, under the standings their page and the tie-break (three
#: lines), a line of the standings, a column of them at the least
MARGIN, HEADER, HEAD_GAP, TITLE, FOOTER = 28, 72, 12, 44, 96
LINE, COLUMN = 56, 500
#: a table's card: its padding, heading, each seat's line, the gap under it, a column of
#: cards at the least; "Page 1 sur 2" under the cards
CARD_PAD, CARD_HEAD, CARD_SEAT, CARD_GAP, CARD_COLUMN = 10, 40, 32, 12, 330
PAGE_LINE = 28
#: the QR code of "Trouver ma table": its side (scanned from a chair across the room),
#: its white frame, the block it heads with the round and its clock, the gap under it
QR, QR_FRAME, INFO_GAP = 220, 8, 16
INFO = QR + 2 * QR_FRAME
#: the side pane's width when no tables are shown (the QR code and its words alone),
#: and its share of the width when they are
NARROW, TABLES_SHARE = INFO + 24, 0.37
#: between two columns of a pane, and between the two panes
GAP, PANE_GAP = 24, 32


def card_height(seats: int) -> int:
    """A table's card of `seats` seats, the gap under it left out."""
    return 2 * CARD_PAD + CARD_HEAD + CARD_SEAT * seats


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

    def on_page(self, index: int, turned: int) -> bool:
        """Whether item `index` is on the page shown after `turned` turns."""
        return index // self.per_page == turned % self.pages


def _pages(count: int, per_column: int, columns: int) -> Pages:
    per_column, columns = max(1, per_column), max(1, columns)
    needed = max(1, -(-count // per_column))
    used = min(columns, needed)
    return Pages(per_column, used, max(1, -(-count // (per_column * used))))


def _columns(width: float, column: float, gap: float) -> int:
    """How many columns of at least `column` pixels, `gap` apart, fit in `width`."""
    return int((width + gap) // (column + gap))


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The big screen at a given size: the scale of its type, each pane's width (the
    standings; beside them the side pane: the QR code, the round, the tables), how the
    standings and the tables are paged, and the height each table's card is drawn at."""

    scale: float
    standings: Pages
    tables: Pages
    #: the panes' widths, in pixels of this screen
    standings_width: float
    side_width: float
    #: a table's card, in pixels of this screen (every card of the round alike: the
    #: tallest table's), the gap under it left out
    card: float
    #: the side pane shows tables (else the QR code and its words alone, narrow)
    with_tables: bool

    def standings_column(self) -> float:
        """The width of one column of the standings."""
        cols = self.standings.columns
        return (self.standings_width - GAP * self.scale * (cols - 1)) / cols

    def card_width(self) -> float:
        """The width of one column of the tables' cards."""
        cols = self.tables.columns
        return (self.side_width - GAP * self.scale * (cols - 1)) / cols


def board_layout(players: int, table_sizes: Sequence[int], width: float | None,
                 height: float | None) -> BoardLayout:
    """Columns first, then pages: as many lines a column as the height holds, as many
    columns as the width holds, pages only for what is left. At 1920x1080: 14 lines a
    column, two columns beside the tables (27 players at once, 40 on two pages), three
    when no tables are shown (40 at once); the cards of 4-seat tables 3 a column, of
    5-seat tables 2, in two columns (14 players' 3 tables at once, 40 players' 10 tables
    on two pages)."""
    w, h = width or 1920.0, height or 1080.0
    s = max(0.5, min(1.6, w / 1920))
    inner = w - 2 * MARGIN * s
    body = h - 2 * MARGIN * s - (HEADER + HEAD_GAP) * s
    with_tables = bool(table_sizes)
    side = max(inner * TABLES_SHARE, NARROW * s) if with_tables else NARROW * s
    standings_width = inner - side - PANE_GAP * s
    lines = int((body - (TITLE + FOOTER) * s) // (LINE * s))
    standings = _pages(players, lines, _columns(standings_width, COLUMN * s, GAP * s))
    card = card_height(max(table_sizes, default=4)) * s
    room = body - (INFO + INFO_GAP + TITLE + PAGE_LINE) * s
    tables = _pages(len(table_sizes), int(room // (card + CARD_GAP * s)),
                    _columns(side, CARD_COLUMN * s, GAP * s))
    return BoardLayout(s, standings, tables, standings_width, side, card, with_tables)
