"""A phone with a past: the games list is grouped by month of play (the newest month
open, the others a tap away) and searched by a game's name or a player's."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from tests.e2e.conftest import open_app, scroll_to_id, tap_box, text
from tests.e2e.flows import type_into

SEARCH = "Partie ou joueur"


def _old_games(uow_factory: Callable[[], Any]) -> dict[str, int]:
    """Twelve finished games of early 2019 (six in February, six in March), one of them
    with a player of its own; their ids by name."""
    from scorepad.domain import GameStatus

    ids = {}
    with uow_factory() as uow:
        for n in range(12):
            month = 2 if n < 6 else 3
            played = datetime(2019, month, 3 + n, 20, 30, tzinfo=UTC)
            # (a name no other test of the shared server uses: a tournament's check-in
            # asks before creating a new player, and tests that it does)
            seats = ["André", "Bruno", "Cécile", "Zénaïde" if n == 9 else "Didier"]
            ids[f"Grenier {n}"] = uow.repo.add_game(
                name=f"Grenier {n}", seats=seats, deal_size=4, first_dealer=0, rules={},
                status=GameStatus.FINISHED, now=played, created_at=played)
        uow.commit()
    return ids


def test_a_game_among_many_is_found_by_a_player_or_its_name_and_months_fold(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    ids = _old_games(uow_factory)
    open_app(page, app_url, wait_text="Parties")

    # A player's name, typed without its accent: only that player's game is left.
    type_into(page, SEARCH, "zenaide")
    text(page, "1 partie trouvée").wait_for()
    text(page, "Grenier 9", exact=True).wait_for()
    assert text(page, "Grenier 8", exact=True).count() == 0

    # A game's name: every game of that name, each month open.
    type_into(page, SEARCH, "grenier")
    text(page, "12 parties trouvées").wait_for()
    text(page, "Mars 2019").wait_for()
    scroll_to_id(page, f"game-{ids['Grenier 2']}")  # further down the list
    type_into(page, SEARCH, "personne ici")
    text(page, "Aucune partie ne correspond à « personne ici ».").wait_for()

    # Without a search, an old month is one line until it is tapped open.
    type_into(page, SEARCH, "")
    # (below every game the shared server holds in progress: as far as it takes)
    header = scroll_to_id(page, "month-2019-02", steps=80)
    assert "Février 2019" in header.inner_text() and "6 parties" in header.inner_text()
    assert text(page, "Grenier 2", exact=True).count() == 0
    tap_box(page, header)
    # Open now, its games under it; a thumb's tap on a tile opens its game.
    tap_box(page, scroll_to_id(page, f"game-{ids['Grenier 2']}"))
    page.wait_for_url(f"{app_url}/games/{ids['Grenier 2']}")


def test_the_search_field_spans_the_list_s_width(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    """The search is as wide as the tiles under it (it stopped at 80 % of the width)."""
    _old_games(uow_factory)
    open_app(page, app_url, wait_text="Parties")
    field = page.get_by_role("textbox", name=SEARCH)
    field.wait_for()
    box = field.bounding_box()
    width = page.viewport_size["width"]
    # The field's own 12 px each side, as the tiles' cards have theirs.
    assert box["x"] <= 16 and box["x"] + box["width"] >= width - 16, (box, width)
