"""Entering and editing a deal on a phone, as a player would: taps on the big segments and
the keypad, then the sheet's totals checked in the database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.deals import record_deal
from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import button, by_id, open_app, text, wait_id_text
from tests.e2e.gestures import tap, type_points
from tests.factories import FIVE, FOUR


def test_a_bad_points_value_shows_the_error_and_saves_nothing(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Points faux", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    tap(page, "taker-Bruno", "contract-garde", "bouts-2")
    type_points(page, "95")
    wait_id_text(page, "error-points", "Les points vont de 0 à 91 (reçu 95).")
    save = button(page, "Enregistrer la donne")
    assert save.get_attribute("aria-disabled") == "true"
    save.click(force=True)
    # Correcting the number clears the error and the preview shows the row. The screen
    # answered the first key: the server had the click before it, and saved nothing.
    tap(page, "key-back")
    assert get_sheet(uow_factory(), game).deals == ()
    assert page.url == f"{app_url}/games/{game}/deal"
    tap(page, "key-back")
    type_points(page, "49")
    wait_id_text(page, "preview-Bruno", "+198")
    assert by_id(page, "error-points").count() == 0


def test_a_five_player_deal_with_a_called_partner_is_saved_with_its_row(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="À cinq", seats=FIVE, deal_size=5)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    by_id(page, "partner-alone").wait_for()
    # taker, partner, contract, bouts: 4 taps, the points typed, then save.
    tap(page, "taker-Bruno", "partner-Didier", "contract-garde", "bouts-1")
    type_points(page, "58")
    wait_id_text(page, "preview-outcome", "Fait de 7")
    wait_id_text(page, "preview-Bruno", "+128")
    wait_id_text(page, "preview-Didier", "+64")
    button(page, "Enregistrer la donne").click()
    page.wait_for_url(f"{app_url}/games/{game}", timeout=10_000)
    sheet = get_sheet(uow_factory(), game)
    assert len(sheet.deals) == 1
    assert sheet.totals == {"André": -64, "Bruno": 128, "Cécile": -64, "Didier": 64,
                            "Élodie": -64}


def test_the_defence_points_switch_scores_91_minus_the_number_typed(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Petit tas", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    tap(page, "taker-Cécile", "contract-prise", "bouts-1")
    page.get_by_role("switch", name="de la défense").click()
    type_points(page, "33")
    # 91 - 33 = 58 for the attack: (25 + 7) x 1 = 32 per defender.
    wait_id_text(page, "preview-Cécile", "+96")
    button(page, "Enregistrer la donne").click()
    page.wait_for_url(f"{app_url}/games/{game}", timeout=10_000)
    deal = get_sheet(uow_factory(), game).deals[0]
    assert deal.input is not None and deal.input.points_entered_as_defense
    assert deal.scores["Cécile"] == 96


def test_editing_a_deal_updates_the_totals(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Correction", seats=FOUR, deal_size=4)
    deal_id = record_deal(uow_factory(), game, {"taker": "André", "contract": "garde",
                                                "bouts": 2, "points": 49})
    assert get_sheet(uow_factory(), game).totals["André"] == 198
    open_app(page, app_url, f"/games/{game}/deals/{deal_id}/edit",
             wait_text="Modifier la donne 1")
    wait_id_text(page, "points-value", "49")
    tap(page, "key-back", "key-back")
    type_points(page, "37")
    wait_id_text(page, "preview-outcome", "Chuté de 4")
    button(page, "Enregistrer les changements").click()
    page.wait_for_url(f"{app_url}/games/{game}", timeout=10_000)
    sheet = get_sheet(uow_factory(), game)
    assert sheet.totals == {"André": -174, "Bruno": 58, "Cécile": 58, "Didier": 58}
    assert sheet.deals[0].version == 2


def test_an_edit_of_a_deal_changed_meanwhile_is_refused_and_can_be_reloaded(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    from scorepad.services.games.deals import edit_deal

    game = create_game(uow_factory(), name="Deux téléphones", seats=FOUR, deal_size=4)
    deal_id = record_deal(uow_factory(), game, {"taker": "André", "contract": "garde",
                                                "bouts": 2, "points": 49})
    open_app(page, app_url, f"/games/{game}/deals/{deal_id}/edit",
             wait_text="Modifier la donne 1")
    wait_id_text(page, "points-value", "49")
    # Another phone corrects the same deal first.
    edit_deal(uow_factory(), game, deal_id, {"taker": "André", "contract": "garde",
                                             "bouts": 2, "points": 50})
    tap(page, "contract-prise")
    button(page, "Enregistrer les changements").click()
    by_id(page, "conflict-error").wait_for()
    assert get_sheet(uow_factory(), game).deals[0].input.points == 50  # type: ignore[union-attr]
    button(page, "Recharger la donne").click()
    wait_id_text(page, "points-value", "50")
    text(page, "Modifier la donne 1").wait_for()
