"""What the tournament use cases need from persistence: the records of a tournament, its
players present, its rounds and its tables' games, and the repository's part for them
(`Repository` in services.ports includes it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Protocol

from scorepad.domain import GameStatus
from scorepad.domain.tournament import RoundStatus


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentRow:
    id: int
    name: str
    day: date
    circle_id: int | None
    #: TournamentSettings.to_dict()
    settings: dict[str, Any]
    status: GameStatus
    #: hash of the organiser's key (services.access.hash_secret)
    organiser_hash: str | None
    #: the secret the tables' codes are derived from (never shown; see tournament_access)
    table_secret: str
    #: bumped by every write of the tournament itself (check-in, draw, start, close...)
    revision: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """A player checked in at the tournament: `present` False once they have left."""

    name: str
    present: bool
    arrived_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRow:
    number: int
    status: RoundStatus
    seed: int
    #: the seats drawn, table by table (table 1 first), each in seat order
    tables: tuple[tuple[str, ...], ...]
    drawn_at: datetime
    started_at: datetime | None = None
    closed_at: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableGameRow:
    """The game of one table of one round, as it stands."""

    game_id: int
    round: int
    table: int
    seats: tuple[str, ...]
    deal_limit: int
    #: the number of its last live deal (0: none yet)
    last_number: int
    status: GameStatus
    revision: int
    #: each seat's total (the game_total rows the database keeps)
    totals: dict[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class NewTableGame:
    """A table's game to create when its round starts."""

    round: int
    table: int
    name: str
    seats: tuple[str, ...]
    deal_size: int
    deal_limit: int
    code_hash: str


class TournamentRepository(Protocol):
    """Persistence of tournaments; names are player names."""

    def add_tournament(self, *, name: str, day: date, circle_id: int | None,
                       settings: dict[str, Any], organiser_hash: str | None,
                       table_secret: str, now: datetime,
                       created_at: datetime | None = None) -> int: ...
    def get_tournament(self, tournament_id: int) -> TournamentRow | None: ...
    #: the tournament, its revision bumped, locked for this transaction
    def lock_tournament(self, tournament_id: int, *, now: datetime) -> TournamentRow | None: ...
    def list_tournaments(self) -> list[TournamentRow]: ...
    def update_tournament(self, tournament_id: int, *, name: str | None = None,
                          day: date | None = None, settings: dict[str, Any] | None = None,
                          status: GameStatus | None = None) -> None: ...
    #: the tournament's circle and its games' (None: no circle)
    def set_tournament_circle(self, tournament_id: int, circle_id: int | None) -> None: ...
    #: the tournament's organiser and its games' (one key for all)
    def set_tournament_organiser(self, tournament_id: int, organiser_hash: str) -> None: ...
    def delete_tournament(self, tournament_id: int) -> None: ...
    def entrants(self, tournament_id: int) -> list[EntrantRow]: ...
    #: checks players in (creating unknown names) or out
    def set_present(self, tournament_id: int, names: Sequence[str], present: bool, *,
                    now: datetime) -> None: ...
    def tournament_rounds(self, tournament_id: int) -> list[RoundRow]: ...
    #: a round drawn (or drawn again: its seats replaced)
    def save_round(self, tournament_id: int, number: int, *, seed: int,
                   tables: Sequence[Sequence[str]], now: datetime) -> None: ...
    def delete_round(self, tournament_id: int, number: int) -> None: ...
    def set_round_status(self, tournament_id: int, number: int, status: RoundStatus, *,
                         at: datetime) -> None: ...
    #: the games of a round's tables, in the tournament's circle, with its organiser
    def add_table_games(self, tournament_id: int, games: Sequence[NewTableGame], *,
                        rules: dict[str, Any], now: datetime) -> list[int]: ...
    #: a game made a table of a tournament round (the copy between two databases)
    def set_game_tournament(self, game_id: int, tournament_id: int, *, round_number: int,
                            table: int, deal_limit: int) -> None: ...
    #: every game of the round finished (its revision bumped, the phones told)
    def finish_table_games(self, tournament_id: int, number: int) -> list[int]: ...
    def table_games(self, tournament_id: int) -> list[TableGameRow]: ...
    #: a substitute takes a player's seat at a table's game from its next deal
    def replace_table_seat(self, game_id: int, name: str, substitute: str, *,
                           now: datetime) -> None: ...
    #: a table's game goes on without a player (seats closed up, who deals next)
    def remove_table_seat(self, game_id: int, name: str, *, deal_size: int,
                          first_dealer: int, now: datetime) -> None: ...
    #: (tournament revision, games, sum of the games' revisions): moves with every write
    def tournament_stamp(self, tournament_id: int) -> tuple[int, int, int] | None: ...
    def add_tournament_handover(self, tournament_id: int, *, token_hash: str,
                                expires_at: datetime, now: datetime) -> None: ...
    def take_tournament_handover(self, token_hash: str, *, now: datetime) -> int | None: ...
    #: the players of a circle's games, (name, games) most games first
    def circle_players(self, circle_id: int) -> list[tuple[str, int]]: ...
