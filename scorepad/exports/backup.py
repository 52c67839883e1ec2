"""FORMAT.md §7: every game of a database in one file (a phone's backup), and back.

Each game is a §5 game export, checked and re-scored the same way on the way back; a
refusal names the game (its place in the file and its name) before the reason."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from scorepad.domain.errors import Refusal
from scorepad.domain.game import GameRecord
from scorepad.domain.messages import Message, describe
from scorepad.exports.importer import MAX_BYTES, ImportRefused, load_json, parse_game_export
from scorepad.exports.json_export import game_to_dict, iso_datetime

BACKUP_FORMAT = "scorepad-backup"
BACKUP_VERSION = 1
MAX_GAMES = 10_000


def render_backup(games: Sequence[GameRecord], made_at: datetime) -> bytes:
    """The backup document: its header then every game (§5), in the order given."""
    doc = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
           "made_at": iso_datetime(made_at), "games": [game_to_dict(g) for g in games]}
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def is_backup(doc: Any) -> bool:
    return isinstance(doc, dict) and doc.get("format") == BACKUP_FORMAT


class BackupRefused(Refusal):
    """The whole backup is refused (nothing imported); `message(lang)` says why, naming
    the game at fault."""

    area = "phone.backup"

    def __init__(self, field: str, code: str, *, cause: ImportRefused | None = None,
                 **params: Any) -> None:
        self.cause = cause
        super().__init__(field, code, **params)

    def text(self) -> Message:
        """The message, the game's own refusal as its reason."""
        params = dict(self.params)
        if self.cause is not None:
            params["reason"] = self.cause
        return Message(self.key, params)


def _game_refused(position: int, name: str, cause: ImportRefused) -> BackupRefused:
    return BackupRefused(cause.field or "games", "game_refused", cause=cause,
                         position=position, name=name or "?")


def parse_backup(data: bytes | str) -> list[GameRecord]:
    """The games of a §7 document, each checked as a §5 export; ImportRefused (naming the
    game) for anything wrong, and nothing else."""
    _count, games = backup_games(data)
    return list(games)


def backup_games(data: bytes | str) -> tuple[int, Iterator[GameRecord]]:
    """How many games a §7 document holds, and the games, each checked as a §5 export as
    it comes (a restore shows its progress): BackupRefused at once for the document, and
    from the iterator for the game at fault (naming it)."""
    if isinstance(data, bytes) and len(data) > MAX_BYTES:
        raise BackupRefused("file", "too_large", megabytes=MAX_BYTES // 1_000_000)
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
        doc = load_json(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BackupRefused("file", "unreadable") from None
    if not is_backup(doc):
        got = doc.get("format") if isinstance(doc, dict) else None
        raise BackupRefused("format", "not_backup", got=describe(got))
    if doc.get("version") != BACKUP_VERSION:
        raise BackupRefused("version", "version", got=describe(doc.get("version")))
    games = doc.get("games")
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise BackupRefused("games", "games", max=MAX_GAMES)

    def each() -> Iterator[GameRecord]:
        for position, game in enumerate(games, start=1):
            name = str(game.get("name", ""))[:40] if isinstance(game, dict) else ""
            try:
                yield parse_game_export(json.dumps(game, ensure_ascii=False))
            except ImportRefused as exc:
                raise _game_refused(position, name, exc) from exc

    return len(games), each()
