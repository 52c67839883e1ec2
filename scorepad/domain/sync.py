"""One game in two homes (a phone alone, a club's server), kept in step change by change.

Every change of a deal's content (recorded, edited, deleted, undone) has an id minted
where it was made, and names the changes it was made on: its parents, the deal's heads
at that moment. A side takes the other side's changes it lacks, each once whatever the
number of tries, and keeps them all in the deal's history. Both sides then show the same
version of every deal: among the changes no other change was made on (the heads), the
latest by time, then by id (`winner`). Two heads mean the deal was changed on both sides
before either heard of the other: both versions stay in the history, and the sheet shows
the later one with a word that says so (`both_sides`), until a change is made on top of
them (its parents are every head: the two branches meet again).

A game's own identity is a uid minted on the phone when it is made, kept in its export
and its backup; a game from before uids is given one derived from what the import
already recognises a game by (its name, start and seats: `game_uid`), so that the same
game restored on two phones is one game on the server.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

#: A uid (a game's, a deal's, a change's): 32 lower-case hexadecimal digits.
UID = re.compile(r"[0-9a-f]{32}")


def is_uid(value: object) -> bool:
    return isinstance(value, str) and UID.fullmatch(value) is not None


@dataclass(frozen=True, slots=True)
class ChangeStamp:
    """What orders a change among a deal's others: its id, its parents, its time."""

    id: str
    parents: tuple[str, ...]
    at: datetime


def _order(change: ChangeStamp) -> tuple[datetime, str]:
    at = change.at if change.at.tzinfo is not None else change.at.replace(tzinfo=UTC)
    return at, change.id


def heads(changes: Iterable[ChangeStamp]) -> list[ChangeStamp]:
    """The changes no other change was made on, the winner first (then older ones)."""
    known = list(changes)
    under = {parent for change in known for parent in change.parents}
    found = {c.id: c for c in known if c.id not in under}
    return sorted(found.values(), key=_order, reverse=True)


def winner(changes: Iterable[ChangeStamp]) -> ChangeStamp | None:
    """The change whose content the deal shows: the latest head (None: no change)."""
    found = heads(changes)
    return found[0] if found else None


def both_sides(changes: Iterable[ChangeStamp]) -> bool:
    """The deal was changed on both sides meanwhile: more than one head."""
    return len(heads(changes)) > 1


def parents_text(parents: Sequence[str]) -> str | None:
    """Parents as stored (ids separated by spaces; None for a first change)."""
    return " ".join(parents) if parents else None


def parents_of(text: str | None) -> tuple[str, ...]:
    return tuple(text.split()) if text else ()


def moment_key(created_at: datetime) -> str:
    """A game's start as the import compares it: UTC, to the second."""
    aware = created_at if created_at.tzinfo is not None else created_at.replace(tzinfo=UTC)
    return aware.astimezone(UTC).replace(microsecond=0).isoformat()


def game_uid(name: str, created_at: datetime, seats: Sequence[str]) -> str:
    """The uid of a game made before uids: the same for the same name, start (to the
    second) and seats, on every phone and server (FORMAT.md §7, "each game once")."""
    key = "\x1f".join((name, moment_key(created_at), "\x1e".join(seats)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def unseen(known: Iterable[str], incoming: Iterable[ChangeStamp]) -> list[ChangeStamp]:
    """The changes of `incoming` a side does not have yet, each once (a change sent
    twice, or already taken from another phone, is left out), in the order received."""
    seen = set(known)
    taken: list[ChangeStamp] = []
    for change in incoming:
        if change.id not in seen:
            seen.add(change.id)
            taken.append(change)
    return taken
