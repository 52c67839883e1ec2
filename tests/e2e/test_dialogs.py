"""Dialogs as the screens render them, with real taps: a dialog open while another phone
changes the screen under it keeps what the thumb typed and follows what it shows; a
refusal that comes once its question is answered is shown, and the back gesture closes it
for good."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scorepad import services
from tests.e2e.conftest import (
    VIEWPORT,
    by_id,
    open_app,
    open_app_socket,
    scroll_to_id,
    tap_box,
    tap_field,
    text,
    told,
)
from tests.e2e.gestures import open_game_menu, thumb
from tests.e2e.test_seasons import garde, menu_action
from tests.factories import FOUR

UoW = Callable[[], Any]


def test_a_name_typed_in_a_dialog_is_kept_while_another_phone_changes_the_screen(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    witness = services.create_circle(uow_factory(), "Les Témoins")
    game = services.create_game(uow_factory(), name="À ranger", seats=list(FOUR),
                                deal_size=4)
    socket = open_app_socket(page, app_url, "/circles", wait_text="Cercles")
    tile = by_id(page, "circle-Les Témoins")  # the whole row: its name and its count
    tile.wait_for()
    thumb(page, page.get_by_role("button", name="Nouveau cercle"))
    field = page.get_by_role("textbox", name="Nom du cercle")
    tap_field(page, field)
    page.keyboard.type("Les Gly", delay=80)
    # Another phone moves a game into a circle: the list under the dialog is drawn again
    # (the server hears of it within a second, and sends the circle's new count).
    with told(page, socket, "1 partie · classement"):
        services.set_game_circle(uow_factory(), game, witness)
        services.record_deal(uow_factory(), game, garde("André"))
    page.keyboard.type("cines", delay=80)
    page.wait_for_function("([el, t]) => el.value === t",
                           arg=[field.element_handle(), "Les Glycines"])
    thumb(page, page.get_by_role("button", name="Créer", exact=True))
    text(page, "Cercle « Les Glycines » créé.").wait_for()
    assert "Les Glycines" in [c.name for c in services.list_circles(uow_factory())]
    # The change made meanwhile reached the screen too.
    tile.get_by_role("button", name=re.compile("1 partie · classement")).wait_for()


def test_a_refusal_after_a_question_is_shown_and_the_back_gesture_closes_it_for_good(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    circle = services.create_circle(uow_factory(), "Les Éphémères")
    socket = open_app_socket(page, app_url, "/", wait_text="Parties")
    thumb(page, page.get_by_label("Cercles").first)  # in the app: Back has a screen to go to
    page.wait_for_url(f"{app_url}/circles")
    menu_action(page, "circle-menu-Les Éphémères", "Supprimer")
    text(page, "Supprimer le cercle ?").wait_for()
    services.delete_circle(uow_factory(), circle)  # another phone was quicker
    thumb(page, page.get_by_role("button", name="Supprimer", exact=True))
    refusal = text(page, "Impossible", exact=True)
    refusal.wait_for()
    assert text(page, "Supprimer le cercle ?").count() == 0
    page.go_back()
    page.wait_for_url(f"{app_url}/")
    refusal.wait_for(state="detached")
    # The whole app is drawn again (the phone turned to a tablet's width and back: the
    # server lays every screen out again and sends it): the refusal closed on the phone
    # stays closed.
    with told(page, socket):
        page.set_viewport_size({"width": 800, "height": VIEWPORT["height"]})
    with told(page, socket):
        page.set_viewport_size(VIEWPORT)
    # The games screen is drawn again; on the shared server its bin entry sits below
    # every other test's games, out of the list's drawn part until scrolled to.
    scroll_to_id(page, "bin-entry")
    assert text(page, "Impossible", exact=True).count() == 0


def test_the_open_game_menu_follows_a_change_made_on_another_phone(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    # A game from before organisers, without a code: every phone may finish it.
    game = services.create_game(uow_factory(), name="Menu vivant", seats=list(FOUR),
                                deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Menu vivant")
    open_game_menu(page)
    page.get_by_role("button", name="Terminer la partie").wait_for()
    services.finish_game(uow_factory(), game, organiser=services.OPERATOR)
    reopen = page.get_by_role("button", name="Rouvrir la partie")
    reopen.wait_for()
    thumb(page, reopen)
    text(page, "Exporter en CSV").wait_for(state="detached")
    text(page, "Partie rouverte").wait_for()
    assert services.get_sheet(uow_factory(), game).status.value == "in_progress"


def test_the_full_names_follow_the_totals_while_they_are_open(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    seats = ["Maximilienne", "Bérénice", "Cunégonde", "Dorothée"]
    game = services.create_game(uow_factory(), name="Noms longs", seats=seats, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Noms longs")
    tap_box(page, by_id(page, "total-Bérénice"))
    text(page, "Joueurs", exact=True).wait_for()
    maxi = page.get_by_text(re.compile(r": Maximilienne\s+\(0\)"))
    maxi.wait_for()
    services.record_deal(uow_factory(), game, garde("Maximilienne"))  # another phone
    page.get_by_text(re.compile(r": Maximilienne\s+\(\+198\)")).wait_for()
    page.get_by_text(re.compile(r"^Bérénice\s+\(−66\)")).wait_for()
    thumb(page, page.get_by_role("button", name="OK", exact=True))
    text(page, "Joueurs", exact=True).wait_for(state="detached")
