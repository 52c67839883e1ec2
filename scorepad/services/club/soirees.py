"""Use cases over several games: the games of a circle and a period, the evening's recap
(soirée) and its exports (a circle's ranking is in scorepad.services.stats.ranking).

Everything is recomputed from the stored deals (no second source of truth). A game
belongs to the evening it was created on, in this computer's time zone (or `tz`), a game
started before 6 am to the evening before (scorepad.domain.period)."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime, tzinfo

from scorepad.collation import name_key
from scorepad.domain import DealRecord, GameRecord
from scorepad.domain.game import PlayedGame
from scorepad.domain.parsing import trusted_deal
from scorepad.domain.period import Period, evening_of
from scorepad.domain.soiree import SoireeRecap, soiree_recap
from scorepad.services.base.common import rules_of, table_of
from scorepad.services.base.errors import ServiceError
from scorepad.services.club.circles import load_circle
from scorepad.services.ports import DealRow, GameRow, UnitOfWork

SOIREE_FORMATS = ("csv", "pdf", "png")


def _deal(row: DealRow) -> DealRecord:
    data = row.state.input
    return DealRecord(number=row.number, dealer=row.dealer, sitting_out=row.sitting_out,
                      kind=row.state.kind, input=trusted_deal(data) if data else None,
                      scores=dict(row.state.scores), created_at=row.created_at)


def _played(game: GameRow, deals: Sequence[DealRow], circle: str | None) -> PlayedGame:
    record = GameRecord(name=game.name, created_at=game.created_at, table=table_of(game),
                        rules=rules_of(game), deals=tuple(_deal(d) for d in deals),
                        status=game.status)
    return PlayedGame(game.id, record, circle)


@contextmanager
def _many_small_objects() -> Iterator[None]:
    """Pauses Python's cyclic garbage collector while a season's tens of thousands of
    small objects (rows, deals, tallies: no reference cycles among them) are built: its
    passes over them cost a fifth of a season's ranking. It runs again at the end (if
    two threads overlap, the last one out turns it back on)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def load_played_games(uow: UnitOfWork, *, circle: int | None = None,
                      period: Period | None = None, tz: tzinfo | None = None
                      ) -> list[PlayedGame]:
    """Inside a transaction: the games of `circle` (None: every game) whose evening is in
    `period` (None: all time), oldest first, with their deals."""
    circle_name = load_circle(uow, circle).name if circle is not None else None
    names = {c.id: c.name for c in uow.repo.list_circles()}
    games = sorted(
        (g for g in uow.repo.list_games()
         if (circle is None or g.circle_id == circle)
         and (period is None or period.contains(evening_of(g.created_at, tz)))),
        key=lambda g: (g.created_at, g.id))
    with _many_small_objects():
        deals = uow.repo.deals_of_games([g.id for g in games])
        return [_played(g, deals[g.id], circle_name if circle is not None
                        else names.get(g.circle_id) if g.circle_id else None)
                for g in games]


def played_games(uow: UnitOfWork, *, circle: int | None = None,
                 period: Period | None = None, tz: tzinfo | None = None) -> list[PlayedGame]:
    """The games of a circle (None: all) over a period (None: all time), oldest first."""
    with uow:
        return load_played_games(uow, circle=circle, period=period, tz=tz)


def soiree(uow: UnitOfWork, day: date, *, circle: int | None = None,
           tz: tzinfo | None = None) -> SoireeRecap:
    """The recap of the evening `day`: every game of `circle` that evening, or without a
    circle every game that evening (a club night with several tables)."""
    with uow:
        games = load_played_games(uow, circle=circle, period=Period.evening(day), tz=tz)
        name = load_circle(uow, circle).name if circle is not None else None
    return soiree_recap(games, day=day, circle=name, name_key=name_key)


def evenings(uow: UnitOfWork, *, circle: int | None = None, period: Period | None = None,
             tz: tzinfo | None = None) -> list[tuple[date, int]]:
    """The evenings with at least one game (date, number of games), most recent first."""
    with uow:
        if circle is not None:
            load_circle(uow, circle)
        games = uow.repo.list_games()
    counts: dict[date, int] = {}
    for game in games:
        day = evening_of(game.created_at, tz)
        if (circle is None or game.circle_id == circle) and (period is None
                                                             or period.contains(day)):
            counts[day] = counts.get(day, 0) + 1
    return sorted(counts.items(), reverse=True)


def today(tz: tzinfo | None = None) -> date:
    """This evening's date (before 6 am: yesterday's evening)."""
    return evening_of(datetime.now().astimezone(tz), tz)


def export_soiree(uow: UnitOfWork, day: date, fmt: str, *, circle: int | None = None,
                  lang: str = "fr", tz: tzinfo | None = None) -> bytes:
    """The evening's recap as CSV, PDF or a PNG picture sized for a phone."""
    if fmt not in SOIREE_FORMATS:
        raise ServiceError("format", "soiree_format", got=fmt)
    recap = soiree(uow, day, circle=circle, tz=tz)
    from scorepad import exports

    return exports.render_soiree(recap, fmt, lang)
