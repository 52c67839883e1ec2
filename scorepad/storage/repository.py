"""SQL persistence of games, deals, score rows, audit trail and undo stack.

Implements `scorepad.services.ports.Repository` with SQLAlchemy Core statements over the
SQLModel tables (Core keeps recording a deal cheap). Deal inputs are stored with player
ids in place of names, so renaming a player never breaks history.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Table, and_, bindparam, delete, func, insert, select, update

from scorepad.domain import DealKind, GameStatus
from scorepad.services.events import ChangeKind, ChangeLog
from scorepad.services.ports import (
    DealRow,
    DealState,
    DealVersionRow,
    GameRow,
    InputJson,
    NewDeal,
    OperationRow,
    PlayerRow,
)
from scorepad.storage.tables import (
    Deal,
    DealScore,
    DealVersion,
    Game,
    GameSeat,
    Operation,
    Player,
)


def _t(model: Any) -> Table:
    table: Table = model.__table__
    return table


PLAYER, GAME, SEAT, DEAL = _t(Player), _t(Game), _t(GameSeat), _t(Deal)
SCORE, VERSION, OPERATION = _t(DealScore), _t(DealVersion), _t(Operation)


# The statements of the recording path, built once: building and hashing a statement
# costs about as much as running it on SQLite.
_SEATS = (
    select(PLAYER.c.name, PLAYER.c.id)
    .join(SEAT, SEAT.c.player_id == PLAYER.c.id)
    .where(SEAT.c.game_id == bindparam("game_id"))
    .order_by(SEAT.c.position)
)
_LOCK = (
    update(GAME).where(GAME.c.id == bindparam("game_id"))
    .values(updated_at=bindparam("now"), revision=GAME.c.revision + 1).returning(*GAME.c)
)
_LAST_NUMBER = select(func.max(DEAL.c.number)).where(
    DEAL.c.game_id == bindparam("game_id"), DEAL.c.deleted.is_(False))
_INSERT_DEAL = insert(DEAL).returning(DEAL.c.id)
_INSERT_SCORE = insert(SCORE)
_INSERT_VERSION = insert(VERSION)
_DROP_REDO = delete(OPERATION).where(OPERATION.c.game_id == bindparam("game_id"),
                                     OPERATION.c.undone.is_(True))
_INSERT_OPERATION = insert(OPERATION)


def _db_time(value: datetime) -> datetime:
    """Aware UTC (the tables' type refuses naive datetimes)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _py_time(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _encode_input(data: InputJson | None, ids: dict[str, int]) -> str | None:
    if data is None:
        return None
    out = dict(data)
    out["players"] = [ids[n] for n in data.get("players", [])]
    out["taker"] = ids[data["taker"]]
    partner = data.get("partner")
    out["partner"] = ids[partner] if partner is not None else None
    out["poignees"] = [{"player": ids[p["player"]], "size": p["size"]}
                       for p in data.get("poignees", [])]
    out["miseres"] = [ids[n] for n in data.get("miseres", [])]
    return _dumps(out)


def _decode_input(text: str | None, names: dict[int, str]) -> InputJson | None:
    if text is None:
        return None
    data: InputJson = json.loads(text)
    data["players"] = [names[i] for i in data.get("players", [])]
    data["taker"] = names[data["taker"]]
    partner = data.get("partner")
    data["partner"] = names[partner] if partner is not None else None
    data["poignees"] = [{"player": names[p["player"]], "size": p["size"]}
                        for p in data.get("poignees", [])]
    data["miseres"] = [names[i] for i in data.get("miseres", [])]
    return data


class SqlRepository:
    """Persistence operations inside one Session (one transaction).

    Every write also records which game it changed in `changes`, so that the unit of work
    can tell listeners after the commit: no write path can forget to notify."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.changes = ChangeLog()
        self._names: dict[int, str] | None = None
        self._seats: dict[int, list[tuple[str, int]]] = {}

    def _changed(self, game_id: int, kind: ChangeKind = ChangeKind.UPDATED,
                 revision: int | None = None) -> None:
        self.changes.record(game_id, kind, revision)

    # -- players ----------------------------------------------------------------------

    def _player_names(self) -> dict[int, str]:
        if self._names is None:
            rows = self.conn.execute(select(PLAYER.c.id, PLAYER.c.name))
            self._names = {i: n for i, n in rows}
        return self._names

    def _seat_rows(self, game_id: int) -> list[tuple[str, int]]:
        """(name, player id) in seat order, cached for this transaction (seats never
        change; a rename clears the cache)."""
        if game_id not in self._seats:
            self._seats[game_id] = [(n, i) for n, i in self.conn.execute(
                _SEATS, {"game_id": game_id})]
        return self._seats[game_id]

    def _seat_ids(self, game_id: int) -> dict[str, int]:
        return dict(self._seat_rows(game_id))

    def _seat_names(self, game_id: int) -> dict[int, str]:
        return {i: n for n, i in self._seat_ids(game_id).items()}

    def _player_id(self, name: str, now: datetime) -> int:
        found = self.conn.execute(
            select(PLAYER.c.id).where(PLAYER.c.name == name)
        ).scalar_one_or_none()
        if found is not None:
            return int(found)
        new_id = self.conn.execute(
            insert(PLAYER).values(name=name, created_at=_db_time(now)).returning(PLAYER.c.id)
        ).scalar_one()
        self._names = None
        return int(new_id)

    def list_players(self) -> list[PlayerRow]:
        games = (
            select(SEAT.c.player_id, func.count().label("n"))
            .group_by(SEAT.c.player_id)
            .subquery()
        )
        rows = self.conn.execute(
            select(PLAYER.c.id, PLAYER.c.name, func.coalesce(games.c.n, 0))
            .outerjoin(games, games.c.player_id == PLAYER.c.id)
            .order_by(PLAYER.c.name)
        )
        return [PlayerRow(id=i, name=n, games=int(g)) for i, n, g in rows]

    def get_player(self, player_id: int) -> PlayerRow | None:
        row = self.conn.execute(
            select(PLAYER.c.id, PLAYER.c.name).where(PLAYER.c.id == player_id)
        ).first()
        return PlayerRow(id=row[0], name=row[1]) if row else None

    def find_player(self, name: str) -> PlayerRow | None:
        row = self.conn.execute(
            select(PLAYER.c.id, PLAYER.c.name).where(PLAYER.c.name == name)
        ).first()
        return PlayerRow(id=row[0], name=row[1]) if row else None

    def rename_player(self, player_id: int, name: str) -> None:
        self.conn.execute(update(PLAYER).where(PLAYER.c.id == player_id).values(name=name))
        self._names = None
        self._seats.clear()
        self.changes.record(None, ChangeKind.PLAYERS)

    # -- games ------------------------------------------------------------------------

    def add_game(self, *, name: str, seats: Sequence[str], deal_size: int, first_dealer: int,
                 rules: dict[str, Any], status: GameStatus, now: datetime,
                 created_at: datetime) -> int:
        # The game row first: on SQLite this takes the write lock before players are
        # looked up, so two games created at once cannot both insert the same new player.
        game_id = int(self.conn.execute(
            insert(GAME).values(
                name=name, status=status.value, deal_size=deal_size, first_dealer=first_dealer,
                rules_json=_dumps(rules), created_at=_db_time(created_at),
                updated_at=_db_time(now),
            ).returning(GAME.c.id)
        ).scalar_one())
        self.conn.execute(insert(SEAT), [
            {"game_id": game_id, "position": pos, "player_id": self._player_id(player, now)}
            for pos, player in enumerate(seats)
        ])
        self._changed(game_id, ChangeKind.CREATED, 0)
        return game_id

    def lock_game(self, game_id: int, *, now: datetime) -> GameRow | None:
        row = self.conn.execute(_LOCK, {"game_id": game_id, "now": _db_time(now)}
                                ).mappings().first()
        if row is None:
            return None
        self._changed(game_id, revision=row["revision"])
        return self._game_row(row, [n for n, _ in self._seat_rows(game_id)])

    @staticmethod
    def _game_row(g: Any, seats: list[str]) -> GameRow:
        return GameRow(
            id=g["id"], name=g["name"], status=GameStatus(g["status"]), seats=tuple(seats),
            deal_size=g["deal_size"], first_dealer=g["first_dealer"],
            rules=json.loads(g["rules_json"]), created_at=_py_time(g["created_at"]),
            updated_at=_py_time(g["updated_at"]), code_hash=g["code_hash"],
            revision=int(g["revision"]),
        )

    def _game_rows(self, game_id: int | None) -> list[GameRow]:
        if game_id is not None:
            row = self.conn.execute(select(GAME).where(GAME.c.id == game_id)).mappings().first()
            if row is None:
                return []
            return [self._game_row(row, [n for n, _ in self._seat_rows(game_id)])]
        games = self.conn.execute(select(GAME)).mappings().all()
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
            values["rules_json"] = _dumps(rules)
        if values:
            self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(**values))
            self._changed(game_id)

    def set_code_hash(self, game_id: int, code_hash: str | None) -> None:
        self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(code_hash=code_hash))
        self._changed(game_id)

    def delete_game(self, game_id: int) -> None:
        # Explicit order rather than relying on ON DELETE CASCADE being enabled.
        deal_ids = select(DEAL.c.id).where(DEAL.c.game_id == game_id)
        self.conn.execute(delete(SCORE).where(SCORE.c.game_id == game_id))
        self.conn.execute(delete(VERSION).where(VERSION.c.deal_id.in_(deal_ids)))
        self.conn.execute(delete(DEAL).where(DEAL.c.game_id == game_id))
        self.conn.execute(delete(OPERATION).where(OPERATION.c.game_id == game_id))
        self.conn.execute(delete(SEAT).where(SEAT.c.game_id == game_id))
        self.conn.execute(delete(GAME).where(GAME.c.id == game_id))
        self._changed(game_id, ChangeKind.DELETED)

    def deal_counts(self) -> dict[int, int]:
        rows = self.conn.execute(
            select(DEAL.c.game_id, func.count())
            .where(DEAL.c.deleted.is_(False))
            .group_by(DEAL.c.game_id)
        )
        return {g: int(n) for g, n in rows}

    def totals(self, game_id: int) -> dict[str, int]:
        names = self._player_names()
        rows = self.conn.execute(
            select(SCORE.c.player_id, func.sum(SCORE.c.points))
            .where(SCORE.c.game_id == game_id)
            .group_by(SCORE.c.player_id)
        )
        return {names[p]: int(s) for p, s in rows}

    def all_totals(self) -> dict[int, dict[str, int]]:
        names = self._player_names()
        result: dict[int, dict[str, int]] = {}
        rows = self.conn.execute(
            select(SCORE.c.game_id, SCORE.c.player_id, func.sum(SCORE.c.points))
            .group_by(SCORE.c.game_id, SCORE.c.player_id)
        )
        for game_id, player_id, total in rows:
            result.setdefault(game_id, {})[names[player_id]] = int(total)
        return result

    # -- deals ------------------------------------------------------------------------

    def last_deal_number(self, game_id: int) -> int:
        value = self.conn.execute(_LAST_NUMBER, {"game_id": game_id}).scalar()
        return int(value or 0)

    def add_deals(self, game_id: int, deals: Sequence[NewDeal], *, now: datetime) -> list[int]:
        if not deals:
            return []
        self._changed(game_id)
        ids = self._seat_ids(game_id)
        stamp = _db_time(now)
        new_ids: list[int] = []
        for deal in deals:
            # One statement a deal keeps the ids in order on every backend.
            new_ids.append(int(self.conn.execute(_INSERT_DEAL, {
                "game_id": game_id, "number": deal.number, "kind": deal.state.kind.value,
                "input_json": _encode_input(deal.state.input, ids),
                "deleted": deal.state.deleted, "version": 1, "dealer_id": ids[deal.dealer],
                "sitting_out_id": ids[deal.sitting_out[0]] if deal.sitting_out else None,
                "created_at": stamp, "updated_at": stamp,
            }).scalar_one()))
        scores = [
            {"deal_id": deal_id, "player_id": ids[p], "game_id": game_id, "points": v}
            for deal_id, deal in zip(new_ids, deals, strict=True) if not deal.state.deleted
            for p, v in deal.state.scores.items()
        ]
        if scores:
            self.conn.execute(_INSERT_SCORE, scores)
        self.conn.execute(_INSERT_VERSION, [
            self._version_values(deal_id, 1, deal.action, deal.state, deal.author, stamp, ids)
            for deal_id, deal in zip(new_ids, deals, strict=True)
        ])
        return new_ids

    @staticmethod
    def _version_values(deal_id: int, version: int, action: str, state: DealState,
                        author: str | None, stamp: datetime,
                        ids: dict[str, int]) -> dict[str, Any]:
        return {
            "deal_id": deal_id, "version": version, "action": action,
            "kind": state.kind.value, "input_json": _encode_input(state.input, ids),
            "scores_json": _dumps({str(ids[p]): v for p, v in state.scores.items()}),
            "deleted": state.deleted, "author": author, "at": stamp,
        }

    def _deal_rows(self, where: Any) -> list[DealRow]:
        names = self._player_names()
        deals = self.conn.execute(
            select(DEAL).where(where).order_by(DEAL.c.number, DEAL.c.id)
        ).mappings().all()
        if not deals:
            return []
        deal_ids = [d["id"] for d in deals]
        scores: dict[int, dict[str, int]] = {}
        # Chunked IN lists stay under every backend's parameter limit.
        for start in range(0, len(deal_ids), 500):
            chunk = deal_ids[start:start + 500]
            rows = self.conn.execute(
                select(SCORE.c.deal_id, SCORE.c.player_id, SCORE.c.points)
                .where(SCORE.c.deal_id.in_(chunk))
            )
            for deal_id, player_id, points in rows:
                scores.setdefault(deal_id, {})[names[player_id]] = points
        result = []
        for d in deals:
            sitting = d["sitting_out_id"]
            result.append(DealRow(
                id=d["id"], game_id=d["game_id"], number=d["number"],
                dealer=names[d["dealer_id"]],
                sitting_out=(names[sitting],) if sitting is not None else (),
                state=DealState(
                    kind=DealKind(d["kind"]), input=_decode_input(d["input_json"], names),
                    scores=scores.get(d["id"], {}), deleted=bool(d["deleted"]),
                ),
                version=d["version"], created_at=_py_time(d["created_at"]),
                updated_at=_py_time(d["updated_at"]),
            ))
        return result

    def get_deal(self, deal_id: int) -> DealRow | None:
        rows = self._deal_rows(DEAL.c.id == deal_id)
        return rows[0] if rows else None

    def list_deals(self, game_id: int) -> list[DealRow]:
        return self._deal_rows(and_(DEAL.c.game_id == game_id, DEAL.c.deleted.is_(False)))

    def set_deal_state(self, deal_id: int, state: DealState, *, action: str,
                       author: str | None, now: datetime) -> int:
        row = self.conn.execute(
            select(DEAL.c.game_id, DEAL.c.version).where(DEAL.c.id == deal_id)
        ).one()
        game_id, version = row[0], row[1] + 1
        self._changed(game_id)
        ids = self._seat_ids(game_id)
        stamp = _db_time(now)
        self.conn.execute(
            update(DEAL).where(DEAL.c.id == deal_id).values(
                kind=state.kind.value, input_json=_encode_input(state.input, ids),
                deleted=state.deleted, version=version, updated_at=stamp,
            )
        )
        self.conn.execute(delete(SCORE).where(SCORE.c.deal_id == deal_id))
        if not state.deleted and state.scores:
            self.conn.execute(insert(SCORE), [
                {"deal_id": deal_id, "player_id": ids[p], "game_id": game_id, "points": v}
                for p, v in state.scores.items()
            ])
        self.conn.execute(insert(VERSION).values(
            **self._version_values(deal_id, version, action, state, author, stamp, ids)
        ))
        return int(version)

    def _version_rows(self, where: Any) -> list[DealVersionRow]:
        names = self._player_names()
        rows = self.conn.execute(
            select(VERSION).where(where).order_by(VERSION.c.version)
        ).mappings().all()
        return [
            DealVersionRow(
                deal_id=r["deal_id"], version=r["version"], action=r["action"],
                state=DealState(
                    kind=DealKind(r["kind"]), input=_decode_input(r["input_json"], names),
                    scores={names[int(p)]: v for p, v in json.loads(r["scores_json"]).items()},
                    deleted=bool(r["deleted"]),
                ),
                author=r["author"], at=_py_time(r["at"]),
            )
            for r in rows
        ]

    def deal_versions(self, deal_id: int) -> list[DealVersionRow]:
        return self._version_rows(VERSION.c.deal_id == deal_id)

    def deal_version(self, deal_id: int, version: int) -> DealVersionRow | None:
        rows = self._version_rows(and_(VERSION.c.deal_id == deal_id,
                                       VERSION.c.version == version))
        return rows[0] if rows else None

    # -- undo / redo --------------------------------------------------------------------

    def push_operation(self, game_id: int, *, code: str, params: dict[str, Any],
                       payload: dict[str, Any], now: datetime) -> None:
        # A new change forgets what could be redone (the audit trail keeps it all).
        self._changed(game_id)
        self.conn.execute(_DROP_REDO, {"game_id": game_id})
        self.conn.execute(_INSERT_OPERATION, {
            "game_id": game_id, "code": code, "params_json": _dumps(params),
            "payload_json": _dumps(payload), "undone": False, "at": _db_time(now),
        })

    def _operation(self, game_id: int, undone: bool) -> OperationRow | None:
        order = OPERATION.c.id.asc() if undone else OPERATION.c.id.desc()
        row = self.conn.execute(
            select(OPERATION)
            .where(OPERATION.c.game_id == game_id, OPERATION.c.undone.is_(undone))
            .order_by(order).limit(1)
        ).mappings().first()
        if row is None:
            return None
        return OperationRow(
            id=row["id"], game_id=row["game_id"], code=row["code"],
            params=json.loads(row["params_json"]), payload=json.loads(row["payload_json"]),
            undone=bool(row["undone"]),
        )

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
