"""Games stored at chosen times (an evening last week, deals ten minutes apart), through
the repository port the services use: what a real evening leaves in the database."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from scorepad.domain import FFT_RULES, GameStatus, Table
from scorepad.services.base.common import played_state
from scorepad.services.ports import NewDeal


def stored_game(database: Any, *, name: str, seats: Sequence[str], when: datetime,
                deals: Sequence[dict[str, Any]] = (), deal_size: int | None = None,
                circle: int | None = None, minutes: int = 10) -> int:
    """A game created at `when`, its deals recorded `minutes` apart from `when`."""
    table = Table(tuple(seats), deal_size or len(seats), 0)
    with database.uow() as uow:
        game_id = int(uow.repo.add_game(
            name=name, seats=list(seats), deal_size=table.deal_size, first_dealer=0,
            rules=FFT_RULES.to_dict(), status=GameStatus.IN_PROGRESS, now=when,
            created_at=when, circle_id=circle))
        for number, spec in enumerate(deals, 1):
            state = played_state(spec, table.active_players(number), number, FFT_RULES)
            uow.repo.add_deals(game_id, [NewDeal(number, table.dealer(number),
                                                 table.sitting_out(number), state)],
                               now=when + timedelta(minutes=minutes * (number - 1)))
        uow.commit()
    return game_id
