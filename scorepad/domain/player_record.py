"""A player's record over the games of a circle and a period: games won and placed, every
role and contract, partners, bonuses, records and streaks, head-to-head and the evolution
of the score and the rating. Each figure is defined in docs/STATS.md.

The record is built from `PlayerFacts`: what the storage sums for one player (tallies of
parts, the games' totals, the takes in order, the extreme deals), or what
`scorepad.domain.record_facts` derives from games held in memory; the same facts give
the same record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from scorepad.domain.model import CONTRACTS, Contract, PoigneeSize, Role
from scorepad.domain.parts import PartTally
from scorepad.domain.rating import SkillRating
from scorepad.domain.soiree import NameKey, rank_totals
from scorepad.domain.stats import DealRef, PlayerStats, player_stats, rate
from scorepad.domain.streaks import Outcomes, Streak, current, longest, outcomes


@dataclass(frozen=True, slots=True)
class GameLine:
    """A game of the period as statistics read it: its final totals, every seat included."""

    id: int
    name: str
    created_at: datetime
    totals: Mapping[str, int]
    circle: str | None = None

    def order(self) -> tuple[datetime, int]:
        """Games are read in the order they were created (then by id)."""
        return self.created_at, self.id


@dataclass(frozen=True, slots=True)
class Cell:
    """One player's score on one deal (a cell of the sheet), with where to find it."""

    game_id: int
    game: str
    deal_id: int | None
    number: int
    player: str
    score: int
    role: Role
    contract: Contract

    def ref(self) -> DealRef:
        """The cell as a player's best or worst deal of PlayerStats."""
        return DealRef(self.game, self.number, self.score, self.role, self.contract)


@dataclass(frozen=True, slots=True)
class Extreme:
    """The highest (or lowest) score, the first cells holding it in the order played, and
    how many cells hold it in all (a read of the value alone has no cells and counts 0)."""

    score: int
    cells: tuple[Cell, ...] = ()
    count: int = 0


#: cells named for a best or worst deal (the others are counted)
EXTREME_CELLS = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerFacts:
    """What a player's record is computed from."""

    player: str
    #: the games of the period the player sat at, with a deal played, oldest first
    games: tuple[GameLine, ...]
    tallies: tuple[PartTally, ...]
    sat_out: int
    #: the player's takes in each game of `games` (by game id; none: absent)
    takes: Mapping[int, Outcomes]
    best: Extreme | None
    worst: Extreme | None
    #: the player's rating after each of their games, by game id
    ratings: Mapping[int, SkillRating]


@dataclass(frozen=True, slots=True)
class ContractRecord:
    """Takes with one contract: made, taken, and the margins summed (docs/STATS.md)."""

    contract: Contract
    takes: int
    made: int
    margin: int
    points: int

    @property
    def success_rate(self) -> float | None:
        return rate(self.made, self.takes)

    @property
    def average_margin(self) -> float | None:
        return rate(self.margin, self.takes)


@dataclass(frozen=True, slots=True)
class RoleRecord:
    """Deals in one role: how many, how many the player's side won, the points."""

    deals: int
    won: int
    points: int

    @property
    def success_rate(self) -> float | None:
        return rate(self.won, self.deals)

    @property
    def average(self) -> float | None:
        return rate(self.points, self.deals)


@dataclass(frozen=True, slots=True)
class PartnerResult:
    """Deals a player played in the attack with one partner at five (the player called
    them, or was called by them): how many, how many made, the player's points."""

    partner: str
    deals: int
    made: int
    points: int

    @property
    def success_rate(self) -> float | None:
        return rate(self.made, self.deals)


@dataclass(frozen=True, slots=True)
class PoigneeRecord:
    size: PoigneeSize
    shown: int
    #: shown in a deal the player's side won (the poignée's value went to it)
    won: int


@dataclass(frozen=True, slots=True)
class GameResult:
    game: GameLine
    total: int
    place: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Games at one table with another player, and who finished with more points."""

    opponent: str
    games: int
    ahead: int
    behind: int

    @property
    def level(self) -> int:
        return self.games - self.ahead - self.behind


@dataclass(frozen=True, slots=True)
class EvolutionPoint:
    """After one game: the player's total since the start of the period, and rating."""

    game: GameLine
    total: int
    rating: SkillRating | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRecord:
    player: str
    stats: PlayerStats
    games_won: int
    games_placed: int
    #: how many games the player finished 1st, 2nd, ... (equal totals share a place)
    places: tuple[int, ...]
    contracts: tuple[ContractRecord, ...]
    taker: RoleRecord
    partner: RoleRecord
    defender: RoleRecord
    partners_called: tuple[PartnerResult, ...]
    called_by: tuple[PartnerResult, ...]
    poignees: tuple[PoigneeRecord, ...]
    best_deal: Extreme | None
    worst_deal: Extreme | None
    best_game: GameResult | None
    worst_game: GameResult | None
    longest_made: int
    longest_won: int
    current_takes: Streak | None
    current_games: Streak | None
    head_to_head: tuple[HeadToHead, ...]
    evolution: tuple[EvolutionPoint, ...]

    @property
    def games(self) -> int:
        return len(self.evolution)

    @property
    def deals_played(self) -> int:
        return self.stats.deals_played

    @property
    def average(self) -> float | None:
        return self.stats.average

    def contract(self, contract: Contract) -> ContractRecord:
        return next(c for c in self.contracts if c.contract is contract)


def placed(place: int, seats: int) -> bool:
    """A game is placed when the player finished in the top half of the table: 1st at
    three, 1st or 2nd at four and five, 1st to 3rd at six (docs/STATS.md)."""
    return place <= max(1, seats // 2)


def _roles(tallies: Sequence[PartTally]) -> dict[Role, RoleRecord]:
    sums = {role: [0, 0, 0] for role in Role}
    for tally in tallies:
        cell = sums[tally.role]
        cell[0] += tally.deals
        cell[1] += tally.deals if tally.side_won else 0
        cell[2] += tally.points
    return {role: RoleRecord(*cell) for role, cell in sums.items()}


def _contracts(tallies: Sequence[PartTally]) -> tuple[ContractRecord, ...]:
    sums = {c: [0, 0, 0, 0] for c in CONTRACTS}
    for tally in tallies:
        if tally.role is Role.TAKER:
            cell = sums[tally.key.contract]
            cell[0] += tally.deals
            cell[1] += tally.deals if tally.key.made else 0
            cell[2] += tally.margin
            cell[3] += tally.points
    return tuple(ContractRecord(c, *sums[c]) for c in CONTRACTS)


def partner_results(tallies: Sequence[PartTally], roles: frozenset[Role],
                    name_key: NameKey) -> tuple[PartnerResult, ...]:
    """The player's results with each partner at five over the deals played in one of
    `roles`, the most played first."""
    sums: dict[str, list[int]] = {}
    for tally in tallies:
        if tally.role in roles and tally.key.ally is not None:
            cell = sums.setdefault(tally.key.ally, [0, 0, 0])
            cell[0] += tally.deals
            cell[1] += tally.deals if tally.key.made else 0
            cell[2] += tally.points
    return tuple(sorted((PartnerResult(other, *cell) for other, cell in sums.items()),
                        key=lambda r: (-r.deals, name_key(r.partner))))


def _poignees(tallies: Sequence[PartTally]) -> tuple[PoigneeRecord, ...]:
    return tuple(PoigneeRecord(size, sum(t.poignees(size) for t in tallies),
                               sum(t.poignees(size) for t in tallies if t.side_won))
                 for size in PoigneeSize)


def _results(facts: PlayerFacts, name_key: NameKey) -> list[GameResult]:
    results = []
    for game in facts.games:
        place = next(p for p, name, _ in rank_totals(dict(game.totals), name_key)
                     if name == facts.player)
        results.append(GameResult(game, game.totals.get(facts.player, 0), place))
    return results


def _head_to_head(facts: PlayerFacts, name_key: NameKey) -> tuple[HeadToHead, ...]:
    sums: dict[str, list[int]] = {}
    for game in facts.games:
        mine = game.totals.get(facts.player, 0)
        for other, total in game.totals.items():
            if other != facts.player:
                cell = sums.setdefault(other, [0, 0, 0])
                cell[0] += 1
                cell[1] += mine > total
                cell[2] += mine < total
    return tuple(sorted((HeadToHead(other, *cell) for other, cell in sums.items()),
                        key=lambda h: (-h.games, name_key(h.opponent))))


def _evolution(facts: PlayerFacts, results: Sequence[GameResult]
               ) -> tuple[EvolutionPoint, ...]:
    points, running = [], 0
    for result in results:
        running += result.total
        points.append(EvolutionPoint(result.game, running, facts.ratings.get(result.game.id)))
    return tuple(points)


def _extreme_game(results: Sequence[GameResult], best: bool) -> GameResult | None:
    if not results:
        return None
    # The first game holding the highest (lowest) total: min() keeps the first of equals.
    return min(results, key=lambda r: -r.total if best else r.total)


def player_record(facts: PlayerFacts, name_key: NameKey = str) -> PlayerRecord:
    """The record of `facts.player` (names ordered by `name_key` where they tie)."""
    games = sorted(facts.games, key=GameLine.order)
    facts = replace(facts, games=tuple(games))
    results = _results(facts, name_key)
    roles = _roles(facts.tallies)
    takes: Outcomes = "".join(facts.takes.get(game.id, "") for game in games)
    wins = outcomes(r.place == 1 for r in results)
    places = [0] * max((r.place for r in results), default=0)
    for result in results:
        places[result.place - 1] += 1
    first = facts.best.cells[0].ref() if facts.best and facts.best.cells else None
    low = facts.worst.cells[0].ref() if facts.worst and facts.worst.cells else None
    return PlayerRecord(
        player=facts.player,
        stats=player_stats(facts.player, facts.tallies, games=len(games),
                           sat_out=facts.sat_out, best=first, worst=low),
        games_won=places[0] if places else 0,
        games_placed=sum(placed(r.place, len(r.game.totals)) for r in results),
        places=tuple(places),
        contracts=_contracts(facts.tallies),
        taker=roles[Role.TAKER], partner=roles[Role.PARTNER], defender=roles[Role.DEFENDER],
        partners_called=partner_results(facts.tallies, frozenset({Role.TAKER}), name_key),
        called_by=partner_results(facts.tallies, frozenset({Role.PARTNER}), name_key),
        poignees=_poignees(facts.tallies),
        best_deal=facts.best, worst_deal=facts.worst,
        best_game=_extreme_game(results, True), worst_game=_extreme_game(results, False),
        longest_made=longest(takes), longest_won=longest(wins),
        current_takes=current(takes), current_games=current(wins),
        head_to_head=_head_to_head(facts, name_key),
        evolution=_evolution(facts, results),
    )
