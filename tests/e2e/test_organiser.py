"""The organiser on two phones (two browser contexts), with real taps at coordinates: the
phone that creates a game is its organiser; the other phone gets no organiser's entry and
the server refuses it; the role is handed over by a one-time link; a deleted game goes to
the bin and comes back."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad.services import (
    OPERATOR,
    create_game,
    get_sheet,
    list_bin,
    list_games,
    set_table_code,
)
from tests.e2e.conftest import (
    by_id,
    id_text,
    open_app,
    scroll_to_id,
    start_server,
    stop_server,
    text,
)
from tests.e2e.flows import new_game_on_the_phone
from tests.e2e.gestures import close_game_menu, open_game_menu, thumb
from tests.e2e.test_live_table import api
from tests.factories import FOUR


def entry(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=False)


ORGANISER_ENTRIES = ("Protéger par un code de table", "Changer ou retirer le code",
                     "Terminer la partie", "Mettre à la corbeille",
                     "Transmettre le rôle d'organisateur")


def assert_no_organiser_entry(page: Any) -> None:
    by_id(page, "not-organiser").wait_for()
    for name in ORGANISER_ENTRIES:
        assert entry(page, name).count() == 0, name


def test_the_organiser_role_stays_on_the_creating_phone_until_handed_over_by_a_link(
        page: Any, second_page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = new_game_on_the_phone(page, app_url, "Chez Cécile", FOUR)
    assert "organiser" not in page.url
    stored = json.loads(page.evaluate("localStorage.getItem('flutter.scorepad.organiser')"))
    key = json.loads(stored)[str(game)] if isinstance(stored, str) else stored[str(game)]
    assert get_sheet(uow_factory(), game).organised
    # Phone B at the same table sees the sheet but none of the organiser's entries.
    open_app(second_page, app_url, f"/games/{game}", wait_text="Chez Cécile")
    open_game_menu(second_page)
    assert_no_organiser_entry(second_page)
    text(second_page, "Seul l'organisateur").wait_for()
    close_game_menu(second_page)
    status, reply = api(app_url, "PUT", f"/api/games/{game}/code", {"code": "VOLE"})
    assert status == 403 and reply["error"]["field"] == "organiser_key"
    assert api(app_url, "DELETE", f"/api/games/{game}")[0] == 403
    # Phone A protects the game, then hands the role over.
    open_game_menu(page)
    thumb(page, entry(page, "Protéger par un code de table"))
    field = page.get_by_role("textbox", name="Nouveau code")
    thumb(page, field)
    page.keyboard.type("TAROT42", delay=60)
    thumb(page, page.get_by_role("button", name="Enregistrer", exact=True))
    by_id(page, "unlocked").wait_for()
    assert get_sheet(uow_factory(), game).protected
    open_game_menu(page)
    thumb(page, entry(page, "Transmettre le rôle d'organisateur"))
    link = id_text(page, "handover-link")
    assert "/organiser/" in link and key not in link
    thumb(page, page.get_by_role("button", name="Fermer", exact=True))
    # Phone B opens the link (on the server's address it was given).
    open_app(second_page, app_url, "/organiser/" + link.rsplit("/organiser/", 1)[1])
    second_page.wait_for_url(f"{app_url}/games/{game}")
    text(second_page, "Vous êtes maintenant l'organisateur").wait_for()
    open_game_menu(second_page)
    entry(second_page, "Changer ou retirer le code").first.wait_for()
    entry(second_page, "Transmettre le rôle d'organisateur").first.wait_for()
    close_game_menu(second_page)
    # Phone A is no longer the organiser: no entry, and the server agrees.
    open_app(page, app_url, f"/games/{game}", wait_text="Chez Cécile")
    open_game_menu(page)
    assert_no_organiser_entry(page)
    close_game_menu(page)
    assert api(app_url, "DELETE", f"/api/games/{game}", None,
               {"X-Organiser-Key": key})[0] == 403
    # The link worked once only.
    second = second_page.context.new_page()
    open_app(second, app_url, "/organiser/" + link.rsplit("/organiser/", 1)[1],
             wait_text="Lien non valable")
    text(second, "déjà utilisé").wait_for()
    second.close()


def test_a_deleted_game_goes_to_the_bin_and_is_restored_from_it(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = new_game_on_the_phone(page, app_url, "Partie à jeter", FOUR)
    open_game_menu(page)
    thumb(page, entry(page, "Mettre à la corbeille"))
    text(page, "restaurable 30 jours").wait_for()
    thumb(page, page.get_by_role("button", name="Mettre à la corbeille", exact=True).last)
    page.wait_for_url(f"{app_url}/")
    # The bin closes the list of games, below the games the other tests left.
    bin_entry = scroll_to_id(page, "bin-entry")
    text(page, "Corbeille (").wait_for()
    assert game not in [g.id for g in list_games(uow_factory())]
    thumb(page, bin_entry)
    page.wait_for_url(f"{app_url}/bin")
    by_id(page, f"bin-days-{game}").wait_for()
    assert id_text(page, f"bin-days-{game}") == "Supprimée définitivement dans 30 jours"
    assert entry(page, "Supprimer définitivement").count() == 1  # its organiser's phone
    thumb(page, by_id(page, f"bin-restore-{game}"))
    by_id(page, f"bin-days-{game}").wait_for(state="detached")
    assert game in [g.id for g in list_games(uow_factory())]
    assert game not in [b.id for b in list_bin(uow_factory())]


def test_wrong_codes_sent_to_the_api_also_stop_the_app_on_the_same_address(
        page: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path)  # its own: the address stays blocked for a minute
    try:
        uow = server.uow_factory()
        game = create_game(uow(), name="Gardée", seats=FOUR, deal_size=4)
        set_table_code(uow(), game, "7391", organiser=OPERATOR)
        for guess in range(10):
            status, _ = api(server.url, "GET", f"/api/games/{game}/access", None,
                            {"X-Table-Code": f"{guess:04d}"})
            assert status == 403
        open_app(page, server.url, f"/games/{game}", wait_text="Gardée")
        thumb(page, page.get_by_role("button", name="Saisir le code pour modifier"))
        field = page.get_by_role("textbox", name="Code de table")
        thumb(page, field)
        page.keyboard.type("7391", delay=60)
        thumb(page, page.get_by_role("button", name="Déverrouiller"))
        text(page, "Trop de codes de table erronés depuis ce téléphone").wait_for()
        thumb(page, page.get_by_role("button", name="Annuler"))
        by_id(page, "read-only").wait_for()  # the right code was not even tried
    finally:
        stop_server(server)
