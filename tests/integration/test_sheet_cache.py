"""The sheets shared by every phone of a server: after any change, what a phone gets from
the cache (the deals unchanged since taken from the sheet kept) is exactly the sheet read
from scratch."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad import services as s
from scorepad.services.games.sheet_cache import SheetCache

UoW = Callable[[], Any]
CHANGES = ["deal", "deal", "deal", "redeal", "edit", "delete", "undo", "redo", "rename",
           "rules"]
_tables = itertools.count(1)


def _deal(seats: tuple[str, ...], n: int) -> dict[str, Any]:
    return {"taker": seats[n % 4], "contract": ["prise", "garde", "garde_sans"][n % 3],
            "bouts": n % 4, "points": 30 + (7 * n) % 40}


def _change(uow: UoW, game: int, change: str, n: int) -> None:
    """One change a phone could make; a refused one (nothing to undo) changes nothing."""
    sheet = s.get_sheet(uow(), game)
    played = [d for d in sheet.deals if d.input is not None]
    if change == "deal":
        s.record_deal(uow(), game, _deal(sheet.next.players, n))
    elif change == "redeal":
        s.record_redeal(uow(), game, "passed")
    elif change == "edit" and played:
        target = played[n % len(played)]
        s.edit_deal(uow(), game, target.id, _deal(target.input.players, n + 1))
    elif change == "delete" and sheet.deals:
        s.delete_deal(uow(), game, sheet.deals[n % len(sheet.deals)].id)
    elif change == "undo":
        s.undo(uow(), game)
    elif change == "redo":
        s.redo(uow(), game)
    elif change == "rename":
        seat = sheet.seats[n % len(sheet.seats)]
        s.rename_player(uow(), seat, f"{seat}'")
    elif change == "rules":
        s.change_rules(uow(), game, {"coefficients": {"garde": 2 + n % 3}})


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(CHANGES), st.integers(0, 50)), max_size=14))
def test_the_cached_sheet_is_the_sheet_read_from_scratch(uow: UoW,
                                                         changes: list[tuple[str, int]]
                                                         ) -> None:
    table = next(_tables)
    seats = [f"{name}{table}" for name in ("André", "Bruno", "Cécile", "Didier")]
    game = s.create_game(uow(), name=f"Table {table}", seats=seats, deal_size=4)
    cache = SheetCache()
    for lang in ("fr", "en"):
        assert cache.get(uow, game, lang=lang) == s.get_sheet(uow(), game, lang=lang)
    for change, n in changes:
        _change(uow, game, change, n)
        for lang in ("fr", "en"):
            assert cache.get(uow, game, lang=lang) == s.get_sheet(uow(), game, lang=lang)


def test_a_sheet_is_read_once_per_change_whoever_asks(uow: UoW) -> None:
    game = s.create_game(uow(), name="Club", seats=["A", "B", "C", "D"], deal_size=4)
    cache = SheetCache()
    s.record_deal(uow(), game, _deal(("A", "B", "C", "D"), 1))
    first = cache.get(uow, game)
    assert all(cache.get(uow, game) is first for _phone in range(8))
    s.record_deal(uow(), game, _deal(("A", "B", "C", "D"), 2))
    second = cache.get(uow, game)
    assert second is not first and len(second.deals) == 2
    # The deal that did not change is the very one read before.
    assert second.deals[0] is first.deals[0]


def test_a_deleted_game_is_not_served_from_the_cache(uow: UoW) -> None:
    game = s.create_game(uow(), name="Gone", seats=["A", "B", "C", "D"], deal_size=4)
    cache = SheetCache()
    cache.get(uow, game)
    s.delete_game(uow(), game, organiser=None)
    with pytest.raises(s.GameNotFound):
        cache.get(uow, game)
