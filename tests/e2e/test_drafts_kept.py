"""Nothing typed is ever lost, on `scorepad serve` too: the deal being typed, and the new
game's form, are kept in the browser as they are typed (its local storage), so a reload
at any moment brings back either the saved deal (said in words) or the filled form."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import button, by_id, id_text, open_app, wait_id_text
from tests.e2e.flows import type_into
from tests.e2e.gestures import thumb
from tests.e2e.reloads import reload_now, what_came_back
from tests.e2e.test_table_trust import fill_garde, tap_spot
from tests.factories import FOUR

UoW = Callable[[], Any]


def test_a_reload_brings_back_the_deal_being_typed_in_words(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Rechargée", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    fill_garde(page, "Cécile")
    wait_id_text(page, "preview-Cécile", "+198")
    reload_now(page)
    assert what_came_back(page, 1, "Cécile") == "restored"
    assert id_text(page, "draft-restored").startswith(
        "Donne 1 reprise là où vous l'aviez laissée")
    wait_id_text(page, "preview-Cécile", "+198")
    tap_spot(page, button(page, "Enregistrer la donne"))
    page.wait_for_url(f"{app_url}/games/{game}")
    wait_id_text(page, "row-1-Cécile", "+198")
    assert len(get_sheet(uow_factory(), game).deals) == 1


#: Whether the browser's storage keeps a deal form of `taker` with `points` typed
#: (scorepad.ui.models.drafts, under shared_preferences' "flutter." prefix, JSON-encoded)
_KEPT = """([taker, points]) => {
    let kept = localStorage.getItem('flutter.scorepad.drafts');
    try {
        while (typeof kept === 'string') kept = JSON.parse(kept);
    } catch (error) {
        return false;
    }
    return Object.values(kept ?? {}).some(
        (draft) => draft.form?.taker === taker && draft.form?.points_text === points);
}"""


def test_a_closed_tab_s_deal_comes_back_in_the_next_one(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    """The server forgets a closed tab's session: the browser's copy brings it back."""
    game = create_game(uow_factory(), name="Onglet fermé", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    fill_garde(page, "Didier", points="51")
    wait_id_text(page, "preview-Didier", "+210")
    # The last key's copy reaches the browser's storage (written by the server, a moment
    # after the screen shows the key): the tab is closed once it is there.
    page.wait_for_function(_KEPT, arg=["Didier", "51"])
    again = page.context.new_page()
    page.close()
    again.goto(f"{app_url}/games/{game}/deal")
    assert what_came_back(again, 1, "Didier") == "restored"
    wait_id_text(again, "preview-Didier", "+210")
    assert get_sheet(uow_factory(), game).deals == ()


def test_a_reload_right_after_the_save_never_reopens_an_empty_form_with_no_word(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Juste après", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Juste après")
    outcomes = []
    for number, delay in ((1, 0), (2, 40), (3, 120)):
        tap_spot(page, button(page, "Nouvelle donne"))
        fill_garde(page, "Bruno")
        tap_spot(page, button(page, "Enregistrer la donne"))
        page.wait_for_timeout(delay)  # the moment of the reload: what the test varies
        reload_now(page)
        came = what_came_back(page, number, "Bruno")
        outcomes.append(came)
        if came == "filled" and len(get_sheet(uow_factory(), game).deals) >= number:
            # A gap left open (issue 27, about once in three full runs): the deal is
            # stored but the phone shows its form as typed, saying nothing. Nothing is
            # lost (a second save is refused as already recorded); the thumb pulls to
            # refresh. Once, under a busy core, the refresh too kept the form: the
            # session's screen updates had stopped, as Flet stops them after a render
            # that raised (scorepad.ui.live.keep_screen_updates_going now logs such a
            # render in the server's log, shown below a failure, and goes on).
            open_app(page, app_url, f"/games/{game}", wait_text="Juste après")
        elif came in ("restored", "filled"):  # not stored yet: the form is back, filled
            wait_id_text(page, "preview-Bruno", "+198")
            tap_spot(page, button(page, "Enregistrer la donne"))
        elif came == "kept":        # stored: the form says so, for the next deal
            assert id_text(page, "deal-kept").startswith(f"Donne {number} enregistrée")
            # Back as a thumb goes (the browser's back returns to a page from before the
            # reload, which starts the app again)
            tap_spot(page, button(page, "Retour").first)
        wait_id_text(page, f"row-{number}-Bruno", "+198")
        wait_for_deals(uow_factory, game, number)
    deals = get_sheet(uow_factory(), game).deals
    assert [(d.number, d.taker) for d in deals] == [(1, "Bruno"), (2, "Bruno"), (3, "Bruno")]
    assert set(outcomes) <= {"restored", "kept", "sheet", "filled"}
    # The browser's address followed the sheet: the next deal opens from it.
    tap_spot(page, button(page, "Nouvelle donne"))
    by_id(page, "taker-Bruno").wait_for()
    assert page.url.endswith(f"/games/{game}/deal")


def wait_for_deals(uow_factory: UoW, game: int, count: int) -> None:
    import time

    deadline = time.monotonic() + 15
    while len(get_sheet(uow_factory(), game).deals) < count:
        assert time.monotonic() < deadline, "the deal was not saved"
        # A commit the test reads from its own process: no event of the page or of the
        # server announces it to the test. Read again shortly.
        time.sleep(0.1)


def test_a_reload_brings_back_the_new_game_s_form(page: Any, app_url: str) -> None:
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    type_into(page, "Nom de la partie", "Chez Didier")
    for player in ("André", "Bruno"):
        type_into(page, "Nouveau joueur", player)
        thumb(page, button(page, "Ajouter"))
        by_id(page, "seat-" + player).wait_for()
    reload_now(page)
    from tests.e2e.conftest import enable_semantics

    enable_semantics(page)
    by_id(page, "new-game-restored").wait_for(timeout=30_000)
    assert id_text(page, "new-game-restored").startswith("Nouvelle partie reprise")
    by_id(page, "seat-André").wait_for()
    by_id(page, "seat-Bruno").wait_for()
    # The field's text reaches the page's accessibility tree once the field is focused.
    field = page.get_by_role("textbox", name="Nom de la partie").first
    thumb(page, field)
    page.wait_for_function("([el, text]) => el.value === text",
                           arg=[field.element_handle(), "Chez Didier"], timeout=10_000)
