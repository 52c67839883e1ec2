"""Change notifications: what a committed transaction changed, told to listeners after it.

The storage's unit of work records the games each transaction wrote and, once the commit
has succeeded, `Database` hands one `GameChanged` per game to every subscribed listener.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class ChangeKind(StrEnum):
    #: the game's sheet, rules, status, name or table code changed
    UPDATED = "updated"
    #: a new game (created or imported): the games list changed
    CREATED = "created"
    #: the game is gone: the games list changed, its sheet no longer exists
    DELETED = "deleted"
    #: a player was renamed: every game may show the new name (`game_id` is None)
    PLAYERS = "players"


# When one transaction does several things to a game, the strongest kind is told.
_STRENGTH = {ChangeKind.UPDATED: 0, ChangeKind.PLAYERS: 0, ChangeKind.CREATED: 1,
             ChangeKind.DELETED: 2}


@dataclass(frozen=True, slots=True)
class GameChanged:
    """A committed change of one game (or of players, `game_id` None).

    `revision` is the game's revision after the change when known: a phone that already
    shows that revision need not read the sheet again."""

    game_id: int | None
    kind: ChangeKind
    revision: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"game_id": self.game_id, "kind": self.kind.value, "revision": self.revision}


ChangeListener = Callable[[GameChanged], None]
#: `Database.subscribe`: registers a listener, returns the function that removes it
Subscribe = Callable[[ChangeListener], Callable[[], None]]


class ChangeLog:
    """The changes of one transaction, merged per game (kept in order of first change)."""

    def __init__(self) -> None:
        self._changes: dict[int | None, GameChanged] = {}

    def record(self, game_id: int | None, kind: ChangeKind, revision: int | None = None
               ) -> None:
        before = self._changes.get(game_id)
        if before is not None:
            if _STRENGTH[before.kind] > _STRENGTH[kind]:
                kind = before.kind
            if revision is None or (before.revision is not None
                                    and before.revision > revision):
                revision = before.revision
        self._changes[game_id] = GameChanged(game_id, kind, revision)

    def take(self) -> list[GameChanged]:
        """The recorded changes, forgetting them (called at commit and at rollback)."""
        events = list(self._changes.values())
        self._changes.clear()
        return events

    def __bool__(self) -> bool:
        return bool(self._changes)

