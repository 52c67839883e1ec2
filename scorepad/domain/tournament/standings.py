"""A tournament's standings, from its tables' scores: each player's total, their score,
place and placement points in each round, the tables they played, and the stated
tie-break (docs/RULES.md, "Tournoi").

A table that recorded no deal (closed before its first) gives no place: its players score
0, earn no placement points and win nothing. A round a player did not play (arrived
later, or gone) counts 0 too.

Placement points: at every table the winner earns 60 and the last 0, the places between
evenly spaced (4 seats: 60, 40, 20, 0; 5 seats: 60, 45, 30, 15, 0; 3 seats: 60, 30, 0;
6 seats: 60, 48, 36, 24, 12, 0), so a table wins the same whatever its size. Players
with equal table scores share the points of the places they hold (two first at 4
seats: 50 each)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scorepad.domain.language import N_, word
from scorepad.domain.names import fold
from scorepad.domain.tournament.settings import RankingRule

#: What a table's winner earns in placement points (the last earns 0).
WINNER_POINTS = 60
#: A round a player did not play, as every screen and paper writes it (an arbiter reads
#: the TV, the phones, the CSV, the PDF and the command line word for word alike)
MISSED_ROUND = N_("tournament.round_missed")


def missed_round(lang: str) -> str:
    """"non jouée" / "not played": the one way a round a player missed is written (it
    agrees with the round, whoever the player)."""
    return word(MISSED_ROUND, lang)


@dataclass(frozen=True, slots=True)
class TableScore:
    """One table of one round as it stands: its seats, each one's score so far, the
    deals recorded (the number of the last one) and the deals due."""

    round: int
    table: int
    seats: tuple[str, ...]
    totals: Mapping[str, int]
    deals_played: int
    deals_due: int
    #: the round is closed: the table's scores are final
    closed: bool = False

    @property
    def done(self) -> bool:
        return self.closed or self.deals_played >= self.deals_due


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's round: the table and seat, the table score, the place at the table
    (`tied`: shared with another player; 0: the table recorded no deal, so no place) and
    the placement points it earns."""

    round: int
    table: int
    seat: int
    score: int
    place: int
    tied: bool
    points: Fraction
    #: the table has played all its deals, or the round is closed
    done: bool


@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: int
    player: str
    #: the sum of the player's table scores
    score: int
    #: the sum of the player's placement points
    points: Fraction
    #: tables finished first (a shared first place counts; a table with no deal does not)
    wins: int
    rounds: tuple[RoundResult, ...] = ()

    @property
    def best_round(self) -> int | None:
        return max((r.score for r in self.rounds), default=None)

    @property
    def tables(self) -> tuple[tuple[int, int], ...]:
        """(round, table) of every round played."""
        return tuple((r.round, r.table) for r in self.rounds)

    def round(self, number: int) -> RoundResult | None:
        return next((r for r in self.rounds if r.round == number), None)


@dataclass(frozen=True, slots=True)
class Standings:
    rule: RankingRule
    #: best first; equal lines share a rank
    lines: tuple[StandingLine, ...]
    #: the rounds that have tables, in order
    rounds: tuple[int, ...] = field(default=())

    def line(self, player: str) -> StandingLine:
        for entry in self.lines:
            if entry.player == player:
                return entry
        raise KeyError(player)

    @property
    def final(self) -> bool:
        """Every table of every round is done."""
        return all(r.done for line in self.lines for r in line.rounds)


def place_points(place: int, seats: int) -> Fraction:
    """The placement points of `place` (1 = first) at a table of `seats`."""
    return Fraction(WINNER_POINTS * (seats - place), seats - 1)


def table_places(table: TableScore) -> dict[str, tuple[int, bool, Fraction]]:
    """Each seat's (place, tied, points): equal scores share the place of the best of
    them and the average of the points of the places they hold."""
    ordered = sorted(table.seats, key=lambda p: -table.totals.get(p, 0))
    result: dict[str, tuple[int, bool, Fraction]] = {}
    start = 0
    while start < len(ordered):
        score = table.totals.get(ordered[start], 0)
        end = start
        while end + 1 < len(ordered) and table.totals.get(ordered[end + 1], 0) == score:
            end += 1
        places = range(start + 1, end + 2)
        shared = sum((place_points(p, len(ordered)) for p in places), Fraction(0))
        for player in ordered[start:end + 1]:
            result[player] = (start + 1, end > start, shared / len(places))
        start = end + 1
    return result


def _results(tables: Iterable[TableScore]) -> dict[str, list[RoundResult]]:
    by_player: dict[str, list[RoundResult]] = {}
    for table in tables:
        # A table that recorded no deal is no table won: nobody's place, nobody's points.
        places = table_places(table) if table.deals_played else {
            p: (0, False, Fraction(0)) for p in table.seats}
        for seat, player in enumerate(table.seats, 1):
            place, tied, points = places[player]
            by_player.setdefault(player, []).append(RoundResult(
                round=table.round, table=table.table, seat=seat,
                score=table.totals.get(player, 0), place=place, tied=tied, points=points,
                done=table.done))
    return by_player


def _key(line: StandingLine, rule: RankingRule) -> tuple[object, ...]:
    """What the ranking compares, best first: the rule's figure, then the tie-break."""
    best = line.best_round if line.best_round is not None else -10**9
    if rule is RankingRule.PLACEMENT:
        return (-line.points, -line.score, -line.wins)
    return (-line.score, -line.wins, -best)


def tournament_standings(rule: RankingRule, tables: Sequence[TableScore],
                         players: Iterable[str] = ()) -> Standings:
    """The standings over `tables` (every round so far), also listing `players` who have
    not played yet (at 0). Equal on the rule's figure and on the tie-break, players
    share a rank (listed by name)."""
    by_player = _results(tables)
    for name in players:
        by_player.setdefault(name, [])
    lines = [StandingLine(
        rank=0, player=name, score=sum(r.score for r in results),
        points=sum((r.points for r in results), Fraction(0)),
        wins=sum(1 for r in results if r.place == 1),
        rounds=tuple(sorted(results, key=lambda r: r.round)),
    ) for name, results in by_player.items()]
    lines.sort(key=lambda line: (_key(line, rule), fold(line.player), line.player))
    ranked: list[StandingLine] = []
    for index, line in enumerate(lines):
        same = ranked and _key(ranked[-1], rule) == _key(line, rule)
        rank = ranked[-1].rank if same else index + 1
        ranked.append(StandingLine(rank=rank, player=line.player, score=line.score,
                                   points=line.points, wins=line.wins, rounds=line.rounds))
    return Standings(rule, tuple(ranked), tuple(sorted({t.round for t in tables})))
