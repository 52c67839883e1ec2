"""Every game of a database as one file (FORMAT.md §7, a phone's backup), and that file
taken back all or nothing, each game once however often it is taken; a single game's
export (§5) taken the same way (`import_game_once`, the app's import).

A game of the file is the same game as a stored one when it has the same name, start
time and seats. Such a game is left as it is when it holds the same deals, gets the
file's later deals when its deals are the file's first ones (the phone played on since
the last backup), and makes the whole file refused when the two differ otherwise (a deal
changed on each side): nothing is overwritten, nothing written half-way. A game taken
keeps its moments: its start, and the day it was last played (its deals are dated so).

`import_backup_steps` does it one game at a time inside the one transaction, saying how
far it is (a phone shows the progress of a restore of years of games).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from scorepad.domain import GameRecord
from scorepad.domain.messages import N_, Message
from scorepad.services.base.access import hash_secret
from scorepad.services.base.common import now
from scorepad.services.base.errors import ImportRefused
from scorepad.services.club.players import resolve_seats
from scorepad.services.exchange.games import (
    IMPORT_MAX_BYTES,
    free_uid,
    parse_import,
    stored_deals,
)
from scorepad.services.games.record import load_record
from scorepad.services.ports import DealRow, UnitOfWork


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What taking a backup did: games added, games given later deals, games already
    there as they are."""

    added: int
    extended: int
    unchanged: int
    #: the stored game of each game of the file, in the file's order (not part of what
    #: the report says: two reports saying the same are equal)
    games: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a restore is: `done` games of `total` checked and stored."""

    done: int
    total: int


def export_backup(uow: UnitOfWork) -> bytes:
    """Every game not in the bin, in one file (read in one transaction)."""
    from scorepad import exports

    with uow:
        records = [load_record(uow, game.id) for game in uow.repo.list_games()
                   if game.deleted_at is None]
    return exports.render_backup(records, now())


def count_deals_since(uow: UnitOfWork, moment: datetime | None) -> int:
    """Deals recorded since `moment` (the last backup; None: never), in the games not in
    the bin: what a backup made now would save that the last one did not."""
    with uow:
        return uow.repo.count_deals_since(moment)


def is_backup(data: bytes) -> bool:
    """Whether a file is a backup (§7) rather than one game (§5): its format key."""
    head = data[:4096].decode("utf-8", "ignore")
    return '"scorepad-backup"' in head


def _moment(value: datetime) -> str:
    aware = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    return aware.astimezone(UTC).replace(microsecond=0).isoformat()


def _deal_key(number: int, kind: str, scores: dict[str, int | float]) -> tuple[object, ...]:
    return (number, kind, tuple(sorted(scores.items())))


def _stored_keys(rows: list[DealRow]) -> list[tuple[object, ...]]:
    return [_deal_key(r.number, r.state.kind.value, dict(r.state.scores)) for r in rows]


def import_backup(uow: UnitOfWork, data: bytes, *,
                  organiser_key: str | None = None) -> BackupReport:
    """Takes a backup (see the module docstring); ImportRefused naming the game at fault
    and nothing written otherwise. `organiser_key` makes its holder the organiser of the
    games it adds."""
    steps = import_backup_steps(uow, data, organiser_key=organiser_key)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            report: BackupReport = done.value
            return report


def import_backup_steps(uow: UnitOfWork, data: bytes, *, organiser_key: str | None = None
                        ) -> Generator[Progress, None, BackupReport]:
    """`import_backup`, one game at a time: yields the progress after each game (the
    caller may let its screen show it), returns the report. The transaction stays open
    from the first game to the last: closed before the end (`close()`), nothing is
    written."""
    from scorepad import exports

    if len(data) > IMPORT_MAX_BYTES:
        raise ImportRefused(exports.BackupRefused(
            "file", "too_large", megabytes=IMPORT_MAX_BYTES // 1_000_000))
    try:
        total, records = exports.backup_games(data)
    except exports.BackupRefused as exc:
        raise ImportRefused(exc, exc.field) from exc
    report = yield from _take(uow, _checked(records), total, organiser_key)
    return report


def _checked(records: Iterable[GameRecord]) -> Iterable[GameRecord]:
    from scorepad import exports

    try:
        yield from records
    except exports.BackupRefused as exc:
        raise ImportRefused(exc, exc.field) from exc


def import_game_once(uow: UnitOfWork, data: bytes, *, organiser_key: str | None = None
                     ) -> BackupReport:
    """A game's export (§5) taken as a backup of one game: added, or found already there
    (given the file's later deals if it has some): never twice. ImportRefused otherwise,
    nothing written."""
    record = parse_import(data)
    steps = _take(uow, [record], 1, organiser_key)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            report: BackupReport = done.value
            return report


def _take(uow: UnitOfWork, records: Iterable[GameRecord], total: int,
          organiser_key: str | None) -> Generator[Progress, None, BackupReport]:
    added = extended = unchanged = 0
    games: list[int] = []
    with uow:
        rows = uow.repo.list_games()
        stored = {(g.name, _moment(g.created_at), g.seats): g.id for g in rows}
        # The same game, whatever it is called here now (scorepad.domain.sync).
        by_uid = {g.uid: g.id for g in rows if g.uid is not None}
        for done, record in enumerate(records, start=1):
            people = resolve_seats(uow, record.seats)
            seats = tuple(people[s] for s in record.seats)
            key = (record.name, _moment(record.created_at), seats)
            game_id = by_uid.get(record.uid) if record.uid else None
            if game_id is None:
                game_id = stored.get(key)
            if game_id is None:
                game_id = stored[key] = _add(uow, record, people, organiser_key)
                added += 1
                if record.uid:
                    by_uid[record.uid] = game_id
            else:
                outcome = _extend(uow, game_id, record, people)
                extended += outcome
                unchanged += 1 - outcome
            games.append(game_id)
            yield Progress(done, total)
        uow.commit()
    return BackupReport(added, extended, unchanged, tuple(games))


def _last_played(record: GameRecord) -> datetime:
    """When the game of a file was last played: its `updated_at` when the file says,
    else its start."""
    return record.updated_at or record.created_at


def _add(uow: UnitOfWork, record: GameRecord, people: dict[str, str],
         organiser_key: str | None) -> int:
    when = _last_played(record)
    game_id = uow.repo.add_game(
        name=record.name, seats=[people[s] for s in record.seats],
        deal_size=record.deal_size, first_dealer=record.table.first_dealer,
        rules=record.rules.to_dict(), status=record.status, now=when,
        created_at=record.created_at,
        organiser_hash=hash_secret(organiser_key) if organiser_key else None,
        uid=free_uid(uow, record))
    uow.repo.add_deals(game_id, stored_deals(uow, record.deals, people), now=when)
    return game_id


def _extend(uow: UnitOfWork, game_id: int, record: GameRecord, people: dict[str, str]
            ) -> int:
    """1 when the stored game got the file's later deals, 0 when it already had them."""
    have = _stored_keys(uow.repo.list_deals(game_id))
    wanted = [_deal_key(d.number, d.kind.value, {people.get(p, p): v for p, v
                                                  in d.scores.items()})
              for d in record.deals]
    if have == wanted:
        return 0
    if len(have) < len(wanted) and wanted[:len(have)] == have:
        later = record.deals[len(have):]
        uow.repo.add_deals(game_id, stored_deals(uow, later, people),
                           now=record.updated_at or now())
        return 1
    differs = next((i for i, (a, b) in enumerate(zip(have, wanted, strict=False)) if a != b),
                   min(len(have), len(wanted)))
    number = record.deals[differs].number if differs < len(record.deals) else differs + 1
    name, day = record.name, record.created_at.date().isoformat()
    raise ImportRefused(Message(N_("phone.backup.diverged"),
                                {"name": name, "day": day, "deal": number}), "games")
