"""The Calculette keeps what was typed for the session, counts piles, and opened from a
game computes with that game's house rules, the presets one tap away."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import by_id, open_app, wait_id_text
from tests.e2e.flows import open_counter
from tests.e2e.gestures import choose, open_game_menu, tap_at
from tests.factories import FOUR


def taps(page: Any, *identifiers: str) -> None:
    """Real taps, each waiting for the segment to show itself chosen."""
    for identifier in identifiers:
        tap_at(page, identifier)
        if identifier.startswith(("taker-", "contract-", "bouts-")):
            page.locator(f'[flt-semantics-identifier="{identifier}"][aria-current="true"]'
                         ).first.wait_for()


def type_keys(page: Any, digits: str) -> None:
    for i, key in enumerate(digits):
        tap_at(page, f"key-{key}")
        wait_id_text(page, "points-value", digits[: i + 1])


def tab(page: Any, name: str) -> None:
    tap_at(page, page.get_by_role("tab", name=name), bottom=844)


def test_switching_tabs_and_coming_back_keeps_the_calculators_inputs(
    page: Any, app_url: str
) -> None:
    open_app(page, app_url, "/calculator", wait_text="Preneur")
    taps(page, "taker-Joueur 2", "contract-garde", "bouts-2")
    type_keys(page, "49")
    wait_id_text(page, "preview-Joueur 2", "+198")
    open_counter(page)
    tap_at(page, "pile-kings-plus")
    wait_id_text(page, "pile-kings-value", "1")
    tab(page, "Statistiques")
    page.wait_for_url(f"{app_url}/stats")
    by_id(page, "pile-kings-value").wait_for(state="detached")
    tab(page, "Calculette")
    page.wait_for_url(f"{app_url}/calculator")
    # Everything as it was left: the deal, its preview and the pile being counted.
    wait_id_text(page, "preview-Joueur 2", "+198")
    by_id(page, "taker-Joueur 2").and_(page.locator('[aria-current="true"]')).first.wait_for()
    wait_id_text(page, "pile-kings-value", "1")
    tap_at(page, page.get_by_role("button", name="Fermer"))
    wait_id_text(page, "points-value", "49")


def test_opened_from_a_game_the_calculator_uses_its_house_rules_and_keeps_the_presets(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Règles maison", seats=FOUR, deal_size=4,
                       rules={"coefficients": {"garde": 3}, "base": 30})
    open_app(page, app_url, f"/games/{game}", wait_text="Règles maison")
    open_game_menu(page)
    tap_at(page, page.get_by_role("button", name="Calculette avec les règles de cette partie"),
           bottom=844)
    page.wait_for_url(f"{app_url}/calculator")
    taps(page, "taker-Bruno", "contract-garde", "bouts-2")
    type_keys(page, "49")
    # The game's rules: (30 + 8) x 3 = 114 a defender (FFT: (25 + 8) x 2 = 66).
    wait_id_text(page, "preview-Bruno", "+342")
    wait_id_text(page, "preview-André", "−114")
    page.mouse.move(195, 400)
    page.mouse.wheel(0, -2000)  # back up to the rules (a dropdown shows no text to a test)
    choose(page, "rules-preset", "Règles officielles (FFT)")
    wait_id_text(page, "preview-Bruno", "+198")
    choose(page, "rules-preset", "Règles de la partie « Règles maison »")
    wait_id_text(page, "preview-Bruno", "+342")
    assert get_sheet(uow_factory(), game).deals == ()  # the calculator saves nothing
