"""A player's record over every game, a circle or a period (scorepad.domain.player_record),
from the sums the database makes (scorepad.services.stats.reads)."""

from __future__ import annotations

from datetime import tzinfo

from scorepad.collation import name_key
from scorepad.domain.period import Period
from scorepad.domain.player_record import PlayerRecord, player_record
from scorepad.services.ports import UnitOfWork
from scorepad.services.stats.reads import scope_facts


def record_of(uow: UnitOfWork, player: str, *, circle: int | None = None,
              period: Period | None = None, tz: tzinfo | None = None) -> PlayerRecord:
    """The record of `player` (a name; a merged name means the player kept) over the
    games of `circle` (None: all) in `period` (None: all time); PlayerNotFound or
    CircleNotFound when they do not exist."""
    read = scope_facts(uow, circle=circle, period=period, tz=tz, player=player)
    (facts,) = read.facts.values()
    return player_record(facts, name_key)
