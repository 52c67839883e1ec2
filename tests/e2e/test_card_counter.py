"""Counting the cards of a pile from the deal form, with real taps on the steppers, then
saving the deal with the points and bouts the counter gave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import by_id, open_app, wait_id_text
from tests.e2e.flows import open_counter
from tests.e2e.gestures import scroll_to, tap_at
from tests.factories import FOUR


def step(page: Any, name: str, plus: int, *, by: int = 1) -> None:
    """Taps a stepper's + (or ±10) `plus` times, each time waiting for the number to move."""
    for _ in range(plus):
        before = int(by_id(page, f"pile-{name}-value").first.inner_text())
        tap_at(page, f"pile-{name}-plus" + ("" if by == 1 else str(by)))
        wait_id_text(page, f"pile-{name}-value", str(before + by))


def choose(page: Any, *identifiers: str) -> None:
    for identifier in identifiers:
        tap_at(page, identifier)
        page.locator(f'[flt-semantics-identifier="{identifier}"][aria-current="true"]'
                     ).first.wait_for()


def test_a_counted_attack_pile_fills_the_deal_and_is_saved_on_the_sheet(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Comptage", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    choose(page, "taker-André", "contract-garde")
    open_counter(page)
    wait_id_text(page, "pile-result", "Attaque : 0 — Défense : 91")
    # 2 bouts, 3 kings, 2 queens, a knight and a jack in 44 cards: 22 + 20 + 6 + 2 + 1.
    step(page, "bouts", 2)
    step(page, "kings", 3)
    step(page, "queens", 2)
    step(page, "knights", 1)
    step(page, "jacks", 1)
    step(page, "cards", 4, by=10)
    step(page, "cards", 4)
    wait_id_text(page, "pile-result", "Attaque : 51 — Défense : 40")
    tap_at(page, page.get_by_role("button", name="Utiliser ces points"))
    # The keypad is back with the points, and the attack's 2 bouts are chosen.
    wait_id_text(page, "points-value", "51")
    by_id(page, "bouts-2").and_(page.locator('[aria-current="true"]')).first.wait_for()
    # Garde made by 10: (25 + 10) x 2 = 70 a defender.
    wait_id_text(page, "preview-André", "+210")
    tap_at(page, page.get_by_role("button", name="Enregistrer la donne"), bottom=844)
    page.wait_for_url(f"{app_url}/games/{game}", timeout=15_000)
    wait_id_text(page, "row-1-André", "+210")
    wait_id_text(page, "row-1-Bruno", "−70")
    deal = get_sheet(uow_factory(), game).deals[0]
    assert deal.input is not None
    assert (deal.input.points, deal.input.bouts) == (51, 2)


def test_a_defence_pile_is_explained_until_possible_then_gives_the_attack_the_rest(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Défense comptée", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    choose(page, "taker-Cécile", "contract-prise")
    open_counter(page)
    wait_id_text(page, "pile-result", "Attaque : 0 — Défense : 91")
    choose(page, "pile-side-defense")
    wait_id_text(page, "pile-result", "Attaque : 91 — Défense : 0")
    step(page, "bouts", 1)
    wait_id_text(page, "pile-error", "Bouts et honneurs comptés : 1 ; la pile a au moins "
                                     "autant de cartes (reçu 0).")
    use = scroll_to(page, page.get_by_role("button", name="Utiliser ces points"))
    assert use.get_attribute("aria-disabled") == "true"
    step(page, "cards", 1)
    wait_id_text(page, "pile-error", "À 4 joueurs, une pile a un nombre pair de cartes "
                 "(plis de 4, chien de 6) : recomptez ; celle-ci en a 1 (la carte donnée en "
                 "échange de l'excuse manque-t-elle ?).")
    step(page, "kings", 1)
    step(page, "cards", 3, by=10)  # 31 cards: odd again
    tap_at(page, "pile-cards-minus")
    wait_id_text(page, "pile-cards-value", "30")
    # A bout and a king in 30 cards: 15 + 4 + 4 = 23 for the defence, 68 for the attack.
    wait_id_text(page, "pile-result", "Attaque : 68 — Défense : 23")
    assert by_id(page, "pile-error").count() == 0
    tap_at(page, page.get_by_role("button", name="Utiliser ces points"))
    wait_id_text(page, "points-value", "23")
    assert page.get_by_role("switch", name="de la défense").get_attribute(
        "aria-checked") == "true"
    # The defence had 1 bout: the attack 2. Prise made by 27: 52 a defender.
    wait_id_text(page, "preview-Cécile", "+156")
    tap_at(page, page.get_by_role("button", name="Enregistrer la donne"), bottom=844)
    page.wait_for_url(f"{app_url}/games/{game}", timeout=15_000)
    wait_id_text(page, "row-1-Cécile", "+156")
    deal = get_sheet(uow_factory(), game).deals[0]
    assert deal.input is not None and deal.input.points_entered_as_defense
    assert (deal.input.points, deal.input.bouts) == (68, 2)
