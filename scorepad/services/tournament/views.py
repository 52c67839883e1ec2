"""What the tournament use cases return to the screens and the command line: the
tournament with its players and rounds, each round's tables (with their game once the
round has started), and the standings' table scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from scorepad.domain import GameStatus
from scorepad.domain.tournament import (
    RoundStatus,
    TablePlan,
    TableScore,
    TournamentSettings,
    pair_meetings,
)
from scorepad.services.ports.tournament import (
    EntrantRow,
    RoundRow,
    TableGameRow,
    TournamentRow,
)


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """One table of a round: its seats (seat 1 deals first) and, once the round has
    started, its game and how far it is (deal `deals_played` of `deals_due`)."""

    number: int
    #: the players drawn here, in seat order (the standings count the round for them)
    seats: tuple[str, ...]
    game_id: int | None = None
    deals_played: int = 0
    deals_due: int = 0
    closed: bool = False
    #: each seat's score at this table so far (empty until the round starts): a seat
    #: taken over by a substitute counts the substitute's deals too
    totals: dict[str, int] = field(default_factory=dict)
    #: who left during the round and who took their seat: {player: substitute}
    substitutes: dict[str, str] = field(default_factory=dict)
    #: who left during the round while the table played on without them
    left: tuple[str, ...] = ()

    @property
    def playing(self) -> tuple[str, ...]:
        """Who sits at the table now (a substitute in the seat of the player who left)."""
        return tuple(self.substitutes.get(p, p) for p in self.seats if p not in self.left)

    @property
    def dealer_sits_out(self) -> bool:
        """A table of 6: five play each deal, the dealer sits out."""
        return len(self.seats) == 6

    @property
    def done(self) -> bool:
        return self.game_id is not None and (self.closed
                                             or self.deals_played >= self.deals_due)


@dataclass(frozen=True, slots=True)
class TournamentRound:
    number: int
    status: RoundStatus
    seed: int
    tables: tuple[TournamentTable, ...]
    drawn_at: datetime
    started_at: datetime | None = None
    closed_at: datetime | None = None
    #: when the round's time is up (None: no clock, or not started)
    ends_at: datetime | None = None
    #: pairs seated together who already shared a table in an earlier round
    repeats: int = 0

    @property
    def plan(self) -> TablePlan:
        return TablePlan(tuple(len(t.seats) for t in self.tables))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for t in self.tables for p in t.seats)

    @property
    def still_playing(self) -> tuple[TournamentTable, ...]:
        """The tables of a started round that have not played all their deals."""
        return tuple(t for t in self.tables if t.game_id is not None and not t.done)

    def time_up(self, at: datetime) -> bool:
        return self.ends_at is not None and at >= self.ends_at


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentSummary:
    id: int
    name: str
    day: date
    circle_id: int | None
    status: GameStatus
    revision: int
    created_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentView(TournamentSummary):
    settings: TournamentSettings
    #: everybody checked in, in order of arrival (present False: left)
    entrants: tuple[EntrantRow, ...]
    rounds: tuple[TournamentRound, ...]

    @property
    def present(self) -> tuple[str, ...]:
        return tuple(e.name for e in self.entrants if e.present)

    def round(self, number: int) -> TournamentRound | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def playing(self) -> TournamentRound | None:
        """The round being played (started, not closed)."""
        return next((r for r in self.rounds if r.status is RoundStatus.PLAYING), None)

    @property
    def next_round(self) -> int:
        """The number of the round to draw next (one past the last drawn)."""
        return max((r.number for r in self.rounds), default=0) + 1


@dataclass(frozen=True, slots=True)
class SeatFinding:
    """Where a player sits in a round: table, seat (1 deals first), who sits at that
    table now (a substitute in the seat of the player who left)."""

    player: str
    round: int
    table: int
    seat: int
    seats: tuple[str, ...]
    game_id: int | None
    status: RoundStatus
    #: a substitute: the player whose seat they took
    replaces: str | None = None
    #: the player left the table during the round (replaced, or the table plays on)
    left: bool = False


def summary_of(row: TournamentRow) -> TournamentSummary:
    return TournamentSummary(id=row.id, name=row.name, day=row.day, circle_id=row.circle_id,
                             status=row.status, revision=row.revision,
                             created_at=row.created_at)


def _round(row: RoundRow, games: dict[tuple[int, int], TableGameRow], earlier: list[
        tuple[tuple[str, ...], ...]], minutes: int | None) -> TournamentRound:
    closed = row.status is RoundStatus.CLOSED
    tables = []
    for number, seats in enumerate(row.tables, 1):
        game = games.get((row.number, number))
        if game is None:
            tables.append(TournamentTable(number, seats))
        else:
            tables.append(_table(number, seats, game, closed))
    met = pair_meetings(earlier)
    repeats = sum(1 for t in tables for i, a in enumerate(t.seats) for b in t.seats[i + 1:]
                  if met.get(frozenset((a, b)), 0))
    ends = (row.started_at + timedelta(minutes=minutes)
            if row.started_at is not None and minutes else None)
    return TournamentRound(row.number, row.status, row.seed, tuple(tables), row.drawn_at,
                           row.started_at, row.closed_at, ends, repeats)


def seat_changes(drawn: tuple[str, ...], now: tuple[str, ...]
                 ) -> tuple[dict[str, str], tuple[str, ...]]:
    """How a table's seats changed since the draw: ({player: substitute}, players who left
    while the table played on). A substitute takes the very seat (the order holds); a
    table playing on closes up; neither was drawn anywhere else in the round.

    The seats of the players still there cut both lists into stretches: in each, the
    substitutes sat in the seats of the players gone, in order, and the players gone
    beyond them left while the table played on (a table may have both: one replaced,
    one gone without a substitute). Only one case cannot be told from the seats alone:
    a stretch where one player left with no substitute and the next was replaced; it
    reads as the first replaced and the second gone."""
    present = set(now)
    substitutes: dict[str, str] = {}
    left: list[str] = []
    gone: list[str] = []
    stand_ins: list[str] = []

    def settle() -> None:
        substitutes.update(zip(gone, stand_ins, strict=False))
        left.extend(gone[len(stand_ins):])
        gone.clear()
        stand_ins.clear()

    seated = iter(now)
    for player in drawn:
        if player not in present:
            gone.append(player)
            continue
        for name in seated:  # the names seated before this player's seat
            if name == player:
                break
            stand_ins.append(name)
        settle()
    stand_ins.extend(seated)
    settle()
    return substitutes, tuple(left)


def _table(number: int, drawn: tuple[str, ...], game: TableGameRow, closed: bool
           ) -> TournamentTable:
    """A started table: the players drawn, each credited with their seat's score (their
    substitute's deals included)."""
    substitutes, left = seat_changes(drawn, game.seats)
    totals = {p: game.totals.get(p, 0) + (game.totals.get(substitutes[p], 0)
                                          if p in substitutes else 0) for p in drawn}
    return TournamentTable(number, drawn, game.game_id, game.last_number, game.deal_limit,
                           closed, totals, substitutes, left)


def tournament_view(row: TournamentRow, entrants: list[EntrantRow], rounds: list[RoundRow],
                    games: list[TableGameRow]) -> TournamentView:
    """The tournament from its stored rows (rounds oldest first)."""
    settings = TournamentSettings.from_dict(row.settings)
    by_table = {(g.round, g.table): g for g in games}
    built: list[TournamentRound] = []
    for entry in rounds:
        built.append(_round(entry, by_table, [tuple(t.seats for t in r.tables)
                                              for r in built], settings.round_minutes))
    return TournamentView(id=row.id, name=row.name, day=row.day, circle_id=row.circle_id,
                          status=row.status, revision=row.revision,
                          created_at=row.created_at, settings=settings,
                          entrants=tuple(entrants), rounds=tuple(built))


def table_scores(view: TournamentView) -> list[TableScore]:
    """Every started table as the standings count it."""
    return [TableScore(r.number, t.number, t.seats, t.totals, t.deals_played, t.deals_due,
                       r.status is RoundStatus.CLOSED)
            for r in view.rounds for t in r.tables if t.game_id is not None]
