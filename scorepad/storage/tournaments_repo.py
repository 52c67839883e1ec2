"""The repository's tournaments: the tournament, its players present, its rounds' seats,
the games of its tables (created with the round, read back with a few aggregates) and its
hand-over links."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, distinct, func, insert, select, update

from scorepad.domain import GameStatus
from scorepad.domain.tournament import RoundStatus
from scorepad.services.ports.events import ChangeKind
from scorepad.services.ports.tournament import (
    EntrantRow,
    NewTableGame,
    RoundRow,
    TableGameRow,
    TournamentRow,
)
from scorepad.storage.games_repo import GamesRepository
from scorepad.storage.repo_base import (
    DEAL,
    GAME,
    PLAYER,
    SEAT,
    TOTAL,
    db_time,
    dumps,
    py_time,
    table_of,
)
from scorepad.storage.tables import (
    Tournament,
    TournamentHandover,
    TournamentPlayer,
    TournamentRound,
    TournamentSeat,
)

TOURNAMENT, ENTRANT = table_of(Tournament), table_of(TournamentPlayer)
ROUND, DRAWN_SEAT = table_of(TournamentRound), table_of(TournamentSeat)
T_HANDOVER = table_of(TournamentHandover)


def _date(value: date | str) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


class TournamentsRepository(GamesRepository):
    """Tournaments inside one transaction."""

    @staticmethod
    def _tournament(r: Any) -> TournamentRow:
        return TournamentRow(
            id=r["id"], name=r["name"], day=_date(r["day"]), circle_id=r["circle_id"],
            settings=json.loads(r["settings_json"]), status=GameStatus(r["status"]),
            organiser_hash=r["organiser_hash"], table_secret=r["table_secret"],
            revision=int(r["revision"]), created_at=py_time(r["created_at"]),
            updated_at=py_time(r["updated_at"]))

    def add_tournament(self, *, name: str, day: date, circle_id: int | None,
                       settings: dict[str, Any], organiser_hash: str | None,
                       table_secret: str, now: datetime,
                       created_at: datetime | None = None) -> int:
        return int(self.conn.execute(insert(TOURNAMENT).values(
            name=name, day=day, circle_id=circle_id, settings_json=dumps(settings),
            status=GameStatus.IN_PROGRESS.value, organiser_hash=organiser_hash,
            table_secret=table_secret, revision=0, created_at=db_time(created_at or now),
            updated_at=db_time(now)).returning(TOURNAMENT.c.id)).scalar_one())

    def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        row = self.conn.execute(select(TOURNAMENT).where(
            TOURNAMENT.c.id == tournament_id)).mappings().first()
        return self._tournament(row) if row else None

    def lock_tournament(self, tournament_id: int, *, now: datetime) -> TournamentRow | None:
        # The row updated first: the write lock (SQLite) or the row's lock (PostgreSQL)
        # is taken before anything is read, so two organisers' steps never interleave.
        row = self.conn.execute(
            update(TOURNAMENT).where(TOURNAMENT.c.id == tournament_id)
            .values(revision=TOURNAMENT.c.revision + 1, updated_at=db_time(now))
            .returning(*TOURNAMENT.c)).mappings().first()
        return self._tournament(row) if row else None

    def list_tournaments(self) -> list[TournamentRow]:
        rows = self.conn.execute(select(TOURNAMENT).order_by(
            TOURNAMENT.c.day.desc(), TOURNAMENT.c.id.desc())).mappings()
        return [self._tournament(r) for r in rows]

    def update_tournament(self, tournament_id: int, *, name: str | None = None,
                          day: date | None = None, settings: dict[str, Any] | None = None,
                          status: GameStatus | None = None) -> None:
        values: dict[str, Any] = {}
        if name is not None:
            values["name"] = name
        if day is not None:
            values["day"] = day
        if settings is not None:
            values["settings_json"] = dumps(settings)
        if status is not None:
            values["status"] = status.value
        if values:
            self.conn.execute(update(TOURNAMENT).where(TOURNAMENT.c.id == tournament_id)
                              .values(**values))

    def _update_games(self, tournament_id: int, **values: Any) -> list[int]:
        """Sets `values` on every game of the tournament (their revisions bumped)."""
        rows = self.conn.execute(
            update(GAME).where(GAME.c.tournament_id == tournament_id)
            .values(revision=GAME.c.revision + 1, **values)
            .returning(GAME.c.id, GAME.c.revision)).all()
        for game_id, revision in rows:
            self._changed(int(game_id), revision=int(revision))
        return [int(g) for g, _ in rows]

    def set_tournament_circle(self, tournament_id: int, circle_id: int | None) -> None:
        self.conn.execute(update(TOURNAMENT).where(TOURNAMENT.c.id == tournament_id)
                          .values(circle_id=circle_id))
        self._update_games(tournament_id, circle_id=circle_id)

    def set_tournament_organiser(self, tournament_id: int, organiser_hash: str) -> None:
        self.conn.execute(update(TOURNAMENT).where(TOURNAMENT.c.id == tournament_id)
                          .values(organiser_hash=organiser_hash))
        self.conn.execute(delete(T_HANDOVER).where(T_HANDOVER.c.tournament_id == tournament_id))
        self._update_games(tournament_id, organiser_hash=organiser_hash)

    def delete_tournament(self, tournament_id: int) -> None:
        # Explicit order rather than relying on ON DELETE CASCADE being on (SQLite).
        rounds = select(ROUND.c.id).where(ROUND.c.tournament_id == tournament_id)
        self.conn.execute(delete(DRAWN_SEAT).where(DRAWN_SEAT.c.round_id.in_(rounds)))
        for table in (ROUND, ENTRANT, T_HANDOVER):
            self.conn.execute(delete(table).where(table.c.tournament_id == tournament_id))
        self.conn.execute(delete(TOURNAMENT).where(TOURNAMENT.c.id == tournament_id))

    # -- players present ------------------------------------------------------------

    def _kept_names(self) -> dict[int, str]:
        """Every player's name as it reads now: a merged player's is the kept one's
        (worked out once while the transaction's names stand)."""
        known = self._player_names()
        kept: tuple[dict[int, str], dict[int, str]] | None = getattr(self, "_kept", None)
        if kept is not None and kept[0] is known:
            return kept[1]
        names = dict(known)
        merged = dict(self.conn.execute(select(PLAYER.c.id, PLAYER.c.merged_into)
                                        .where(PLAYER.c.merged_into.is_not(None))).all())
        for pid in merged:
            names[pid] = names[self._kept_id(int(pid))]
        self._kept = (known, names)
        return names

    def entrants(self, tournament_id: int) -> list[EntrantRow]:
        names = self._kept_names()
        rows = self.conn.execute(
            select(ENTRANT.c.player_id, ENTRANT.c.present, ENTRANT.c.arrived_at)
            .where(ENTRANT.c.tournament_id == tournament_id)
            .order_by(ENTRANT.c.arrived_at, ENTRANT.c.player_id)).all()
        return [EntrantRow(names[p], bool(present), py_time(at)) for p, present, at in rows]

    def set_present(self, tournament_id: int, names: Sequence[str], present: bool, *,
                    now: datetime) -> None:
        for name in names:
            player_id = self._player_id(name, now)
            known = self.conn.execute(update(ENTRANT).where(
                ENTRANT.c.tournament_id == tournament_id, ENTRANT.c.player_id == player_id
            ).values(present=present)).rowcount
            if not known and present:
                self.conn.execute(insert(ENTRANT).values(
                    tournament_id=tournament_id, player_id=player_id, present=True,
                    arrived_at=db_time(now)))

    # -- rounds ------------------------------------------------------------------------

    def tournament_rounds(self, tournament_id: int) -> list[RoundRow]:
        names = self._kept_names()
        rounds = self.conn.execute(select(ROUND).where(ROUND.c.tournament_id == tournament_id)
                                   .order_by(ROUND.c.number)).mappings().all()
        seats: dict[int, dict[int, list[str]]] = {}
        for round_id, table, player in self.conn.execute(
                select(DRAWN_SEAT.c.round_id, DRAWN_SEAT.c.table_number, DRAWN_SEAT.c.player_id)
                .where(DRAWN_SEAT.c.round_id.in_([r["id"] for r in rounds]))
                .order_by(DRAWN_SEAT.c.round_id, DRAWN_SEAT.c.table_number,
                          DRAWN_SEAT.c.position)):
            seats.setdefault(round_id, {}).setdefault(table, []).append(names[player])
        return [RoundRow(
            number=r["number"], status=RoundStatus(r["status"]), seed=int(r["seed"]),
            tables=tuple(tuple(t) for _, t in sorted(seats.get(r["id"], {}).items())),
            drawn_at=py_time(r["drawn_at"]),
            started_at=py_time(r["started_at"]) if r["started_at"] else None,
            closed_at=py_time(r["closed_at"]) if r["closed_at"] else None,
        ) for r in rounds]

    def _round_id(self, tournament_id: int, number: int) -> int | None:
        found = self.conn.execute(select(ROUND.c.id).where(
            ROUND.c.tournament_id == tournament_id, ROUND.c.number == number)).scalar()
        return int(found) if found is not None else None

    def save_round(self, tournament_id: int, number: int, *, seed: int,
                   tables: Sequence[Sequence[str]], now: datetime) -> None:
        round_id = self._round_id(tournament_id, number)
        if round_id is None:
            round_id = int(self.conn.execute(insert(ROUND).values(
                tournament_id=tournament_id, number=number, status=RoundStatus.DRAWN.value,
                seed=seed, drawn_at=db_time(now)).returning(ROUND.c.id)).scalar_one())
        else:
            self.conn.execute(delete(DRAWN_SEAT).where(DRAWN_SEAT.c.round_id == round_id))
            self.conn.execute(update(ROUND).where(ROUND.c.id == round_id).values(
                seed=seed, status=RoundStatus.DRAWN.value, drawn_at=db_time(now)))
        names = [name for table in tables for name in table]
        # One query for the players of the draw (all checked in, so all known).
        ids = {str(n): int(i) for n, i in self.conn.execute(
            select(PLAYER.c.name, PLAYER.c.id).where(PLAYER.c.name.in_(names)))}
        ids.update({n: self._player_id(n, now) for n in names if n not in ids})
        self.conn.execute(insert(DRAWN_SEAT), [
            {"round_id": round_id, "player_id": ids[name], "table_number": number_of_table,
             "position": position}
            for number_of_table, table in enumerate(tables, 1)
            for position, name in enumerate(table)])

    def delete_round(self, tournament_id: int, number: int) -> None:
        round_id = self._round_id(tournament_id, number)
        if round_id is not None:
            self.conn.execute(delete(DRAWN_SEAT).where(DRAWN_SEAT.c.round_id == round_id))
            self.conn.execute(delete(ROUND).where(ROUND.c.id == round_id))

    def set_round_status(self, tournament_id: int, number: int, status: RoundStatus, *,
                         at: datetime) -> None:
        values: dict[str, Any] = {"status": status.value}
        if status is RoundStatus.PLAYING:
            values["started_at"] = db_time(at)
        elif status is RoundStatus.CLOSED:
            values["closed_at"] = db_time(at)
        self.conn.execute(update(ROUND).where(ROUND.c.tournament_id == tournament_id,
                                              ROUND.c.number == number).values(**values))

    # -- the tables' games -------------------------------------------------------------

    def add_table_games(self, tournament_id: int, games: Sequence[NewTableGame], *,
                        rules: dict[str, Any], now: datetime) -> list[int]:
        """The round's games, each with its tournament columns and code from the start;
        their seats in one statement (the players are all checked in: known)."""
        head = self.conn.execute(select(TOURNAMENT.c.circle_id, TOURNAMENT.c.organiser_hash)
                                 .where(TOURNAMENT.c.id == tournament_id)).one()
        names = [name for game in games for name in game.seats]
        ids = {str(n): int(i) for n, i in self.conn.execute(
            select(PLAYER.c.name, PLAYER.c.id).where(PLAYER.c.name.in_(names)))}
        ids.update({n: self._player_id(n, now) for n in names if n not in ids})
        stamp, rules_json = db_time(now), dumps(rules)
        made: list[int] = []
        for game in games:
            game_id = int(self.conn.execute(insert(GAME).values(
                name=game.name, status=GameStatus.IN_PROGRESS.value, deal_size=game.deal_size,
                first_dealer=0, rules_json=rules_json, created_at=stamp, updated_at=stamp,
                circle_id=head[0], organiser_hash=head[1], code_hash=game.code_hash,
                tournament_id=tournament_id, tournament_round=game.round,
                tournament_table=game.table, deal_limit=game.deal_limit,
            ).returning(GAME.c.id)).scalar_one())
            self._changed(game_id, ChangeKind.CREATED, 0)
            made.append(game_id)
        self.conn.execute(insert(SEAT), [
            {"game_id": game_id, "position": position, "player_id": ids[name]}
            for game_id, game in zip(made, games, strict=True)
            for position, name in enumerate(game.seats)])
        return made

    def set_game_tournament(self, game_id: int, tournament_id: int, *, round_number: int,
                            table: int, deal_limit: int) -> None:
        self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(
            tournament_id=tournament_id, tournament_round=round_number,
            tournament_table=table, deal_limit=deal_limit))

    def finish_table_games(self, tournament_id: int, number: int) -> list[int]:
        rows = self.conn.execute(
            update(GAME).where(GAME.c.tournament_id == tournament_id,
                               GAME.c.tournament_round == number)
            .values(status=GameStatus.FINISHED.value, revision=GAME.c.revision + 1)
            .returning(GAME.c.id, GAME.c.revision)).all()
        for game_id, revision in rows:
            self._changed(int(game_id), revision=int(revision))
        return [int(g) for g, _ in rows]

    def replace_table_seat(self, game_id: int, name: str, substitute: str, *,
                           now: datetime) -> None:
        """`substitute` takes `name`'s seat at the game from its next deal (the same
        place at the table: the dealer goes round as before)."""
        old, new = self._player_id(name, now), self._player_id(substitute, now)
        self.conn.execute(update(SEAT).where(SEAT.c.game_id == game_id,
                                             SEAT.c.player_id == old).values(player_id=new,
                                                                              seated_as=None))
        self._seats_changed(game_id)

    def remove_table_seat(self, game_id: int, name: str, *, deal_size: int,
                          first_dealer: int, now: datetime) -> None:
        """The game goes on without `name` (its seats closed up, `deal_size` playing each
        deal, the next dealer set by `first_dealer`)."""
        rows = self._seat_rows(game_id)
        gone = next(i for n, i in rows if n == name)
        self.conn.execute(delete(SEAT).where(SEAT.c.game_id == game_id,
                                             SEAT.c.player_id == gone))
        for position, (_n, player) in enumerate(r for r in rows if r[1] != gone):
            self.conn.execute(update(SEAT).where(SEAT.c.game_id == game_id,
                                                 SEAT.c.player_id == player)
                              .values(position=position))
        self.conn.execute(update(GAME).where(GAME.c.id == game_id).values(
            deal_size=deal_size, first_dealer=first_dealer))
        self._seats_changed(game_id)

    def _seats_changed(self, game_id: int) -> None:
        """A table's seats changed in this transaction: read again, the phones told."""
        self._seats.pop(game_id, None)
        self._names = None
        revision = self.conn.execute(
            update(GAME).where(GAME.c.id == game_id).values(revision=GAME.c.revision + 1)
            .returning(GAME.c.revision)).scalar_one()
        self._changed(game_id, revision=int(revision))

    def table_games(self, tournament_id: int) -> list[TableGameRow]:
        """One query for the games, one for their seats, one aggregate for their last
        deal numbers and one read of their totals (kept by the database's triggers)."""
        names = self._player_names()
        mine = select(GAME.c.id).where(GAME.c.tournament_id == tournament_id).scalar_subquery()
        games = self.conn.execute(
            select(GAME.c.id, GAME.c.tournament_round, GAME.c.tournament_table,
                   GAME.c.deal_limit, GAME.c.status, GAME.c.revision)
            .where(GAME.c.tournament_id == tournament_id)
            .order_by(GAME.c.tournament_round, GAME.c.tournament_table)).all()
        seats: dict[int, list[str]] = {}
        for game_id, player in self.conn.execute(
                select(SEAT.c.game_id, SEAT.c.player_id).where(SEAT.c.game_id.in_(mine))
                .order_by(SEAT.c.game_id, SEAT.c.position)):
            seats.setdefault(game_id, []).append(names[player])
        last = dict(self.conn.execute(
            select(DEAL.c.game_id, func.max(DEAL.c.number))
            .where(DEAL.c.game_id.in_(mine), DEAL.c.deleted.is_(False))
            .group_by(DEAL.c.game_id)).all())
        totals: dict[int, dict[str, int]] = {}
        for game_id, player, points in self.conn.execute(
                select(TOTAL.c.game_id, TOTAL.c.player_id, TOTAL.c.points)
                .where(TOTAL.c.game_id.in_(mine))):
            totals.setdefault(game_id, {})[names[player]] = int(points)
        return [TableGameRow(
            game_id=g, round=r, table=t, seats=tuple(seats.get(g, ())),
            deal_limit=int(limit), last_number=int(last.get(g) or 0),
            status=GameStatus(status), revision=int(revision), totals=totals.get(g, {}))
            for g, r, t, limit, status, revision in games]

    def tournament_stamp(self, tournament_id: int) -> tuple[int, int, int] | None:
        row = self.conn.execute(
            select(TOURNAMENT.c.revision, func.count(GAME.c.id),
                   func.coalesce(func.sum(GAME.c.revision), 0))
            .select_from(TOURNAMENT.outerjoin(GAME, GAME.c.tournament_id == TOURNAMENT.c.id))
            .where(TOURNAMENT.c.id == tournament_id).group_by(TOURNAMENT.c.revision)).first()
        return None if row is None else (int(row[0]), int(row[1]), int(row[2]))

    # -- hand-over and the circle's players -------------------------------------------

    def add_tournament_handover(self, tournament_id: int, *, token_hash: str,
                                expires_at: datetime, now: datetime) -> None:
        self.conn.execute(delete(T_HANDOVER).where(T_HANDOVER.c.expires_at <= db_time(now)))
        self.conn.execute(insert(T_HANDOVER).values(
            tournament_id=tournament_id, token_hash=token_hash,
            expires_at=db_time(expires_at), created_at=db_time(now)))

    def take_tournament_handover(self, token_hash: str, *, now: datetime) -> int | None:
        row = self.conn.execute(
            delete(T_HANDOVER).where(T_HANDOVER.c.token_hash == token_hash)
            .returning(T_HANDOVER.c.tournament_id, T_HANDOVER.c.expires_at)).first()
        if row is None or db_time(row[1]) <= db_time(now):
            return None
        self.conn.execute(delete(T_HANDOVER).where(T_HANDOVER.c.tournament_id == row[0]))
        return int(row[0])

    def circle_players(self, circle_id: int) -> list[tuple[str, int]]:
        games = func.count(distinct(SEAT.c.game_id))
        rows = self.conn.execute(
            select(PLAYER.c.name, games).join(SEAT, SEAT.c.player_id == PLAYER.c.id)
            .join(GAME, GAME.c.id == SEAT.c.game_id)
            .where(GAME.c.circle_id == circle_id, GAME.c.deleted_at.is_(None),
                   PLAYER.c.merged_into.is_(None), PLAYER.c.hidden.is_(False))
            .group_by(PLAYER.c.name).order_by(games.desc(), PLAYER.c.name)).all()
        return [(str(n), int(c)) for n, c in rows]
