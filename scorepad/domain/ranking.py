"""A circle's ranking over a period: each player's total, deals played, average per deal,
games won, takes and success by contract, results with each partner at 5 players, and
the place for a skill rating (computed outside the domain, see scorepad.ratings)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scorepad.domain.game import DealKind, PlayedGame
from scorepad.domain.model import POINTS_NEEDED, Contract
from scorepad.domain.period import Period
from scorepad.domain.soiree import NameKey, rank_totals
from scorepad.domain.stats import ContractStats, PlayerStats, player_statistics, rate

#: The conservative skill estimate is mu minus this many sigmas.
ORDINAL_SIGMAS = 3.0


@dataclass(frozen=True, slots=True)
class SkillRating:
    """A skill estimate: `mu` the most likely level, `sigma` the uncertainty (it shrinks
    as games are played), `ordinal` = mu - 3 sigma, a level the player is almost surely
    above (what rankings sort by)."""

    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - ORDINAL_SIGMAS * self.sigma


@dataclass(frozen=True, slots=True)
class PartnerResult:
    """Deals a player played in the attack with one partner (5 players, either called
    the other or was called), how many were made and the points the player won."""

    partner: str
    deals: int
    made: int
    points: int

    @property
    def success_rate(self) -> float | None:
        return rate(self.made, self.deals)


@dataclass(frozen=True, slots=True)
class RankedPlayer:
    rank: int
    stats: PlayerStats
    games_won: int
    partners: tuple[PartnerResult, ...] = ()
    rating: SkillRating | None = None

    @property
    def player(self) -> str:
        return self.stats.player

    @property
    def total(self) -> int:
        return self.stats.total

    @property
    def deals_played(self) -> int:
        return self.stats.deals_played

    @property
    def average(self) -> float | None:
        """Points per deal played (deals sat out and redeals do not count)."""
        return self.stats.average

    def contract(self, contract: Contract) -> ContractStats:
        return self.stats.contract(contract)


@dataclass(frozen=True, slots=True)
class SeasonRanking:
    period: Period | None
    circle: str | None
    games: int
    deals: int
    #: best total first
    players: tuple[RankedPlayer, ...]

    def player(self, name: str) -> RankedPlayer:
        for entry in self.players:
            if entry.player == name:
                return entry
        raise KeyError(name)

    def with_ratings(self, ratings: Mapping[str, SkillRating]) -> SeasonRanking:
        return replace(self, players=tuple(replace(p, rating=ratings.get(p.player))
                                           for p in self.players))


def has_played_deal(game: PlayedGame) -> bool:
    """Whether a deal was played in `game` (redeals do not count)."""
    return any(d.kind is DealKind.PLAYED for d in game.record.deals)


def final_standings(games: Sequence[PlayedGame], name_key: NameKey = str
                    ) -> list[list[tuple[int, str]]]:
    """Each game's final (rank, player), in the order given; games without a played deal
    are left out (nobody won or lost anything)."""
    return [[(place, player) for place, player, _ in
             rank_totals(game.record.totals(), name_key)]
            for game in games if has_played_deal(game)]


def _partners(games: Sequence[PlayedGame]) -> dict[str, dict[str, list[int]]]:
    pairs: dict[str, dict[str, list[int]]] = {}
    for game in games:
        for deal in game.record.deals:
            entry = deal.input
            if (deal.kind is not DealKind.PLAYED or entry is None or entry.partner is None
                    or len(entry.players) != 5):
                continue
            made = int(entry.points >= POINTS_NEEDED[entry.bouts])
            for one, other in ((entry.taker, entry.partner), (entry.partner, entry.taker)):
                cell = pairs.setdefault(one, {}).setdefault(other, [0, 0, 0])
                cell[0] += 1
                cell[1] += made
                cell[2] += deal.scores.get(one, 0)
    return pairs


def season_ranking(games: Sequence[PlayedGame], *, period: Period | None = None,
                   circle: str | None = None, name_key: NameKey = str) -> SeasonRanking:
    """The ranking over `games` (chronological order), best total first (equal totals
    share a rank, in the order of `name_key`).

    The rule for players without a deal (docs/RULES.md §11): a game counts once a deal
    was played in it (one with no deal, or only redeals, is left out, and out of the
    number of games), and a player is ranked once they played a deal in the games
    counted: sitting at a table where nothing was played is not a 0 earned."""
    games = [g for g in games if has_played_deal(g)]
    stats = {s.player: s for s in player_statistics(g.record for g in games)
             if s.deals_played > 0}
    wins = dict.fromkeys(stats, 0)
    for standing in final_standings(games, name_key):
        for place, player in standing:
            if place == 1 and player in wins:
                wins[player] += 1
    pairs = _partners(games)
    players = tuple(
        RankedPlayer(
            rank=place, stats=stats[player], games_won=wins.get(player, 0),
            partners=tuple(sorted(
                (PartnerResult(other, *cell) for other, cell in pairs.get(player, {}).items()),
                key=lambda r: (-r.deals, name_key(r.partner)))),
        )
        for place, player, _ in rank_totals({p: s.total for p, s in stats.items()}, name_key)
    )
    return SeasonRanking(period=period, circle=circle, games=len(games),
                         deals=sum(len(g.record.deals) for g in games), players=players)
