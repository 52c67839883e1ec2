"""A game leaving or entering the database as a file: its exports (CSV, JSON, PDF) and the
import of its JSON export (FORMAT.md §5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorepad.domain import DealRecord, GameRecord
from scorepad.domain.messages import N_, Message
from scorepad.domain.parsing import map_players
from scorepad.domain.sync import game_uid
from scorepad.services.base.access import hash_secret
from scorepad.services.base.common import load_game
from scorepad.services.base.errors import ImportRefused, ServiceError
from scorepad.services.club.players import resolve_seats
from scorepad.services.games.record import game_record
from scorepad.services.ports import DealState, NewDeal, UnitOfWork

EXPORT_FORMATS = ("csv", "json", "pdf")
# A 1,500-deal game exports to well under 2 MB: 20 MB leaves room and bounds the work.
IMPORT_MAX_BYTES = 20 * 1024 * 1024


def export_version(uow: UnitOfWork, game_id: int) -> tuple[str, int]:
    """The game's name and revision: what its exports depend on (to keep them cached)."""
    with uow:
        game = load_game(uow, game_id)
        return game.name, game.revision


def export_game(uow: UnitOfWork, game_id: int, fmt: str, lang: str = "fr") -> bytes:
    """The game as CSV, JSON (FORMAT.md §5) or PDF bytes."""
    if fmt not in EXPORT_FORMATS:
        raise ServiceError("format", "export_format", got=fmt)
    record = game_record(uow, game_id)
    from scorepad import exports

    if fmt == "csv":
        return exports.render_csv(record, lang)
    if fmt == "json":
        return exports.render_json(record)
    return exports.render_pdf(record, lang)


def import_game(uow: UnitOfWork, data: bytes, *, organiser_key: str | None = None,
                by_operator: bool = False) -> int:
    """Stores a game exported as JSON, every row recomputed and checked first; refused
    with ImportRefused (naming the deal) and nothing written otherwise. Returns its id.
    `organiser_key` (from `access.new_secret`) makes its holder the game's organiser;
    `by_operator` (the command line): without a key, only the operator may act as its
    organiser until `scorepad organiser GAME` names one."""
    record = parse_import(data)
    # The day it was last played, as the file says (else its start): not the import's.
    when = record.updated_at or record.created_at
    with uow:
        # A merged player's name in the file means the player it was merged into.
        people = resolve_seats(uow, record.seats)
        uid = free_uid(uow, record)
        game_id = uow.repo.add_game(
            name=record.name, seats=[people[s] for s in record.seats],
            deal_size=record.deal_size, first_dealer=record.table.first_dealer,
            rules=record.rules.to_dict(), status=record.status, now=when,
            created_at=record.created_at,
            organiser_hash=hash_secret(organiser_key) if organiser_key else None,
            made_by_operator=by_operator, uid=uid,
        )
        uow.repo.add_deals(game_id, stored_deals(uow, record.deals, people), now=when)
        uow.commit()
    return game_id


def parse_import(data: bytes) -> GameRecord:
    """A game's JSON export read and checked, or ImportRefused naming the file (too big)
    or what the file got wrong."""
    from scorepad import exports

    if len(data) > IMPORT_MAX_BYTES:
        # Megabytes rounded as the file shows them (25.4 MB: 25).
        raise ImportRefused(Message(N_("service.import_too_big"), {
            "mb": round(len(data) / 1024 / 1024), "limit": IMPORT_MAX_BYTES // 1024 // 1024}))
    try:
        return exports.parse_game_export(data)
    except exports.ImportRefused as exc:
        raise ImportRefused(exc, field=exc.field or "file") from exc


def free_uid(uow: UnitOfWork, record: GameRecord) -> str | None:
    """The uid a game taken from a file is stored with: the file's, else the one its
    name, start and seats give (the same game restored on two phones is one game on a
    club's server); None (a new one) when another game of the database has it already
    (the same file imported twice by `scorepad import`, which adds it twice)."""
    uid = record.uid or game_uid(record.name, record.created_at, record.seats)
    return None if uow.repo.game_by_uid(uid) is not None else uid


def stored_deals(uow: UnitOfWork, deals: Sequence[DealRecord], people: dict[str, str]
                 ) -> list[NewDeal]:
    """The deals of a file to store, each keeping the change it shows unless this
    database has that change already (the same game imported twice): then a new one."""
    known = uow.repo.known_changes([d.change for d in deals if d.change])
    return [stored_deal(d, people, keep=d.change not in known) for d in deals]


def stored_deal(deal: DealRecord, people: dict[str, str], *, keep: bool = True) -> NewDeal:
    def who(name: str) -> str:
        return people.get(name, name)

    data: dict[str, Any] | None = (map_players(deal.input.to_dict(), who) if deal.input
                                   else None)
    return NewDeal(
        number=deal.number, dealer=who(deal.dealer),
        sitting_out=tuple(who(n) for n in deal.sitting_out),
        state=DealState(deal.kind, data, {who(p): v for p, v in deal.scores.items()}),
        action="imported", uid=deal.uid if keep else None,
        change=deal.change if keep else None, parents=deal.parents if keep else (),
    )
