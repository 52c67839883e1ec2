"""Circles, the evening's recap and its picture, the big screen following the phones live,
and two names of one player merged then split again, in a real browser with real taps."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Callable
from typing import Any

from scorepad import services
from tests.e2e.conftest import UI_TIMEOUT_MS, by_id, open_app, scroll_to_id, wait_id_text
from tests.e2e.gestures import tap_at, tap_between, thumb, type_points, wheel

GARDE_ANDRE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}  # +198 / −66
PRISE_BRUNO = {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 58}  # +96 / −32


def test_a_circle_made_on_the_phone_gets_an_evening_recap_and_its_picture(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    open_app(page, app_url, "/", wait_text="Parties")
    thumb(page, page.get_by_label("Cercles", exact=True))
    thumb(page, page.get_by_role("button", name="Nouveau cercle"))
    field = page.get_by_role("textbox", name="Nom du cercle")
    thumb(page, field)
    page.keyboard.type("Les jeudis", delay=40)
    page.wait_for_function("([el, t]) => el.value === t", arg=[field.element_handle(),
                                                                "Les jeudis"])
    thumb(page, page.get_by_role("button", name="Créer", exact=True))
    by_id(page, "circle-Les jeudis").wait_for()
    circle = next(c.id for c in services.list_circles(uow_factory()) if c.name == "Les jeudis")

    # Two tables of that circle tonight (the deals arranged through the services).
    first = services.create_game(uow_factory(), name="Table 1", circle=circle, deal_size=4,
                                 seats=["André", "Bruno", "Cécile", "Didier"])
    services.record_deal(uow_factory(), first, GARDE_ANDRE)
    second = services.create_game(uow_factory(), name="Table 2", circle=circle, deal_size=4,
                                  seats=["André", "Bruno", "Élodie", "Fanny"])
    services.record_deal(uow_factory(), second, PRISE_BRUNO)

    thumb(page, by_id(page, "circle-Les jeudis"))  # the circle's ranking
    by_id(page, "rank-total-André").wait_for()
    wait_id_text(page, "rank-total-André", "+166")  # 198 − 32
    thumb(page, page.get_by_role("button", name=re.compile("^(Retour|Back)$")))
    by_id(page, "rank-total-André").wait_for(state="detached")
    thumb(page, by_id(page, "circle-menu-Les jeudis"))
    thumb(page, page.get_by_role("menuitem", name="Soirée").or_(
        page.get_by_text("Soirée", exact=True)))
    wait_id_text(page, "soiree-summary", "2 tables · 2 donnes (2 jouées) · 0 min de jeu")
    wait_id_text(page, "podium-André", "+166")  # first: both tables summed
    wait_id_text(page, "soiree-total-Bruno", "+30")  # −66 + 96
    wait_id_text(page, "soiree-total-Cécile", "−66")

    picture = page.get_by_role("button", name="Image à partager")
    for _ in range(12):  # the export buttons are further down the recap
        if picture.count() and picture.first.is_visible():
            break
        page.mouse.move(195, 500)
        wheel(page, 300)
    with page.expect_download(timeout=UI_TIMEOUT_MS) as download:
        thumb(page, picture)
    name = download.value.suggested_filename
    assert name == f"soiree-{services.today().isoformat()}.png"
    with open(download.value.path(), "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    url = f"{app_url}/export/soirees/{services.today().isoformat()}.png?circle={circle}"
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.headers["Content-Type"] == "image/png"


def test_the_big_screen_follows_a_deal_recorded_on_a_phone(
        page: Any, browser: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Club du vendredi")
    game = services.create_game(uow_factory(), name="Table A", circle=circle, deal_size=4,
                                seats=["Gilles", "Hélène", "Inès", "Jules"])
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, device_scale_factor=1)
    tv.set_default_timeout(UI_TIMEOUT_MS)
    screen = tv.new_page()
    try:
        open_app(screen, app_url, f"/grand-ecran/{circle}")
        wait_id_text(screen, f"big-table-{game}-Gilles", "0")
        # A phone at the table records Gilles's garde, 2 bouts, 49 points: +198.
        open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
        for ident in ("taker-Gilles", "contract-garde", "bouts-2"):
            thumb(page, by_id(page, ident))
        type_points(page, "49")
        thumb(page, page.get_by_role("button", name="Enregistrer la donne"))
        page.wait_for_url(f"{app_url}/games/{game}")
        # The big screen was never reloaded.
        wait_id_text(screen, f"big-table-{game}-Gilles", "+198", timeout=20)
        wait_id_text(screen, "big-total-Gilles", "+198", timeout=20)
        wait_id_text(screen, "big-total-Hélène", "−66", timeout=20)
    finally:
        tv.close()


def test_two_names_of_one_player_are_merged_from_the_players_screen_then_split(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    services.create_game(uow_factory(), name="Chez Karim", deal_size=3,
                         seats=["Karim", "Léa", "Mona"])
    services.create_game(uow_factory(), name="Chez Léa", deal_size=3,
                         seats=["Kar", "Léa2", "Mona2"])
    open_app(page, app_url, "/", wait_text="Parties")
    thumb(page, page.get_by_label("Joueurs", exact=True))
    # Other tests' players come first in the list: the thumb scrolls down to "Kar".
    scroll_to_id(page, "player-Kar")
    tap_at(page, "player-menu-Kar")
    thumb(page, page.get_by_role("menuitem", name="Fusionner avec…").or_(
        page.get_by_text("Fusionner avec…", exact=True)))
    # Other tests' players are offered too: the dialog's list scrolls to "Karim".
    tap_between(page, page.get_by_role("radio", name="Karim", exact=True),
                page.get_by_text("Fusionner « Kar » avec…", exact=True),
                page.get_by_role("button", name="Continuer"))
    thumb(page, page.get_by_role("radio", name="Garder « Karim »"))
    thumb(page, page.get_by_role("button", name="Continuer"))
    # The confirmation says what happens before anything is changed.
    page.get_by_text("« Kar » et « Karim » sont la même personne", exact=False).wait_for()
    assert "Kar" in [p.name for p in services.list_players(uow_factory())]
    # The worker's other tests may have seated a "Karim" too (the tournaments' names):
    # the merge adds Kar's one game to whatever Karim had.
    before = next(p for p in services.list_players(uow_factory()) if p.name == "Karim")
    thumb(page, page.get_by_role("button", name="Fusionner", exact=True))
    scroll_to_id(page, "merged-Kar")
    for _ in range(4):  # to the end of the list, above the snackbar
        wheel(page, 400)
    assert "Kar" not in [p.name for p in services.list_players(uow_factory())]
    karim = next(p for p in services.list_players(uow_factory()) if p.name == "Karim")
    assert karim.games == before.games + 1

    thumb(page, page.get_by_role("button", name="Séparer"))
    page.mouse.move(195, 300)  # on the list, above the message
    for _ in range(10):  # back to the top of the list, then down to "Kar"
        wheel(page, -2000)
    scroll_to_id(page, "player-Kar")
    assert by_id(page, "merged-Kar").count() == 0
    names = [p.name for p in services.list_players(uow_factory())]
    assert "Kar" in names and "Karim" in names
