"""What the copy adds for circles and merged players: circles matched by name, the
players' merges and the seats' first occupants with the target's ids."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from sqlalchemy import Connection, insert, select, update

from scorepad.storage.repo_base import CIRCLE, PLAYER, SEAT


def copy_circles(src: Connection, dst: Connection) -> dict[int, int]:
    """Every source circle's id in the target (a circle of the same name is reused)."""
    existing = {name: cid for cid, name in dst.execute(select(CIRCLE.c.id, CIRCLE.c.name))}
    ids: dict[int, int] = {}
    for cid, name, created in src.execute(
            select(CIRCLE.c.id, CIRCLE.c.name, CIRCLE.c.created_at).order_by(CIRCLE.c.id)):
        if name not in existing:
            when = created.replace(tzinfo=UTC) if isinstance(created, datetime) and \
                created.tzinfo is None else created
            existing[name] = int(dst.execute(insert(CIRCLE).values(
                name=name, created_at=when).returning(CIRCLE.c.id)).scalar_one())
        ids[int(cid)] = int(existing[name])
    return ids


def link_merged_players(src: Connection, dst: Connection, players: Mapping[int, int],
                        created: set[int]) -> None:
    """The players created by the copy keep their merge (players found by name keep the
    target's own state)."""
    for pid, into in src.execute(select(PLAYER.c.id, PLAYER.c.merged_into)
                                 .where(PLAYER.c.merged_into.is_not(None))):
        if int(pid) in created and int(into) in players:
            dst.execute(update(PLAYER).where(PLAYER.c.id == players[int(pid)])
                        .values(merged_into=players[int(into)]))


def copy_seated_as(src: Connection, dst: Connection, source_game: int, game_id: int,
                   players: Mapping[int, int]) -> None:
    """Who first sat at each seat a merge moved (what un-merging puts back)."""
    for position, seated_as in src.execute(
            select(SEAT.c.position, SEAT.c.seated_as)
            .where(SEAT.c.game_id == source_game, SEAT.c.seated_as.is_not(None))):
        if int(seated_as) in players:
            dst.execute(update(SEAT).where(SEAT.c.game_id == game_id,
                                           SEAT.c.position == position)
                        .values(seated_as=players[int(seated_as)]))

