"""The repository's deals: their current state, score rows and every version."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, delete, func, insert, select, update

from scorepad.domain import DealKind, DealTurn
from scorepad.domain.sync import parents_of, parents_text
from scorepad.services.ports import (
    DealHistory,
    DealRow,
    DealState,
    DealVersionRow,
    NewDeal,
)
from scorepad.storage.parts import score_rows
from scorepad.storage.repo_base import (
    DEAL,
    GAME,
    INSERT_DEAL,
    INSERT_SCORE,
    INSERT_VERSION,
    LAST_NUMBER,
    SCORE,
    VERSION,
    RepositoryBase,
    as_text,
    db_time,
    decode_input,
    dumps,
    encode_input,
    new_uid,
    py_time,
)

#: the columns a deal row is read from, in one place
DEAL_COLUMNS = (DEAL.c.id, DEAL.c.game_id, DEAL.c.number, DEAL.c.dealer_id,
                DEAL.c.sitting_out_id, DEAL.c.kind, DEAL.c.input_json, DEAL.c.deleted,
                DEAL.c.version, as_text(DEAL.c.created_at), as_text(DEAL.c.updated_at),
                DEAL.c.uid, DEAL.c.heads)
KINDS = {kind.value: kind for kind in DealKind}


class _Version(NamedTuple):
    """An entry of a deal's audit trail to insert."""

    version: int
    action: str
    state: DealState
    author: str | None
    at: datetime
    change: str | None
    parents: tuple[str, ...] = ()


class _Stored(NamedTuple):
    """A deal to insert: its turn, state, version and times, its uid and heads, then its
    audit trail."""

    turn: DealTurn
    state: DealState
    version: int
    created_at: datetime
    updated_at: datetime
    trail: list[_Version]
    uid: str
    heads: tuple[str, ...]


class DealsRepository(RepositoryBase):
    """Deals, scores and versions inside one transaction."""

    def last_deal_number(self, game_id: int) -> int:
        known = self._last_number.get(game_id)
        if known is not None:
            return known
        value = self.conn.execute(LAST_NUMBER, {"game_id": game_id}).scalar()
        return int(value or 0)

    def add_deals(self, game_id: int, deals: Sequence[NewDeal], *, now: datetime) -> list[int]:
        stored = []
        for deal in deals:
            stamp = db_time(deal.at or now)
            change = deal.change or new_uid()
            stored.append(_Stored(
                deal, deal.state, 1, stamp, stamp,
                [_Version(1, deal.action, deal.state, deal.author, stamp, change,
                          deal.parents)],
                deal.uid or new_uid(), (change,)))
        return self._insert(game_id, stored)

    def add_deal_histories(self, game_id: int, deals: Sequence[DealHistory]) -> list[int]:
        return self._insert(game_id, [
            _Stored(h.deal, h.deal.state, h.deal.version, db_time(h.deal.created_at),
                    db_time(h.deal.updated_at),
                    [_Version(v.version, v.action, v.state, v.author, db_time(v.at),
                              v.change, v.parents) for v in h.versions],
                    h.deal.uid or new_uid(), h.deal.heads)
            for h in deals])

    def _insert(self, game_id: int, deals: Sequence[_Stored]) -> list[int]:
        """Stores deals, every player name resolved through the game's seats; returns their
        ids in order."""
        if not deals:
            return []
        self._changed(game_id)
        self._last_number.pop(game_id, None)
        ids = self._seat_ids(game_id)
        rows = [{
            "game_id": game_id, "number": deal.turn.number, "kind": deal.state.kind.value,
            "input_json": encode_input(deal.state.input, ids),
            "deleted": deal.state.deleted, "version": deal.version,
            "dealer_id": ids[deal.turn.dealer],
            "sitting_out_id": ids[deal.turn.sitting_out[0]] if deal.turn.sitting_out
            else None,
            "created_at": deal.created_at, "updated_at": deal.updated_at,
            "uid": deal.uid, "heads": parents_text(deal.heads),
        } for deal in deals]
        new_ids = self._inserted_deals(game_id, rows)
        scores = [
            row for deal_id, deal in zip(new_ids, deals, strict=True) if not deal.state.deleted
            for row in score_rows(deal_id, game_id, deal.state.input, deal.state.scores, ids)
        ]
        if scores:
            self.conn.execute(INSERT_SCORE, scores)
        versions = [
            self._version_values(deal_id, version, ids)
            for deal_id, deal in zip(new_ids, deals, strict=True) for version in deal.trail
        ]
        if versions:
            self.conn.execute(INSERT_VERSION, versions)
        return new_ids

    def _inserted_deals(self, game_id: int, rows: list[dict[str, Any]]) -> list[int]:
        """Inserts the deals' rows; their ids, in order. One statement a deal when a few
        (a deal saved), else one for all and one read of their ids by uid (a game taken
        from a file or from the other home: thousands of deals)."""
        if len(rows) < 8:
            return [int(self.conn.execute(INSERT_DEAL, row).scalar_one()) for row in rows]
        self.conn.execute(insert(DEAL), rows)
        by_uid: dict[str, int] = {}
        uids = [str(row["uid"]) for row in rows]
        for start in range(0, len(uids), 500):  # under every backend's parameter limit
            by_uid.update((str(u), int(i)) for i, u in self.conn.execute(
                select(DEAL.c.id, DEAL.c.uid).where(
                    DEAL.c.game_id == game_id, DEAL.c.uid.in_(uids[start:start + 500]))))
        return [by_uid[uid] for uid in uids]

    @staticmethod
    def _version_values(deal_id: int, version: _Version, ids: dict[str, int]
                        ) -> dict[str, Any]:
        state = version.state
        return {
            "deal_id": deal_id, "version": version.version, "action": version.action,
            "kind": state.kind.value, "input_json": encode_input(state.input, ids),
            "scores_json": dumps({str(ids[p]): v for p, v in state.scores.items()}),
            "deleted": state.deleted, "author": version.author, "at": version.at,
            "change": version.change, "parents": parents_text(version.parents),
        }

    def _scores_by_deal(self, where: Any, names: dict[int, str]) -> dict[int, dict[str, int]]:
        """The score rows matching `where`, by deal, with the players' names."""
        scores: dict[int, dict[str, int]] = {}
        rows = self.conn.execute(
            select(SCORE.c.deal_id, SCORE.c.player_id, SCORE.c.points).where(where)).all()
        for deal_id, player_id, points in rows:
            by_player = scores.get(deal_id)
            if by_player is None:
                by_player = scores[deal_id] = {}
            by_player[names[player_id]] = points
        return scores

    def _deal_rows(self, where: Any) -> list[DealRow]:
        names = self._player_names()
        deals = self.conn.execute(
            select(*DEAL_COLUMNS).where(where).order_by(DEAL.c.number, DEAL.c.id)).all()
        if not deals:
            return []
        deal_ids = [d.id for d in deals]
        scores: dict[int, dict[str, int]] = {}
        # Chunked IN lists stay under every backend's parameter limit.
        for start in range(0, len(deal_ids), 500):
            scores.update(self._scores_by_deal(
                SCORE.c.deal_id.in_(deal_ids[start:start + 500]), names))
        return [self._row(d, names, scores.get(d.id, {})) for d in deals]

    def deal_histories(self, game_id: int) -> list[DealHistory]:
        deals = sorted(self._deal_rows(DEAL.c.game_id == game_id), key=lambda d: d.id)
        trails: dict[int, list[DealVersionRow]] = {d.id: [] for d in deals}
        for version in self._version_rows(VERSION.c.deal_id.in_(
                select(DEAL.c.id).where(DEAL.c.game_id == game_id))):
            trails[version.deal_id].append(version)
        return [DealHistory(d, tuple(trails[d.id])) for d in deals]

    def get_deal(self, deal_id: int) -> DealRow | None:
        rows = self._deal_rows(DEAL.c.id == deal_id)
        return rows[0] if rows else None

    def list_deals(self, game_id: int) -> list[DealRow]:
        return self._deal_rows(and_(DEAL.c.game_id == game_id, DEAL.c.deleted.is_(False)))

    def live_deal_versions(self, game_id: int) -> list[tuple[int, int]]:
        return [(int(i), int(v)) for i, v in self.conn.execute(
            select(DEAL.c.id, DEAL.c.version)
            .where(DEAL.c.game_id == game_id, DEAL.c.deleted.is_(False))
            .order_by(DEAL.c.number, DEAL.c.id))]

    def deals_by_id(self, deal_ids: Sequence[int]) -> list[DealRow]:
        rows: list[DealRow] = []
        for start in range(0, len(deal_ids), 500):  # under every backend's parameter limit
            rows += self._deal_rows(DEAL.c.id.in_(list(deal_ids[start:start + 500])))
        return rows

    def count_deals_since(self, moment: datetime | None) -> int:
        """The live deals of the games not in the bin recorded after `moment` (all of
        them with None)."""
        query = (select(func.count()).select_from(DEAL.join(GAME, GAME.c.id == DEAL.c.game_id))
                 .where(DEAL.c.deleted.is_(False), GAME.c.deleted_at.is_(None)))
        if moment is not None:
            query = query.where(DEAL.c.created_at > db_time(moment))
        return int(self.conn.execute(query).scalar_one())

    def deals_of_games(self, game_ids: Sequence[int]) -> dict[int, list[DealRow]]:
        """The live deals of several games at once (statistics over many games): one
        query for the deals and one for their scores, by chunk of games."""
        names = self._player_names()
        result: dict[int, list[DealRow]] = {game_id: [] for game_id in game_ids}
        ids = list(result)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            scores = self._scores_by_deal(SCORE.c.game_id.in_(chunk), names)
            deals = self.conn.execute(
                select(*DEAL_COLUMNS).where(DEAL.c.game_id.in_(chunk), DEAL.c.deleted.is_(False))
                .order_by(DEAL.c.game_id, DEAL.c.number, DEAL.c.id)).all()
            for d in deals:
                result[d.game_id].append(self._row(d, names, scores.get(d.id, {})))
        return result

    @staticmethod
    def _row(d: Any, names: dict[int, str], scores: dict[str, int]) -> DealRow:
        """A row of DEAL_COLUMNS as a DealRow (unpacked by position: a season reads
        thousands, and a Row's attributes by name cost more than the rest)."""
        (deal_id, game_id, number, dealer_id, sitting, kind, input_json, deleted, version,
         created_at, updated_at, uid, heads) = d
        return DealRow(
            id=deal_id, game_id=game_id, number=number, dealer=names[dealer_id],
            sitting_out=(names[sitting],) if sitting is not None else (),
            state=DealState(kind=KINDS[kind], input=decode_input(input_json, names),
                            scores=scores, deleted=bool(deleted)),
            version=version, created_at=py_time(created_at), updated_at=py_time(updated_at),
            uid=uid, heads=parents_of(heads),
        )

    def set_deal_state(self, deal_id: int, state: DealState, *, action: str,
                       author: str | None, now: datetime) -> int:
        row = self.conn.execute(
            select(DEAL.c.game_id, DEAL.c.version, DEAL.c.kind, DEAL.c.input_json,
                   DEAL.c.deleted, DEAL.c.heads).where(DEAL.c.id == deal_id)
        ).one()
        game_id, version = row[0], row[1] + 1
        ids = self._ids_of(game_id, now)
        stamp = db_time(now)
        # A change of what was entered gets an id, made on the deal's heads (joining
        # them when it was changed on both sides); the scores alone worked out again
        # under new rules change nothing of the deal's history (scorepad.domain.sync).
        content = (state.kind.value, encode_input(state.input, ids), bool(state.deleted))
        change = None if content == (row[2], row[3], bool(row[4])) else new_uid()
        parents = parents_of(row[5]) if change is not None else ()
        self._set_current(deal_id, game_id, state, version, stamp, ids,
                          heads=(change,) if change is not None else None)
        self.conn.execute(insert(VERSION).values(**self._version_values(
            deal_id, _Version(version, action, state, author, stamp, change, parents), ids)))
        return int(version)

    def _ids_of(self, game_id: int, now: datetime) -> dict[str, int]:
        # A deal played by somebody no longer seated (a tournament table's player who
        # left, replaced or not) still names them.
        return _SeatIds(self._seat_ids(game_id), lambda name: self._player_id(name, now))

    def _set_current(self, deal_id: int, game_id: int, state: DealState, version: int,
                     stamp: datetime, ids: dict[str, int], *,
                     heads: Sequence[str] | None) -> None:
        """The deal shows `state` (its score rows written again), at `version`."""
        self._changed(game_id)
        self._last_number.pop(game_id, None)
        values: dict[str, Any] = {
            "kind": state.kind.value, "input_json": encode_input(state.input, ids),
            "deleted": state.deleted, "version": version, "updated_at": stamp}
        if heads is not None:
            values["heads"] = parents_text(heads)
        self.conn.execute(update(DEAL).where(DEAL.c.id == deal_id).values(**values))
        self.conn.execute(delete(SCORE).where(SCORE.c.deal_id == deal_id))
        if not state.deleted and state.scores:
            self.conn.execute(insert(SCORE), score_rows(deal_id, game_id, state.input,
                                                        state.scores, ids))

    def _version_rows(self, where: Any) -> list[DealVersionRow]:
        names = self._player_names()
        rows = self.conn.execute(
            select(VERSION).where(where).order_by(VERSION.c.version)
        ).mappings().all()
        return [
            DealVersionRow(
                deal_id=r["deal_id"], version=r["version"], action=r["action"],
                state=DealState(
                    kind=DealKind(r["kind"]), input=decode_input(r["input_json"], names),
                    scores={names[int(p)]: v for p, v in json.loads(r["scores_json"]).items()},
                    deleted=bool(r["deleted"]),
                ),
                author=r["author"], at=py_time(r["at"]),
                change=r["change"], parents=parents_of(r["parents"]),
            )
            for r in rows
        ]

    def deal_versions(self, deal_id: int) -> list[DealVersionRow]:
        return self._version_rows(VERSION.c.deal_id == deal_id)

    def deal_version(self, deal_id: int, version: int) -> DealVersionRow | None:
        rows = self._version_rows(and_(VERSION.c.deal_id == deal_id,
                                       VERSION.c.version == version))
        return rows[0] if rows else None


class _SeatIds(dict[str, int]):
    """A game's seats' player ids by name; a name no longer seated is looked up."""

    def __init__(self, seats: dict[str, int], look_up: Callable[[str], int]) -> None:
        super().__init__(seats)
        self._look_up = look_up

    def __missing__(self, name: str) -> int:
        self[name] = found = self._look_up(name)
        return found
