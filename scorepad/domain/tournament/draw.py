"""The draw of a round: every player present seated once, at the tables of a plan, so that
pairs who already shared a table meet again as rarely as possible; the same players,
history, plan and seed always give the same draw.

How (a heuristic, not an exact solution): the players are ordered at random from the
seed, seated greedily (each seat to the player who met the table's players the fewest
times), then improved by swapping two players of different tables: every swap that
lowers the cost until none does; if pairs still meet again, simulated annealing (a worse
swap is sometimes kept, to leave that local minimum) and the same descent again. The
cost of a table is, for each pair seated at it, the number of times that pair already
met."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorepad.domain.tournament.errors import TournamentRefused
from scorepad.domain.tournament.plan import TablePlan
from scorepad.domain.tournament.settings import TABLE_SIZES

#: A round's tables as seated: each table's players in seat order.
Tables = Sequence[Sequence[str]]
#: Swaps proposed by the annealing, per player drawn.
ANNEALING_STEPS = 250
_HOT, _COLD = 2.0, 0.05


@dataclass(frozen=True, slots=True)
class Draw:
    """A round's seating: `tables[0]` is table 1, each in seat order (seat 1 deals
    first); `seed` redoes it."""

    tables: tuple[tuple[str, ...], ...]
    seed: int

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for table in self.tables:
            if len(table) not in TABLE_SIZES:
                raise TournamentRefused("tables", "tournament_table_size", size=len(table))
            for name in table:
                if name in seen:
                    raise TournamentRefused("players", "tournament_seated_twice", name=name)
                seen.add(name)

    @property
    def plan(self) -> TablePlan:
        return TablePlan(tuple(len(t) for t in self.tables))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for table in self.tables for name in table)

    def seat_of(self, name: str) -> tuple[int, int] | None:
        """(table, seat), both counted from 1, or None when `name` is not seated."""
        for number, table in enumerate(self.tables, 1):
            if name in table:
                return number, table.index(name) + 1
        return None

    def swapped(self, first: str, second: str) -> Draw:
        """The same draw with two seated players exchanging their seats."""
        for name in (first, second):
            if self.seat_of(name) is None:
                raise TournamentRefused("players", "tournament_swap_unknown", name=name)
        if first == second:
            raise TournamentRefused("players", "tournament_swap_same", name=first)
        trade = {first: second, second: first}
        return Draw(tuple(tuple(trade.get(n, n) for n in t) for t in self.tables), self.seed)


def pair_meetings(rounds: Iterable[Tables]) -> dict[frozenset[str], int]:
    """How many times each pair of players shared a table over `rounds`."""
    met: dict[frozenset[str], int] = {}
    for tables in rounds:
        for table in tables:
            for i, first in enumerate(table):
                for second in table[i + 1:]:
                    pair = frozenset((first, second))
                    met[pair] = met.get(pair, 0) + 1
    return met


def repeated_pairs(rounds: Iterable[Tables]) -> int:
    """The number of pairs who shared a table more than once."""
    return sum(1 for times in pair_meetings(rounds).values() if times > 1)


def _names(players: Sequence[str], plan: TablePlan) -> list[str]:
    names = sorted(players)
    for before, name in itertools.pairwise(names):
        if before == name:
            raise TournamentRefused("players", "tournament_seated_twice", name=name)
    if len(names) != plan.players:
        raise TournamentRefused("plan", "tournament_plan_players", count=len(names),
                                seats=plan.players, plan=plan.key)
    return names


def random_draw(players: Sequence[str], plan: TablePlan, seed: int) -> Draw:
    """A draw that ignores who met whom (what drawing names from a hat gives)."""
    order = _names(players, plan)
    random.Random(seed).shuffle(order)
    tables, start = [], 0
    for size in plan.sizes:
        tables.append(tuple(order[start:start + size]))
        start += size
    return Draw(tuple(tables), seed)


def draw_round(players: Sequence[str], plan: TablePlan, seed: int,
               history: Iterable[Tables] = ()) -> Draw:
    """The round's seating of `players` at the tables of `plan`, with as few pairs as
    possible meeting again after the tables of `history` (earlier rounds)."""
    names = _names(players, plan)
    index = {name: i for i, name in enumerate(names)}
    met = [[0] * len(names) for _ in names]
    for pair, times in pair_meetings(history).items():
        first, second = tuple(pair)
        if first in index and second in index:
            met[index[first]][index[second]] = met[index[second]][index[first]] = times
    rng = random.Random(seed)
    seating = _Seating(met, _greedy(met, plan, rng))
    if len(plan.sizes) > 1:  # one table: nobody to swap with
        seating.descend()
        if seating.cost > 0:  # a local minimum: look further
            seating.anneal(rng, ANNEALING_STEPS * len(names))
            seating.descend()
    tables = []
    for members in seating.members:
        seats = [names[p] for p in sorted(members)]
        rng.shuffle(seats)
        tables.append(tuple(seats))
    return Draw(tuple(tables), seed)


def _greedy(met: list[list[int]], plan: TablePlan, rng: random.Random) -> list[list[int]]:
    """Tables filled one seat at a time with the player, in a random order, who met the
    players already at the table the fewest times."""
    remaining = list(range(len(met)))
    rng.shuffle(remaining)
    tables = []
    for size in plan.sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            best = min(range(len(remaining)),
                       key=lambda i: sum(met[remaining[i]][q] for q in table))
            table.append(remaining.pop(best))
        tables.append(table)
    return tables


class _Seating:
    """Players at tables with, for every player and table, the meetings the player would
    have there (`near[p][t]`), so that the cost of a swap is read in constant time."""

    def __init__(self, met: list[list[int]], tables: list[list[int]]) -> None:
        self.met = met
        self.place(tables)

    def place(self, tables: list[list[int]]) -> None:
        """Seats the players as `tables` says (and counts again)."""
        met = self.met
        self.members = [list(t) for t in tables]
        self.where = [0] * len(met)
        for t, members in enumerate(self.members):
            for p in members:
                self.where[p] = t
        self.near = [[sum(met[p][q] for q in members) for members in self.members]
                     for p in range(len(met))]
        self.cost = sum(self.near[p][self.where[p]] for p in range(len(met))) // 2

    def delta(self, p: int, q: int) -> int:
        """How the cost changes if p and q (at different tables) change places."""
        a, b, near, pq = self.where[p], self.where[q], self.near, self.met[p][q]
        return near[p][b] - pq + near[q][a] - pq - near[p][a] - near[q][b]

    def swap(self, p: int, q: int, delta: int) -> None:
        a, b = self.where[p], self.where[q]
        self.members[a][self.members[a].index(p)] = q
        self.members[b][self.members[b].index(q)] = p
        self.where[p], self.where[q] = b, a
        for r, row in enumerate(self.near):
            moved = self.met[r][q] - self.met[r][p]
            row[a] += moved
            row[b] -= moved
        self.cost += delta

    def anneal(self, rng: random.Random, steps: int) -> None:
        """Random swaps, a worse one kept with a chance that falls as the temperature
        does; ends on the best seating met."""
        count = len(self.where)
        best_cost, best = self.cost, [list(t) for t in self.members]
        for step in range(steps):
            if self.cost == 0:
                break
            temperature = _HOT * (_COLD / _HOT) ** (step / steps)
            p, q = rng.randrange(count), rng.randrange(count)
            if self.where[p] == self.where[q]:
                continue
            delta = self.delta(p, q)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self.swap(p, q, delta)
                if self.cost < best_cost:
                    best_cost, best = self.cost, [list(t) for t in self.members]
        if best_cost < self.cost:
            self.place(best)

    def descend(self) -> None:
        """Every swap that lowers the cost, the best one for each player in turn, until
        none does."""
        count = len(self.where)
        improved = True
        while improved and self.cost > 0:
            improved = False
            for p in range(count):
                if self.near[p][self.where[p]] == 0:
                    continue
                delta, q = min((self.delta(p, q), q) for q in range(count)
                               if self.where[q] != self.where[p])
                if delta < 0:
                    self.swap(p, q, delta)
                    improved = True
