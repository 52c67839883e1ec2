"""Every phone at the table, live: two browser contexts on one game, the table code checked
by the server, a conflict that loses nothing, and a phone coming back after losing Wi-Fi."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scorepad.services import (
    OPERATOR,
    create_game,
    get_sheet,
    record_deal,
    set_table_code,
)
from tests.e2e.conftest import (
    AppServer,
    button,
    by_id,
    click,
    open_app,
    start_server,
    stop_server,
    text,
    wait_id_text,
)
from tests.e2e.flows import enter_deal, new_game_on_the_phone
from tests.e2e.gestures import open_game_menu, tap, tap_to_open, type_points
from tests.factories import FOUR

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """A server of this module's own: its phones go offline, lose codes and leave sessions
    behind, none of which should linger in the server the other tests share."""
    server = start_server(tmp_path_factory.mktemp("live"))
    yield server
    stop_server(server)


@pytest.fixture(scope="module")
def app_url(live_server: AppServer) -> str:
    return live_server.url


@pytest.fixture(scope="module")
def uow_factory(live_server: AppServer) -> Callable[[], Any]:
    return live_server.uow_factory()


def api(app_url: str, method: str, path: str, body: object = None,
        headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """Calls the server directly, as a script (or a modified phone) would."""
    request = urllib.request.Request(
        app_url + path, method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_deal_entered_on_one_phone_appears_on_the_other_without_reloading(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = create_game(uow_factory(), name="En direct", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="En direct")
    open_app(second_page, app_url, f"/games/{game}", wait_text="En direct")
    wait_id_text(second_page, "total-André", "0")
    enter_deal(page, app_url, game, "taker-André", "contract-garde", "bouts-2", points="49")
    wait_id_text(page, "total-André", "+198")
    # The second phone never reloaded: its sheet follows the game.
    wait_id_text(second_page, "total-André", "+198", timeout=5)
    wait_id_text(second_page, "total-Bruno", "−66", timeout=5)
    wait_id_text(second_page, "next-deal", "Donne 2 : Bruno distribue")
    # And the games list of a third screen follows too (deal count and totals).
    api_sheet = api(app_url, "GET", f"/api/games/{game}/sheet")[1]
    assert api_sheet["totals"]["André"] == 198


def test_a_viewer_without_the_code_sees_the_sheet_read_only_and_the_server_refuses_writes(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = create_game(uow_factory(), name="Protégée", seats=FOUR, deal_size=4)
    record_deal(uow_factory(), game, GARDE)
    set_table_code(uow_factory(), game, "TAROT42", organiser=OPERATOR)
    # The viewer: read-only banner, no "Nouvelle donne", undo disabled.
    open_app(second_page, app_url, f"/games/{game}", wait_text="Protégée")
    by_id(second_page, "read-only").wait_for()
    assert button(second_page, "Nouvelle donne").count() == 0
    button(second_page, "Saisir le code pour modifier").wait_for()
    # Hiding buttons is not security: the same writes straight to the server are refused.
    for method, path, body in [
        ("POST", f"/api/games/{game}/deals", {"kind": "passed"}),
        ("POST", f"/api/games/{game}/undo", None),
        ("DELETE", f"/api/games/{game}/deals/1", None),
        ("PUT", f"/api/games/{game}/code", {"code": None}),
    ]:
        status, reply = api(app_url, method, path, body)
        assert status == 403, (method, path)
        assert ("organisateur" if path.endswith("/code") else "code de table") in reply[
            "error"]["message"]
    status, _ = api(app_url, "POST", f"/api/games/{game}/deals", {"kind": "passed"},
                    {"X-Table-Code": "FAUX99"})
    assert status == 403
    assert len(get_sheet(uow_factory(), game).deals) == 1
    # The scorekeeper's phone enters the code, then records a redeal.
    open_app(page, app_url, f"/games/{game}", wait_text="Protégée")
    by_id(page, "read-only").wait_for()
    field = page.get_by_role("textbox", name="Code de table")
    tap_to_open(page, button(page, "Saisir le code pour modifier"), field)
    field.click()
    field.fill("faux99")
    click(page, "Déverrouiller")
    refused = text(page, "Ce n'est pas le code de cette partie.")
    refused.wait_for()
    field.click()  # focus again: the error redrew the field
    field.fill("tarot42")
    refused.wait_for(state="detached")  # the phone took the new code (typing clears it)
    click(page, "Déverrouiller")
    button(page, "Nouvelle donne").wait_for()
    assert by_id(page, "read-only").count() == 0
    click(page, "Tous passent")
    wait_id_text(page, "next-deal", "Donne 3 : Cécile distribue")
    # The viewer sees it live and stays read-only.
    wait_id_text(second_page, "next-deal", "Donne 3 : Cécile distribue", timeout=5)
    assert by_id(second_page, "read-only").count() == 1


def test_the_organiser_protects_a_game_and_the_other_phone_turns_read_only_live(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = new_game_on_the_phone(page, app_url, "Protégée ici", FOUR)  # its organiser
    text(page, "Protégée ici").wait_for()
    open_app(second_page, app_url, f"/games/{game}", wait_text="Protégée ici")
    button(second_page, "Nouvelle donne").wait_for()
    open_game_menu(page)
    click(page, "Protéger par un code de table")
    field = page.get_by_role("textbox", name="Nouveau code")
    field.click()
    field.fill("ab")
    click(page, "Enregistrer")
    text(page, "4 à 12 caractères").wait_for()
    click(page, "Annuler")
    assert not get_sheet(uow_factory(), game).protected
    open_game_menu(page)
    click(page, "Protéger par un code de table")
    field = page.get_by_role("textbox", name="Nouveau code")
    field.click()
    field.fill("7391")
    click(page, "Enregistrer")
    by_id(page, "unlocked").wait_for()  # the organiser keeps editing on this phone
    button(page, "Nouvelle donne").wait_for()
    by_id(second_page, "read-only").wait_for(timeout=5_000)
    assert get_sheet(uow_factory(), game).protected


def test_two_phones_editing_the_same_deal_the_second_save_is_refused_and_loses_nothing(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = create_game(uow_factory(), name="Conflit", seats=FOUR, deal_size=4)
    deal = record_deal(uow_factory(), game, GARDE)
    edit = f"/games/{game}/deals/{deal}/edit"
    open_app(page, app_url, edit, wait_text="Modifier la donne 1")
    open_app(second_page, app_url, edit, wait_text="Modifier la donne 1")
    wait_id_text(second_page, "points-value", "49")
    # The first phone changes the contract to a garde sans and saves.
    tap(page, "contract-garde_sans")
    button(page, "Enregistrer les changements").click()
    page.wait_for_url(f"{app_url}/games/{game}")
    assert get_sheet(uow_factory(), game).deals[0].version == 2
    # The second phone, still on version 1, changes the contract to a prise and saves.
    tap(second_page, "contract-prise")
    button(second_page, "Enregistrer les changements").click()
    by_id(second_page, "conflict-error").wait_for()
    text(second_page, "modifiée entre-temps sur un autre téléphone").wait_for()
    second_page.locator('[flt-semantics-identifier="contract-garde_sans"][aria-current="true"]'
                        ).first.wait_for()  # the current values are in the form
    stored = get_sheet(uow_factory(), game).deals[0]
    assert stored.contract is not None and stored.contract.value == "garde_sans"
    assert stored.version == 2  # nothing overwritten
    # Its own values can be taken back and saved on purpose, over version 2.
    click(second_page, "Reprendre mes valeurs")
    second_page.locator('[flt-semantics-identifier="contract-prise"][aria-current="true"]'
                        ).first.wait_for()
    button(second_page, "Enregistrer les changements").click()
    second_page.wait_for_url(f"{app_url}/games/{game}")
    stored = get_sheet(uow_factory(), game).deals[0]
    assert stored.contract is not None and stored.contract.value == "prise"
    assert stored.version == 3


def test_a_phone_that_lost_the_wifi_shows_the_current_sheet_when_it_comes_back(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = create_game(uow_factory(), name="Wi-Fi", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Wi-Fi")
    open_app(second_page, app_url, f"/games/{game}", wait_text="Wi-Fi")
    wait_id_text(second_page, "next-deal", "Donne 1 : André distribue")
    second_page.context.set_offline(True)
    click(page, "Tous passent")
    wait_id_text(page, "next-deal", "Donne 2 : Bruno distribue")
    # Also a change from outside the server process (the command line).
    record_deal(uow_factory(), game, {**GARDE, "taker": "Cécile"})
    # Shown on the other phone: the server has sent both changes to every phone of the
    # game, this one too, while it was away (its messages held until it is back).
    wait_id_text(page, "next-deal", "Donne 3 : Cécile distribue", timeout=10)
    second_page.context.set_offline(False)
    wait_id_text(second_page, "next-deal", "Donne 3 : Cécile distribue", timeout=30)
    wait_id_text(second_page, "total-Cécile", "+198", timeout=10)


def test_two_phones_entering_the_same_deal_the_second_is_told_and_nothing_is_doubled(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = create_game(uow_factory(), name="Deux saisies", seats=FOUR, deal_size=4)
    for phone in (page, second_page):
        open_app(phone, app_url, f"/games/{game}/deal", wait_text="Preneur")
        tap(phone, "taker-André", "contract-garde", "bouts-2")
        type_points(phone, "49")
    button(page, "Enregistrer la donne").click()
    page.wait_for_url(f"{app_url}/games/{game}")
    # The second phone typed the same deal 1: its save is refused, not recorded as deal 2.
    button(second_page, "Enregistrer la donne").click()
    wait_id_text(second_page, "conflict-error",
                 "La donne 1 vient d'être enregistrée sur un autre téléphone : la feuille "
                 "est à jour, vérifiez-la avant d'enregistrer celle-ci (ce serait la donne 2).",
                 timeout=10)
    assert len(get_sheet(uow_factory(), game).deals) == 1
    # Its values are kept: re-applied on purpose, they are saved as deal 2.
    click(second_page, "Reprendre mes valeurs")
    wait_id_text(second_page, "preview-André", "+198")
    button(second_page, "Enregistrer la donne").click()
    second_page.wait_for_url(f"{app_url}/games/{game}")
    assert [d.number for d in get_sheet(uow_factory(), game).deals] == [1, 2]
