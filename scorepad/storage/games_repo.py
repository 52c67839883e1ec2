"""The repository's games and players: seats, rules, status, table code, totals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update

from scorepad.collation import sorted_by_name
from scorepad.domain import GameStatus
from scorepad.services.ports import GameRow, PlayerRow
from scorepad.services.ports.events import ChangeKind
from scorepad.storage.repo_base import (
    DEAL,
    GAME,
    GAME_STAMP,
    GAME_SYNC,
    HANDOVER,
    LOCK_GAME,
    LOCK_GAME_SQLITE,
    OPERATION,
    PLAYER,
    SCORE,
    SEAT,
    TALLY,
    TOTAL,
    VERSION,
    RepositoryBase,
    db_time,
    dumps,
    new_uid,
    py_time,
)


class GamesRepository(RepositoryBase):
    """Games and players inside one transaction."""

    def _player_id(self, name: str, now: datetime) -> int:
        found = self.conn.execute(
            select(PLAYER.c.id, PLAYER.c.merged_into).where(PLAYER.c.name == name)
        ).first()
        if found is not None:
            # A merged player's name means the player it was merged into.
            return int(found[0] if found[1] is None else self._kept_id(found[1]))
        return self.add_player(name, created_at=now)

    def add_player(self, name: str, *, created_at: datetime, hidden: bool = False) -> int:
        new_id = self.conn.execute(
            insert(PLAYER).values(name=name, created_at=db_time(created_at), hidden=hidden)
            .returning(PLAYER.c.id)
        ).scalar_one()
        self._names = None
        return int(new_id)

    def _kept_id(self, player_id: int) -> int:
        """The player at the end of a chain of merges (the player itself if unmerged)."""
        seen: set[int] = set()
        while player_id not in seen:
            seen.add(player_id)
            target = self.conn.execute(
                select(PLAYER.c.merged_into).where(PLAYER.c.id == player_id)).scalar()
            if target is None:
                break
            player_id = int(target)
        return player_id

    @staticmethod
    def _player_row(row: Any, games: int = 0) -> PlayerRow:
        return PlayerRow(id=row["id"], name=row["name"], games=games,
                         hidden=bool(row["hidden"]), merged_into=row["merged_into"],
                         merged_at=py_time(row["merged_at"]) if row["merged_at"] else None,
                         created_at=py_time(row["created_at"]))

    def list_players(self) -> list[PlayerRow]:
        games = (
            select(SEAT.c.player_id, func.count().label("n"))
            .group_by(SEAT.c.player_id)
            .subquery()
        )
        rows = self.conn.execute(
            select(PLAYER, func.coalesce(games.c.n, 0).label("n_games"))
            .outerjoin(games, games.c.player_id == PLAYER.c.id)
        ).mappings()
        # French order (scorepad.collation): SQL's ORDER BY puts "Émile" after "Zoé".
        return sorted_by_name((self._player_row(r, int(r["n_games"])) for r in rows),
                              lambda p: p.name)

    def get_player(self, player_id: int) -> PlayerRow | None:
        row = self.conn.execute(select(PLAYER).where(PLAYER.c.id == player_id)).mappings().first()
        return self._player_row(row) if row else None

    def find_player(self, name: str) -> PlayerRow | None:
        row = self.conn.execute(select(PLAYER).where(PLAYER.c.name == name)).mappings().first()
        return self._player_row(row) if row else None

    def rename_player(self, player_id: int, name: str) -> None:
        self.conn.execute(update(PLAYER).where(PLAYER.c.id == player_id).values(name=name))
        self._names = None
        self._seats.clear()
        # Every sheet showing the name is a new one.
        self._touched(sorted({int(g) for g in self.conn.execute(
            select(SEAT.c.game_id).where(SEAT.c.player_id == player_id)).scalars()}))

    # -- games ------------------------------------------------------------------------

    def add_game(self, *, name: str, seats: Sequence[str], deal_size: int, first_dealer: int,
                 rules: dict[str, Any], status: GameStatus, now: datetime,
                 created_at: datetime, circle_id: int | None = None,
                 organiser_hash: str | None = None, made_by_operator: bool = False,
                 uid: str | None = None) -> int:
        # The game row first: on SQLite this takes the write lock before players are
        # looked up, so two games created at once cannot both insert the same new player.
        game_id = int(self.conn.execute(
            insert(GAME).values(
                name=name, status=status.value, deal_size=deal_size, first_dealer=first_dealer,
                rules_json=dumps(rules), created_at=db_time(created_at),
                updated_at=db_time(now), circle_id=circle_id, organiser_hash=organiser_hash,
                made_by_operator=made_by_operator, uid=uid or new_uid(),
            ).returning(GAME.c.id)
        ).scalar_one())
        self.conn.execute(insert(SEAT), [
            {"game_id": game_id, "position": pos, "player_id": self._player_id(player, now)}
            for pos, player in enumerate(seats)
        ])
        self._changed(game_id, ChangeKind.CREATED, 0)
        return game_id

    def lock_game(self, game_id: int, *, now: datetime) -> GameRow | None:
        sqlite = self.conn.dialect.name == "sqlite"
        row = self.conn.execute(LOCK_GAME_SQLITE if sqlite else LOCK_GAME,
                                {"game_id": game_id, "now": db_time(now)}).mappings().first()
        if row is None:
            return None
        if sqlite:
            self._last_number[game_id] = int(row["last_number"] or 0)
            self._has_redo[game_id] = bool(row["has_redo"])
        self._changed(game_id, revision=row["revision"])
        return self._game_row(row, [n for n, _ in self._seat_rows(game_id)])

    @staticmethod
    def _game_row(g: Any, seats: list[str]) -> GameRow:
        return GameRow(
            id=g["id"], name=g["name"], status=GameStatus(g["status"]), seats=tuple(seats),
            deal_size=g["deal_size"], first_dealer=g["first_dealer"],
            rules=json.loads(g["rules_json"]), created_at=py_time(g["created_at"]),
            updated_at=py_time(g["updated_at"]), code_hash=g["code_hash"],
            revision=int(g["revision"]), circle_id=g["circle_id"],
            organiser_hash=g["organiser_hash"], made_by_operator=bool(g["made_by_operator"]),
            deleted_at=py_time(g["deleted_at"]) if g["deleted_at"] is not None else None,
            tournament_id=g["tournament_id"], tournament_round=g["tournament_round"],
            tournament_table=g["tournament_table"], deal_limit=g["deal_limit"],
            uid=g["uid"],
        )

    def _game_rows(self, game_id: int | None, *, binned: bool = False) -> list[GameRow]:
        # Games in the bin and the others never meet: each query asks for one kind.
        kind = GAME.c.deleted_at.is_not(None) if binned else GAME.c.deleted_at.is_(None)
        if game_id is not None:
            row = self.conn.execute(select(GAME).where(GAME.c.id == game_id, kind)
                                    ).mappings().first()
            if row is None:
                return []
            return [self._game_row(row, [n for n, _ in self._seat_rows(game_id)])]
        games = self.conn.execute(select(GAME).where(kind)).mappings().all()
        if not games:
            return []
        seat_query = (
            select(SEAT.c.game_id, PLAYER.c.name)
            .join(PLAYER, PLAYER.c.id == SEAT.c.player_id)
            .order_by(SEAT.c.game_id, SEAT.c.position)
        )
        seats: dict[int, list[str]] = {}
        for gid, name in self.conn.execute(seat_query):
            seats.setdefault(gid, []).append(name)
        return [self._game_row(g, seats.get(g["id"], [])) for g in games]

    def get_game(self, game_id: int) -> GameRow | None:
        rows = self._game_rows(game_id)
        return rows[0] if rows else None

    def game_stamp(self, game_id: int) -> tuple[int, datetime] | None:
        row = self.conn.execute(GAME_STAMP, {"game_id": game_id}).first()
        return None if row is None else (int(row[0]), py_time(row[1]))

    def list_games(self) -> list[GameRow]:
        return self._game_rows(None)

    def update_game(self, game_id: int, *, name: str | None = None,
                    status: GameStatus | None = None,
                    rules: dict[str, Any] | None = None) -> None:
        values: dict[str, Any] = {}
        if name is not None:
            values["name"] = name
        if status is not None:
            values["status"] = status.value
        if rules is not None:
            values["rules_json"] = dumps(rules)
        if values:
            self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(**values))
            self._changed(game_id)

    def set_code_hash(self, game_id: int, code_hash: str | None) -> None:
        self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(code_hash=code_hash))
        self._changed(game_id)

    def delete_game(self, game_id: int) -> None:
        """Deletes for good (the bin's purge): the game, its deals and history."""
        # Explicit order rather than relying on ON DELETE CASCADE being enabled.
        deal_ids = select(DEAL.c.id).where(DEAL.c.game_id == game_id)
        self.conn.execute(delete(SCORE).where(SCORE.c.game_id == game_id))
        self.conn.execute(delete(VERSION).where(VERSION.c.deal_id.in_(deal_ids)))
        self.conn.execute(delete(DEAL).where(DEAL.c.game_id == game_id))
        self.conn.execute(delete(OPERATION).where(OPERATION.c.game_id == game_id))
        self.conn.execute(delete(SEAT).where(SEAT.c.game_id == game_id))
        self.conn.execute(delete(HANDOVER).where(HANDOVER.c.game_id == game_id))
        self.conn.execute(delete(GAME_SYNC).where(GAME_SYNC.c.game_id == game_id))
        # The derived figures last: the deletions above updated them through triggers.
        self.conn.execute(delete(TOTAL).where(TOTAL.c.game_id == game_id))
        self.conn.execute(delete(TALLY).where(TALLY.c.game_id == game_id))
        self.conn.execute(delete(GAME).where(GAME.c.id == game_id))
        self._changed(game_id, ChangeKind.DELETED)

    # The figures below are read from the tables the database's triggers keep (one row
    # per game and player) rather than summed over every score row.

    def deal_counts(self) -> dict[int, int]:
        rows = self.conn.execute(select(TALLY.c.game_id, TALLY.c.deals))
        return {g: int(n) for g, n in rows if n}

    def totals(self, game_id: int) -> dict[str, int]:
        names = self._player_names()
        rows = self.conn.execute(
            select(TOTAL.c.player_id, TOTAL.c.points).where(TOTAL.c.game_id == game_id))
        return {names[p]: int(s) for p, s in rows}

    def all_totals(self) -> dict[int, dict[str, int]]:
        names = self._player_names()
        result: dict[int, dict[str, int]] = {}
        for game_id, player_id, total in self.conn.execute(
                select(TOTAL.c.game_id, TOTAL.c.player_id, TOTAL.c.points)):
            result.setdefault(game_id, {})[names[player_id]] = int(total)
        return result
