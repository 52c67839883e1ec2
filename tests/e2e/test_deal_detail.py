"""A deal's page: the calculation step by step, its history, and deleting it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.deals import edit_deal, record_deal
from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import button, by_id, open_app, text, wait_id_text
from tests.e2e.gestures import scroll_to, thumb
from tests.factories import FOUR


def test_the_deal_page_explains_the_steps_and_keeps_the_history(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Explication", seats=FOUR, deal_size=4)
    deal_id = record_deal(uow_factory(), game, {
        "taker": "André", "contract": "garde", "bouts": 2, "points": 48,
        "petit_au_bout": "attack", "poignees": [{"player": "André", "size": "simple"}]})
    edit_deal(uow_factory(), game, deal_id, {
        "taker": "André", "contract": "garde", "bouts": 2, "points": 49,
        "petit_au_bout": "attack", "poignees": [{"player": "André", "size": "simple"}]})
    open_app(page, app_url, f"/games/{game}/deals/{deal_id}", wait_text="Donne 1")
    wait_id_text(page, "deal-outcome", "Fait de 8")
    # (25 + 8 + 10) x 2 + 20 = 106 per defender.
    wait_id_text(page, "deal-André", "+318")
    wait_id_text(page, "deal-Bruno", "−106")
    for label in ("Points nécessaires avec 2 bouts", "Petit au bout à l'attaque",
                  "Coefficient (garde)", "Poignée simple d'André", "Par défenseur",
                  "Somme de la ligne"):
        scroll_to(page, page.get_by_text(label))
    explained = scroll_to(page, by_id(page, "explain-text")).inner_text()
    assert "(25 + 8 + 10 petit au bout) × 2 = +86" in explained
    scroll_to(page, page.get_by_text("Historique"))
    scroll_to(page, page.get_by_text("Modifiée"))
    scroll_to(page, page.get_by_text("Saisie"))


def test_deleting_a_deal_asks_first_then_removes_it_from_the_totals(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Suppression", seats=FOUR, deal_size=4)
    deal_id = record_deal(uow_factory(), game, {"taker": "Bruno", "contract": "prise",
                                                "bouts": 1, "points": 58})
    open_app(page, app_url, f"/games/{game}/deals/{deal_id}", wait_text="Donne 1")
    button(page, "Supprimer").first.click()
    text(page, "Supprimer la donne 1 ?").wait_for()
    button(page, "Garder").click()
    # The question goes away (a tap on the page's button before it is gone would reach
    # the leaving dialog), and the deal is kept.
    text(page, "Supprimer la donne 1 ?").wait_for(state="detached")
    assert len(get_sheet(uow_factory(), game).deals) == 1
    button(page, "Supprimer").first.click()
    # Asked again: the dialog's own buttons drawn (its "Supprimer" is the last one).
    button(page, "Garder").wait_for()
    thumb(page, button(page, "Supprimer").last)
    page.wait_for_url(f"{app_url}/games/{game}", timeout=10_000)
    sheet = get_sheet(uow_factory(), game)
    assert sheet.deals == ()
    assert set(sheet.totals.values()) == {0}
