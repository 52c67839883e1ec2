"""A scorekeeper types the points fast, thumbs on fixed spots: no key moves, no tap is lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import button, by_id, id_text, open_app, wait_id_text
from tests.factories import FOUR


def test_points_typed_quickly_on_fixed_spots_are_all_taken(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Rapide", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    # Where each control is before any tap: a person's thumb goes there without looking.
    spots = {ident: by_id(page, ident).first.bounding_box()
             for ident in ("taker-Bruno", "contract-garde", "bouts-2", "key-4", "key-9")}
    for ident in spots:
        box = spots[ident]
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(60)  # a fast thumb's pace between taps: what is tested
    # "4" alone is impossible with 2 bouts: its error must not have moved the "9" key.
    wait_id_text(page, "points-value", "49")
    wait_id_text(page, "preview-Bruno", "+198")
    button(page, "Enregistrer la donne").click()
    page.wait_for_url(f"{app_url}/games/{game}", timeout=10_000)
    assert get_sheet(uow_factory(), game).totals["Bruno"] == 198
    assert id_text(page, "total-Bruno").replace("−", "-").endswith("198")
