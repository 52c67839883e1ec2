"""A game and its changes as they travel between a phone and its club (FORMAT.md §8):
plain JSON objects, the same both ways. What comes from the other home is read strictly
(`read_change`, `read_game`): a key that is not there or not of its kind is refused,
naming it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorepad.domain import DealKind, GameStatus
from scorepad.domain.sync import is_uid
from scorepad.services.ports import GameRow
from scorepad.services.ports.sync import SyncChange
from scorepad.services.sync.errors import SyncRefused

#: a deal's number (as the import allows) and the parents a change may name
MAX_NUMBER = 100_000
MAX_PARENTS = 8
MAX_AUTHOR = 80
CHANGE_KEYS = ("id", "deal", "number", "parents", "at", "action", "kind", "input",
               "deleted", "author")
ACTIONS = frozenset({"created", "edited", "deleted", "undo", "redo", "record", "imported",
                     "passed", "petit_sec", "rules"})


@dataclass(frozen=True, slots=True, kw_only=True)
class GameHeader:
    """What a game is, apart from its deals, as the phone sends it."""

    uid: str
    name: str
    created_at: datetime
    status: GameStatus
    seats: tuple[str, ...]
    deal_size: int
    first_dealer: str
    rules: dict[str, Any]

    @classmethod
    def of(cls, game: GameRow) -> GameHeader:
        assert game.uid is not None
        return cls(uid=game.uid, name=game.name, created_at=game.created_at,
                   status=game.status, seats=game.seats, deal_size=game.deal_size,
                   first_dealer=game.seats[game.first_dealer], rules=dict(game.rules))

    def to_dict(self) -> dict[str, Any]:
        return {"uid": self.uid, "name": self.name,
                "created_at": self.created_at.isoformat(timespec="seconds"),
                "status": self.status.value, "seats": list(self.seats),
                "deal_size": self.deal_size, "first_dealer": self.first_dealer,
                "rules": self.rules}


def change_to_dict(change: SyncChange) -> dict[str, Any]:
    return {"id": change.id, "deal": change.deal, "number": change.number,
            "parents": list(change.parents), "at": change.at.isoformat(),
            "action": change.action, "kind": change.kind.value, "input": change.input,
            "deleted": change.deleted, "author": change.author}


def _moment(value: object, field: str) -> datetime:
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if moment.tzinfo is not None:
                return moment
    raise SyncRefused(field, "sync_moment", got=str(value)[:40])


def _uid(value: object, field: str) -> str:
    if not is_uid(value):
        raise SyncRefused(field, "sync_uid", got=str(value)[:40])
    assert isinstance(value, str)
    return value


def read_change(data: object) -> SyncChange:
    """A change as the other home sent it, or SyncRefused naming the key at fault."""
    if not isinstance(data, dict):
        raise SyncRefused("changes", "sync_change_object")
    for key in data:
        if key not in CHANGE_KEYS:
            raise SyncRefused(str(key)[:40], "unknown_key", key=str(key)[:40],
                              allowed=", ".join(CHANGE_KEYS))
    number = data.get("number")
    if isinstance(number, bool) or not isinstance(number, int) or \
            not 1 <= number <= MAX_NUMBER:
        raise SyncRefused("number", "sync_number", got=str(number)[:20], max=MAX_NUMBER)
    parents = data.get("parents", [])
    if not isinstance(parents, list) or len(parents) > MAX_PARENTS:
        raise SyncRefused("parents", "sync_parents", max=MAX_PARENTS)
    kind = next((k for k in DealKind if k.value == data.get("kind")), None)
    if kind is None:
        raise SyncRefused("kind", "sync_kind", got=str(data.get("kind"))[:20])
    action = data.get("action")
    if action not in ACTIONS:
        raise SyncRefused("action", "sync_action", got=str(action)[:20],
                          allowed=", ".join(sorted(ACTIONS)))
    deal_input = data.get("input")
    if deal_input is not None and not isinstance(deal_input, dict):
        raise SyncRefused("input", "sync_input")
    deleted = data.get("deleted", False)
    if not isinstance(deleted, bool):
        raise SyncRefused("deleted", "sync_deleted")
    author = data.get("author")
    if author is not None and (not isinstance(author, str) or len(author) > MAX_AUTHOR):
        raise SyncRefused("author", "sync_author", max=MAX_AUTHOR)
    return SyncChange(
        id=_uid(data.get("id"), "id"), deal=_uid(data.get("deal"), "deal"), number=number,
        parents=tuple(_uid(p, "parents") for p in parents),
        at=_moment(data.get("at"), "at"), action=str(action), kind=kind,
        input=deal_input, deleted=deleted, author=author)
