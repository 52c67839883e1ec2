"""What a person does in many e2e tests, in one place: create a game on the phone (typing
key by key, tapping with a thumb) and enter a deal."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.conftest import UI_TIMEOUT_MS, button, by_id, click, open_app, scroll_to_id, text
from tests.e2e.gestures import settled_box, tap, tap_at, thumb, type_points


def type_into(page: Any, label: str, value: str) -> None:
    """Types key by key at a thumb's pace; on a loaded machine a key can be lost in the
    round trip of a controlled field, so the phone's user types the word again."""
    field = page.get_by_role("textbox", name=label).first
    for _ in range(3):
        thumb(page, field)
        field.fill("")
        field.press_sequentially(value, delay=120)
        try:
            page.wait_for_function("([el, text]) => el.value === text",
                                   arg=[field.element_handle(), value], timeout=5_000)
            return
        except Exception:
            continue
    raise AssertionError(f"{label}: could not type {value!r}")


def new_game_on_the_phone(page: Any, app_url: str, name: str, players: list[str] | tuple[
        str, ...], *, dealer_sits_out: bool = False) -> int:
    """The phone creates the game from the "Nouvelle partie" screen (so it is its
    organiser) and lands on its sheet; returns the game's id."""
    open_app(page, app_url, "/", wait_text="Parties")
    return start_new_game(page, app_url, name, players, dealer_sits_out=dealer_sits_out)


def start_new_game(page: Any, app_url: str, name: str, players: list[str] | tuple[
        str, ...], *, dealer_sits_out: bool = False) -> int:
    """From the games screen already shown (the phone build opens on it): the game set
    up and started, as new_game_on_the_phone; its id."""
    click(page, "Nouvelle partie")
    text(page, "Ordre de la table").wait_for()
    type_into(page, "Nom de la partie", name)
    for player in players:
        type_into(page, "Nouveau joueur", player)
        thumb(page, button(page, "Ajouter"))
        by_id(page, "seat-" + player).wait_for()
    if dealer_sits_out:
        switch = page.get_by_role("switch", name="Le donneur ne joue pas", exact=False)
        thumb(page, switch)
        # A person sees the switch on before starting the game.
        expect(switch).to_be_checked(timeout=UI_TIMEOUT_MS)
    thumb(page, button(page, "Commencer la partie"))
    # Players nobody knows yet are confirmed before they are created.
    confirm = button(page, "Créer et commencer")
    confirm.or_(page.get_by_role("button", name="Nouvelle donne")).first.wait_for()
    if confirm.count():
        thumb(page, confirm)
    page.wait_for_url(f"{app_url}/games/*")
    return int(page.url.rsplit("/", 1)[-1])


def enter_deal(page: Any, app_url: str, game: int, *taps: str, points: str,
               extras: tuple[str, ...] = ()) -> None:
    """From the sheet: "Nouvelle donne", the taps (taker, contract, bouts...), the points
    on the keypad, the extras' identifiers, then save, back on the sheet."""
    click(page, "Nouvelle donne")
    page.wait_for_url(f"{app_url}/games/{game}/deal")
    by_id(page, taps[0]).wait_for()
    tap(page, *taps)
    type_points(page, points)
    if extras:
        scroll_to_id(page, "extras-toggle").click()
        for identifier in extras:
            scroll_to_id(page, identifier).click()
    button(page, "Enregistrer la donne").click()
    page.wait_for_url(f"{app_url}/games/{game}")


def clear_the_kept_new_game(page: Any) -> None:
    """The new game's form left unsaved before comes back, said in words: "Effacer" as a
    person would, then the form is empty."""
    by_id(page, "new-game-restored").wait_for(timeout=30_000)
    thumb(page, button(page, "Effacer"))
    page.wait_for_function(
        "() => !document.querySelector('[flt-semantics-identifier^=\"seat-\"]')")


def open_counter(page: Any) -> None:
    """Opens the counter and waits, as the eye does, for the form to bring it to the top
    of the screen (the app scrolls it there a moment after it opens: a tap made before
    landed where the screen had moved from)."""
    tap_at(page, page.get_by_role("button", name="Compter les points"))
    page.wait_for_function("""() => {
        const el = document.querySelector('[flt-semantics-identifier="pile-side-attack"]');
        return el !== null && el.getBoundingClientRect().top < 200;
    }""", timeout=UI_TIMEOUT_MS)
    settled_box(page, by_id(page, "pile-side-attack"))
