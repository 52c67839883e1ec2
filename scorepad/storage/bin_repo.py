"""The repository's bin and organiser role: games moved to the bin and back, and the
one-time links that hand a game's organiser role to another phone."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, insert, update

from scorepad.services.ports import GameRow
from scorepad.services.ports.events import ChangeKind
from scorepad.storage.games_repo import GamesRepository
from scorepad.storage.repo_base import GAME, HANDOVER, db_time


class BinRepository(GamesRepository):
    """Games in the bin, organiser hashes and hand-over tokens inside one transaction."""

    def bin_game(self, game_id: int, *, at: datetime) -> None:
        self.conn.execute(update(GAME).where(GAME.c.id == game_id)
                          .values(deleted_at=db_time(at)))
        self.conn.execute(delete(HANDOVER).where(HANDOVER.c.game_id == game_id))
        # The phones showing it leave it as if it were gone.
        self._changed(game_id, ChangeKind.DELETED)

    def lock_binned_game(self, game_id: int, *, now: datetime) -> GameRow | None:
        row = self.conn.execute(
            update(GAME).where(GAME.c.id == game_id, GAME.c.deleted_at.is_not(None))
            .values(updated_at=db_time(now), revision=GAME.c.revision + 1)
            .returning(*GAME.c)).mappings().first()
        if row is None:
            return None
        return self._game_row(row, [n for n, _ in self._seat_rows(game_id)])

    def restore_game(self, game_id: int) -> None:
        self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(deleted_at=None))
        self._changed(game_id, ChangeKind.CREATED)

    def binned_games(self) -> list[GameRow]:
        return self._game_rows(None, binned=True)

    def set_organiser_hash(self, game_id: int, organiser_hash: str | None) -> None:
        self.conn.execute(update(GAME).where(GAME.c.id == game_id)
                          .values(organiser_hash=organiser_hash))
        self._changed(game_id)

    def add_handover(self, game_id: int, *, token_hash: str, expires_at: datetime,
                     now: datetime) -> None:
        # Expired links of every game go first: the table never grows.
        self.conn.execute(delete(HANDOVER).where(HANDOVER.c.expires_at <= db_time(now)))
        self.conn.execute(insert(HANDOVER).values(
            game_id=game_id, token_hash=token_hash, expires_at=db_time(expires_at),
            created_at=db_time(now)))

    def take_handover(self, token_hash: str, *, now: datetime) -> int | None:
        """The game a valid token hands over; the token and every other link of that game
        are deleted (single use). None for an unknown, used or expired token."""
        row = self.conn.execute(
            delete(HANDOVER).where(HANDOVER.c.token_hash == token_hash)
            .returning(HANDOVER.c.game_id, HANDOVER.c.expires_at)).first()
        if row is None:
            return None
        game_id, expires_at = int(row[0]), row[1]
        if db_time(expires_at) <= db_time(now):
            return None
        self.conn.execute(delete(HANDOVER).where(HANDOVER.c.game_id == game_id))
        return game_id
