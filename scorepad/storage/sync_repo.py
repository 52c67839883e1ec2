"""The repository's part for one game in two homes (scorepad.domain.sync): a game's
changes with their ids and parents, read after a cursor and stored as the other home
made them; a club server's invitations; a phone's membership of a club's circle and
each game's state towards it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update

from scorepad.domain import DealKind
from scorepad.domain.sync import parents_of, parents_text
from scorepad.services.ports import DealRow, DealState, GameRow
from scorepad.services.ports.sync import (
    GameSyncRow,
    InvitationRow,
    MembershipRow,
    SyncChange,
)
from scorepad.storage.deals_repo import DealsRepository, _Version
from scorepad.storage.games_repo import GamesRepository
from scorepad.storage.repo_base import (
    CIRCLE,
    DEAL,
    GAME,
    GAME_SYNC,
    INVITATION,
    MEMBERSHIP,
    VERSION,
    as_text,
    db_time,
    decode_input,
    py_time,
)

_CHANGE_COLUMNS = (VERSION.c.id, VERSION.c.change, VERSION.c.parents, as_text(VERSION.c.at),
                   VERSION.c.action, VERSION.c.kind, VERSION.c.input_json,
                   VERSION.c.deleted, VERSION.c.author, DEAL.c.uid, DEAL.c.number)
_KINDS = {kind.value: kind for kind in DealKind}


class SyncRepository(DealsRepository, GamesRepository):
    """A game's changes, invitations, a phone's club, inside one transaction."""

    # -- a game's changes -------------------------------------------------------------

    def game_by_uid(self, uid: str) -> GameRow | None:
        row = self.conn.execute(select(GAME).where(GAME.c.uid == uid)).mappings().first()
        if row is None:
            return None
        return self._game_row(row, [n for n, _ in self._seat_rows(int(row["id"]))])

    def _changes(self, where: Any, limit: int | None = None) -> list[SyncChange]:
        names = self._player_names()
        query = (select(*_CHANGE_COLUMNS).join(DEAL, DEAL.c.id == VERSION.c.deal_id)
                 .where(VERSION.c.change.is_not(None), where).order_by(VERSION.c.id))
        if limit is not None:
            query = query.limit(limit)
        return [SyncChange(
            id=change, deal=deal_uid, number=number, parents=parents_of(parents),
            at=py_time(at), action=action, kind=_KINDS[kind],
            input=decode_input(input_json, names), deleted=bool(deleted), author=author,
            seq=int(seq))
            for (seq, change, parents, at, action, kind, input_json, deleted, author,
                 deal_uid, number) in self.conn.execute(query)]

    def deal_changes(self, game_id: int, *, after: int = 0,
                     limit: int | None = None) -> list[SyncChange]:
        return self._changes(and_(DEAL.c.game_id == game_id, VERSION.c.id > after), limit)

    def change_seqs(self, game_id: int, *, after: int = 0) -> list[tuple[int, str]]:
        return [(int(seq), str(change)) for seq, change in self.conn.execute(
            select(VERSION.c.id, VERSION.c.change).join(DEAL, DEAL.c.id == VERSION.c.deal_id)
            .where(DEAL.c.game_id == game_id, VERSION.c.id > after,
                   VERSION.c.change.is_not(None)).order_by(VERSION.c.id))]

    def changes_by_id(self, ids: Sequence[str]) -> list[SyncChange]:
        found: list[SyncChange] = []
        wanted = list(dict.fromkeys(ids))
        for start in range(0, len(wanted), 500):  # under every backend's parameter limit
            found += self._changes(VERSION.c.change.in_(wanted[start:start + 500]))
        return sorted(found, key=lambda c: c.seq)

    def last_change_seq(self, game_id: int) -> int:
        return int(self.conn.execute(
            select(func.max(VERSION.c.id)).join(DEAL, DEAL.c.id == VERSION.c.deal_id)
            .where(DEAL.c.game_id == game_id)).scalar() or 0)

    def known_changes(self, ids: Sequence[str]) -> set[str]:
        found: set[str] = set()
        wanted = list(dict.fromkeys(ids))
        for start in range(0, len(wanted), 500):  # under every backend's parameter limit
            found.update(str(c) for c in self.conn.execute(
                select(VERSION.c.change).where(
                    VERSION.c.change.in_(wanted[start:start + 500]))).scalars())
        return found

    def deal_by_uid(self, game_id: int, uid: str) -> DealRow | None:
        rows = self._deal_rows(and_(DEAL.c.game_id == game_id, DEAL.c.uid == uid))
        return rows[0] if rows else None

    def deals_by_uid(self, game_id: int, uids: Sequence[str]) -> dict[str, DealRow]:
        found: dict[str, DealRow] = {}
        wanted = list(dict.fromkeys(uids))
        for start in range(0, len(wanted), 500):  # under every backend's parameter limit
            for row in self._deal_rows(and_(DEAL.c.game_id == game_id,
                                            DEAL.c.uid.in_(wanted[start:start + 500]))):
                assert row.uid is not None
                found[row.uid] = row
        return found

    def deal_stamps(self, deal_id: int) -> list[SyncChange]:
        return self._changes(VERSION.c.deal_id == deal_id)

    def add_changes(self, deal_id: int,
                    changes: Sequence[tuple[SyncChange, DealState]]) -> None:
        if not changes:
            return
        game_id, version = self.conn.execute(
            select(DEAL.c.game_id, DEAL.c.version).where(DEAL.c.id == deal_id)).one()
        at = changes[-1][0].at
        ids = self._ids_of(game_id, at)
        rows = []
        for change, state in changes:
            version += 1
            rows.append(self._version_values(deal_id, _Version(
                version, change.action, state, change.author, db_time(change.at),
                change.id, change.parents), ids))
        self.conn.execute(insert(VERSION), rows)
        self.conn.execute(update(DEAL).where(DEAL.c.id == deal_id).values(version=version))
        self._changed(game_id)

    def show_change(self, deal_id: int, state: DealState | None, heads: Sequence[str], *,
                    now: datetime) -> None:
        game_id, version = self.conn.execute(
            select(DEAL.c.game_id, DEAL.c.version).where(DEAL.c.id == deal_id)).one()
        if state is None:
            self.conn.execute(update(DEAL).where(DEAL.c.id == deal_id).values(
                heads=parents_text(heads)))
            self._changed(game_id)
            return
        self._set_current(deal_id, game_id, state, version, db_time(now),
                          self._ids_of(game_id, now), heads=heads)

    # -- a club's server: invitations -------------------------------------------------

    def add_invitation(self, circle_id: int, *, token_hash: str, key_hash: str | None,
                       expires_at: datetime, now: datetime) -> int:
        return int(self.conn.execute(insert(INVITATION).values(
            circle_id=circle_id, token_hash=token_hash, key_hash=key_hash,
            expires_at=db_time(expires_at), created_at=db_time(now),
        ).returning(INVITATION.c.id)).scalar_one())

    def _invitations(self, where: Any) -> list[InvitationRow]:
        rows = self.conn.execute(
            select(INVITATION.c.id, INVITATION.c.circle_id, CIRCLE.c.name,
                   INVITATION.c.expires_at, INVITATION.c.created_at,
                   INVITATION.c.revoked_at, INVITATION.c.key_hash)
            .join(CIRCLE, CIRCLE.c.id == INVITATION.c.circle_id).where(where)
            .order_by(INVITATION.c.id))
        return [InvitationRow(id=int(i), circle_id=int(c), circle=name,
                              expires_at=py_time(expires), created_at=py_time(created),
                              revoked_at=py_time(revoked) if revoked is not None else None,
                              key_hash=key)
                for i, c, name, expires, created, revoked, key in rows]

    def invitation(self, token_hash: str) -> InvitationRow | None:
        rows = self._invitations(INVITATION.c.token_hash == token_hash)
        return rows[0] if rows else None

    def get_invitation(self, invitation_id: int) -> InvitationRow | None:
        rows = self._invitations(INVITATION.c.id == invitation_id)
        return rows[0] if rows else None

    def invitations(self, circle_id: int | None = None) -> list[InvitationRow]:
        return self._invitations(INVITATION.c.circle_id == circle_id if circle_id is not None
                                 else INVITATION.c.id.is_not(None))

    def revoke_invitation(self, invitation_id: int, *, at: datetime) -> None:
        self.conn.execute(update(INVITATION).where(
            INVITATION.c.id == invitation_id, INVITATION.c.revoked_at.is_(None)
        ).values(revoked_at=db_time(at)))

    def circle_cursors(self, circle_id: int, uids: Sequence[str]) -> dict[str, int]:
        found: dict[str, int] = {}
        wanted = list(dict.fromkeys(uids))
        for start in range(0, len(wanted), 500):  # under every backend's parameter limit
            found.update((str(uid), int(seq)) for uid, seq in self.conn.execute(
                select(GAME.c.uid, func.max(VERSION.c.id))
                .join(DEAL, DEAL.c.game_id == GAME.c.id)
                .join(VERSION, VERSION.c.deal_id == DEAL.c.id)
                .where(GAME.c.circle_id == circle_id, GAME.c.deleted_at.is_(None),
                       VERSION.c.change.is_not(None),
                       GAME.c.uid.in_(wanted[start:start + 500]))
                .group_by(GAME.c.uid)))
        return found

    def circle_stamp(self, circle_id: int) -> str:
        count, revisions, latest = self.conn.execute(
            select(func.count(), func.coalesce(func.sum(GAME.c.revision), 0),
                   func.max(as_text(GAME.c.updated_at)))
            .where(GAME.c.circle_id == circle_id, GAME.c.deleted_at.is_(None))).one()
        names = self.conn.execute(select(func.count(), func.max(as_text(CIRCLE.c.name)))
                                  .where(CIRCLE.c.id == circle_id)).one()
        return f"{count}.{revisions}.{latest}.{names[1]}"

    # -- a phone alone: its club ------------------------------------------------------

    def membership(self) -> MembershipRow | None:
        row = self.conn.execute(select(MEMBERSHIP).order_by(MEMBERSHIP.c.id.desc())
                                ).mappings().first()
        if row is None:
            return None

        def moment(key: str) -> datetime | None:
            return py_time(row[key]) if row[key] is not None else None

        return MembershipRow(
            server=row["server"], token=row["token"], club=row["club"],
            circle_id=int(row["circle_id"]), circle=row["circle"],
            expires_at=py_time(row["expires_at"]), mode=row["mode"],
            joined_at=py_time(row["joined_at"]), season_json=row["season_json"],
            season_tag=row["season_tag"], refreshed_at=moment("refreshed_at"),
            failure_json=row["failure_json"], tried_at=moment("tried_at"))

    def set_membership(self, membership: MembershipRow | None) -> None:
        self.conn.execute(delete(MEMBERSHIP))
        if membership is None:
            return
        values = {field: getattr(membership, field) for field in MembershipRow.__slots__}
        for key in ("expires_at", "joined_at", "refreshed_at", "tried_at"):
            if values[key] is not None:
                values[key] = db_time(values[key])
        self.conn.execute(insert(MEMBERSHIP).values(**values))

    def game_syncs(self) -> dict[int, GameSyncRow]:
        rows = self.conn.execute(select(GAME_SYNC)).mappings()
        return {int(r["game_id"]): GameSyncRow(
            game_id=int(r["game_id"]), chosen=r["chosen"], state=r["state"],
            reason_json=r["reason_json"], sent_revision=int(r["sent_revision"]),
            sent_upto=int(r["sent_upto"]), cursor=int(r["cursor"]),
            sent_at=py_time(r["sent_at"]) if r["sent_at"] is not None else None)
            for r in rows}

    def set_game_sync(self, row: GameSyncRow) -> None:
        values = {field: getattr(row, field) for field in GameSyncRow.__slots__}
        if values["sent_at"] is not None:
            values["sent_at"] = db_time(values["sent_at"])
        updated = self.conn.execute(update(GAME_SYNC).where(
            GAME_SYNC.c.game_id == row.game_id).values(**values)).rowcount
        if not updated:
            self.conn.execute(insert(GAME_SYNC).values(**values))
