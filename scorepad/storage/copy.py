"""Copies every player and game, with its deals, score rows, audit trail and undo stack,
from one database to another in a single transaction (ids remapped, totals checked)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Table, delete, func, insert, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from scorepad.domain.messages import N_, Message
from scorepad.storage.copy_circles import (
    copy_circles,
    copy_seated_as,
    link_merged_players,
)
from scorepad.storage.copy_report import CopyError, CopyReport, GameCopy
from scorepad.storage.database import DatabaseError, open_database
from scorepad.storage.repo_base import DEAL, GAME, OPERATION, PLAYER, SCORE, SEAT, VERSION

__all__ = ["COPIED_TABLES", "DERIVED_TABLES", "NOT_COPIED_TABLES", "CopyError", "CopyReport",
           "GameCopy",
           "copy_database", "safe_url"]

#: Every table the copy moves, in the order rows are inserted (parents first).
COPIED_TABLES = ("player", "circle", "game", "game_seat", "deal", "deal_score",
                 "deal_version", "operation")
#: Tables left behind: one-time organiser links are only valid on the server that made them.
NOT_COPIED_TABLES = ("organiser_handover",)
#: Tables the target database derives itself (its triggers) while the rows go in.
DERIVED_TABLES = ("game_total", "game_tally")


def safe_url(url: str) -> str:
    """The URL as shown to people: the password masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url


def _database_identity(url: str) -> tuple[str, ...]:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            return ("sqlite", str(Path(database).expanduser().resolve()))
        return ("sqlite", database, url)
    return (parsed.get_backend_name(), parsed.host or "", str(parsed.port or ""),
            parsed.database or "")


def _check_urls(source_url: str, target_url: str) -> None:
    for field, url in (("from", source_url), ("to", target_url)):
        try:
            parsed = make_url(url)
        except (ArgumentError, ValueError):  # ValueError: a port that is not a number
            raise CopyError(field, "bad_url", url=url) from None
        if field == "from" and parsed.get_backend_name() == "sqlite":
            database = parsed.database or ""
            # Opening a missing SQLite file would create an empty one: say so instead.
            if (database and database != ":memory:" and not database.startswith("file:")
                    and not Path(database).expanduser().is_file()):
                raise CopyError(field, "missing_file", path=database)
    if _database_identity(source_url) == _database_identity(target_url):
        raise CopyError("to", "same_database", url=safe_url(target_url))


def _open(field: str, url: str) -> Engine:
    side = Message(N_("copy.source") if field == "from" else N_("copy.target"))
    try:
        return open_database(url).engine
    except DatabaseError as exc:
        raise CopyError(field, "open_failed", side=side, detail=exc) from exc


def copy_database(source_url: str, target_url: str) -> CopyReport:
    """Copies every player and game of `source_url` into `target_url` (both migrated to
    the latest schema first) in one transaction of the target; games already there are
    skipped. Raises CopyError, with the target unchanged, on any refusal or failure."""
    _check_urls(source_url, target_url)
    source = _open("from", source_url)
    try:
        target = _open("to", target_url)
        try:
            with source.connect() as src, target.connect() as dst:
                report = _Copier(src, dst, safe_url(source_url), safe_url(target_url)).run()
        finally:
            target.dispose()
    finally:
        source.dispose()
    return report


# -- the copy ---------------------------------------------------------------------------

def _utc(value: Any) -> Any:
    """Datetimes as aware UTC: SQLite stores the wall time and drops the offset."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return value


def _values(row: Mapping[Any, Any], table: Table, **override: Any) -> dict[str, Any]:
    """Every column of the row but the target-assigned `id`, with `override` applied."""
    values = {c.name: _utc(row[c.name]) for c in table.c if c.name != "id"}
    values.update(override)
    return values


def _dumps(value: object) -> str:
    # Same encoding as the repository, so a copied row is the same text but for its ids.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


GameKey = tuple[str, datetime, tuple[str, ...]]
#: The advisory lock key that serialises copies into one PostgreSQL database.
_COPY_LOCK = 0x5C07E9AD


class _Copier:
    """One run: reads the source in one transaction, writes the target in another."""

    def __init__(self, src: Connection, dst: Connection, source: str, target: str) -> None:
        self.src = src
        self.dst = dst
        self.source = source
        self.target = target
        #: source player id -> target player id, and -> name
        self.players: dict[int, int] = {}
        self.names: dict[int, str] = {}
        #: source circle id -> target circle id (matched by name)
        self.circles: dict[int, int] = {}
        self.versions = 0
        self.operations = 0
        self._game: Mapping[Any, Any] | None = None

    def run(self) -> CopyReport:
        self._begin()
        try:
            return self._run()
        except CopyError:
            self.dst.rollback()
            raise
        except Exception as exc:
            self.dst.rollback()
            reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
            text = reason[0][:300] if reason else type(exc).__name__
            if self._game is not None:
                raise CopyError("game", "failed", game=self._game["name"],
                                game_id=self._game["id"], reason=text) from exc
            raise CopyError("to", "failed_any", reason=text) from exc
        finally:
            self.src.rollback()

    def _begin(self) -> None:
        if self.src.dialect.name == "sqlite":
            # One read transaction: the whole source as of one moment.
            self.src.exec_driver_sql("BEGIN")
        elif self.src.dialect.name == "postgresql":
            self.src.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        if self.dst.dialect.name == "sqlite":
            # Take the write lock now, so that what we check is still true at commit.
            self.dst.exec_driver_sql("BEGIN IMMEDIATE")
        elif self.dst.dialect.name == "postgresql":
            # Two copies into one server at once would both find a game missing.
            self.dst.execute(select(func.pg_advisory_xact_lock(_COPY_LOCK)))

    def _run(self) -> CopyReport:
        games = self.src.execute(select(GAME).order_by(GAME.c.id)).mappings().all()
        if not games:
            raise CopyError("from", "nothing_to_copy", url=self.source)
        created, reused = self._copy_players()
        self.circles = copy_circles(self.src, self.dst)
        present = self._target_games()
        seats = self._source_seats()
        copied: list[GameCopy] = []
        skipped: list[GameCopy] = []
        for game in games:
            key = self._key(game, seats.get(game["id"], []))
            live = self._live_deals(self.src, game["id"])
            if present.get(key):
                skipped.append(GameCopy(game["name"], game["id"], present[key].pop(0), live))
                continue
            self._game = game
            target_id = self._copy_game(game, seats.get(game["id"], []))
            copied.append(GameCopy(game["name"], game["id"], target_id, live))
        self._game = None
        for done in copied:
            self._verify(done)
        self.dst.commit()
        return CopyReport(self.source, self.target, tuple(copied), tuple(skipped),
                          tuple(created), tuple(reused), self.versions, self.operations)

    # -- players and games ---------------------------------------------------------------

    def _copy_players(self) -> tuple[list[str], list[str]]:
        """Players are matched by name: a club's Bruno is the phone's Bruno."""
        existing = {name: pid for pid, name in self.dst.execute(
            select(PLAYER.c.id, PLAYER.c.name))}
        created: list[str] = []
        reused: list[str] = []
        new_ids: set[int] = set()
        for row in self.src.execute(select(PLAYER).order_by(PLAYER.c.id)).mappings():
            self.names[row["id"]] = row["name"]
            if row["name"] in existing:
                self.players[row["id"]] = existing[row["name"]]
                reused.append(row["name"])
                continue
            self.players[row["id"]] = int(self.dst.execute(
                insert(PLAYER).values(_values(row, PLAYER, merged_into=None))
                .returning(PLAYER.c.id)
            ).scalar_one())
            new_ids.add(int(row["id"]))
            created.append(row["name"])
        link_merged_players(self.src, self.dst, self.players, new_ids)
        return created, reused

    def _source_seats(self) -> dict[int, list[int]]:
        seats: dict[int, list[int]] = {}
        for game_id, player_id in self.src.execute(
                select(SEAT.c.game_id, SEAT.c.player_id).order_by(SEAT.c.game_id,
                                                                  SEAT.c.position)):
            seats.setdefault(game_id, []).append(player_id)
        return seats

    def _key(self, game: Mapping[Any, Any], seat_ids: list[int]) -> GameKey:
        return (game["name"], _utc(game["created_at"]),
                tuple(self.names.get(p, "") for p in seat_ids))

    def _target_games(self) -> dict[GameKey, list[int]]:
        """The games the target held before this copy, by (name, created_at, seats); a
        list, so that a game imported twice on the phone is matched twice."""
        seats: dict[int, list[str]] = {}
        for game_id, name in self.dst.execute(
                select(SEAT.c.game_id, PLAYER.c.name)
                .join(PLAYER, PLAYER.c.id == SEAT.c.player_id)
                .order_by(SEAT.c.game_id, SEAT.c.position)):
            seats.setdefault(game_id, []).append(name)
        present: dict[GameKey, list[int]] = {}
        for game_id, name, created in self.dst.execute(
                select(GAME.c.id, GAME.c.name, GAME.c.created_at).order_by(GAME.c.id)):
            key = (name, _utc(created), tuple(seats.get(game_id, [])))
            present.setdefault(key, []).append(game_id)
        return present

    def _player(self, player_id: Any) -> int:
        try:
            return self.players[int(player_id)]
        except (KeyError, TypeError, ValueError):
            game = self._game or {"name": "?", "id": "?"}
            raise CopyError("game", "dangling_player", game=game["name"],
                            game_id=game["id"], player_id=player_id) from None

    def _copy_game(self, game: Mapping[Any, Any], seat_ids: list[int]) -> int:
        circle = self.circles.get(game["circle_id"]) if game["circle_id"] else None
        game_id = int(self.dst.execute(insert(GAME).values(
            _values(game, GAME, circle_id=circle)).returning(GAME.c.id)).scalar_one())
        self.dst.execute(insert(SEAT), [
            {"game_id": game_id, "position": pos, "player_id": self._player(pid)}
            for pos, pid in enumerate(seat_ids)
        ])
        copy_seated_as(self.src, self.dst, game["id"], game_id, self.players)
        deals = self.src.execute(
            select(DEAL).where(DEAL.c.game_id == game["id"]).order_by(DEAL.c.id)
        ).mappings().all()
        rows = [
            _values(deal, DEAL, game_id=game_id, dealer_id=self._player(deal["dealer_id"]),
                    sitting_out_id=(self._player(deal["sitting_out_id"])
                                    if deal["sitting_out_id"] is not None else None),
                    input_json=self._input(deal["input_json"]))
            for deal in deals
        ]
        new_ids = self._insert_in_order(DEAL, rows)
        deal_ids = {deal["id"]: new for deal, new in zip(deals, new_ids, strict=True)}
        self._copy_scores(game["id"], game_id, deal_ids)
        self._copy_versions(deal_ids)
        self._copy_operations(game["id"], game_id, deal_ids)
        return game_id

    # -- rows that refer to players and deals ----------------------------------------------

    def _input(self, text: str | None) -> str | None:
        """A stored deal input with the target's player ids (see repo_base.encode_input)."""
        if text is None:
            return None
        data = json.loads(text)
        data["players"] = [self._player(p) for p in data.get("players", [])]
        data["taker"] = self._player(data["taker"])
        if data.get("partner") is not None:
            data["partner"] = self._player(data["partner"])
        data["poignees"] = [{**p, "player": self._player(p["player"])}
                            for p in data.get("poignees", [])]
        data["miseres"] = [self._player(p) for p in data.get("miseres", [])]
        return _dumps(data)

    def _copy_scores(self, source_game: int, game_id: int, deal_ids: dict[int, int]) -> None:
        rows = [
            _values(r, SCORE, deal_id=deal_ids[r["deal_id"]], game_id=game_id,
                    player_id=self._player(r["player_id"]))
            for r in self.src.execute(
                select(SCORE).where(SCORE.c.game_id == source_game)).mappings()
        ]
        if rows:
            self.dst.execute(insert(SCORE), rows)

    def _copy_versions(self, deal_ids: dict[int, int]) -> None:
        rows: list[dict[str, Any]] = []
        for chunk in _chunks(list(deal_ids), 500):
            for r in self.src.execute(
                    select(VERSION).where(VERSION.c.deal_id.in_(chunk))
                    .order_by(VERSION.c.id)).mappings():
                scores = {str(self._player(p)): v for p, v in json.loads(r["scores_json"]).items()}
                rows.append(_values(r, VERSION, deal_id=deal_ids[r["deal_id"]],
                                    input_json=self._input(r["input_json"]),
                                    scores_json=_dumps(scores)))
        if rows:
            self.dst.execute(insert(VERSION), rows)
        self.versions += len(rows)

    def _copy_operations(self, source_game: int, game_id: int,
                         deal_ids: dict[int, int]) -> None:
        rows = []
        for r in self.src.execute(
                select(OPERATION).where(OPERATION.c.game_id == source_game)
                .order_by(OPERATION.c.id)).mappings():
            payload = json.loads(r["payload_json"])
            payload.pop("revision", None)  # the source's revisions mean nothing here
            if "deals" in payload:
                payload["deals"] = [[self._deal(deal_ids, d[0]), *d[1:]]
                                    for d in payload["deals"]]
            rows.append(_values(r, OPERATION, game_id=game_id, payload_json=_dumps(payload)))
        # The undo stack's order is its ids' order.
        self._insert_in_order(OPERATION, rows)
        self.operations += len(rows)

    def _insert_in_order(self, table: Table, rows: list[dict[str, Any]]) -> list[int]:
        """Inserts in one batch, new ids ascending in the rows' order (checked: undo
        walks the stack by id, and the sheet breaks ties between deals by id)."""
        if not rows:
            return []
        ids = [int(i) for i in self.dst.execute(
            insert(table).returning(table.c.id, sort_by_parameter_order=True), rows
        ).scalars()]
        if ids != sorted(ids):  # pragma: no cover - a backend that numbered out of order
            self.dst.execute(delete(table).where(table.c.id.in_(ids)))
            ids = [int(self.dst.execute(insert(table).values(row).returning(table.c.id)
                                        ).scalar_one()) for row in rows]
        return ids

    def _deal(self, deal_ids: dict[int, int], deal_id: Any) -> int:
        try:
            return deal_ids[int(deal_id)]
        except (KeyError, TypeError, ValueError):
            game = self._game or {"name": "?", "id": "?"}
            raise CopyError("game", "dangling_deal", game=game["name"], game_id=game["id"],
                            deal_id=deal_id) from None

    # -- verification ------------------------------------------------------------------------

    @staticmethod
    def _live_deals(conn: Connection, game_id: int) -> int:
        return int(conn.execute(select(func.count()).select_from(DEAL).where(
            DEAL.c.game_id == game_id, DEAL.c.deleted.is_(False))).scalar_one())

    @staticmethod
    def _totals(conn: Connection, game_id: int) -> dict[str, int]:
        rows = conn.execute(
            select(PLAYER.c.name, func.sum(SCORE.c.points))
            .join(PLAYER, PLAYER.c.id == SCORE.c.player_id)
            .where(SCORE.c.game_id == game_id)
            .group_by(PLAYER.c.name))
        return {name: int(total) for name, total in rows}

    @staticmethod
    def _history(conn: Connection, game_id: int) -> tuple[int, list[tuple[Any, ...]]]:
        """How many audit-trail versions, and the undo stack in order."""
        versions = conn.execute(select(func.count()).select_from(VERSION).join(
            DEAL, DEAL.c.id == VERSION.c.deal_id).where(DEAL.c.game_id == game_id)).scalar_one()
        stack = conn.execute(
            select(OPERATION.c.code, OPERATION.c.params_json, OPERATION.c.undone)
            .where(OPERATION.c.game_id == game_id).order_by(OPERATION.c.id)).all()
        return int(versions), [(c, p, bool(u)) for c, p, u in stack]

    def _verify(self, done: GameCopy) -> None:
        """The copy's totals (SQL aggregates), deal count and history length must be the
        source's, or nothing is committed."""
        checks: Iterable[tuple[str, Callable[[Connection, int], object]]] = (
            ("totals", self._totals), ("deals", self._live_deals),
            ("history", self._history))
        for what, measure in checks:
            before = measure(self.src, done.source_id)
            after = measure(self.dst, done.target_id)
            if before != after:
                shown = what if what == "history" else f"{what}: {before} != {after}"
                raise CopyError("game", "mismatch", game=done.name, game_id=done.source_id,
                                what=shown)


def _chunks(items: list[int], size: int) -> Iterable[list[int]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]
