"""The repository's players' screen: hiding a player, and merging two players who are the
same person (every seat, deal input, score row and version moves; undone by un-merging)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import and_, select, update

from scorepad.domain.parsing import map_players
from scorepad.services.ports.events import ChangeKind
from scorepad.storage.repo_base import (
    DEAL,
    PLAYER,
    SCORE,
    SEAT,
    VERSION,
    RepositoryBase,
    db_time,
    dumps,
)


def swap_input(text: str | None, old: int, new: int) -> str | None:
    """A stored deal input (player ids) with player `old` replaced by `new`."""
    if text is None:
        return None
    return dumps(map_players(json.loads(text), lambda p: new if p == old else p))


def swap_scores(text: str, old: int, new: int) -> str:
    """A stored version's scores (keyed by player id as text) with `old` renamed `new`."""
    scores = json.loads(text)
    return dumps({(str(new) if key == str(old) else key): v for key, v in scores.items()})


class PlayersRepository(RepositoryBase):
    """Hiding and merging players inside one transaction."""

    def set_player_hidden(self, player_id: int, hidden: bool) -> None:
        self.conn.execute(update(PLAYER).where(PLAYER.c.id == player_id).values(hidden=hidden))
        self.changes.record(None, ChangeKind.PLAYERS)

    def shared_games(self, first_id: int, second_id: int) -> list[int]:
        other = SEAT.alias("other")
        rows = self.conn.execute(
            select(SEAT.c.game_id).join(other, and_(other.c.game_id == SEAT.c.game_id,
                                                    other.c.player_id == second_id))
            .where(SEAT.c.player_id == first_id).order_by(SEAT.c.game_id)
        ).scalars()
        return sorted({int(g) for g in rows})

    def tablemates(self) -> set[tuple[int, int]]:
        """Every (player, other player) who sat at one game, both ways round."""
        other = SEAT.alias("other")
        rows = self.conn.execute(
            select(SEAT.c.player_id, other.c.player_id).distinct()
            .join(other, and_(other.c.game_id == SEAT.c.game_id,
                              other.c.player_id != SEAT.c.player_id)))
        return {(int(a), int(b)) for a, b in rows}

    def merge_player(self, merged_id: int, kept_id: int, *, now: datetime) -> list[int]:
        """Moves `merged_id`'s seats and history to `kept_id` (never seated together) and
        marks it merged; returns the games changed."""
        seats = self.conn.execute(
            select(SEAT.c.game_id, SEAT.c.position, SEAT.c.seated_as)
            .where(SEAT.c.player_id == merged_id)).all()
        for game_id, position, seated_as in seats:
            self.conn.execute(update(SEAT).where(
                SEAT.c.game_id == game_id, SEAT.c.position == position
            ).values(player_id=kept_id,
                     seated_as=seated_as if seated_as is not None else merged_id))
            self._move_in_game(game_id, merged_id, kept_id)
        self.conn.execute(update(PLAYER).where(PLAYER.c.id == merged_id).values(
            merged_into=kept_id, merged_at=db_time(now)))
        return self._touched(sorted({int(g) for g, _, _ in seats}))

    def unmerge_player(self, player_id: int, *, now: datetime) -> list[int]:
        """Gives `player_id` back every seat it (or a player merged into it) first held;
        returns the games changed."""
        family = self._merged_family(player_id)
        seats = self.conn.execute(
            select(SEAT.c.game_id, SEAT.c.position, SEAT.c.player_id, SEAT.c.seated_as)
            .where(SEAT.c.seated_as.in_(family))).all()
        for game_id, position, holder, seated_as in seats:
            self.conn.execute(update(SEAT).where(
                SEAT.c.game_id == game_id, SEAT.c.position == position
            ).values(player_id=player_id,
                     seated_as=None if seated_as == player_id else seated_as))
            self._move_in_game(game_id, holder, player_id)
        self.conn.execute(update(PLAYER).where(PLAYER.c.id == player_id).values(
            merged_into=None, merged_at=None))
        return self._touched(sorted({int(g) for g, _, _, _ in seats}))

    def seated_as(self, game_id: int) -> dict[int, str]:
        names = self._player_names()
        return {int(position): names[int(first)] for position, first in self.conn.execute(
            select(SEAT.c.position, SEAT.c.seated_as)
            .where(SEAT.c.game_id == game_id, SEAT.c.seated_as.is_not(None)))}

    def set_seated_as(self, game_id: int, seated_as: Mapping[int, str]) -> None:
        """Each seat's first occupant by name, found among this database's players."""
        for position, name in seated_as.items():
            self.conn.execute(update(SEAT).where(
                SEAT.c.game_id == game_id, SEAT.c.position == position
            ).values(seated_as=select(PLAYER.c.id).where(PLAYER.c.name == name)
                     .scalar_subquery()))

    def _merged_family(self, player_id: int) -> list[int]:
        """The player and every player merged into it, directly or through others."""
        children: dict[int, list[int]] = {}
        for child, parent in self.conn.execute(
                select(PLAYER.c.id, PLAYER.c.merged_into)
                .where(PLAYER.c.merged_into.is_not(None))):
            children.setdefault(int(parent), []).append(int(child))
        family, todo = [player_id], [player_id]
        while todo:
            for child in children.get(todo.pop(), []):
                if child not in family:
                    family.append(child)
                    todo.append(child)
        return family

    def _move_in_game(self, game_id: int, old: int, new: int) -> None:
        """Every reference to player `old` in one game's deals and history becomes `new`."""
        if old == new:
            return
        for column in (DEAL.c.dealer_id, DEAL.c.sitting_out_id):
            self.conn.execute(update(DEAL).where(DEAL.c.game_id == game_id, column == old)
                              .values({column.name: new}))
        self.conn.execute(update(SCORE).where(SCORE.c.game_id == game_id,
                                              SCORE.c.player_id == old).values(player_id=new))
        self.conn.execute(update(SCORE).where(SCORE.c.game_id == game_id,
                                              SCORE.c.ally_id == old).values(ally_id=new))
        for deal_id, text in self.conn.execute(
                select(DEAL.c.id, DEAL.c.input_json).where(DEAL.c.game_id == game_id)).all():
            if text is not None:
                self.conn.execute(update(DEAL).where(DEAL.c.id == deal_id).values(
                    input_json=swap_input(text, old, new)))
        versions = self.conn.execute(
            select(VERSION.c.id, VERSION.c.input_json, VERSION.c.scores_json)
            .join(DEAL, DEAL.c.id == VERSION.c.deal_id).where(DEAL.c.game_id == game_id)
        ).all()
        for version_id, text, scores in versions:
            self.conn.execute(update(VERSION).where(VERSION.c.id == version_id).values(
                input_json=swap_input(text, old, new), scores_json=swap_scores(scores, old, new)))
        self._seats.pop(game_id, None)
