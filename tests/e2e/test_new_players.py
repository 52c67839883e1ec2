"""A mistyped name does not silently become a known player: the new-game screen marks a
new name, proposes the known player it may be a slip of, and asks before creating it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.domain.names import fold
from scorepad.services import create_game, get_sheet, list_players
from scorepad.ui.screens.new_game import OFFERED, regular_first
from tests.e2e.conftest import (
    button,
    by_id,
    open_app,
    scroll_to_id,
    tap_box,
    tap_field,
    text,
)
from tests.e2e.gestures import tap_at, thumb


def test_a_near_miss_of_a_known_player_proposes_them_and_creates_no_one(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    create_game(uow_factory(), name="Hier soir", seats=["Gérard", "Cécile", "Anaïs"],
                deal_size=3)
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    tap_field(page, page.get_by_role("textbox", name="Nouveau joueur").first)
    for name in ("Géard", "Cécile", "Anaïs"):
        page.keyboard.type(name, delay=40)
        page.keyboard.press("Enter")
    by_id(page, "seat-Anaïs").wait_for()
    # Marked on the screen at once, with the known name one tap away...
    hint = by_id(page, "new-player-Géard")
    hint.wait_for()
    assert "Gérard ?" in hint.inner_text()
    assert "Nouveau joueur — vérifier l'orthographe" in str(hint.get_attribute("aria-label"))
    assert by_id(page, "new-player-Cécile").count() == 0
    # ... and said again before the game is created.
    tap_box(page, button(page, "Commencer la partie"))
    text(page, "Nouveau joueur : Géard — vérifier l'orthographe").wait_for()
    thumb(page, button(page, "Utiliser Gérard"))
    by_id(page, "seat-Gérard").wait_for()
    assert by_id(page, "seat-Géard").count() == 0
    assert by_id(page, "new-player-Gérard").count() == 0
    tap_box(page, button(page, "Commencer la partie"))
    page.wait_for_url(f"{app_url}/games/*")
    game = int(page.url.rsplit("/", 1)[-1])
    assert get_sheet(uow_factory(), game).seats == ("Gérard", "Cécile", "Anaïs")
    assert "Géard" not in {p.name for p in list_players(uow_factory())}


def test_a_new_player_is_created_once_confirmed(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    tap_field(page, page.get_by_role("textbox", name="Nouveau joueur").first)
    for name in ("Ysaline", "Wandrille", "Théophane"):
        page.keyboard.type(name, delay=40)
        page.keyboard.press("Enter")
    by_id(page, "seat-Théophane").wait_for()
    tap_box(page, button(page, "Commencer la partie"))
    text(page, "Nouveau joueur : Wandrille — vérifier l'orthographe").wait_for()
    thumb(page, button(page, "Corriger"))  # nothing created, still on the screen
    assert "Wandrille" not in {p.name for p in list_players(uow_factory())}
    tap_box(page, button(page, "Commencer la partie"))
    thumb(page, button(page, "Créer et commencer"))
    page.wait_for_url(f"{app_url}/games/*")
    assert {"Ysaline", "Wandrille", "Théophane"} <= {p.name for p in
                                                    list_players(uow_factory())}


def test_a_clubs_known_players_are_found_by_their_first_letters(
    page: Any, app_url: str, uow_factory: Callable[[], Any]
) -> None:
    """A club knows dozens of players: the field comes first, the letters typed offer the
    known players holding them, a tap seats one and empties the field; every known
    player stays one tap away."""
    club = [f"{first}{suffix}" for first in ("Baptistin", "Capucine", "Dorothée", "Ernestine")
            for suffix in ("", "-Rose", " Lou", "-Jo")]
    for i in range(0, len(club), 4):
        create_game(uow_factory(), name=f"Club {i}", seats=club[i:i + 4], deal_size=4)
    known = len(list_players(uow_factory()))
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    field = page.get_by_role("textbox", name="Nouveau joueur").first
    tap_field(page, field)
    page.keyboard.type("doro", delay=60)  # a thumb, no capital, no accent
    offered = page.get_by_role("checkbox", name="Dorothée Lou", exact=True)
    offered.wait_for()
    assert page.get_by_role("checkbox", name="Capucine", exact=True).count() == 0
    tap_at(page, offered)
    by_id(page, "seat-Dorothée Lou").wait_for()
    # The letters typed made way for the name: the field is empty, and the regular
    # players (most games first) are offered again, one holding no "doro" among them.
    # (The offer's chips may stay the same nodes when also regular: none is waited to go.)
    regular = regular_first(list_players(uow_factory()))[:OFFERED]
    unlike = next(n for n in regular if "doro" not in fold(n))
    page.get_by_role("checkbox", name=unlike, exact=True).wait_for()
    tap_field(page, field)
    page.wait_for_function("() => document.activeElement.value === ''")
    # Nothing typed: the most regular players, then all of them on request.
    tap_at(page, button(page, f"Tous les joueurs connus ({known})"))
    capucine = page.get_by_role("checkbox", name="Capucine-Jo", exact=True)
    tap_at(page, capucine)
    # Ticked where tapped; seated below every known player (on a server that has many,
    # below the screen's edge: the thumb scrolls down to the table's order).
    page.get_by_role("checkbox", name="Capucine-Jo", exact=True, checked=True).wait_for()
    scroll_to_id(page, "seat-Capucine-Jo")
    tap_at(page, button(page, "Moins de joueurs"))
    assert page.get_by_role("checkbox", name="Capucine-Jo", exact=True).is_checked()
