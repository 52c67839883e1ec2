"""The calculator settles a disputed deal without saving anything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.game import list_games
from tests.e2e.conftest import by_id, open_app, wait_id_text
from tests.e2e.gestures import scroll_to, tap


def test_the_calculator_computes_a_disputed_three_player_garde_step_by_step(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    games_before = len(list_games(uow_factory()))
    open_app(page, app_url, "/calculator", wait_text="Preneur")
    tap(page, "count-3")
    by_id(page, "taker-Joueur 4").wait_for(state="detached")
    by_id(page, "taker-Joueur 3").wait_for()
    # RULES.md §8: 3 players, garde, 2 bouts, 44.5 points -> (25 + 4) x 2 = 58.
    tap(page, "taker-Joueur 1", "contract-garde", "bouts-2", "key-4", "key-4", "key-half")
    wait_id_text(page, "points-value", "44,5")
    wait_id_text(page, "preview-outcome", "Fait de 4")
    wait_id_text(page, "preview-Joueur 1", "+116")
    wait_id_text(page, "preview-Joueur 2", "−58")
    scroll_to(page, page.get_by_text("Fait de (le demi-point va au camp gagnant)"))
    scroll_to(page, page.get_by_text("Somme de la ligne"))
    explained = scroll_to(page, by_id(page, "explain-text")).inner_text()
    assert "Il fallait 41 points avec 2 bouts ; 44,5 points : fait de 4" in explained
    assert len(list_games(uow_factory())) == games_before


def test_the_calculator_shows_an_impossible_deal_in_words(page: Any, app_url: str) -> None:
    open_app(page, app_url, "/calculator", wait_text="Preneur")
    tap(page, "taker-Joueur 2", "contract-prise", "bouts-0", "key-9", "key-0")
    # 0 bouts: the three bouts (4 points each at least) are the defence's.
    wait_id_text(page, "error-points",
                 "Avec 0 bout, l'attaque a au plus 79 points : les autres bouts sont à "
                 "la défense (reçu 90).")
    assert by_id(page, "explain-text").count() == 0
