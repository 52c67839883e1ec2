"""What the use cases need from persistence: plain records and the UnitOfWork protocol
(here), the tournament's records and repository (`tournament`), the sums statistics
read (`stats`), and the change notifications a commit sends (`events`).

The bottom layer of services: it imports nothing of theirs. `scorepad.storage`
implements it with SQLModel, and may import nothing else of services; unit tests use
small fakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from scorepad.domain import DealKind, DealTurn, GameStatus
from scorepad.services.ports.stats import StatsRepository
from scorepad.services.ports.sync import SyncRepository
from scorepad.services.ports.tournament import TournamentRepository

#: A deal input as JSON (FORMAT.md §1 without rules), player names as they are now.
InputJson = dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameFacts:
    """What every record of a game says, the stored row and the views shown alike."""

    id: int
    name: str
    status: GameStatus
    seats: tuple[str, ...]
    deal_size: int
    created_at: datetime
    updated_at: datetime
    #: bumped by every write transaction on the game: a client knows when it is stale
    revision: int = 0
    #: the circle the game belongs to (None: no circle)
    circle_id: int | None = None
    #: a table's game of a tournament round: the tournament, round and table numbers,
    #: and the deals the round counts at that table (all None for other games)
    tournament_id: int | None = None
    tournament_round: int | None = None
    tournament_table: int | None = None
    deal_limit: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRow(GameFacts):
    first_dealer: int
    rules: dict[str, Any]
    #: salted hash of the table code (None: anybody may edit), see services.access
    code_hash: str | None = None
    #: hash of the organiser's key (None: a game from before organisers), see access
    organiser_hash: str | None = None
    #: made by the command line: without an organiser, the operator's alone (see access)
    made_by_operator: bool = False
    #: when the game went to the bin (None: it is not in the bin)
    deleted_at: datetime | None = None
    #: the game's identity in every home (a phone, a club's server): scorepad.domain.sync
    uid: str | None = None


@dataclass(frozen=True, slots=True)
class DealState:
    """What a deal holds at one moment: the facts entered and the row derived from them."""

    kind: DealKind
    input: InputJson | None
    scores: dict[str, int]
    deleted: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRow(DealTurn):
    id: int
    game_id: int
    state: DealState
    version: int
    created_at: datetime
    updated_at: datetime
    #: the deal's identity in every home of its game (scorepad.domain.sync)
    uid: str | None = None
    #: the changes of its history no change was made on: two or more when the deal was
    #: changed on both sides (a phone and its club) before either heard of the other
    heads: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DealVersionRow:
    """One entry of a deal's audit trail: its state right after a change."""

    deal_id: int
    version: int
    action: str
    state: DealState
    author: str | None
    at: datetime
    #: the change's id in every home (None: the scores alone worked out again) and the
    #: ids of the changes it was made on
    change: str | None = None
    parents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OperationRow:
    """One undoable change of a game; `payload` says how to undo and redo it."""

    id: int
    game_id: int
    code: str
    params: dict[str, Any]
    payload: dict[str, Any]
    undone: bool
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class PlayerRow:
    id: int
    name: str
    created_at: datetime | None = None
    games: int = 0
    #: left out of the pickers, history kept
    hidden: bool = False
    #: merged into that player (the same person); its name now means that player
    merged_into: int | None = None
    merged_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class CircleRow:
    """A named group of players; `games` counts the games that belong to it."""

    id: int
    name: str
    created_at: datetime
    games: int = 0


@dataclass(frozen=True, slots=True)
class DealHistory:
    """A deal as it stands (deleted or not) and every version of its audit trail, oldest
    first: what a copy into another database writes back whole."""

    deal: DealRow
    versions: tuple[DealVersionRow, ...]


@dataclass(frozen=True, slots=True)
class NewDeal(DealTurn):
    """A deal to store (used when recording and when importing)."""

    state: DealState
    author: str | None = None
    action: str = "created"
    #: kept as given (a game taken from a file or from the other home), else minted
    uid: str | None = None
    change: str | None = None
    parents: tuple[str, ...] = ()
    #: when the change was made (None: the time of the write)
    at: datetime | None = None


class Repository(TournamentRepository, StatsRepository, SyncRepository, Protocol):
    """Keyword-style persistence operations; names are player names, ids are row ids."""

    # games
    def add_game(self, *, name: str, seats: Sequence[str], deal_size: int, first_dealer: int,
                 rules: dict[str, Any], status: GameStatus, now: datetime,
                 created_at: datetime, circle_id: int | None = None,
                 organiser_hash: str | None = None,
                 made_by_operator: bool = False, uid: str | None = None) -> int: ...
    def lock_game(self, game_id: int, *, now: datetime) -> GameRow | None: ...
    def get_game(self, game_id: int) -> GameRow | None: ...
    #: (revision, created_at) of a game, without its seats and rules (a cheap check)
    def game_stamp(self, game_id: int) -> tuple[int, datetime] | None: ...
    def list_games(self) -> list[GameRow]: ...
    # (a game in the bin is invisible to the four above; these reach it)
    def bin_game(self, game_id: int, *, at: datetime) -> None: ...
    def lock_binned_game(self, game_id: int, *, now: datetime) -> GameRow | None: ...
    def restore_game(self, game_id: int) -> None: ...
    def binned_games(self) -> list[GameRow]: ...
    def set_organiser_hash(self, game_id: int, organiser_hash: str | None) -> None: ...
    def add_handover(self, game_id: int, *, token_hash: str, expires_at: datetime,
                     now: datetime) -> None: ...
    def take_handover(self, token_hash: str, *, now: datetime) -> int | None: ...
    def update_game(self, game_id: int, *, name: str | None = None,
                    status: GameStatus | None = None,
                    rules: dict[str, Any] | None = None) -> None: ...
    def delete_game(self, game_id: int) -> None: ...
    def set_code_hash(self, game_id: int, code_hash: str | None) -> None: ...
    def deal_counts(self) -> dict[int, int]: ...
    def totals(self, game_id: int) -> dict[str, int]: ...
    def all_totals(self) -> dict[int, dict[str, int]]: ...

    # deals
    def last_deal_number(self, game_id: int) -> int: ...
    def add_deals(self, game_id: int, deals: Sequence[NewDeal], *, now: datetime) -> list[int]: ...
    def get_deal(self, deal_id: int) -> DealRow | None: ...
    def list_deals(self, game_id: int) -> list[DealRow]: ...
    #: (id, version) of the live deals, in list_deals' order; then the rows of a few of them
    def live_deal_versions(self, game_id: int) -> list[tuple[int, int]]: ...
    def deals_by_id(self, deal_ids: Sequence[int]) -> list[DealRow]: ...
    def deals_of_games(self, game_ids: Sequence[int]) -> dict[int, list[DealRow]]: ...
    #: the live deals of the games not in the bin recorded after a moment (None: all)
    def count_deals_since(self, moment: datetime | None) -> int: ...
    def set_deal_state(self, deal_id: int, state: DealState, *, action: str,
                       author: str | None, now: datetime) -> int: ...
    def deal_versions(self, deal_id: int) -> list[DealVersionRow]: ...
    def deal_version(self, deal_id: int, version: int) -> DealVersionRow | None: ...
    #: every deal of a game, deleted ones too, in the order they were recorded
    def deal_histories(self, game_id: int) -> list[DealHistory]: ...
    #: stores deals as they were (numbers, versions, times, authors); their new ids
    def add_deal_histories(self, game_id: int, deals: Sequence[DealHistory]) -> list[int]: ...

    # undo / redo
    def push_operation(self, game_id: int, *, code: str, params: dict[str, Any],
                       payload: dict[str, Any], now: datetime) -> int: ...
    def last_done(self, game_id: int) -> OperationRow | None: ...
    def first_undone(self, game_id: int) -> OperationRow | None: ...
    def set_undone(self, operation_id: int, undone: bool) -> None: ...
    #: the game's whole stack, oldest first
    def operations(self, game_id: int) -> list[OperationRow]: ...

    # players
    def list_players(self) -> list[PlayerRow]: ...  # by name, collation.name_key
    def get_player(self, player_id: int) -> PlayerRow | None: ...
    def find_player(self, name: str) -> PlayerRow | None: ...
    def add_player(self, name: str, *, created_at: datetime, hidden: bool = False) -> int: ...
    def rename_player(self, player_id: int, name: str) -> None: ...
    def set_player_hidden(self, player_id: int, hidden: bool) -> None: ...
    def shared_games(self, first_id: int, second_id: int) -> list[int]: ...
    def tablemates(self) -> set[tuple[int, int]]: ...  # (player id, other) both ways
    def merge_player(self, merged_id: int, kept_id: int, *, now: datetime) -> list[int]: ...
    def unmerge_player(self, player_id: int, *, now: datetime) -> list[int]: ...
    #: who first sat at each seat (by position) that a merge moved to another player
    def seated_as(self, game_id: int) -> dict[int, str]: ...
    def set_seated_as(self, game_id: int, seated_as: Mapping[int, str]) -> None: ...

    # circles
    def add_circle(self, name: str, *, now: datetime) -> int: ...
    def get_circle(self, circle_id: int) -> CircleRow | None: ...
    def find_circle(self, name: str) -> CircleRow | None: ...
    def list_circles(self) -> list[CircleRow]: ...  # by name, collation.name_key
    def rename_circle(self, circle_id: int, name: str) -> None: ...
    def delete_circle(self, circle_id: int) -> None: ...
    def set_game_circle(self, game_id: int, circle_id: int | None) -> None: ...


class UnitOfWork(Protocol):
    """One transaction: `with uow: ...; uow.commit()`; leaving without commit rolls back."""

    repo: Repository

    def __enter__(self) -> Self: ...
    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    #: a part of the transaction undone alone when its block raises
    def savepoint(self) -> AbstractContextManager[None]: ...
