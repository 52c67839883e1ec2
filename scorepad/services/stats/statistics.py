"""Statistics over the stored games: one game's (scorepad.domain.stats, from its deals), or
every player's across the games of a circle and a period, summed by the database
(scorepad.services.stats.reads) with each player's running total game after game."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo

from scorepad.collation import sorted_names
from scorepad.domain import stats as domain_stats
from scorepad.domain.period import Period
from scorepad.domain.player_record import PlayerFacts
from scorepad.domain.stats import PlayerStats, player_stats
from scorepad.services.games.record import game_record
from scorepad.services.ports import UnitOfWork
from scorepad.services.stats.reads import ScopeFacts, derived, scope_facts


def game_statistics(uow: UnitOfWork, game_id: int) -> domain_stats.GameStatistics:
    """Statistics of one game (scorepad.domain.stats)."""
    return domain_stats.game_statistics(game_record(uow, game_id))


def _stats(facts: PlayerFacts) -> PlayerStats:
    """A player's statistics (the best and worst deals' scores are in StatsOverview)."""
    return player_stats(facts.player, facts.tallies, games=len(facts.games),
                        sat_out=facts.sat_out)


@dataclass(frozen=True, slots=True)
class StatsOverview:
    """The statistics screen over a circle and a period: the games counted (a deal
    played), every player's statistics, and each player's total after each game."""

    games: int
    players: tuple[PlayerStats, ...]
    #: each player's running total after each game, oldest first, starting at 0
    series: dict[str, list[int]]
    #: when each game of `series` was created
    dates: tuple[datetime, ...]
    #: each player's highest and lowest score on one deal
    best: dict[str, int] = field(default_factory=dict)
    worst: dict[str, int] = field(default_factory=dict)


def all_statistics(uow: UnitOfWork, *, circle: int | None = None,
                   period: Period | None = None, tz: tzinfo | None = None
                   ) -> tuple[PlayerStats, ...]:
    """Per-player statistics across every game, or the games of `circle` over `period`,
    in order of first appearance."""
    read = scope_facts(uow, circle=circle, period=period, tz=tz, takes=False, extremes="none",
                       rated=False)
    return derived(read, "statistics", lambda: tuple(_stats(f) for f in read.facts.values()))


def overview(uow: UnitOfWork, *, circle: int | None = None, period: Period | None = None,
             tz: tzinfo | None = None) -> StatsOverview:
    """The statistics screen's figures (StatsOverview); CircleNotFound for a circle that
    does not exist."""
    read = scope_facts(uow, circle=circle, period=period, tz=tz, takes=False,
                       extremes="scores", rated=False)
    return derived(read, "overview", lambda: _overview(read))


def _overview(read: ScopeFacts) -> StatsOverview:
    players = sorted_names(read.facts)
    series: dict[str, list[int]] = {p: [0] for p in players}
    for game in read.games:
        for p in players:
            series[p].append(series[p][-1] + game.totals.get(p, 0))
    facts = read.facts.values()
    return StatsOverview(len(read.games), tuple(_stats(f) for f in facts), series,
                         tuple(g.created_at for g in read.games),
                         {f.player: f.best.score for f in facts if f.best is not None},
                         {f.player: f.worst.score for f in facts if f.worst is not None})
