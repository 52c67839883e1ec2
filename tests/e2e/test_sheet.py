"""The score sheet driven as players would: a new game set up on the phone, deals entered,
totals checked, a seat sitting out, an edit, undo, and the CSV download."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from scorepad.services import create_game, get_sheet, record_deal
from tests.e2e.conftest import (
    button,
    by_id,
    click,
    id_text,
    open_app,
    scroll_to_id,
    text,
    wait_id_text,
)
from tests.e2e.flows import enter_deal, new_game_on_the_phone
from tests.e2e.gestures import open_game_menu, tap, tap_at
from tests.factories import FIVE, FOUR


def test_a_four_player_game_of_three_deals_keeps_the_right_totals(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = new_game_on_the_phone(page, app_url, "Trois donnes", FOUR)
    wait_id_text(page, "next-deal", "Donne 1 : André distribue")
    # Prise, 1 bout, 58: (25 + 7) x 1 = 32 a defender.
    enter_deal(page, app_url, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(page, "row-1-André", "+96")
    # Lost garde, 2 bouts, 37, petit au bout to the defence, Bruno's simple poignée:
    # -(25 + 4 + 10) x 2 - 20 = -98 a defender.
    enter_deal(page, app_url, game, "taker-Bruno", "contract-garde", "bouts-2", points="37",
               extras=("petit-defense", "poignee-Bruno-simple"))
    wait_id_text(page, "row-2-Bruno", "−294")
    # Garde sans, 3 bouts, 50: (25 + 14) x 4 = 156 a defender.
    enter_deal(page, app_url, game, "taker-Cécile", "contract-garde_sans", "bouts-3",
               points="50")
    expected = {"André": "+38", "Bruno": "−482", "Cécile": "+534", "Didier": "−90"}
    for player, total in expected.items():
        wait_id_text(page, f"total-{player}", total)
    assert get_sheet(uow_factory(), game).totals == {
        "André": 38, "Bruno": -482, "Cécile": 534, "Didier": -90}
    wait_id_text(page, "next-deal", "Donne 4 : Didier distribue")
    assert by_id(page, "check-2").count() == 1


def test_a_five_seat_game_playing_four_sits_the_dealer_out(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = new_game_on_the_phone(page, app_url, "Le mort", FIVE, dealer_sits_out=True)
    sheet = get_sheet(uow_factory(), game)
    assert (len(sheet.seats), sheet.deal_size) == (5, 4)
    wait_id_text(page, "next-deal", "Donne 1 : André distribue, André ne joue pas")
    click(page, "Tous passent")
    wait_id_text(page, "next-deal", "Donne 2 : Bruno distribue, Bruno ne joue pas")
    enter_deal(page, app_url, game, "taker-Cécile", "contract-garde", "bouts-2", points="49")
    wait_id_text(page, "row-2-Cécile", "+198")
    assert id_text(page, "row-2-Bruno") == "—"
    wait_id_text(page, "total-Bruno", "0")
    wait_id_text(page, "next-deal", "Donne 3 : Cécile distribue, Cécile ne joue pas")


def test_a_prise_edited_into_a_garde_doubles_the_totals_on_the_sheet(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Correction", seats=FOUR, deal_size=4)
    deal = record_deal(uow_factory(), game, {"taker": "André", "contract": "prise",
                                             "bouts": 1, "points": 58})
    open_app(page, app_url, f"/games/{game}", wait_text="Correction")
    wait_id_text(page, "total-André", "+96")
    open_app(page, app_url, f"/games/{game}/deals/{deal}/edit")
    by_id(page, "taker-André").wait_for()
    tap(page, "contract-garde")
    button(page, "Enregistrer les changements").click()
    page.wait_for_url(f"{app_url}/games/{game}")
    wait_id_text(page, "total-André", "+192")
    wait_id_text(page, "total-Bruno", "−64")


def test_a_long_game_shows_its_latest_deals_and_the_earlier_ones_on_request(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Longue soirée", seats=FOUR, deal_size=4)
    for n in range(60):
        record_deal(uow_factory(), game, {"taker": FOUR[n % 4], "contract": "prise",
                                          "bouts": 1, "points": 51 + n % 7})
    open_app(page, app_url, f"/games/{game}", wait_text="Longue soirée")
    by_id(page, "row-60-André").wait_for()
    # The 50 latest deals, then a button for the 10 before them.
    tap_at(page, "earlier-deals", bottom=760)
    text(page, "Afficher 10 donnes précédentes (10 avant)").wait_for(state="detached")
    scroll_to_id(page, "row-1-André")
    total = sum(d.scores["André"] for d in get_sheet(uow_factory(), game).deals)
    assert id_text(page, "total-André") == f"{total:+d}".replace("-", "−")


def test_undo_takes_back_the_last_deal_and_redo_restores_it(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Retour", seats=FOUR, deal_size=4)
    record_deal(uow_factory(), game, {"taker": "Didier", "contract": "garde", "bouts": 2,
                                      "points": 49})
    open_app(page, app_url, f"/games/{game}", wait_text="Retour")
    wait_id_text(page, "total-Didier", "+198")
    page.get_by_label("Annuler", exact=True).first.click()
    wait_id_text(page, "total-Didier", "0")
    text(page, "Annulé : ").wait_for()
    assert get_sheet(uow_factory(), game).deals == ()
    page.get_by_label("Rétablir", exact=True).first.click()
    wait_id_text(page, "total-Didier", "+198")


def test_the_csv_download_holds_every_deal_and_the_totals(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Export soir", seats=FOUR, deal_size=4)
    record_deal(uow_factory(), game, {"taker": "Bruno", "contract": "garde", "bouts": 2,
                                      "points": 49})
    open_app(page, app_url, f"/games/{game}", wait_text="Export soir")
    open_game_menu(page)
    with page.expect_download() as download_info:
        click(page, "Exporter en CSV (tableur)")
    download = download_info.value
    assert download.suggested_filename == "Export soir.csv"
    # The same URL fetched by the phone's browser itself.
    response = page.evaluate("""async (url) => {
        const response = await fetch(url);
        return {ok: response.ok, disposition: response.headers.get("content-disposition"),
                body: await response.text()};
    }""", f"{app_url}/export/games/{game}.csv")
    assert response["ok"]
    assert "attachment" in response["disposition"]
    content = response["body"].removeprefix("\ufeff")
    with open(download.path(), encoding="utf-8-sig", newline="") as saved:
        assert content == saved.read()
    rows = list(csv.reader(io.StringIO(content), delimiter=_delimiter(content)))
    flat = [cell for row in rows for cell in row]
    assert "Bruno" in flat and "198" in "".join(flat)


def _delimiter(content: str) -> str:
    first = content.splitlines()[0]
    return ";" if first.count(";") > first.count(",") else ","


def test_a_change_on_one_phone_shows_on_the_other(
    page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Deux téléphones", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Deux téléphones")
    open_app(second_page, app_url, f"/games/{game}", wait_text="Deux téléphones")
    wait_id_text(second_page, "next-deal", "Donne 1 : André distribue")
    click(page, "Tous passent")
    wait_id_text(page, "next-deal", "Donne 2 : Bruno distribue")
    wait_id_text(second_page, "next-deal", "Donne 2 : Bruno distribue")


def test_the_back_gesture_returns_from_the_deal_form_to_the_sheet(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    game = create_game(uow_factory(), name="Retour arrière", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Retour arrière")
    click(page, "Nouvelle donne")
    page.wait_for_url(f"{app_url}/games/{game}/deal")
    by_id(page, "taker-André").wait_for()
    page.go_back()
    page.wait_for_url(f"{app_url}/games/{game}")
    wait_id_text(page, "next-deal", "Donne 1 : André distribue")
