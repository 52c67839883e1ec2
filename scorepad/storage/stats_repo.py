"""The repository's statistics: the games of a circle and a period with their totals, and
the sums a player's record is made of, each made by the database over the score rows'
parts and the tallies the triggers keep (migration 0010), never by reading every deal."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    Integer,
    Select,
    and_,
    any_,
    cast,
    exists,
    func,
    literal,
    literal_column,
    select,
)

from scorepad.domain.parts import COUNTS, PartKey, PartTally, key_order
from scorepad.domain.player_record import EXTREME_CELLS, Cell, Extreme
from scorepad.domain.streaks import Outcomes
from scorepad.services.ports.stats import ScopeGame, StatsScope
from scorepad.storage.parts import CONTRACTS, ROLES
from scorepad.storage.repo_base import (
    CIRCLE,
    DEAL,
    GAME,
    SCORE,
    SEAT,
    TALLY,
    TOTAL,
    RepositoryBase,
    as_text,
    db_time,
    py_time,
    table_of,
)
from scorepad.storage.tables import TAKER_ROLE, PlayerTally

PARTS = table_of(PlayerTally)
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


#: a scope of at most this many games is sent as a list of ids (the database reads it
#: once), a larger one as the query finding them (under SQLite's limit of parameters)
LISTED_GAMES = 10_000


class StatsRepository(RepositoryBase):
    """Sums over the games of a scope, inside one transaction."""

    _orders: dict[Any, dict[int, tuple[int, str]]]

    def _in_scope(self, column: Any, scope: StatsScope, *, by_player: bool = False) -> Any:
        """`column` (a game id) among the scope's games: their ids, found once in this
        transaction (finding them costs a probe a game, repeated by every query else).
        `by_player`: the query goes by a player's index, so SQLite is kept from reading by
        the game's (`+ 0`), which would take every row of every game of the scope
        (PostgreSQL, which keeps statistics, chooses well by itself)."""
        ids = self._scope_ids(scope)
        if len(ids) > LISTED_GAMES:
            return column.in_(scope_query(scope))
        if self.conn.dialect.name == "postgresql":
            # One array parameter: planned at once, where a list of thousands is not.
            # (Imported here: the phone's start never loads PostgreSQL's dialect.)
            from sqlalchemy.dialects.postgresql import ARRAY

            return column == any_(literal(ids, ARRAY(Integer)))
        return (column + 0 if by_player else column).in_(ids)

    def _scope_ids(self, scope: StatsScope) -> list[int]:
        order = self._scope_order(scope)
        return list(order)

    def scope_games(self, scope: StatsScope) -> list[ScopeGame]:
        names = self._player_names()
        games = self._in_scope(SEAT.c.game_id, scope)
        # Each seat with its total, in one read (a seat that never scored has no total).
        seats: dict[int, dict[str, int]] = {}
        for game_id, player_id, points in self.conn.execute(
                select(SEAT.c.game_id, SEAT.c.player_id, TOTAL.c.points)
                .outerjoin(TOTAL, and_(TOTAL.c.game_id == SEAT.c.game_id,
                                       TOTAL.c.player_id == SEAT.c.player_id))
                .where(games).order_by(SEAT.c.game_id, SEAT.c.position)):
            seats.setdefault(game_id, {})[names[player_id]] = points or 0
        circles = {i: n for i, n in self.conn.execute(select(CIRCLE.c.id, CIRCLE.c.name))}
        rows = self.conn.execute(
            select(GAME.c.id, GAME.c.name, as_text(GAME.c.created_at), GAME.c.revision,
                   GAME.c.circle_id, TALLY.c.deals)
            .outerjoin(TALLY, TALLY.c.game_id == GAME.c.id)
            .where(self._in_scope(GAME.c.id, scope))
            .order_by(GAME.c.created_at, GAME.c.id))
        result = []
        for game_id, name, created, revision, circle_id, deals in rows:
            totals = seats.get(game_id, {})
            result.append(ScopeGame(
                id=game_id, name=name, created_at=py_time(created), revision=revision,
                circle=circles.get(circle_id) if circle_id is not None else None,
                seats=tuple(totals), deals=deals or 0, totals=totals))
        return result

    def scope_tallies(self, scope: StatsScope, player: int | None = None
                      ) -> dict[str, tuple[PartTally, ...]]:
        names = self._player_names()
        keys = (PARTS.c.player_id, PARTS.c.role, PARTS.c.contract, PARTS.c.made,
                PARTS.c.ally_id)
        query = (select(*keys, *(func.sum(PARTS.c[name]) for name in COUNTS))
                 .where(self._in_scope(PARTS.c.game_id, scope)).group_by(*keys))
        if player is not None:
            query = query.where(PARTS.c.player_id == player)
        found: dict[str, list[PartTally]] = {}
        for player_id, role, contract, made, ally, *counts in self.conn.execute(query):
            if role not in ROLES:
                continue  # a row without a part: never written by the app
            key = PartKey(ROLES[role], CONTRACTS[contract], bool(made),
                          names[ally] if ally else None)
            found.setdefault(names[player_id], []).append(PartTally(
                key=key, **{name: int(value) for name, value in zip(COUNTS, counts,
                                                                    strict=True)}))
        return {p: tuple(sorted(t, key=lambda t: key_order(t.key))) for p, t in found.items()}

    def scope_takes(self, scope: StatsScope, player: int | None = None
                    ) -> dict[str, dict[int, Outcomes]]:
        names = self._player_names()
        flag = cast(SCORE.c.made, Integer)
        where = and_(IS_TAKE, self._in_scope(SCORE.c.game_id, scope, by_player=True))
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
        found: dict[str, dict[int, Outcomes]] = {}
        for player_id, game_id, text in self.conn.execute(query):
            found.setdefault(names[player_id], {})[game_id] = str(text)
        return found

    def scope_sat_out(self, scope: StatsScope, player: int | None = None) -> dict[str, int]:
        names = self._player_names()
        query = (select(DEAL.c.sitting_out_id, func.count())
                 .where(DEAL.c.sitting_out_id.is_not(None), DEAL.c.deleted.is_(False),
                        self._in_scope(DEAL.c.game_id, scope, by_player=True))
                 .group_by(DEAL.c.sitting_out_id))
        if player is not None:
            query = query.where(DEAL.c.sitting_out_id == player)
        return {names[p]: int(n) for p, n in self.conn.execute(query)}

    def scope_extremes(self, scope: StatsScope, player: int | None = None,
                       cells: bool = True) -> dict[str, tuple[Extreme, Extreme]]:
        names = self._player_names()
        if player is not None:
            players = [player]
        else:
            players = [int(p) for p in self.conn.execute(
                select(PARTS.c.player_id).distinct()
                .where(self._in_scope(PARTS.c.game_id, scope))).scalars()]
        order = self._scope_order(scope) if cells else {}
        found = {}
        for pid in players:
            high, low = self._player_extremes(pid, scope)
            if high is None or low is None:
                continue
            found[names[pid]] = ((self._extreme(pid, high, scope, order),
                                  self._extreme(pid, low, scope, order)) if cells
                                 else (Extreme(high), Extreme(low)))
        return found

    def _player_extremes(self, player: int, scope: StatsScope) -> tuple[int | None, ...]:
        # Along the (player, points) index from each end: the first deal in the scope.
        where = and_(SCORE.c.player_id == player,
                     self._in_scope(SCORE.c.game_id, scope, by_player=True))
        return tuple(self.conn.execute(select(SCORE.c.points).where(where)
                                       .order_by(column).limit(1)).scalar()
                     for column in (SCORE.c.points.desc(), SCORE.c.points))

    def _scope_order(self, scope: StatsScope) -> dict[int, tuple[int, str]]:
        """Each game of the scope by id: its place in the order played, and its name;
        read once a transaction (the scope's games are the same throughout it)."""
        known = self._orders.get(scope)
        if known is None:
            rows = self.conn.execute(select(GAME.c.id, GAME.c.name)
                                     .where(GAME.c.id.in_(scope_query(scope)))
                                     .order_by(GAME.c.created_at, GAME.c.id))
            known = self._orders[scope] = {
                game_id: (index, name) for index, (game_id, name) in enumerate(rows)}
        return known

    def _extreme(self, player: int, points: int, scope: StatsScope,
                 order: dict[int, tuple[int, str]]) -> Extreme:
        """The first cells (in the order played) where `player` scored `points`."""
        where = and_(SCORE.c.player_id == player, SCORE.c.points == points,
                     self._in_scope(SCORE.c.game_id, scope, by_player=True))
        by_game = dict(self.conn.execute(select(SCORE.c.game_id, func.count())
                                         .where(where).group_by(SCORE.c.game_id)).all())
        cells: list[Cell] = []
        names = self._player_names()
        for game_id in sorted(by_game, key=lambda g: order[g][0]):
            for deal_id, number, role, contract in self.conn.execute(
                    select(SCORE.c.deal_id, DEAL.c.number, SCORE.c.role, SCORE.c.contract)
                    .join(DEAL, DEAL.c.id == SCORE.c.deal_id)
                    .where(SCORE.c.player_id == player, SCORE.c.points == points,
                           SCORE.c.game_id == game_id)
                    .order_by(DEAL.c.number).limit(EXTREME_CELLS - len(cells))):
                cells.append(Cell(game_id, order[game_id][1], deal_id, number,
                                  names[player], points, ROLES[role], CONTRACTS[contract]))
            if len(cells) >= EXTREME_CELLS:
                break
        return Extreme(points, tuple(cells), sum(by_game.values()))
