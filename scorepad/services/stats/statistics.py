"""Statistics over the stored games (scorepad.domain.stats): one game's, or every
player's across the games of a circle and a period."""

from __future__ import annotations

from scorepad.domain import stats as domain_stats
from scorepad.domain.period import Period
from scorepad.services.club.soirees import played_games
from scorepad.services.games.record import game_record
from scorepad.services.ports import UnitOfWork


def game_statistics(uow: UnitOfWork, game_id: int) -> domain_stats.GameStatistics:
    """Statistics of one game (scorepad.domain.stats)."""
    return domain_stats.game_statistics(game_record(uow, game_id))


def all_statistics(uow: UnitOfWork, *, circle: int | None = None,
                   period: Period | None = None) -> tuple[domain_stats.PlayerStats, ...]:
    """Per-player statistics across every game, or the games of `circle` over `period`."""
    games = played_games(uow, circle=circle, period=period)
    return domain_stats.player_statistics(g.record for g in games)
