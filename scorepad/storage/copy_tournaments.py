"""What the copy adds for tournaments: each tournament with its players present, its
rounds and their seats, with the target's ids, so that its tables' games find it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Connection, Table, insert, select

from scorepad.storage.tournaments_repo import DRAWN_SEAT, ENTRANT, ROUND, TOURNAMENT


def _utc(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return value


def _row(row: Mapping[Any, Any], table: Table, **override: Any) -> dict[str, Any]:
    values = {c.name: _utc(row[c.name]) for c in table.c if c.name != "id"}
    return {**values, **override}


def _key(name: str, day: date | str, created: Any) -> tuple[str, str, Any]:
    return name, str(day)[:10], _utc(created)


def copy_tournaments(src: Connection, dst: Connection, players: Mapping[int, int],
                     circles: Mapping[int, int]) -> dict[int, int]:
    """Every source tournament's id in the target. One of the same name, day and creation
    time is already there (an earlier copy): kept as it is; the others are copied."""
    existing = {_key(n, d, c): int(i) for i, n, d, c in dst.execute(select(
        TOURNAMENT.c.id, TOURNAMENT.c.name, TOURNAMENT.c.day, TOURNAMENT.c.created_at))}
    ids: dict[int, int] = {}
    for row in src.execute(select(TOURNAMENT).order_by(TOURNAMENT.c.id)).mappings():
        key = _key(row["name"], row["day"], row["created_at"])
        if key in existing:
            ids[int(row["id"])] = existing[key]
            continue
        circle = circles.get(row["circle_id"]) if row["circle_id"] else None
        new_id = int(dst.execute(insert(TOURNAMENT).values(
            _row(row, TOURNAMENT, circle_id=circle)).returning(TOURNAMENT.c.id)).scalar_one())
        ids[int(row["id"])] = new_id
        entrants = src.execute(select(ENTRANT).where(
            ENTRANT.c.tournament_id == row["id"])).mappings().all()
        if entrants:
            dst.execute(insert(ENTRANT), [_row(e, ENTRANT, tournament_id=new_id,
                                               player_id=players[e["player_id"]])
                                          for e in entrants])
        _copy_rounds(src, dst, int(row["id"]), new_id, players)
    return ids


def _copy_rounds(src: Connection, dst: Connection, source: int, target: int,
                 players: Mapping[int, int]) -> None:
    for entry in src.execute(select(ROUND).where(ROUND.c.tournament_id == source)
                             .order_by(ROUND.c.number)).mappings().all():
        round_id = int(dst.execute(insert(ROUND).values(
            _row(entry, ROUND, tournament_id=target)).returning(ROUND.c.id)).scalar_one())
        seats = src.execute(select(DRAWN_SEAT).where(
            DRAWN_SEAT.c.round_id == entry["id"])).mappings().all()
        if seats:
            dst.execute(insert(DRAWN_SEAT), [{
                "round_id": round_id, "player_id": players[s["player_id"]],
                "table_number": s["table_number"], "position": s["position"]}
                for s in seats])
