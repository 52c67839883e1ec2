"""The evening (soirée): every game of a circle on one date, or every table of a club
night, summed up. Computed from the stored deals only (no second source of truth).

Choices, as players would ask about them:
- A player's average is per deal PLAYED (deals sat out and redeals do not count), so it
  is fair to whoever arrived late or sat out; a player at two tables sums across both.
- Time played: each table from its first recorded deal to its last; the evening's time
  is the union of those spans (two tables playing at once count once, a break between
  two games does not count).
- Best and worst deal: the highest and lowest cell of the sheets (a player's score on
  one deal); every cell that ties is named (the three defenders of a lost garde share
  the worst deal), in the order recorded.
- Equal totals share a rank; within it, names are in the order the caller gives
  (`name_key`: scorepad.collation's French order), never the order games were read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from scorepad.domain.game import DealKind, PlayedGame
from scorepad.domain.model import CONTRACTS, Contract, Role, Side
from scorepad.domain.stats import PlayedPoints

NameKey = Callable[[str], Any]


def rank_totals(totals: dict[str, int], name_key: NameKey = str
                ) -> list[tuple[int, str, int]]:
    """(rank, player, total), best first; equal totals share a rank, their players in
    the order of `name_key`."""
    ordered = sorted(totals.items(), key=lambda item: (-item[1], name_key(item[0])))
    result: list[tuple[int, str, int]] = []
    for index, (player, total) in enumerate(ordered):
        place = result[-1][0] if result and result[-1][2] == total else index + 1
        result.append((place, player, total))
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class SoireePlayer(PlayedPoints):
    player: str
    rank: int
    #: tables (games) the player sat at this evening
    games: int


@dataclass(frozen=True, slots=True)
class SoireeTable:
    """One game of the evening."""

    game_id: int
    name: str
    seats: tuple[str, ...]
    totals: dict[str, int]
    deals: int
    first_deal_at: datetime | None
    last_deal_at: datetime | None

    @property
    def duration(self) -> timedelta:
        if self.first_deal_at is None or self.last_deal_at is None:
            return timedelta(0)
        return self.last_deal_at - self.first_deal_at


@dataclass(frozen=True, slots=True)
class DealMoment:
    """One deal of one game seen from one player (best or worst deal of the evening)."""

    game_id: int
    game: str
    number: int
    player: str
    score: int
    contract: Contract
    role: Role


@dataclass(frozen=True, slots=True)
class Highlight:
    """A chelem or a petit au bout: which deal, whose contract, which side won it."""

    game_id: int
    game: str
    number: int
    taker: str
    contract: Contract
    side: Side
    announced: bool = False


@dataclass(frozen=True, slots=True)
class SoireeRecap:
    day: date | None
    circle: str | None
    tables: tuple[SoireeTable, ...]
    #: ranked, best total first
    players: tuple[SoireePlayer, ...]
    #: every deal recorded, redeals included
    deals: int
    played: int
    contracts: tuple[tuple[Contract, int], ...]
    #: every cell with the evening's highest score, in the order recorded
    best_deals: tuple[DealMoment, ...]
    #: every cell with the lowest
    worst_deals: tuple[DealMoment, ...]
    chelems: tuple[Highlight, ...]
    petits_au_bout: tuple[Highlight, ...]
    #: union of the tables' spans from first to last recorded deal
    duration: timedelta

    @property
    def best_deal(self) -> DealMoment | None:
        """The first of the best deals (the others tie with it)."""
        return self.best_deals[0] if self.best_deals else None

    @property
    def worst_deal(self) -> DealMoment | None:
        """The first of the worst deals (the others tie with it)."""
        return self.worst_deals[0] if self.worst_deals else None

    @property
    def podium(self) -> tuple[SoireePlayer, ...]:
        """The players ranked 1 to 3 (more than three when totals are equal)."""
        return tuple(p for p in self.players if p.rank <= 3)

    @property
    def most_played_contract(self) -> tuple[Contract, int] | None:
        """The contract taken most often (on a tie, the bigger contract); None if none."""
        best = max(reversed(self.contracts), key=lambda item: item[1], default=None)
        return best if best is not None and best[1] > 0 else None

    def totals(self) -> dict[str, int]:
        return {p.player: p.total for p in self.players}

    def player(self, name: str) -> SoireePlayer:
        for entry in self.players:
            if entry.player == name:
                return entry
        raise KeyError(name)


def union_length(spans: Iterable[tuple[datetime, datetime]]) -> timedelta:
    """Total length covered by the spans, overlaps counted once."""
    total = timedelta(0)
    current: tuple[datetime, datetime] | None = None
    for start, end in sorted(spans):
        if current is None or start > current[1]:
            if current is not None:
                total += current[1] - current[0]
            current = (start, end)
        else:
            current = (current[0], max(current[1], end))
    if current is not None:
        total += current[1] - current[0]
    return total


def _table(game: PlayedGame) -> SoireeTable:
    record = game.record
    times = [d.created_at for d in record.deals if d.created_at is not None]
    return SoireeTable(game.id, record.name, record.seats, record.totals(), len(record.deals),
                       min(times, default=None), max(times, default=None))


class _Evening:
    """Counts while the games are read."""

    def __init__(self) -> None:
        self.totals: dict[str, int] = {}
        self.played: dict[str, int] = {}
        self.games: dict[str, int] = {}
        self.contracts = dict.fromkeys(CONTRACTS, 0)
        self.deals = 0
        self.played_deals = 0
        self.best: list[DealMoment] = []
        self.worst: list[DealMoment] = []
        self.chelems: list[Highlight] = []
        self.petits: list[Highlight] = []

    def add_game(self, game: PlayedGame) -> None:
        for seat in game.record.seats:
            self.totals.setdefault(seat, 0)
            self.played.setdefault(seat, 0)
            self.games[seat] = self.games.get(seat, 0) + 1
        for deal in game.record.deals:
            self.deals += 1
            for player, score in deal.scores.items():
                self.totals[player] = self.totals.get(player, 0) + score
            entry = deal.input
            if deal.kind is not DealKind.PLAYED or entry is None:
                continue
            self.played_deals += 1
            self.contracts[entry.contract] += 1
            for player in entry.players:
                self.played[player] = self.played.get(player, 0) + 1
                moment = DealMoment(game.id, game.record.name, deal.number, player,
                                    deal.scores.get(player, 0), entry.contract,
                                    entry.role_of(player))
                _keep_extreme(self.best, moment, 1)
                _keep_extreme(self.worst, moment, -1)
            if entry.chelem is not None:
                self.chelems.append(Highlight(game.id, game.record.name, deal.number,
                                              entry.taker, entry.contract, entry.chelem,
                                              entry.chelem_announced))
            if entry.petit_au_bout is not None:
                self.petits.append(Highlight(game.id, game.record.name, deal.number,
                                             entry.taker, entry.contract, entry.petit_au_bout))


def _keep_extreme(kept: list[DealMoment], moment: DealMoment, sign: int) -> None:
    """Keeps in `kept` every moment with the highest (sign 1) or lowest (-1) score."""
    if kept and sign * moment.score < sign * kept[0].score:
        return
    if kept and moment.score != kept[0].score:
        kept.clear()
    kept.append(moment)


def by_deal(moments: Sequence[DealMoment]) -> list[tuple[DealMoment, tuple[str, ...]]]:
    """Tied moments grouped by deal: (the deal's first moment, every player of it), so
    that "Bruno, Cécile et Didier −26, donne 4" is said once."""
    groups: dict[tuple[int, int, int], list[DealMoment]] = {}
    for moment in moments:
        groups.setdefault((moment.game_id, moment.number, moment.score), []).append(moment)
    return [(group[0], tuple(m.player for m in group)) for group in groups.values()]


def soiree_recap(games: Sequence[PlayedGame], *, day: date | None = None,
                 circle: str | None = None, name_key: NameKey = str) -> SoireeRecap:
    """The recap of an evening made of `games` (in the order they were played); equal
    totals in the order of `name_key`."""
    evening = _Evening()
    for game in games:
        evening.add_game(game)
    tables = tuple(_table(g) for g in games)
    players = tuple(
        SoireePlayer(player=player, rank=place, total=total,
                     deals_played=evening.played.get(player, 0),
                     games=evening.games.get(player, 0))
        for place, player, total in rank_totals(evening.totals, name_key)
    )
    spans = [(t.first_deal_at, t.last_deal_at) for t in tables
             if t.first_deal_at is not None and t.last_deal_at is not None]
    return SoireeRecap(
        day=day, circle=circle, tables=tables, players=players, deals=evening.deals,
        played=evening.played_deals, contracts=tuple(evening.contracts.items()),
        best_deals=tuple(evening.best), worst_deals=tuple(evening.worst),
        chelems=tuple(evening.chelems),
        petits_au_bout=tuple(evening.petits), duration=union_length(spans),
    )
