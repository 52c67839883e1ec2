"""Names typed at a thumb's speed, on a fast and on a slow Wi-Fi, are kept letter for
letter: 50 names with accents and hyphens, each ended by the keyboard's Enter, the next
one typed at once."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scorepad.services import get_sheet
from tests.e2e.conftest import (
    by_id,
    click,
    open_app,
    open_app_socket,
    tap_box,
    tap_field,
    text,
    told,
)
from tests.e2e.flows import clear_the_kept_new_game
from tests.e2e.gestures import keyboard_on, tap_at, thumb
from tests.e2e.slow_link import SlowLink

NAMES = [
    "Cécile", "Gérard", "Jean-Baptiste", "Marie-Hélène", "Zoé", "Anaïs", "Benoît",
    "François", "Hélène", "Jérôme", "Léa", "Noël", "Océane", "Raphaël", "Sébastien",
    "Thérèse", "Valérie", "Yannick", "Aurélie", "Bérénice", "Chloé", "Désiré", "Émile",
    "Félicité", "Geneviève", "Hervé", "Inès", "Joëlle", "Lucie-Anne", "Mégane", "Nadège",
    "Ophélie", "Pénélope", "Quentin", "Régis", "Séverine", "Timothée", "Ursule", "Véronique",
    "Xavière", "Yolène", "Zéphyrin", "Jean-Noël", "Anne-Sophie", "Pierre-Étienne",
    "Marie-Claude", "Loïc", "Maëlle", "Gaëtan", "Noémie",
]
PER_TABLE = 5


def seated(page: Any) -> list[str]:
    return [str(ident)[len("seat-"):] for ident in page.locator(
        '[flt-semantics-identifier^="seat-"]').evaluate_all(
        "els => els.map(e => e.getAttribute('flt-semantics-identifier'))")]


def type_a_table(page: Any, names: list[str], rng: random.Random) -> None:
    """On "Nouvelle partie": one tap in the field, then each name key by key (25-150 ms a
    key, as a thumb types), Enter, and straight on to the next name."""
    field = page.get_by_role("textbox", name="Nouveau joueur").first
    field.wait_for()
    tap_field(page, field)
    # The name field is the screen's only multi-line one: the tap reached it.
    page.wait_for_function("() => document.activeElement?.tagName === 'TEXTAREA'")
    for name in names:
        page.keyboard.type(name, delay=rng.randint(25, 150))
        page.keyboard.press("Enter")


def wait_seated(page: Any, names: list[str]) -> list[str]:
    """The seats once the last name's is shown: the server's answer to the last Enter,
    which it had after every key and Enter typed before (one connection, in order), so
    a wrong extra seat from any of them would be there too."""
    with contextlib.suppress(PlaywrightTimeout):  # the test then says which are missing
        page.wait_for_function(
            "(n) => document.querySelectorAll('[flt-semantics-identifier^=\"seat-\"]')"
            ".length >= n", arg=len(names), timeout=20_000)
    return seated(page)


@pytest.mark.parametrize("link", ["fast", "slow"])
def test_fifty_names_typed_quickly_are_all_kept_exactly(
    page: Any, app_url: str, slow_link: SlowLink, link: str
) -> None:
    names = NAMES[:25] if link == "fast" else NAMES[25:]
    base = app_url if link == "fast" else slow_link.url
    rng = random.Random(link)
    open_app(page, base, "/", wait_text="Parties")
    typed: list[str] = []
    for start in range(0, len(names), PER_TABLE):
        table = names[start:start + PER_TABLE]
        click(page, "Nouvelle partie")
        text(page, "Ordre de la table").wait_for()
        if start:  # the table typed before was left unsaved: it comes back, said so
            clear_the_kept_new_game(page)
        type_a_table(page, table, rng)
        assert wait_seated(page, table) == table
        typed += seated(page)
        page.go_back()
        text(page, "Parties").wait_for()
    assert typed == names


def test_a_name_added_with_the_button_is_kept_and_the_field_emptied(
    page: Any, app_url: str
) -> None:
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    field = page.get_by_role("textbox", name="Nouveau joueur").first
    for name in ("Marie-Hélène", "Jean-Baptiste"):
        tap_field(page, field)
        # Emptied after the previous name: the next one is typed in an empty field.
        page.wait_for_function("() => document.activeElement.value === ''")
        page.keyboard.type(name, delay=60)
        tap_box(page, page.get_by_role("button", name="Ajouter").first)
        by_id(page, f"seat-{name}").wait_for()
    assert seated(page) == ["Marie-Hélène", "Jean-Baptiste"]


def test_the_game_name_and_a_rule_typed_fast_on_a_slow_link_are_kept(
    page: Any, slow_link: SlowLink, uow_factory: Callable[[], Any]
) -> None:
    socket = open_app_socket(page, slow_link.url, "/new", wait_text="Ordre de la table")
    tap_field(page, page.get_by_role("textbox", name="Nom de la partie").first)
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type("Mardi soir chez Éloïse-Anne", delay=35)
    tap_field(page, page.get_by_role("textbox", name="Nouveau joueur").first)
    for name in ("Aurélien", "Bérangère", "Côme"):
        page.keyboard.type(name, delay=35)
        page.keyboard.press("Enter")
    by_id(page, "seat-Côme").wait_for()
    # The new seats' lines settle before the thumb reaches the rules below them.
    tap_at(page, page.get_by_role("button", name="Règles maison"), bottom=760)
    # The rules open below the seats, under the "Commencer" bar: once they are there, the
    # thumb scrolls the coefficient up above the bar (standing still), then taps it.
    coefficient = page.get_by_role("textbox", name="Coefficient garde contre")
    coefficient.first.wait_for()
    keyboard_on(page, lambda: tap_at(page, coefficient, bottom=760))
    page.wait_for_function("() => document.activeElement.value === '6'")  # FFT's value
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    # The slow link: the last key reaches the server, which keeps the form as typed in
    # the browser's storage (scorepad.ui.widgets.form_keeper): its message says "12".
    with told(page, socket, '"coefficients.garde_contre":"12"'):
        page.keyboard.type("12", delay=30)
    tap_box(page, page.get_by_role("button", name="Commencer la partie").first)
    thumb(page, page.get_by_role("button", name="Créer et commencer"))  # the dialog stands still
    page.wait_for_url("**/games/*")
    sheet = get_sheet(uow_factory(), int(page.url.rsplit("/", 1)[-1]))
    assert sheet.name == "Mardi soir chez Éloïse-Anne"
    assert sheet.rules.to_dict()["coefficients"]["garde_contre"] == 12
