"""What keeping a game in two homes needs from persistence (scorepad.domain.sync): each
change of a deal's content with its id, parents and place in the history; a club
server's invitations; a phone's membership of a club's circle and each game's state
towards it (`Repository` in services.ports includes this part)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from scorepad.domain import DealKind
from scorepad.domain.sync import ChangeStamp

if TYPE_CHECKING:
    from scorepad.services.ports import DealRow, DealState, GameRow


@dataclass(frozen=True, slots=True, kw_only=True)
class SyncChange:
    """One change of a deal's content, as it travels between the homes of its game:
    which deal (its uid and number), what it holds (names, as the API carries them),
    when and by whom, and the changes it was made on."""

    id: str
    deal: str
    number: int
    parents: tuple[str, ...]
    at: datetime
    action: str
    kind: DealKind
    input: dict[str, Any] | None
    deleted: bool
    author: str | None = None
    #: its place in this home's history of the game (a cursor; 0: not stored here)
    seq: int = 0

    @property
    def stamp(self) -> ChangeStamp:
        return ChangeStamp(self.id, self.parents, self.at)

    def same_content(self, other: SyncChange) -> bool:
        return (self.kind, self.input, self.deleted) == (other.kind, other.input,
                                                         other.deleted)


@dataclass(frozen=True, slots=True)
class InvitationRow:
    """A club server's invitation into a circle (only its token's hash is kept)."""

    id: int
    circle_id: int
    circle: str
    expires_at: datetime
    created_at: datetime
    revoked_at: datetime | None = None
    #: the hash of the key of the phone that made it (it may revoke it)
    key_hash: str | None = None


@dataclass(frozen=True, slots=True)
class MembershipRow:
    """A phone's membership of a club's circle: where the club is, the invitation that
    lets it in, which games it sends, its copy of the circle's season."""

    server: str
    token: str
    club: str
    circle_id: int
    circle: str
    expires_at: datetime
    mode: str
    joined_at: datetime
    season_json: str | None = None
    season_tag: str | None = None
    refreshed_at: datetime | None = None
    failure_json: str | None = None
    tried_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class GameSyncRow:
    """A phone's game towards the club: its state (waiting, sent, refused) and why, the
    game's revision and the last change the club acknowledged, the club's own cursor,
    and the person's choice (None: as the membership's mode says)."""

    game_id: int
    chosen: bool | None = None
    state: str = "waiting"
    reason_json: str | None = None
    sent_revision: int = -1
    sent_upto: int = 0
    cursor: int = 0
    sent_at: datetime | None = None


class SyncRepository(Protocol):
    # both homes: a game's changes
    #: a game by its uid, in the bin too (its `deleted_at` says so)
    def game_by_uid(self, uid: str) -> GameRow | None: ...
    #: the changes of a game's deals stored after `after` (a seq), oldest first
    def deal_changes(self, game_id: int, *, after: int = 0,
                     limit: int | None = None) -> list[SyncChange]: ...
    #: (seq, id) of a game's changes stored after `after`, oldest first
    def change_seqs(self, game_id: int, *, after: int = 0) -> list[tuple[int, str]]: ...
    #: these changes, oldest first
    def changes_by_id(self, ids: Sequence[str]) -> list[SyncChange]: ...
    #: the last seq of a game's changes (0: none)
    def last_change_seq(self, game_id: int) -> int: ...
    #: which of these change ids are stored
    def known_changes(self, ids: Sequence[str]) -> set[str]: ...
    def deal_by_uid(self, game_id: int, uid: str) -> DealRow | None: ...
    #: the deals of a game among these uids, by uid
    def deals_by_uid(self, game_id: int, uids: Sequence[str]) -> dict[str, DealRow]: ...
    #: every change of a deal, oldest first
    def deal_stamps(self, deal_id: int) -> list[SyncChange]: ...
    #: stores changes made in the other home in a deal's history (not shown yet), each
    #: with its state scored here
    def add_changes(self, deal_id: int,
                    changes: Sequence[tuple[SyncChange, DealState]]) -> None: ...
    #: the deal shows `state` (None: as it is) and has these heads
    def show_change(self, deal_id: int, state: DealState | None, heads: Sequence[str], *,
                    now: datetime) -> None: ...

    # a club's server: invitations
    def add_invitation(self, circle_id: int, *, token_hash: str, key_hash: str | None,
                       expires_at: datetime, now: datetime) -> int: ...
    def invitation(self, token_hash: str) -> InvitationRow | None: ...
    def get_invitation(self, invitation_id: int) -> InvitationRow | None: ...
    def invitations(self, circle_id: int | None = None) -> list[InvitationRow]: ...
    def revoke_invitation(self, invitation_id: int, *, at: datetime) -> None: ...
    #: the last seq of these games of the circle, by uid
    def circle_cursors(self, circle_id: int, uids: Sequence[str]) -> dict[str, int]: ...
    #: what changes when any game of the circle changes (its games, their revisions)
    def circle_stamp(self, circle_id: int) -> str: ...

    # a phone alone: its club
    def membership(self) -> MembershipRow | None: ...
    def set_membership(self, membership: MembershipRow | None) -> None: ...
    def game_syncs(self) -> dict[int, GameSyncRow]: ...
    def set_game_sync(self, row: GameSyncRow) -> None: ...
