"""The games list's totals and deal counts, kept by the database's triggers, always equal
the sums of the score rows, whatever the writes (both backends)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import text

from scorepad import services as s
from scorepad.cli.copying import copy_database
from tests.factories import FIVE, FOUR

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
UoW = Callable[[], Any]


def aggregates(database: Any) -> dict[int, tuple[int, dict[str, int]]]:
    """Each game's live deals and totals, summed over every row (the slow way)."""
    result: dict[int, tuple[int, dict[str, int]]] = {}
    with database.engine.connect() as conn:
        for (game_id,) in conn.execute(text("SELECT id FROM game")):
            deals = conn.execute(text(
                "SELECT COUNT(*) FROM deal WHERE game_id = :g AND NOT deleted"),
                {"g": game_id}).scalar_one()
            totals = dict(conn.execute(text(
                "SELECT player.name, SUM(points) FROM deal_score JOIN player "
                "ON player.id = deal_score.player_id WHERE game_id = :g "
                "GROUP BY player.name"), {"g": game_id}).all())
            result[game_id] = (int(deals), {n: int(v) for n, v in totals.items()})
    return result


def assert_consistent(database: Any) -> None:
    expected = aggregates(database)
    for game in s.list_games(database.uow()):
        deals, totals = expected[game.id]
        assert game.deals == deals
        assert game.totals == {seat: totals.get(seat, 0) for seat in game.seats}
        assert s.totals(database.uow(), game.id) == game.totals


def test_every_kind_of_write_keeps_the_derived_totals_equal_to_the_score_rows(
        database: Any, uow: UoW) -> None:
    game = s.create_game(uow(), name="Mardi", seats=FIVE, deal_size=4)  # dealer sits out
    bruno = {**GARDE, "taker": "Bruno"}
    other = s.create_game(uow(), name="Jeudi", seats=FOUR, deal_size=4)
    steps: list[Callable[[], object]] = [
        lambda: s.record_deal(uow(), game, bruno),
        lambda: s.record_deal(uow(), other, {**GARDE, "taker": "Didier"}),
        lambda: s.record_redeal(uow(), game, "passed"),
        lambda: s.record_deal(uow(), game, {"taker": "Didier", "contract": "garde_sans",
                                            "bouts": 3, "points": 41,
                                            "petit_au_bout": "attack"}),
        lambda: s.edit_deal(uow(), game, s.get_sheet(uow(), game).deals[0].id,
                            {**bruno, "points": 70}),
        lambda: s.delete_deal(uow(), game, s.get_sheet(uow(), game).deals[2].id),
        lambda: s.undo(uow(), game),  # the deletion comes back
        lambda: s.undo(uow(), game),  # the edit is undone
        lambda: s.redo(uow(), game),
        lambda: s.change_rules(uow(), game, {"base": 30}),  # every row recomputed
        lambda: s.delete_deal(uow(), game, s.get_sheet(uow(), game).deals[-1].id),
        lambda: s.import_game(uow(), s.export_game(uow(), game, "json")),
        lambda: s.delete_game(uow(), other),
    ]
    for step in steps:
        step()
        assert_consistent(database)
    assert len(s.list_games(uow())) == 2


def test_a_copied_database_derives_its_own_totals(database: Any, uow: UoW,
                                                  tmp_path: Any) -> None:
    from scorepad.storage import open_database

    game = s.create_game(uow(), name="Mardi", seats=FOUR, deal_size=4)
    for points in (49, 30, 61):
        s.record_deal(uow(), game, {**GARDE, "points": points})
    s.delete_deal(uow(), game, s.get_sheet(uow(), game).deals[1].id)
    target_url = f"sqlite:///{tmp_path / 'copy.db'}"
    copy_database(database.url, target_url)
    target = open_database(target_url)
    try:
        [copied] = s.list_games(target.uow())
        [original] = s.list_games(uow())
        assert (copied.deals, copied.totals) == (original.deals, original.totals) == (
            2, {"André": 198 + 270, "Bruno": -66 - 90, "Cécile": -66 - 90,
                "Didier": -66 - 90})
        assert_consistent(target)
    finally:
        target.dispose()
