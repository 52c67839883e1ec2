"""The bin: a deleted game waits there 30 days, restorable, before it is deleted for good
(at server start, or by the operator)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from scorepad.services.base.access import Organiser, authorize_organiser
from scorepad.services.base.common import now
from scorepad.services.base.errors import NotInBin
from scorepad.services.ports import GameRow, UnitOfWork

BIN_DAYS = 30


@dataclass(frozen=True, slots=True)
class BinnedGame:
    id: int
    name: str
    seats: tuple[str, ...]
    deleted_at: datetime
    #: when it will be deleted for good
    purge_at: datetime
    #: days left before that, counted as the bin's promise is ("restorable 30 days"):
    #: 30 right after the move, 1 on its last day, 0 once due
    days_left: int
    organised: bool


def _binned(game: GameRow, at: datetime) -> BinnedGame:
    assert game.deleted_at is not None
    purge_at = game.deleted_at + timedelta(days=BIN_DAYS)
    return BinnedGame(id=game.id, name=game.name, seats=game.seats,
                      deleted_at=game.deleted_at, purge_at=purge_at,
                      days_left=days_left(purge_at, at), organised=game.organiser_hash
                      is not None)


def days_left(purge_at: datetime, at: datetime) -> int:
    """Whole days until `purge_at`, any part of a day counting as one (the same clock
    and rounding as BIN_DAYS: a game just binned has 30 days left, not 29)."""
    return max(0, math.ceil((purge_at - at) / timedelta(days=1)))


def list_bin(uow: UnitOfWork, *, at: datetime | None = None) -> list[BinnedGame]:
    """The games in the bin, most recently deleted first."""
    when = at if at is not None else now()
    with uow:
        games = uow.repo.binned_games()
    return sorted((_binned(g, when) for g in games), key=lambda b: (-b.deleted_at.timestamp(),
                                                                     -b.id))


def restore_game(uow: UnitOfWork, game_id: int) -> None:
    """Takes a game out of the bin, as it was. Anybody may (nothing is lost by it)."""
    with uow:
        if uow.repo.lock_binned_game(game_id, now=now()) is None:
            raise NotInBin(game_id)
        uow.repo.restore_game(game_id)
        uow.commit()


def purge_game(uow: UnitOfWork, game_id: int, *, organiser: Organiser | None = None) -> None:
    """Deletes a game of the bin for good: its organiser or the operator only."""
    with uow:
        game = uow.repo.lock_binned_game(game_id, now=now())
        if game is None:
            raise NotInBin(game_id)
        authorize_organiser(game, organiser, strict=True)
        uow.repo.delete_game(game_id)
        uow.commit()


def purge_expired(uow: UnitOfWork, *, at: datetime | None = None) -> list[int]:
    """Deletes for good the games in the bin for more than 30 days; their ids."""
    when = at if at is not None else now()
    with uow:
        gone = [g.id for g in uow.repo.binned_games()
                if g.deleted_at is not None and g.deleted_at + timedelta(days=BIN_DAYS) <= when]
        for game_id in gone:
            uow.repo.delete_game(game_id)
        uow.commit()
    return gone


def empty_bin(uow: UnitOfWork) -> list[int]:
    """Deletes every game of the bin for good (the operator's command); their ids."""
    with uow:
        gone = [g.id for g in uow.repo.binned_games()]
        for game_id in gone:
            uow.repo.delete_game(game_id)
        uow.commit()
    return gone
