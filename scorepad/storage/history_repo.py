"""The repository's undo history: each game's stack of undoable changes."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import select, update

from scorepad.services.ports import OperationRow
from scorepad.storage.repo_base import (
    DROP_REDO,
    INSERT_OPERATION,
    OPERATION,
    RepositoryBase,
    db_time,
    dumps,
    py_time,
)


class HistoryRepository(RepositoryBase):
    """The undo/redo stack inside one transaction."""

    def push_operation(self, game_id: int, *, code: str, params: dict[str, Any],
                       payload: dict[str, Any], now: datetime) -> int:
        # A new change forgets what could be redone (the audit trail keeps it all).
        self._changed(game_id)
        if self._has_redo.get(game_id, True):
            self.conn.execute(DROP_REDO, {"game_id": game_id})
            self._has_redo[game_id] = False
        return int(self.conn.execute(INSERT_OPERATION, {
            "game_id": game_id, "code": code, "params_json": dumps(params),
            "payload_json": dumps(payload), "undone": False, "at": db_time(now),
        }).scalar_one())

    def _operation(self, game_id: int, undone: bool) -> OperationRow | None:
        order = OPERATION.c.id.asc() if undone else OPERATION.c.id.desc()
        row = self.conn.execute(
            select(OPERATION)
            .where(OPERATION.c.game_id == game_id, OPERATION.c.undone.is_(undone))
            .order_by(order).limit(1)
        ).mappings().first()
        return None if row is None else self._operation_row(row)

    @staticmethod
    def _operation_row(row: Any) -> OperationRow:
        return OperationRow(
            id=row["id"], game_id=row["game_id"], code=row["code"],
            params=json.loads(row["params_json"]), payload=json.loads(row["payload_json"]),
            undone=bool(row["undone"]), at=py_time(row["at"]),
        )

    def operations(self, game_id: int) -> list[OperationRow]:
        return [self._operation_row(row) for row in self.conn.execute(
            select(OPERATION).where(OPERATION.c.game_id == game_id).order_by(OPERATION.c.id)
        ).mappings()]

    def last_done(self, game_id: int) -> OperationRow | None:
        return self._operation(game_id, False)

    def first_undone(self, game_id: int) -> OperationRow | None:
        return self._operation(game_id, True)

    def set_undone(self, operation_id: int, undone: bool) -> None:
        game_id = self.conn.execute(
            update(OPERATION).where(OPERATION.c.id == operation_id).values(undone=undone)
            .returning(OPERATION.c.game_id)
        ).scalar_one_or_none()
        if game_id is not None:
            self._changed(int(game_id))
            self._has_redo.pop(int(game_id), None)
