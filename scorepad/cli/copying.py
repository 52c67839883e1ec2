"""`scorepad copy`'s wiring: both URLs checked, both databases opened and migrated, then
services' copy between a snapshot of the source and an exclusive transaction of the target."""

from __future__ import annotations

from scorepad.domain.messages import N_, Message
from scorepad.services.exchange.copy import copy_games
from scorepad.services.exchange.copy_report import CopyError, CopyReport
from scorepad.storage import Database, DatabaseError, open_database
from scorepad.storage.urls import parse_url, safe_url, same_database, sqlite_file


def copy_database(source_url: str, target_url: str) -> CopyReport:
    """Copies every player and game of `source_url` into `target_url` (both migrated to
    the latest schema first); CopyError, the target unchanged, on any refusal."""
    _check_urls(source_url, target_url)
    source = _open("from", source_url)
    try:
        target = _open("to", target_url)
        try:
            return copy_games(source.uow(isolation="snapshot"),
                              target.uow(isolation="exclusive"),
                              source_name=safe_url(source_url), target_name=safe_url(target_url))
        finally:
            target.dispose()
    finally:
        source.dispose()


def _check_urls(source_url: str, target_url: str) -> None:
    for field, url in (("from", source_url), ("to", target_url)):
        parsed = parse_url(url)
        if parsed is None:
            raise CopyError(field, "bad_url", url=url)
        path = sqlite_file(parsed) if field == "from" else None
        # Opening a missing SQLite file would create an empty one: say so instead.
        if path is not None and not path.is_file():
            raise CopyError(field, "missing_file", path=parsed.database)
    if same_database(source_url, target_url):
        raise CopyError("to", "same_database", url=safe_url(target_url))


def _open(field: str, url: str) -> Database:
    try:
        return open_database(url)
    except DatabaseError as exc:
        side = Message(N_("copy.source") if field == "from" else N_("copy.target"))
        raise CopyError(field, "open_failed", side=side, detail=exc) from exc
