"""The repository's circles: named groups of players, and which circle a game is in."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update

from scorepad.collation import sorted_by_name
from scorepad.services.ports import CircleRow
from scorepad.storage.repo_base import (
    CIRCLE,
    GAME,
    INVITATION,
    RepositoryBase,
    db_time,
    py_time,
)


class CirclesRepository(RepositoryBase):
    """Circles inside one transaction."""

    def _circles(self, where: Any = None) -> list[CircleRow]:
        counts = (
            select(GAME.c.circle_id, func.count().label("n"))
            .where(GAME.c.circle_id.is_not(None))
            .group_by(GAME.c.circle_id).subquery()
        )
        query = (
            select(CIRCLE.c.id, CIRCLE.c.name, CIRCLE.c.created_at,
                   func.coalesce(counts.c.n, 0))
            .outerjoin(counts, counts.c.circle_id == CIRCLE.c.id)
        )
        if where is not None:
            query = query.where(where)
        # French order (scorepad.collation), which SQL's ORDER BY is not.
        return sorted_by_name((CircleRow(id=i, name=n, created_at=py_time(at), games=int(g))
                               for i, n, at, g in self.conn.execute(query)), lambda c: c.name)

    def add_circle(self, name: str, *, now: datetime) -> int:
        return int(self.conn.execute(
            insert(CIRCLE).values(name=name, created_at=db_time(now)).returning(CIRCLE.c.id)
        ).scalar_one())

    def get_circle(self, circle_id: int) -> CircleRow | None:
        rows = self._circles(CIRCLE.c.id == circle_id)
        return rows[0] if rows else None

    def find_circle(self, name: str) -> CircleRow | None:
        rows = self._circles(CIRCLE.c.name == name)
        return rows[0] if rows else None

    def list_circles(self) -> list[CircleRow]:
        return self._circles()

    def rename_circle(self, circle_id: int, name: str) -> None:
        self.conn.execute(update(CIRCLE).where(CIRCLE.c.id == circle_id).values(name=name))

    def delete_circle(self, circle_id: int) -> None:
        # Its games stay, in no circle (explicit, whether or not ON DELETE runs).
        games = [int(g) for g in self.conn.execute(
            select(GAME.c.id).where(GAME.c.circle_id == circle_id)).scalars()]
        for game_id in games:
            self.set_game_circle(game_id, None)
        # Its invitations stop with it (explicit, whether or not ON DELETE runs).
        self.conn.execute(delete(INVITATION).where(INVITATION.c.circle_id == circle_id))
        self.conn.execute(delete(CIRCLE).where(CIRCLE.c.id == circle_id))

    def set_game_circle(self, game_id: int, circle_id: int | None) -> None:
        revision = self.conn.execute(
            update(GAME).where(GAME.c.id == game_id)
            .values(circle_id=circle_id, revision=GAME.c.revision + 1)
            .returning(GAME.c.revision)
        ).scalar_one_or_none()
        if revision is not None:
            self._changed(game_id, revision=int(revision))
