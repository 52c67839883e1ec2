"""How SQLite reads the statistics' sums (what a first read after a start costs at a club's
scale, bench/stats.py): everyone's tallies over most of the games along the index of sums
(migration 0011), already grouped, with no list of the scope's games to look each row up
in; a period of a few games by the game's index."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import event

from scorepad import services as s
from scorepad.domain.period import Period, PeriodKind
from scorepad.services.stats.reads import forget_kept
from tests.integration.soiree_helpers import stored_game

START = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)


@contextmanager
def plans(database: Any) -> Iterator[list[str]]:
    """SQLite's plan of each statement that sums the tallies, while the block runs."""
    found: list[str] = []

    def explain(conn: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if "sum(player_tally.deals)" in statement and not statement.startswith("EXPLAIN"):
            rows = cursor.connection.execute("EXPLAIN QUERY PLAN " + statement,
                                             parameters).fetchall()
            found.append(" / ".join(str(row[-1]) for row in rows))

    event.listen(database.engine, "before_cursor_execute", explain)
    try:
        yield found
    finally:
        event.remove(database.engine, "before_cursor_execute", explain)


def test_everyone_s_tallies_are_read_along_the_index_of_sums(tmp_path: Any) -> None:
    from scorepad.storage import open_database

    database = open_database(f"sqlite:///{tmp_path / 'plans.db'}")
    circle = s.create_circle(database.uow(), "Le club")
    seats = ["André", "Bruno", "Cécile", "Didier"]
    for n in range(20):
        stored_game(database, name=f"Soir {n}", seats=seats, circle=circle,
                    when=START + timedelta(days=n),
                    deals=[{"taker": seats[n % 4], "contract": "garde", "bouts": 2,
                            "points": 45}])
    forget_kept()
    with plans(database) as seen:
        s.stats_overview(database.uow(), circle=circle)
    (plan,) = seen
    assert "COVERING INDEX ix_player_tally_sums" in plan and "TEMP B-TREE" not in plan, plan
    assert "json_each" not in plan, plan  # the circle holds every game: nothing to list

    forget_kept()
    with plans(database) as seen:  # two evenings of twenty: by the game
        s.stats_overview(database.uow(), circle=circle,
                         period=Period(PeriodKind.CUSTOM, START.date(),
                                       START.date() + timedelta(days=1)))
    assert seen == [] or "ix_player_tally_sums" not in seen[0], seen
    database.dispose()
