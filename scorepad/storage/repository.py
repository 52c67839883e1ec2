"""SQL persistence of games, deals, score rows, audit trail and undo stack.

Implements `scorepad.services.ports.Repository` with SQLAlchemy Core statements over the
SQLModel tables (Core keeps recording a deal cheap), one part per aggregate sharing one
connection, so that a unit of work stays one transaction.
"""

from __future__ import annotations

from scorepad.storage.bin_repo import BinRepository
from scorepad.storage.circles_repo import CirclesRepository
from scorepad.storage.deals_repo import DealsRepository
from scorepad.storage.history_repo import HistoryRepository
from scorepad.storage.players_repo import PlayersRepository
from scorepad.storage.repo_base import DEAL, GAME, OPERATION, PLAYER, SCORE, SEAT, VERSION
from scorepad.storage.stats_repo import StatsRepository
from scorepad.storage.sync_repo import SyncRepository
from scorepad.storage.tournaments_repo import TournamentsRepository

__all__ = ["DEAL", "GAME", "OPERATION", "PLAYER", "SCORE", "SEAT", "VERSION", "SqlRepository"]


class SqlRepository(SyncRepository, BinRepository, DealsRepository, HistoryRepository,
                    PlayersRepository, CirclesRepository, TournamentsRepository,
                    StatsRepository):
    """Persistence operations inside one Session (one transaction)."""
