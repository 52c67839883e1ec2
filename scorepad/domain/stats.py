"""Statistics per player over one game or many: takes and success per contract, scores by
role, bonuses, best and worst deal, and the cumulative score series for charts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorepad.domain.game import DealKind, DealRecord, GameRecord
from scorepad.domain.model import (
    CONTRACTS,
    POINTS_NEEDED,
    Contract,
    DealInput,
    PoigneeSize,
    Role,
    Side,
)


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


class _Tally:
    """A player's counts while the deals are read; frozen into PlayerStats at the end."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.games = 0
        self.played = 0
        self.sat_out = 0
        self.total = 0
        self.takes = dict.fromkeys(CONTRACTS, 0)
        self.made = dict.fromkeys(CONTRACTS, 0)
        self.roles = {role: [0, 0] for role in Role}
        self.pab = [0, 0]  # won, lost
        self.poignees = dict.fromkeys(PoigneeSize, 0)
        self.chelems = [0, 0, 0]  # won, lost, announced
        self.miseres = 0
        self.best: DealRef | None = None
        self.worst: DealRef | None = None

    def add_deal(self, game: str, deal: DealRecord) -> None:
        # Called for every player of every deal of a season: the common case (a defender
        # without bonus) does as little as it can.
        player = self.player
        score = deal.scores.get(player, 0)
        self.total += score
        if deal.sitting_out and player in deal.sitting_out:
            self.sat_out += 1
        entry = deal.input
        if entry is None or deal.kind is not DealKind.PLAYED or player not in entry.players:
            return
        self.played += 1
        role = (Role.TAKER if player == entry.taker else
                Role.PARTNER if player == entry.partner else Role.DEFENDER)
        counts = self.roles[role]
        counts[0] += 1
        counts[1] += score
        if role is Role.TAKER:
            self.takes[entry.contract] += 1
            self.made[entry.contract] += _made(entry)
            self.chelems[2] += entry.chelem_announced
        if entry.petit_au_bout is not None or entry.chelem is not None:
            self._bonuses(entry, Side.DEFENSE if role is Role.DEFENDER else Side.ATTACK)
        for poignee in entry.poignees:
            if poignee.player == player:
                self.poignees[poignee.size] += 1
        if entry.miseres:
            self.miseres += entry.miseres.count(player)
        # A reference is built only for a new best or worst (most deals are neither).
        if self.best is None or score > self.best.score:
            self.best = DealRef(game, deal.number, score, role, entry.contract)
        if self.worst is None or score < self.worst.score:
            self.worst = DealRef(game, deal.number, score, role, entry.contract)

    def _bonuses(self, entry: DealInput, side: Side) -> None:
        if entry.petit_au_bout is not None:
            self.pab[0 if entry.petit_au_bout is side else 1] += 1
        if entry.chelem is not None:
            self.chelems[0 if entry.chelem is side else 1] += 1

    def freeze(self) -> PlayerStats:
        return PlayerStats(
            player=self.player,
            games=self.games,
            deals_played=self.played,
            deals_sat_out=self.sat_out,
            total=self.total,
            contracts=tuple(ContractStats(c, self.takes[c], self.made[c]) for c in CONTRACTS),
            as_taker=RoleStats(*self.roles[Role.TAKER]),
            as_partner=RoleStats(*self.roles[Role.PARTNER]),
            as_defender=RoleStats(*self.roles[Role.DEFENDER]),
            petits_au_bout_won=self.pab[0],
            petits_au_bout_lost=self.pab[1],
            poignees=tuple(self.poignees.items()),
            chelems_won=self.chelems[0],
            chelems_lost=self.chelems[1],
            chelems_announced=self.chelems[2],
            miseres=self.miseres,
            best_deal=self.best,
            worst_deal=self.worst,
        )


def _made(entry: DealInput) -> bool:
    return entry.points >= POINTS_NEEDED[entry.bouts]


def _tally_of(tallies: dict[str, _Tally], name: str) -> _Tally:
    # Not setdefault: building a tally for every deal read would cost more than the rest.
    tally = tallies.get(name)
    if tally is None:
        tally = tallies[name] = _Tally(name)
    return tally


def _tally(games: Iterable[GameRecord]) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for game in games:
        seated = [_tally_of(tallies, seat) for seat in game.seats]
        seats = set(game.seats)
        for tally in seated:
            tally.games += 1
        for deal in game.deals:
            for tally in seated:
                tally.add_deal(game.name, deal)
            # A name in a row but not seated cannot come from the app; count it anyway
            # so that totals still add up.
            if not deal.scores.keys() <= seats:
                for name in deal.scores:
                    if name not in seats:
                        _tally_of(tallies, name).add_deal(game.name, deal)
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
            made[deal.input.contract] += _made(deal.input)
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
