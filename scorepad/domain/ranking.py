"""A circle's ranking over a period: each player's total, deals played, average per deal,
games won, takes and success by contract, results with each partner at 5 players, and
the place for a skill rating (computed outside the domain, see scorepad.ratings)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scorepad.domain.game import PlayedGame, has_played_deal
from scorepad.domain.model import Contract, Role
from scorepad.domain.period import Period
from scorepad.domain.player_record import (
    GameLine,
    PartnerResult,
    PlayerFacts,
    partner_results,
)
from scorepad.domain.rating import ORDINAL_SIGMAS, SkillRating
from scorepad.domain.record_facts import counted_games, game_line, players_facts
from scorepad.domain.soiree import NameKey, rank_totals
from scorepad.domain.stats import ContractStats, PlayerStats, player_stats

__all__ = ["ORDINAL_SIGMAS", "PartnerResult", "RankedPlayer", "SeasonRanking", "SkillRating",
           "final_standings", "has_played_deal", "ranking_of", "season_ranking"]


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


def final_standings(games: Sequence[PlayedGame], name_key: NameKey = str
                    ) -> list[list[tuple[int, str]]]:
    """Each game's final (rank, player), in the order given; games without a played deal
    are left out (nobody won or lost anything)."""
    return [standing(game_line(game), name_key) for game in games if has_played_deal(game)]


def standing(game: GameLine, name_key: NameKey = str) -> list[tuple[int, str]]:
    """A game's final (rank, player), best first, equal totals sharing a rank."""
    return [(place, player) for place, player, _ in rank_totals(dict(game.totals), name_key)]


#: the roles of the attack at five (the taker who called, the partner called)
_ATTACK = frozenset({Role.TAKER, Role.PARTNER})


def ranking_of(facts: Mapping[str, PlayerFacts], games: Sequence[GameLine], deals: int, *,
               period: Period | None = None, circle: str | None = None,
               name_key: NameKey = str) -> SeasonRanking:
    """The ranking over `games` (those counted, see `season_ranking`) from every seated
    player's facts over them; `deals` is the number of deals recorded in them. The
    ranking names no best or worst deal (a player's page does)."""
    stats = {}
    for player, known in facts.items():
        made = player_stats(player, known.tallies, games=len(known.games),
                            sat_out=known.sat_out)
        if made.deals_played > 0:
            stats[player] = made
    wins = dict.fromkeys(stats, 0)
    for game in games:
        for place, player in standing(game, name_key):
            if place == 1 and player in wins:
                wins[player] += 1
    players = tuple(
        RankedPlayer(rank=place, stats=stats[player], games_won=wins[player],
                     partners=partner_results(facts[player].tallies, _ATTACK, name_key))
        for place, player, _ in rank_totals({p: s.total for p, s in stats.items()}, name_key))
    return SeasonRanking(period=period, circle=circle, games=len(games), deals=deals,
                         players=players)


def season_ranking(games: Sequence[PlayedGame], *, period: Period | None = None,
                   circle: str | None = None, name_key: NameKey = str) -> SeasonRanking:
    """The ranking over `games`, best total first (equal totals share a rank, in the
    order of `name_key`).

    The rule for players without a deal (docs/RULES.md §11): a game counts once a deal
    was played in it (one with no deal, or only redeals, is left out, and out of the
    number of games), and a player is ranked once they played a deal in the games
    counted: sitting at a table where nothing was played is not a 0 earned."""
    counted = counted_games(games)
    return ranking_of(players_facts(counted), [game_line(g) for g in counted],
                      sum(len(g.record.deals) for g in counted), period=period,
                      circle=circle, name_key=name_key)
