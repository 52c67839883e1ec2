"""What a player still tripped on (issue 19), played again with real taps on a 390 px
phone and read from the screen: fields that clear, links that open, lists in French
order, a ranking that fits, every tie named, a counter whose "+" a thumb reaches."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scorepad import services
from tests.e2e.conftest import (
    by_id,
    clipboard_text,
    id_text,
    open_app,
    tap_field,
    text,
    wait_id_text,
)
from tests.e2e.gestures import choose, open_game_menu, settled_box, tap_at, thumb, wheel
from tests.e2e.test_organiser import new_game_on_the_phone

MADE_GARDE = {"contract": "garde", "bouts": 2, "points": 60}


def field_value(page: Any, label: str) -> str:
    return str(page.get_by_role("textbox", name=label).first.input_value())


def wait_value(page: Any, label: str, expected: str, timeout: float = 10_000) -> None:
    field = page.get_by_role("textbox", name=label).first
    page.wait_for_function("([el, text]) => el.value === text",
                           arg=[field.element_handle(), expected], timeout=timeout)


def top_of(page: Any, identifier: str) -> float:
    """Where the control's top is drawn, once it stands still."""
    return float(settled_box(page, by_id(page, identifier).first)["y"])


def test_after_enter_the_new_player_field_shows_only_the_next_name(page: Any,
                                                                    app_url: str) -> None:
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    tap_field(page, page.get_by_role("textbox", name="Nouveau joueur").first)
    page.keyboard.type("Zoé", delay=60)
    page.keyboard.press("Enter")
    by_id(page, "seat-Zoé").wait_for()
    wait_value(page, "Nouveau joueur", "")  # left alone, the added name goes
    page.keyboard.type("Yves", delay=60)
    page.keyboard.press("Enter")
    page.keyboard.type("Xa", delay=40)  # straight on, then a pause mid-name
    wait_value(page, "Nouveau joueur", "Xa")  # "Yves" went, what is typed stayed
    page.keyboard.type("vier", delay=40)
    page.keyboard.press("Enter")
    by_id(page, "seat-Xavier").wait_for()
    wait_value(page, "Nouveau joueur", "")
    assert [s for s in ("Zoé", "Yves", "Xavier") if by_id(page, f"seat-{s}").count()] == [
        "Zoé", "Yves", "Xavier"]


def test_typing_a_game_name_replaces_the_default_one(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    assert field_value(page, "Nom de la partie") == ""  # "Partie du …" is only a hint
    text(page, "Laissé vide : « Partie du ").first.wait_for()
    game = new_game_on_the_phone(page, app_url, "Test C", ["Ulysse", "Ursula", "Urbain"])
    assert services.get_sheet(uow_factory(), game).name == "Test C"


def test_the_hand_over_link_reads_http_and_has_a_copy_button(
        page: Any, app_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game = new_game_on_the_phone(page, app_url, "Chez Quaid", ["Quaid Ho", "Quitterie Ho",
                                                                "Quirin Ho", "Quincy Ho"])
    # The new game's message says the role lives in this browser, and how to pass it on.
    text(page, "le rôle reste dans ce navigateur").first.wait_for()
    open_game_menu(page)
    text(page, "avant de changer de téléphone ou de navigateur").first.wait_for()
    thumb(page, page.get_by_role("button", name="Transmettre le rôle d'organisateur",
                                 exact=False))
    link = id_text(page, "handover-link")
    assert link.startswith("http://") and "/organiser/" in link, link
    assert not link.startswith("ws")
    thumb(page, by_id(page, "handover-copy"))
    text(page, "Lien copié").first.wait_for()
    assert clipboard_text(page) == link
    assert game


def test_players_are_listed_in_french_order(page: Any, app_url: str,
                                            uow_factory: Callable[[], Any]) -> None:
    # One family name first: the four stand together in a long list, in French order
    # (byte order would put "Ordre Émile" and "Ordre emma" after "Ordre Zoé").
    services.create_game(uow_factory(), name="Ordre", deal_size=4,
                         seats=["Ordre Hélène", "Ordre Émile", "Ordre Zoé", "Ordre emma"])
    open_app(page, app_url, "/players", wait_text="Joueurs")
    names = ["Ordre Émile", "Ordre emma", "Ordre Hélène", "Ordre Zoé"]
    last = by_id(page, "player-Ordre Zoé")
    for _ in range(30):  # the list is long: scroll down until the last one is drawn
        if last.count() and last.first.is_visible():
            break
        page.mouse.move(195, 400)
        wheel(page, 250)
    tops = [top_of(page, f"player-{name}") for name in names]
    assert tops == sorted(tops), list(zip(names, tops, strict=True))


def test_the_ranking_fits_a_phone_and_its_contract_table_says_it_scrolls(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    uow = uow_factory
    circle = services.create_circle(uow(), "Les longs noms")
    seats = ["Jean-Baptiste Delacroix", "Marie-Hélène Dubois", "Maximilien Laforêt",
             "Anne-Sophie Bertrand"]
    game = services.create_game(uow(), name="Noms longs", seats=seats, deal_size=4,
                                circle=circle)
    for taker, contract in zip(seats, ("garde_contre", "garde_sans", "garde", "prise"),
                               strict=True):
        services.record_deal(uow(), game, {"taker": taker, "contract": contract,
                                           "bouts": 2, "points": 45})
    open_app(page, app_url, f"/circles/{circle}/ranking", wait_text="Classement")
    by_id(page, "rank-won-Marie-Hélène Dubois").wait_for()
    width = page.viewport_size["width"]
    table = by_id(page, "ranking-table").first.bounding_box()
    assert table is not None and table["x"] + table["width"] <= width, table
    for header in ("Total", "Donnes", "Moy.", "Gagnées"):
        box = page.get_by_role("columnheader", name=header).first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, header
    # The contract table is wider than the phone: it says so, and a swipe shows the rest.
    hint = by_id(page, "scroll-hint").first
    page.mouse.move(195, 400)
    for _ in range(20):  # down the screen, a little at a time, until the words show
        box = hint.bounding_box() if hint.count() else None
        if box is not None and 64 <= box["y"] <= 300:
            break
        wheel(page, 80)
    assert id_text(page, "scroll-hint").startswith("Faites glisser le tableau vers la gauche")
    contre = page.get_by_role("columnheader", name="Garde contre").first
    box = contre.bounding_box()
    cut = box["width"] if box is not None else 0.0
    assert cut < 60, box  # "Garde contre" cut by the phone's edge, as the player saw it
    scrolling = by_id(page, "scrolling-table").first.bounding_box()
    assert scrolling is not None
    page.mouse.move(width / 2, scrolling["y"] + 60)
    for _ in range(4):  # the sideways swipe, as a wheel or a touchpad gives it
        wheel(page, 0, dx=200)
    box = settled_box(page, contre)
    assert box is not None and box["width"] > cut + 40, box  # swiped: the column shows
    assert box["x"] + box["width"] <= width, box


def test_choosing_every_table_in_the_ranking_changes_the_address(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Les adresses")
    open_app(page, app_url, f"/circles/{circle}/ranking", wait_text="Classement")
    by_id(page, "ranking-summary").wait_for()
    choose(page, "filter-circle", "Toutes les tables")
    page.wait_for_url(f"{app_url}/stats/ranking")
    text(page, "Classement").first.wait_for()
    by_id(page, "ranking-summary").wait_for()


def test_the_evenings_worst_deal_names_the_three_players_who_share_it(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Les ex aequo")
    seats = ["Roméo Ex", "Sidonie Ex", "Théo Ex", "Ulla Ex"]  # names no other test uses
    game = services.create_game(uow_factory(), name="Ex aequo", seats=seats, deal_size=4,
                                circle=circle)
    services.record_deal(uow_factory(), game, {"taker": "Roméo Ex", **MADE_GARDE})
    open_app(page, app_url, f"/circles/{circle}/soiree", wait_text="Soirée")
    worst = by_id(page, "soiree-worst")
    for _ in range(16):
        if worst.count() and worst.first.is_visible():
            break
        page.mouse.move(195, 500)
        wheel(page, 300)
    assert id_text(page, "soiree-worst").startswith("Sidonie Ex, Théo Ex et Ulla Ex −")
    assert id_text(page, "soiree-best").startswith("Roméo Ex +")


def test_the_card_counters_lowest_plus_counts_at_the_first_tap(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = services.create_game(uow_factory(), name="Comptage bas", deal_size=4,
                                seats=["Véra", "Willy", "Xena", "Yann"])
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    for control in ("taker-Véra", "contract-garde"):
        tap_at(page, control)
        page.locator(f'[flt-semantics-identifier="{control}"][aria-current="true"]'
                     ).first.wait_for()
    tap_at(page, page.get_by_role("button", name="Compter les points"))
    wait_id_text(page, "pile-result", "Attaque : 0 — Défense : 91")
    # Where the counter settles, without any scrolling: its lowest "+" standing still.
    settled_box(page, by_id(page, "pile-jacks-plus").first)
    preview = min(top_of(page, "save-reason"), top_of(page, "preview-Véra"))
    for name in ("bouts", "kings", "queens", "knights", "jacks"):
        box = settled_box(page, by_id(page, f"pile-{name}-plus").first)
        assert box["y"] + box["height"] < preview, name
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        wait_id_text(page, f"pile-{name}-value", "1")


def test_deleting_a_circle_with_no_game_says_it_has_none(page: Any, app_url: str,
                                                        uow_factory: Callable[[], Any]
                                                        ) -> None:
    services.create_circle(uow_factory(), "Cercle sans partie")
    open_app(page, app_url, "/circles", wait_text="Cercles")
    # Its row is read with its name, not as "0 partie · classement" alone.
    row = page.get_by_role("button", name=re.compile(r"^Cercle sans partie\s+0 partie"))
    tap_at(page, by_id(page, "circle-menu-Cercle sans partie"))
    thumb(page, page.get_by_role("menuitem", name="Supprimer").or_(
        page.get_by_text("Supprimer", exact=True)))
    text(page, "Il n'a aucune partie.").wait_for()
    assert text(page, "Ses 0").count() == 0
    thumb(page, page.get_by_role("button", name="Annuler", exact=True))
    row.first.wait_for()


def test_merging_offers_only_players_who_never_sat_together(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    services.create_game(uow_factory(), name="Fusion 1", deal_size=3,
                         seats=["Gaspard Fusion", "Gaston Fusion", "Gilles Fusion"])
    services.create_game(uow_factory(), name="Fusion 2", deal_size=3,
                         seats=["Gaspar Fusion", "Gino Fusion", "Gus Fusion"])
    options = services.merge_options(uow_factory())
    assert "Gaspar Fusion" in options["Gaspard Fusion"]
    assert "Gaston Fusion" not in options["Gaspard Fusion"]
    open_app(page, app_url, "/players", wait_text="Joueurs")
    tap_at(page, by_id(page, "player-menu-Gaspard Fusion"))
    thumb(page, page.get_by_role("menuitem", name="Fusionner avec…").or_(
        page.get_by_text("Fusionner avec…", exact=True)))
    page.get_by_role("radio", name="Gaspar Fusion").wait_for()
    assert page.get_by_role("radio", name="Gaston Fusion").count() == 0
    assert page.get_by_role("radio", name="Gilles Fusion").count() == 0


def test_a_stranger_on_the_wifi_gets_no_way_to_bin_rename_or_finish_a_cli_game(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = services.new_game_from_dict(uow_factory(), {
        "name": "Faite en ligne de commande", "seats": ["Aline", "Basile", "Coline"]},
        by_operator=True).id
    open_app(page, app_url, f"/games/{game}", wait_text="Faite en ligne de commande")
    open_game_menu(page)
    by_id(page, "not-organiser").wait_for()
    text(page, f"scorepad organiser {game}").first.wait_for()
    for entry in ("Terminer la partie", "Mettre à la corbeille", "Renommer"):
        assert page.get_by_role("button", name=entry, exact=False).count() == 0, entry
    # Nor through the API, as a modified phone would try.
    from tests.e2e.test_live_table import api

    assert api(app_url, "PATCH", f"/api/games/{game}", {"name": "Prise"})[0] == 403
    assert api(app_url, "PATCH", f"/api/games/{game}", {"status": "finished"})[0] == 403
    assert api(app_url, "DELETE", f"/api/games/{game}")[0] == 403
    sheet = services.get_sheet(uow_factory(), game)
    assert (sheet.name, sheet.status.value) == ("Faite en ligne de commande", "in_progress")


def test_the_table_codes_remaining_characters_follow_each_key(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = services.create_game(uow_factory(), name="Code compté", deal_size=4,
                                seats=["Ava", "Ben", "Cid", "Dan"])
    services.set_table_code(uow_factory(), game, "TAROT5", organiser=services.OPERATOR)
    open_app(page, app_url, f"/games/{game}", wait_text="Code compté")
    thumb(page, page.get_by_role("button", name="Saisir le code pour modifier"))
    field = page.get_by_role("textbox", name="Code de table")
    thumb(page, field)
    for typed, left in (("T", 11), ("A", 10), ("R", 9)):
        page.keyboard.type(typed)
        # What a screen reader announces under the field, after this very key.
        text(page, f"{left}\u00a0caractères restants").first.wait_for()
