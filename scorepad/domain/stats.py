"""Statistics per player over one game or many: takes and success per contract, scores by
role, bonuses, best and worst deal, and the cumulative score series for charts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorepad.domain.game import DealKind, GameRecord
from scorepad.domain.model import CONTRACTS, Contract, PoigneeSize, Role
from scorepad.domain.parts import DealPart, PartTally, attack_made, deal_parts, tally_parts


def rate(part: int, whole: int) -> float | None:
    """`part` per `whole` (an average, a success rate); None when `whole` is 0."""
    return part / whole if whole else None


@dataclass(frozen=True, slots=True)
class ContractStats:
    """How often a player took with one contract, and how often it was made."""

    contract: Contract
    takes: int = 0
    made: int = 0

    @property
    def success_rate(self) -> float | None:
        """Made / taken, from 0 to 1; None when never taken."""
        return rate(self.made, self.takes)


@dataclass(frozen=True, slots=True)
class RoleStats:
    """The deals a player played in one role (taker, partner, defender) and their score."""

    deals: int = 0
    total: int = 0

    @property
    def average(self) -> float | None:
        return rate(self.total, self.deals)


@dataclass(frozen=True, slots=True)
class DealRef:
    """One deal of one game, with a player's score on it."""

    game: str
    number: int
    score: int
    role: Role
    contract: Contract


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedPoints:
    """A player's points over the deals they played (deals sat out and redeals do not
    count, so the average is fair to whoever arrived late or sat out)."""

    total: int
    deals_played: int

    @property
    def average(self) -> float | None:
        """Points per deal played (None when the player played no deal)."""
        return rate(self.total, self.deals_played)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats(PlayedPoints):
    """Everything a player did over the games considered."""

    player: str
    games: int
    deals_sat_out: int
    contracts: tuple[ContractStats, ...]
    as_taker: RoleStats
    as_partner: RoleStats
    as_defender: RoleStats
    petits_au_bout_won: int
    petits_au_bout_lost: int
    poignees: tuple[tuple[PoigneeSize, int], ...]
    chelems_won: int
    chelems_lost: int
    chelems_announced: int
    miseres: int
    best_deal: DealRef | None
    worst_deal: DealRef | None

    @property
    def takes(self) -> int:
        return sum(c.takes for c in self.contracts)

    @property
    def takes_made(self) -> int:
        return sum(c.made for c in self.contracts)

    @property
    def success_rate(self) -> float | None:
        return rate(self.takes_made, self.takes)

    @property
    def poignees_declared(self) -> int:
        return sum(count for _, count in self.poignees)

    def contract(self, contract: Contract) -> ContractStats:
        return next(c for c in self.contracts if c.contract is contract)


@dataclass(frozen=True, slots=True)
class GameStatistics:
    """One game: how its deals went, every seated player's statistics and, for charts,
    each player's running total after every deal (one point a deal, redeals included)."""

    name: str
    deals: int
    played: int
    passed: int
    petits_secs: int
    contracts: tuple[ContractStats, ...]
    players: tuple[PlayerStats, ...]
    series: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def player(self, name: str) -> PlayerStats:
        for stats in self.players:
            if stats.player == name:
                return stats
        raise KeyError(name)


def player_stats(player: str, tallies: Iterable[PartTally], *, games: int, sat_out: int,
                 best: DealRef | None = None, worst: DealRef | None = None) -> PlayerStats:
    """A player's statistics from the tallies of their parts (scorepad.domain.parts):
    the one definition, whether the tallies were summed in memory or by the database."""
    takes = dict.fromkeys(CONTRACTS, 0)
    made = dict.fromkeys(CONTRACTS, 0)
    roles = {role: [0, 0] for role in Role}
    count = dict.fromkeys(("petits_won", "petits_lost", "chelems_won", "chelems_lost",
                           "announced", "miseres"), 0)
    poignees = dict.fromkeys(PoigneeSize, 0)
    for tally in tallies:
        roles[tally.role][0] += tally.deals
        roles[tally.role][1] += tally.points
        if tally.role is Role.TAKER:
            takes[tally.key.contract] += tally.deals
            made[tally.key.contract] += tally.deals if tally.key.made else 0
        for name in count:
            count[name] += getattr(tally, name)
        for size in PoigneeSize:
            poignees[size] += tally.poignees(size)
    return PlayerStats(
        player=player, games=games, deals_sat_out=sat_out,
        deals_played=sum(deals for deals, _ in roles.values()),
        total=sum(points for _, points in roles.values()),
        contracts=tuple(ContractStats(c, takes[c], made[c]) for c in CONTRACTS),
        as_taker=RoleStats(*roles[Role.TAKER]), as_partner=RoleStats(*roles[Role.PARTNER]),
        as_defender=RoleStats(*roles[Role.DEFENDER]),
        petits_au_bout_won=count["petits_won"], petits_au_bout_lost=count["petits_lost"],
        poignees=tuple(poignees.items()), chelems_won=count["chelems_won"],
        chelems_lost=count["chelems_lost"], chelems_announced=count["announced"],
        miseres=count["miseres"], best_deal=best, worst_deal=worst)


class _Tally:
    """A player's parts while the deals are read; summed into PlayerStats at the end."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.games = 0
        self.sat_out = 0
        self.parts: list[DealPart] = []
        self.best: DealRef | None = None
        self.worst: DealRef | None = None

    def add_part(self, game: str, number: int, part: DealPart) -> None:
        self.parts.append(part)
        score = part.points
        # A reference is built only for a new best or worst (most deals are neither).
        if self.best is None or score > self.best.score:
            self.best = DealRef(game, number, score, part.role, part.contract)
        if self.worst is None or score < self.worst.score:
            self.worst = DealRef(game, number, score, part.role, part.contract)

    def freeze(self) -> PlayerStats:
        return player_stats(self.player, tally_parts(self.parts), games=self.games,
                            sat_out=self.sat_out, best=self.best, worst=self.worst)


def _tally_of(tallies: dict[str, _Tally], name: str) -> _Tally:
    # Not setdefault: building a tally for every deal read would cost more than the rest.
    tally = tallies.get(name)
    if tally is None:
        tally = tallies[name] = _Tally(name)
    return tally


def _tally(games: Iterable[GameRecord]) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for game in games:
        for seat in game.seats:
            _tally_of(tallies, seat).games += 1
        for deal in game.deals:
            for name in deal.sitting_out:
                _tally_of(tallies, name).sat_out += 1
            if deal.kind is not DealKind.PLAYED or deal.input is None:
                continue
            for part in deal_parts(deal.input, deal.scores):
                _tally_of(tallies, part.player).add_part(game.name, deal.number, part)
    return tallies


def player_statistics(games: Iterable[GameRecord]) -> tuple[PlayerStats, ...]:
    """Every player of these games (by name), in order of first appearance."""
    return tuple(t.freeze() for t in _tally(games).values())


def cumulative_series(game: GameRecord) -> dict[str, tuple[int, ...]]:
    """Each seated player's running total after each deal; the last point is the total."""
    running = dict.fromkeys(game.seats, 0)
    points: dict[str, list[int]] = {name: [] for name in game.seats}
    for deal in game.deals:
        for name in game.seats:
            running[name] += deal.scores.get(name, 0)
            points[name].append(running[name])
    return {name: tuple(values) for name, values in points.items()}


def game_statistics(game: GameRecord) -> GameStatistics:
    kinds = [deal.kind for deal in game.deals]
    takes = dict.fromkeys(CONTRACTS, 0)
    made = dict.fromkeys(CONTRACTS, 0)
    for deal in game.deals:
        if deal.kind is DealKind.PLAYED and deal.input is not None:
            takes[deal.input.contract] += 1
            made[deal.input.contract] += attack_made(deal.input)
    return GameStatistics(
        name=game.name,
        deals=len(kinds),
        played=kinds.count(DealKind.PLAYED),
        passed=kinds.count(DealKind.PASSED),
        petits_secs=kinds.count(DealKind.PETIT_SEC),
        contracts=tuple(ContractStats(c, takes[c], made[c]) for c in CONTRACTS),
        players=player_statistics([game]),
        series=cumulative_series(game),
    )
