"""The repository's statistics: the games of a circle and a period (a light read, each with
its revision) and their seats, and the sums a player's record is made of, each made by
the database over the score rows' parts and the tallies the triggers keep (migration
0010), never by reading every deal: over a scope's games (but a few left out), or game by
game for a few games (scorepad.storage.stats_games)."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Integer,
    Select,
    and_,
    cast,
    delete,
    exists,
    func,
    insert,
    literal_column,
    select,
    true,
)

from scorepad.domain.parts import COUNTS, PartTally, key_order
from scorepad.domain.player_record import EXTREME_CELLS, Cell, Extreme
from scorepad.domain.streaks import Outcomes
from scorepad.services.ports.stats import Asked, GameStamp, PlayerSums, StatsScope
from scorepad.storage.migrations import LATEST_MIGRATION
from scorepad.storage.parts import ROLES
from scorepad.storage.repo_base import (
    CIRCLE,
    DEAL,
    GAME,
    SCORE,
    TALLY,
    as_text,
    db_time,
    py_time,
    table_of,
)
from scorepad.storage.stats_games import PARTS, GameStatsRepository, tally_of
from scorepad.storage.tables import TAKER_ROLE, StoredStats

STORED = table_of(StoredStats)


@cache
def _stats_code() -> str:
    """A digest of the modules that sum and the schema they read (its newest migration:
    the triggers keeping the tallies are migrations)."""
    from scorepad.storage import parts, repo_base, stats_games, tables

    digest = hashlib.sha256(LATEST_MIGRATION.encode())
    for module in (parts, repo_base, stats_games, tables, sys.modules[__name__]):
        digest.update(Path(str(module.__file__)).read_bytes())
    return digest.hexdigest()[:16]

#: the takes' partial index is used only when its condition is written as is
IS_TAKE = SCORE.c.role == literal_column(str(TAKER_ROLE))


def scope_query(scope: StatsScope) -> Select[Any]:
    """The ids of the scope's games in which a deal was played (they have a tally)."""
    query = select(GAME.c.id).where(GAME.c.deleted_at.is_(None),
                                    exists().where(PARTS.c.game_id == GAME.c.id))
    if scope.circle_id is not None:
        query = query.where(GAME.c.circle_id == scope.circle_id)
    if scope.start is not None:
        query = query.where(GAME.c.created_at >= db_time(scope.start))
    if scope.end is not None:
        query = query.where(GAME.c.created_at < db_time(scope.end))
    return query


#: a scope of at most this many games is sent as its list of ids (the database reads it
#: once), a larger one as the query finding them
LISTED_GAMES = 10_000


class StatsRepository(GameStatsRepository):
    """Sums over the games of a scope, inside one transaction."""

    _orders: dict[Any, dict[int, tuple[int, str]]]

    #: False for a phone's database (open_database's `stores_stats`)
    stores_stats: bool = True

    def stats_source(self) -> object:
        return self.conn.engine

    def stats_code(self) -> str:
        return _stats_code()

    def stored_stats(self, name: str) -> str | None:
        found = self.conn.execute(select(STORED.c.body).where(STORED.c.name == name))
        return found.scalar_one_or_none()

    def store_stats(self, bodies: Mapping[str, str]) -> None:
        self.conn.execute(delete(STORED).where(STORED.c.name.in_(list(bodies))))
        moment = datetime.now(UTC)
        self.conn.execute(insert(STORED), [{"name": name, "body": body, "stored_at": moment}
                                           for name, body in bodies.items()])

    def circle_names(self) -> dict[int, str]:
        return {int(i): str(n) for i, n in self.conn.execute(select(CIRCLE.c.id,
                                                                     CIRCLE.c.name))}

    def scope_index(self, scope: StatsScope) -> list[GameStamp]:
        query = scope_query(scope).with_only_columns(
            GAME.c.id, GAME.c.name, as_text(GAME.c.created_at), GAME.c.revision,
            GAME.c.circle_id, TALLY.c.deals,
        ).outerjoin(TALLY, TALLY.c.game_id == GAME.c.id).order_by(GAME.c.created_at,
                                                                   GAME.c.id)
        found = [GameStamp(id=i, name=n, created_at=py_time(at), revision=r, circle_id=c,
                           deals=d or 0) for i, n, at, r, c, d in self.conn.execute(query)]
        # The scope's games are the same throughout the transaction: the sums below use
        # their ids rather than finding them again (a probe a game, in every query).
        self._orders[scope] = {g.id: (index, g.name) for index, g in enumerate(found)}
        return found

    def _within(self, column: Any, scope: StatsScope, exclude: Collection[int], *,
                by_player: bool = False) -> Any:
        """`column` (a game id) among the scope's games but `exclude`: said by the games
        left out when they are fewer (a circle's every game, everything but the bin: no
        list of thousands to look each row up in). `by_player`: the query goes by a
        player's index, so SQLite is kept from reading by the game's (`+ 0`), which would
        take every row of every game of the scope (PostgreSQL, which keeps statistics,
        chooses well by itself)."""
        ids = self._scope_order(scope)
        if len(ids) > LISTED_GAMES:
            inside = column.in_(scope_query(scope))
            return and_(inside, column.not_in(list(exclude))) if exclude else inside
        outside = [g for g in self._every_game() if g not in ids or g in exclude]
        if len(outside) < len(ids):
            return self._among(column, outside, inside=False) if outside else true()
        inside = self._among(column + 0 if by_player else column, list(ids))
        return and_(inside, column.not_in(list(exclude))) if exclude else inside

    def _every_game(self) -> list[int]:
        """Every game's id, in the bin or not, read once a transaction."""
        known = self._orders.get("every game")
        if known is None:
            known = self._orders["every game"] = {
                int(i): (0, "") for i in self.conn.execute(select(GAME.c.id)).scalars()}
        return list(known)

    def _most_games(self, scope: StatsScope) -> bool:
        """Whether the scope holds a quarter of the database's games or more."""
        return len(self._scope_order(scope)) * 4 >= len(self._every_game())

    def _scope_order(self, scope: StatsScope) -> dict[int, tuple[int, str]]:
        """Each game of the scope by id: its place in the order played, and its name;
        read once a transaction."""
        known = self._orders.get(scope)
        if known is None:
            self.scope_index(scope)
            known = self._orders[scope]
        return known

    def scope_sums(self, scope: StatsScope, player: int | None, exclude: Collection[int],
                   asked: Asked) -> dict[str, PlayerSums]:
        names = self._player_names()
        tallies = self._tallies(scope, player, exclude)
        sat_out = self._sat_out(scope, player, exclude)
        takes = self._takes(scope, player, exclude) if asked.takes else {}
        extremes: dict[int, tuple[Extreme, Extreme]] = {}
        if asked.extremes != "none":
            for pid in ([player] if player is not None else list(tallies)):
                found = self._extremes(pid, scope, exclude, asked.extremes == "cells")
                if found is not None:
                    extremes[pid] = found
        result = {}
        for pid in {*tallies, *sat_out, *takes}:
            best, worst = extremes.get(pid, (None, None))
            result[names[pid]] = PlayerSums(tallies.get(pid, ()), sat_out.get(pid, 0),
                                            takes.get(pid, {}), best, worst)
        return result

    def _tallies(self, scope: StatsScope, player: int | None, exclude: Collection[int]
                 ) -> dict[int, tuple[PartTally, ...]]:
        names = self._player_names()
        keys = (PARTS.c.player_id, PARTS.c.role, PARTS.c.contract, PARTS.c.made,
                PARTS.c.ally_id)
        # Most games of the database: along the index of sums, already grouped (0011);
        # a few (a period): game by game, then grouped.
        along = player is not None or self._most_games(scope)
        query = (select(*keys, *(func.sum(PARTS.c[name]) for name in COUNTS))
                 .where(self._within(PARTS.c.game_id, scope, exclude, by_player=along))
                 .group_by(*keys))
        if player is not None:
            query = query.where(PARTS.c.player_id == player)
        found: dict[int, list[PartTally]] = {}
        for player_id, role, contract, made, ally, *counts in self.conn.execute(query):
            if role not in ROLES:
                continue  # a row without a part: never written by the app
            found.setdefault(player_id, []).append(
                tally_of(role, contract, made, ally, counts, names))
        return {p: tuple(sorted(t, key=lambda t: key_order(t.key))) for p, t in found.items()}

    def _takes(self, scope: StatsScope, player: int | None, exclude: Collection[int]
               ) -> dict[int, dict[int, Outcomes]]:
        flag = cast(SCORE.c.made, Integer)
        where = and_(IS_TAKE, self._within(SCORE.c.game_id, scope, exclude, by_player=True))
        if player is not None:
            where = and_(where, SCORE.c.player_id == player)
        if self.conn.dialect.name == "postgresql":
            query = (select(SCORE.c.player_id, SCORE.c.game_id,
                            literal_column("string_agg(CAST(CAST(deal_score.made AS INTEGER) "
                                           "AS TEXT), '' ORDER BY deal_score.deal_id)"))
                     .where(where).group_by(SCORE.c.player_id, SCORE.c.game_id))
        else:
            # The takes in the index's order (player, game, deal): SQLite does not
            # flatten a subquery with ORDER BY into an aggregate, and its GROUP BY
            # reads the subquery in that order (tests/integration/test_stats_reads.py).
            ordered = (select(SCORE.c.player_id, SCORE.c.game_id, flag.label("m"))
                       .where(where)
                       .order_by(SCORE.c.player_id, SCORE.c.game_id, SCORE.c.deal_id)
                       .subquery())
            query = (select(ordered.c.player_id, ordered.c.game_id,
                            func.group_concat(ordered.c.m, literal_column("''")))
                     .group_by(ordered.c.player_id, ordered.c.game_id))
        found: dict[int, dict[int, Outcomes]] = {}
        for player_id, game_id, text in self.conn.execute(query):
            found.setdefault(player_id, {})[game_id] = str(text)
        return found

    def _sat_out(self, scope: StatsScope, player: int | None, exclude: Collection[int]
                 ) -> dict[int, int]:
        query = (select(DEAL.c.sitting_out_id, func.count())
                 .where(DEAL.c.sitting_out_id.is_not(None), DEAL.c.deleted.is_(False),
                        self._within(DEAL.c.game_id, scope, exclude, by_player=True))
                 .group_by(DEAL.c.sitting_out_id))
        if player is not None:
            query = query.where(DEAL.c.sitting_out_id == player)
        return {int(p): int(n) for p, n in self.conn.execute(query)}

    def _extremes(self, player: int, scope: StatsScope, exclude: Collection[int],
                  cells: bool) -> tuple[Extreme, Extreme] | None:
        # Along the (player, points) index from each end: the first deal in the scope.
        where = and_(SCORE.c.player_id == player,
                     self._within(SCORE.c.game_id, scope, exclude, by_player=True))
        high, low = (self.conn.execute(select(SCORE.c.points).where(where)
                                       .order_by(column).limit(1)).scalar()
                     for column in (SCORE.c.points.desc(), SCORE.c.points))
        if high is None or low is None:
            return None
        if not cells:
            return Extreme(high), Extreme(low)
        return (self._extreme(player, high, scope, exclude),
                self._extreme(player, low, scope, exclude))

    def _extreme(self, player: int, points: int, scope: StatsScope,
                 exclude: Collection[int]) -> Extreme:
        """The first cells (in the order played) where `player` scored `points`."""
        order = self._scope_order(scope)
        where = and_(SCORE.c.player_id == player, SCORE.c.points == points,
                     self._within(SCORE.c.game_id, scope, exclude, by_player=True))
        by_game = dict(self.conn.execute(select(SCORE.c.game_id, func.count())
                                         .where(where).group_by(SCORE.c.game_id)).all())
        found: list[Cell] = []
        for game_id in sorted(by_game, key=lambda g: order[g][0]):
            found += self.cells(player, points, game_id, order[game_id][1],
                                EXTREME_CELLS - len(found))
            if len(found) >= EXTREME_CELLS:
                break
        return Extreme(points, tuple(found), sum(by_game.values()))
