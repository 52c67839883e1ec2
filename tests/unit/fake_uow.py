"""A small in-memory unit of work for service tests: the Repository protocol over dicts."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from types import TracebackType
from typing import Any, Self

from scorepad.collation import name_key
from scorepad.domain import GameStatus
from scorepad.services.ports import (
    DealRow,
    DealState,
    DealVersionRow,
    GameRow,
    NewDeal,
    OperationRow,
    PlayerRow,
)


class FakeRepository:
    def __init__(self) -> None:
        self.games: dict[int, GameRow] = {}
        self.deals: dict[int, DealRow] = {}
        self.versions: list[DealVersionRow] = []
        self.operations: list[OperationRow] = []
        self.players: dict[int, str] = {}
        self.handovers: dict[str, tuple[int, datetime]] = {}
        self._ids = 0

    def _next(self) -> int:
        self._ids += 1
        return self._ids

    def add_game(self, *, name: str, seats: Sequence[str], deal_size: int, first_dealer: int,
                 rules: dict[str, Any], status: GameStatus, now: datetime,
                 created_at: datetime, circle_id: int | None = None,
                 organiser_hash: str | None = None, made_by_operator: bool = False,
                 uid: str | None = None) -> int:
        for seat in seats:
            if seat not in self.players.values():
                self.players[self._next()] = seat
        game_id = self._next()
        self.games[game_id] = GameRow(id=game_id, name=name, status=status,
                                      seats=tuple(seats), deal_size=deal_size,
                                      first_dealer=first_dealer, rules=rules,
                                      created_at=created_at, updated_at=now,
                                      circle_id=circle_id, organiser_hash=organiser_hash,
                                      made_by_operator=made_by_operator,
                                      uid=uid or f"{game_id:032x}")
        return game_id

    def game_by_uid(self, uid: str) -> GameRow | None:
        return next((g for g in self.games.values() if g.uid == uid), None)

    def known_changes(self, ids: Sequence[str]) -> set[str]:
        return set()

    def deal_changes(self, game_id: int, *, after: int = 0,
                     limit: int | None = None) -> list[Any]:
        return []

    def lock_game(self, game_id: int, *, now: datetime) -> GameRow | None:
        if game_id not in self.games or self.games[game_id].deleted_at is not None:
            return None
        game = self.games[game_id]
        self.games[game_id] = replace(game, updated_at=now, revision=game.revision + 1)
        return self.games[game_id]

    def get_game(self, game_id: int) -> GameRow | None:
        game = self.games.get(game_id)
        return game if game is not None and game.deleted_at is None else None

    def game_stamp(self, game_id: int) -> tuple[int, datetime] | None:
        game = self.get_game(game_id)
        return None if game is None else (game.revision, game.created_at)

    def list_games(self) -> list[GameRow]:
        return [g for g in self.games.values() if g.deleted_at is None]

    def bin_game(self, game_id: int, *, at: datetime) -> None:
        self.games[game_id] = replace(self.games[game_id], deleted_at=at)

    def lock_binned_game(self, game_id: int, *, now: datetime) -> GameRow | None:
        game = self.games.get(game_id)
        return game if game is not None and game.deleted_at is not None else None

    def restore_game(self, game_id: int) -> None:
        self.games[game_id] = replace(self.games[game_id], deleted_at=None)

    def binned_games(self) -> list[GameRow]:
        return [g for g in self.games.values() if g.deleted_at is not None]

    def set_organiser_hash(self, game_id: int, organiser_hash: str | None) -> None:
        self.games[game_id] = replace(self.games[game_id], organiser_hash=organiser_hash)

    def add_handover(self, game_id: int, *, token_hash: str, expires_at: datetime,
                     now: datetime) -> None:
        self.handovers[token_hash] = (game_id, expires_at)

    def take_handover(self, token_hash: str, *, now: datetime) -> int | None:
        found = self.handovers.pop(token_hash, None)
        return found[0] if found is not None and found[1] > now else None

    def update_game(self, game_id: int, *, name: str | None = None,
                    status: GameStatus | None = None,
                    rules: dict[str, Any] | None = None) -> None:
        game = self.games[game_id]
        self.games[game_id] = replace(game, name=name or game.name,
                                      status=status or game.status, rules=rules or game.rules)

    def set_code_hash(self, game_id: int, code_hash: str | None) -> None:
        self.games[game_id] = replace(self.games[game_id], code_hash=code_hash)

    def delete_game(self, game_id: int) -> None:
        del self.games[game_id]
        self.deals = {k: d for k, d in self.deals.items() if d.game_id != game_id}

    def deal_counts(self) -> dict[int, int]:
        return {g: len(self.list_deals(g)) for g in self.games}

    def totals(self, game_id: int) -> dict[str, int]:
        result: dict[str, int] = {}
        for deal in self.list_deals(game_id):
            for player, value in deal.state.scores.items():
                result[player] = result.get(player, 0) + value
        return result

    def all_totals(self) -> dict[int, dict[str, int]]:
        return {g: self.totals(g) for g in self.games}

    def last_deal_number(self, game_id: int) -> int:
        return max((d.number for d in self.list_deals(game_id)), default=0)

    def add_deals(self, game_id: int, deals: Sequence[NewDeal], *, now: datetime) -> list[int]:
        ids = []
        for deal in deals:
            deal_id = self._next()
            self.deals[deal_id] = DealRow(id=deal_id, game_id=game_id, number=deal.number,
                                          dealer=deal.dealer, sitting_out=deal.sitting_out,
                                          state=deal.state, version=1, created_at=now,
                                          updated_at=now)
            self.versions.append(DealVersionRow(deal_id, 1, deal.action, deal.state,
                                                deal.author, now))
            ids.append(deal_id)
        return ids

    def get_deal(self, deal_id: int) -> DealRow | None:
        return self.deals.get(deal_id)

    def list_deals(self, game_id: int) -> list[DealRow]:
        return sorted((d for d in self.deals.values()
                       if d.game_id == game_id and not d.state.deleted),
                      key=lambda d: d.number)

    def count_deals_since(self, moment: datetime | None) -> int:
        return sum(1 for d in self.deals.values()
                   if not d.state.deleted and d.game_id in self.games
                   and self.games[d.game_id].deleted_at is None
                   and (moment is None or d.created_at > moment))

    def live_deal_versions(self, game_id: int) -> list[tuple[int, int]]:
        return [(d.id, d.version) for d in self.list_deals(game_id)]

    def deals_by_id(self, deal_ids: Sequence[int]) -> list[DealRow]:
        return [self.deals[i] for i in deal_ids]

    def set_deal_state(self, deal_id: int, state: DealState, *, action: str,
                       author: str | None, now: datetime) -> int:
        deal = self.deals[deal_id]
        self.deals[deal_id] = replace(deal, state=state, version=deal.version + 1,
                                      updated_at=now)
        self.versions.append(DealVersionRow(deal_id, deal.version + 1, action, state, author,
                                            now))
        return deal.version + 1

    def deal_versions(self, deal_id: int) -> list[DealVersionRow]:
        return [v for v in self.versions if v.deal_id == deal_id]

    def deal_version(self, deal_id: int, version: int) -> DealVersionRow | None:
        return next((v for v in self.deal_versions(deal_id) if v.version == version), None)

    def push_operation(self, game_id: int, *, code: str, params: dict[str, Any],
                       payload: dict[str, Any], now: datetime) -> int:
        self.operations = [o for o in self.operations
                           if not (o.game_id == game_id and o.undone)]
        operation_id = self._next()
        self.operations.append(OperationRow(operation_id, game_id, code, params, payload,
                                            False))
        return operation_id

    def last_done(self, game_id: int) -> OperationRow | None:
        done = [o for o in self.operations if o.game_id == game_id and not o.undone]
        return done[-1] if done else None

    def first_undone(self, game_id: int) -> OperationRow | None:
        undone = [o for o in self.operations if o.game_id == game_id and o.undone]
        return undone[0] if undone else None

    def set_undone(self, operation_id: int, undone: bool) -> None:
        self.operations = [replace(o, undone=undone) if o.id == operation_id else o
                           for o in self.operations]

    def list_players(self) -> list[PlayerRow]:
        return [PlayerRow(i, n) for i, n in sorted(self.players.items(),
                                                   key=lambda p: name_key(p[1]))]

    def get_player(self, player_id: int) -> PlayerRow | None:
        name = self.players.get(player_id)
        return PlayerRow(player_id, name) if name is not None else None

    def find_player(self, name: str) -> PlayerRow | None:
        return next((PlayerRow(i, n) for i, n in self.players.items() if n == name), None)

    def rename_player(self, player_id: int, name: str) -> None:
        self.players[player_id] = name


class FakeUnitOfWork:
    """Commits by keeping the working copy; leaving without commit restores the last one."""

    def __init__(self) -> None:
        self.repo = FakeRepository()
        self._saved = copy.deepcopy(self.repo)
        self.commits = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.rollback()

    def commit(self) -> None:
        self._saved = copy.deepcopy(self.repo)
        self.commits += 1

    def rollback(self) -> None:
        self.repo = copy.deepcopy(self._saved)
