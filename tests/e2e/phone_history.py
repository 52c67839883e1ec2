"""A family's years on a phone, made quickly for tests: a backup of N games of 30 deals
(FORMAT.md §7, as "Sauvegarder toutes les parties" writes it), and the SQLite file a
phone holds once that backup is restored (the schema of this version, through the
services)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from scorepad import exports
from scorepad.domain import GameStatus
from tests.factories import FIVE, FOUR, make_game

DEALS_PER_GAME = 30
PARIS = timezone(timedelta(hours=1))
#: The first game's evening; the next ones follow every third day.
FIRST_EVENING = datetime(2023, 1, 6, 20, 30, tzinfo=PARIS)


def _deals(rng: random.Random, seats: tuple[str, ...], count: int) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = []
    for n in range(count):
        bouts = rng.randint(0, 3)
        points = rng.randint(max(4 * bouts, 3), 91 - 4 * (3 - bouts))
        deal: dict[str, Any] = {"taker": seats[n % len(seats)], "bouts": bouts,
                                "contract": rng.choice(("prise", "garde", "garde_sans")),
                                "points": points}
        if len(seats) == 5:
            deal["partner"] = seats[(n + 2) % 5]
        deals.append(deal)
    return deals


def history_backup(games: int, *, deals: int = DEALS_PER_GAME, seed: int = 7,
                   name: str = "Soirée") -> bytes:
    """A backup of `games` finished games ("Soirée 1", ...), four or five players each,
    played every third evening from FIRST_EVENING."""
    rng = random.Random(seed)
    records = []
    for g in range(games):
        seats = FIVE if g % 3 == 0 else FOUR
        records.append(make_game(
            _deals(rng, seats, deals), seats=seats, name=f"{name} {g + 1}",
            created_at=FIRST_EVENING + timedelta(days=3 * g), status=GameStatus.FINISHED))
    return exports.render_backup(records, datetime.now(UTC))


def history_database(path: Path, games: int, *, deals: int = DEALS_PER_GAME) -> bytes:
    """The database file of a phone that restored history_backup(games): its bytes, in
    rollback-journal mode as the phone keeps it."""
    from scorepad import services
    from scorepad.storage import open_database

    database = open_database(f"sqlite:///{path}")
    services.import_backup(database.uow(), history_backup(games, deals=deals))
    with database.engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.exec_driver_sql("PRAGMA journal_mode=DELETE")
    database.engine.dispose()
    return path.read_bytes()
