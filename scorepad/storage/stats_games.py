"""The repository's statistics game by game: the seats and totals of given games, and each
player's sums in each of a few given games (the newest of a scope, where tonight's deals
go: scorepad.services.stats.kept keeps the rest summed), from the tallies the triggers
keep and the score rows' parts."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Integer, all_, and_, any_, bindparam, cast, func, literal, or_, select

from scorepad.domain.parts import COUNTS, PartKey, PartTally, key_order
from scorepad.domain.player_record import EXTREME_CELLS, Cell, Extreme
from scorepad.services.ports.stats import Asked, PlayerSums
from scorepad.storage.parts import CONTRACTS, ROLES
from scorepad.storage.repo_base import (
    DEAL,
    GAME,
    SCORE,
    SEAT,
    TOTAL,
    RepositoryBase,
    table_of,
)
from scorepad.storage.tables import TAKER_ROLE, PlayerTally

PARTS = table_of(PlayerTally)


def tally_of(role: int, contract: int, made: Any, ally: int, counts: Sequence[Any],
             names: dict[int, str]) -> PartTally:
    """A tally from its stored key (codes, ally's id) and its counters."""
    key = PartKey(ROLES[role], CONTRACTS[contract], bool(made), names[ally] if ally else None)
    return PartTally(key=key, **{n: int(v) for n, v in zip(COUNTS, counts, strict=True)})


class GameStatsRepository(RepositoryBase):
    """Game by game, inside one transaction."""

    def _among(self, column: Any, ids: Sequence[int], *, inside: bool = True) -> Any:
        """`column` in `ids` (`inside` False: not in them), sent as one parameter (a list
        of thousands compiled into the statement cost more than the query: a JSON array
        on SQLite, an array on PostgreSQL)."""
        if self.conn.dialect.name == "postgresql":
            # (Imported here: the phone's start never loads PostgreSQL's dialect.)
            from sqlalchemy.dialects.postgresql import ARRAY

            listed = literal(list(ids), ARRAY(Integer))
            return column == any_(listed) if inside else column != all_(listed)
        values = func.json_each(bindparam(None, json.dumps(list(ids)))).table_valued("value")
        among = select(values.c.value)
        return column.in_(among) if inside else column.not_in(among)

    def game_seats(self, game_ids: Sequence[int]) -> dict[int, dict[str, int]]:
        names = self._player_names()
        seats: dict[int, dict[str, int]] = {game_id: {} for game_id in game_ids}
        if not game_ids:
            return seats
        # Each seat with its total, in one read (a seat that never scored has no total).
        for game_id, player_id, points in self.conn.execute(
                select(SEAT.c.game_id, SEAT.c.player_id, TOTAL.c.points)
                .outerjoin(TOTAL, and_(TOTAL.c.game_id == SEAT.c.game_id,
                                       TOTAL.c.player_id == SEAT.c.player_id))
                .where(self._among(SEAT.c.game_id, game_ids))
                .order_by(SEAT.c.game_id, SEAT.c.position)):
            seats[game_id][names[player_id]] = points or 0
        return seats

    def game_sums(self, game_ids: Sequence[int], player: int | None, asked: Asked
                  ) -> dict[int, dict[str, PlayerSums]]:
        names = self._player_names()
        found: dict[int, dict[int, dict[str, Any]]] = {g: {} for g in game_ids}
        if not game_ids:
            return {}

        def part(game_id: int, player_id: int) -> dict[str, Any]:
            return found[game_id].setdefault(player_id, {"tallies": []})

        mine = (lambda column: column == player) if player is not None else None
        query = select(PARTS.c.game_id, PARTS.c.player_id, PARTS.c.role, PARTS.c.contract,
                       PARTS.c.made, PARTS.c.ally_id, *(PARTS.c[n] for n in COUNTS)
                       ).where(self._among(PARTS.c.game_id, game_ids))
        if mine:
            query = query.where(mine(PARTS.c.player_id))
        for game_id, player_id, role, contract, made, ally, *counts in self.conn.execute(query):
            if role in ROLES:  # (a row without a part: never written by the app)
                part(game_id, player_id)["tallies"].append(
                    tally_of(role, contract, made, ally, counts, names))
        query = (select(DEAL.c.game_id, DEAL.c.sitting_out_id, func.count())
                 .where(DEAL.c.sitting_out_id.is_not(None), DEAL.c.deleted.is_(False),
                        self._among(DEAL.c.game_id, game_ids))
                 .group_by(DEAL.c.game_id, DEAL.c.sitting_out_id))
        if mine:
            query = query.where(mine(DEAL.c.sitting_out_id))
        for game_id, player_id, count in self.conn.execute(query):
            part(game_id, player_id)["sat_out"] = int(count)
        if asked.takes:
            query = (select(SCORE.c.game_id, SCORE.c.player_id, cast(SCORE.c.made, Integer))
                     .where(SCORE.c.role == TAKER_ROLE, self._among(SCORE.c.game_id, game_ids))
                     .order_by(SCORE.c.game_id, SCORE.c.player_id, SCORE.c.deal_id))
            if mine:
                query = query.where(mine(SCORE.c.player_id))
            for game_id, player_id, made in self.conn.execute(query):
                facts = part(game_id, player_id)
                facts["takes"] = facts.get("takes", "") + str(made)
        if asked.extremes != "none":
            self._game_extremes(game_ids, player, asked.extremes == "cells", part)
        return {game_id: {names[pid]: PlayerSums(
            tuple(sorted(facts["tallies"], key=lambda t: key_order(t.key))),
            facts.get("sat_out", 0),
            {game_id: facts["takes"]} if "takes" in facts else {},
            facts.get("best"), facts.get("worst"))
            for pid, facts in players.items()} for game_id, players in found.items()}

    def _game_extremes(self, game_ids: Sequence[int], player: int | None, cells: bool,
                       part: Any) -> None:
        """Each player's highest and lowest score in each game, with the first cells
        holding them and how many (`cells`), else the scores alone."""
        bounds = (select(SCORE.c.game_id, SCORE.c.player_id, func.max(SCORE.c.points),
                         func.min(SCORE.c.points))
                  .where(self._among(SCORE.c.game_id, game_ids))
                  .group_by(SCORE.c.game_id, SCORE.c.player_id))
        if player is not None:
            bounds = bounds.where(SCORE.c.player_id == player)
        found = {(g, p): (high, low) for g, p, high, low in self.conn.execute(bounds)}
        if not cells:
            for (game_id, player_id), (high, low) in found.items():
                facts = part(game_id, player_id)
                facts["best"], facts["worst"] = Extreme(high), Extreme(low)
            return
        named = self._game_names(game_ids)
        edges = bounds.subquery()
        high_col, low_col = edges.c[2], edges.c[3]
        rows = self.conn.execute(
            select(SCORE.c.game_id, SCORE.c.player_id, SCORE.c.points, DEAL.c.number,
                   SCORE.c.deal_id, SCORE.c.role, SCORE.c.contract)
            .join(DEAL, DEAL.c.id == SCORE.c.deal_id)
            .join(edges, and_(edges.c.game_id == SCORE.c.game_id,
                              edges.c.player_id == SCORE.c.player_id,
                              or_(SCORE.c.points == high_col, SCORE.c.points == low_col)))
            # Said of the rows too: PostgreSQL read every score row to join them.
            .where(self._among(SCORE.c.game_id, game_ids))
            .order_by(SCORE.c.game_id, SCORE.c.player_id, DEAL.c.number))
        held: dict[tuple[int, int, int], list[Cell]] = {}
        counted: dict[tuple[int, int, int], int] = {}
        names = self._player_names()
        for game_id, player_id, points, number, deal_id, role, contract in rows:
            key = (game_id, player_id, points)
            counted[key] = counted.get(key, 0) + 1
            if counted[key] <= EXTREME_CELLS:
                held.setdefault(key, []).append(Cell(
                    game_id, named[game_id], deal_id, number, names[player_id], points,
                    ROLES[role], CONTRACTS[contract]))
        for (game_id, player_id), (high, low) in found.items():
            facts = part(game_id, player_id)
            for name, score in (("best", high), ("worst", low)):
                key = (game_id, player_id, score)
                facts[name] = Extreme(score, tuple(held.get(key, ())), counted.get(key, 0))

    def _game_names(self, game_ids: Sequence[int]) -> dict[int, str]:
        return {int(i): str(n) for i, n in self.conn.execute(
            select(GAME.c.id, GAME.c.name).where(self._among(GAME.c.id, game_ids)))}

    def cells(self, player: int, points: int, game_id: int, game: str, limit: int
              ) -> list[Cell]:
        """The first `limit` cells of one game where `player` scored `points`."""
        names = self._player_names()
        return [Cell(game_id, game, deal_id, number, names[player], points, ROLES[role],
                     CONTRACTS[contract]) for deal_id, number, role, contract in
                self.conn.execute(
                    select(SCORE.c.deal_id, DEAL.c.number, SCORE.c.role, SCORE.c.contract)
                    .join(DEAL, DEAL.c.id == SCORE.c.deal_id)
                    .where(SCORE.c.player_id == player, SCORE.c.points == points,
                           SCORE.c.game_id == game_id)
                    .order_by(DEAL.c.number).limit(limit))]
