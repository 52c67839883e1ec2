"""Trust at the table (issue 10): what a thumb taps is what happens. Real taps at the
element's coordinates (`page.mouse.click` on its bounding box), never semantics clicks,
which reach an element even when something covers it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.services.games.deals import edit_deal, record_deal
from scorepad.services.games.game import create_game, get_sheet
from tests.e2e.conftest import (
    AppServer,
    button,
    by_id,
    open_app,
    open_app_socket,
    scroll_to_id,
    text,
    wait_id_text,
)
from tests.e2e.gestures import frames, settled_box, tap, type_points
from tests.e2e.slow_link import SlowLink
from tests.factories import FOUR

UoW = Callable[[], Any]


def box(locator: Any) -> dict[str, float]:
    """Where the control is drawn, once it stands still; a control redrawn at that moment
    (the sheet coming back under the message) is looked for again."""
    return settled_box(locator.page, locator)


def tap_spot(page: Any, locator: Any, fx: float = 0.5, fy: float = 0.5) -> None:
    """A thumb on the element's spot: whatever is drawn on top there gets the tap."""
    b = box(locator)
    page.mouse.click(b["x"] + b["width"] * fx, b["y"] + b["height"] * fy)


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def message(page: Any, words: str) -> Any:
    """The confirmation at the bottom of the screen, saying `words`."""
    return page.get_by_text(words).filter(visible=True).first


def message_undo(page: Any) -> Any:
    """The message's "Annuler" (the bar's undo icon is named "Annuler" too, at the top)."""
    return page.locator("flt-semantics[role=button]", has_text="Annuler").filter(
        visible=True).last


def fill_garde(page: Any, taker: str, points: str = "49") -> None:
    by_id(page, f"taker-{taker}").wait_for()
    tap(page, f"taker-{taker}", "contract-garde", "bouts-2")
    type_points(page, points)
    by_id(page, "preview-outcome").wait_for()


def test_the_message_goes_by_itself_and_never_covers_the_buttons(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Pouces", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Pouces")
    tap_spot(page, button(page, "Nouvelle donne"), fx=0.9)
    fill_garde(page, "André")
    tap_spot(page, button(page, "Enregistrer la donne"), fx=0.9)
    page.wait_for_url(f"{app_url}/games/{game}")
    shown = message(page, "Donne 1 enregistrée")
    shown.wait_for()
    new_deal = button(page, "Nouvelle donne")
    for part in (shown, message_undo(page)):
        assert not overlaps(box(part), box(new_deal))
    # Right away, a thumb on the right of "Nouvelle donne" opens the form (undoes nothing).
    tap_spot(page, new_deal, fx=0.92)
    fill_garde(page, "Bruno")
    shown.wait_for(state="detached")  # leaving the sheet took the message away
    tap_spot(page, button(page, "Enregistrer la donne"), fx=0.92)
    page.wait_for_url(f"{app_url}/games/{game}")
    second = message(page, "Donne 2 enregistrée")
    second.wait_for()
    assert [d.taker for d in get_sheet(uow_factory(), game).deals] == ["André", "Bruno"]
    second.wait_for(state="detached", timeout=15_000)  # gone by itself (4.5 s)
    assert len(get_sheet(uow_factory(), game).deals) == 2


def test_a_phones_undo_after_another_phone_saved_is_refused_and_their_deal_stays(
        page: Any, second_page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Deux téléphones", seats=FOUR, deal_size=4)
    record_deal(uow_factory(), game, {"taker": "Cécile", "contract": "prise", "bouts": 1,
                                      "points": 58})
    phone_b = second_page
    open_app(phone_b, app_url, f"/games/{game}", wait_text="Deux téléphones")
    open_app(page, app_url, f"/games/{game}", wait_text="Deux téléphones")
    tap_spot(page, button(page, "Nouvelle donne"), fx=0.3)
    fill_garde(page, "André")
    tap_spot(page, button(page, "Enregistrer la donne"))    # A saves deal 2
    message(page, "Donne 2 enregistrée").wait_for()
    undo = message_undo(page)
    undo.wait_for()
    wait_id_text(phone_b, "next-deal", "Donne 3 : Cécile distribue")
    tap_spot(phone_b, button(phone_b, "Tous passent"))      # B records deal 3 meanwhile
    wait_id_text(phone_b, "next-deal", "Donne 4 : Didier distribue")  # B's deal is saved
    assert len(get_sheet(uow_factory(), game).deals) == 3
    revision = get_sheet(uow_factory(), game).revision
    tap_spot(page, undo)                                    # A's "Annuler", after B saved
    text(page, "Donne 3 (tous passent) enregistrée depuis sur un autre téléphone").wait_for()
    sheet = get_sheet(uow_factory(), game)
    assert [d.kind.value for d in sheet.deals] == ["played", "played", "passed"]
    assert [d.taker for d in sheet.deals][:2] == ["Cécile", "André"]
    assert sheet.revision == revision


def test_no_deal_saved_on_another_phone_is_announced_after_an_undo_on_this_one(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Un seul téléphone", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    fill_garde(page, "André")
    tap_spot(page, button(page, "Enregistrer la donne"))
    page.wait_for_url(f"{app_url}/games/{game}")
    undo_spot = box(message_undo(page))
    tap_spot(page, button(page, "Nouvelle donne"), fx=0.3)
    by_id(page, "taker-Bruno").wait_for()
    # The thumb lands where the message's "Annuler" was: nothing to undo there now.
    page.mouse.click(undo_spot["x"] + undo_spot["width"] / 2,
                     undo_spot["y"] + undo_spot["height"] / 2)
    fill_garde(page, "Bruno", points="60")
    tap_spot(page, button(page, "Enregistrer la donne"))
    page.wait_for_url(f"{app_url}/games/{game}")
    message(page, "Donne 2 enregistrée").wait_for()
    assert page.get_by_text("autre téléphone").count() == 0
    assert [d.taker for d in get_sheet(uow_factory(), game).deals] == ["André", "Bruno"]


def test_the_form_typed_on_this_phone_follows_an_undo_made_meanwhile(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    from scorepad.services.games.history import undo

    game = create_game(uow_factory(), name="Retour en arrière", seats=FOUR, deal_size=4)
    record_deal(uow_factory(), game, {"taker": "Cécile", "contract": "prise", "bouts": 1,
                                      "points": 58})
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    fill_garde(page, "André")
    undo(uow_factory(), game)                  # deal 1 taken back meanwhile
    by_id(page, "renumbered").wait_for()
    tap_spot(page, button(page, "Enregistrer la donne"))
    page.wait_for_url(f"{app_url}/games/{game}")
    message(page, "Donne 1 enregistrée").wait_for()
    assert page.get_by_text("autre téléphone").count() == 0
    assert [(d.number, d.taker) for d in get_sheet(uow_factory(), game).deals] == [
        (1, "André")]


def test_back_from_a_filled_form_keeps_it_as_a_draft_with_a_way_to_clear_it(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Brouillon", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Brouillon")
    tap_spot(page, button(page, "Nouvelle donne"))
    fill_garde(page, "Cécile")
    wait_id_text(page, "preview-Cécile", "+198")
    tap_spot(page, page.get_by_role("button", name="Retour").or_(
        page.get_by_role("button", name="Back")).first)      # the bar's arrow
    page.wait_for_url(f"{app_url}/games/{game}")
    tap_spot(page, button(page, "Nouvelle donne"))
    by_id(page, "draft-restored").wait_for()
    wait_id_text(page, "preview-Cécile", "+198")
    page.go_back()                                            # the browser's Back
    page.wait_for_url(f"{app_url}/games/{game}")
    tap_spot(page, button(page, "Nouvelle donne"))
    wait_id_text(page, "preview-Cécile", "+198")
    tap_spot(page, button(page, "Effacer"))
    wait_id_text(page, "preview-Cécile", "·")
    assert by_id(page, "draft-restored").count() == 0
    assert get_sheet(uow_factory(), game).deals == ()


def test_the_screen_back_arrow_shows_is_the_one_the_thumb_taps_even_on_a_slow_link(
        page: Any, app_server: AppServer, uow_factory: UoW) -> None:
    """The bar's arrow takes the form off at once, on the phone itself: the sheet under it
    shows, and a thumb goes for "Nouvelle donne". The server's answer comes later on a slow
    Wi-Fi (or a busy phone); it must not put a new sheet in place of the one shown, which
    would swallow a tap made in the frames of that swap (a lost tap seen under load)."""
    game = create_game(uow_factory(), name="Retour lent", seats=FOUR, deal_size=4)
    link = SlowLink(app_server.loopback, delay=0.4).start()
    try:
        socket = open_app_socket(page, link.url, f"/games/{game}", wait_text="Retour lent")
        tap_spot(page, button(page, "Nouvelle donne"))
        by_id(page, "taker-Cécile").wait_for()
        said: list[str] = []

        def the_answer(payload: str | bytes) -> bool:
            """The server's screen update that follows its move back to the sheet."""
            sent = payload if isinstance(payload, bytes) else payload.encode()
            if b"push_route" in sent:
                said.append("moved")
            return bool(said) and b"patch" in sent

        with socket.expect_event("framereceived", predicate=the_answer, timeout=20_000):
            tap_spot(page, page.get_by_role("button", name="Retour").first)
            shown = button(page, "Nouvelle donne")
            settled_box(page, shown)                  # the sheet, as the phone shows it
            the_button = shown.element_handle()
        frames(page, 3)
        assert the_button.evaluate("el => el.isConnected"), \
            "the server's answer to Back replaced the sheet the phone already showed"
        tap_spot(page, shown)
        by_id(page, "taker-Cécile").wait_for()
    finally:
        link.stop()


PRISE = {"taker": "André", "contract": "prise", "bouts": 1, "points": 58}


def correct_then_leave(page: Any, app_url: str, uow_factory: UoW, name: str,
                       meanwhile: Callable[[int, int], object] | None = None
                       ) -> tuple[int, int]:
    """A game with one prise of André's (+96): its correction to a garde (+192) left by
    the bar's arrow, then its "Modifier" again in the same session (`meanwhile` changes
    the deal from another phone in between). Returns (game, deal)."""
    game = create_game(uow_factory(), name=name, seats=FOUR, deal_size=4)
    deal = record_deal(uow_factory(), game, PRISE)
    open_app(page, app_url, f"/games/{game}/deals/{deal}/edit")
    wait_id_text(page, "preview-André", "+96")
    tap(page, "contract-garde")
    wait_id_text(page, "preview-André", "+192")
    tap_spot(page, page.get_by_role("button", name="Retour").first)
    page.wait_for_url(f"{app_url}/games/{game}/deals/{deal}")
    if meanwhile is not None:
        meanwhile(game, deal)
    tap_spot(page, button(page, "Modifier"))
    page.wait_for_url(f"{app_url}/games/{game}/deals/{deal}/edit")
    return game, deal


def test_back_from_a_correction_keeps_it_until_saved_or_cleared(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game, _deal = correct_then_leave(page, app_url, uow_factory, "Correction gardée")
    by_id(page, "draft-restored").wait_for()
    wait_id_text(page, "preview-André", "+192")
    assert get_sheet(uow_factory(), game).deals[0].scores["André"] == 96  # not saved
    tap_spot(page, button(page, "Effacer"))                     # back to the deal as saved
    wait_id_text(page, "preview-André", "+96")
    assert by_id(page, "draft-restored").count() == 0


def test_a_correction_left_while_another_phone_changed_the_deal_is_offered_back(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    # Meanwhile another phone makes it a garde sans.
    correct_then_leave(page, app_url, uow_factory, "Correction croisée",
                       meanwhile=lambda game, deal: edit_deal(
                           uow_factory(), game, deal, {**PRISE, "contract": "garde_sans"}))
    by_id(page, "conflict-error").wait_for()
    wait_id_text(page, "preview-André", "+384")               # its values now
    tap_spot(page, button(page, "Reprendre mes valeurs"))
    wait_id_text(page, "preview-André", "+192")               # this phone's, on purpose


def test_tous_passent_and_petit_sec_are_full_size_and_offer_a_scoped_undo(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Redonnes", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}", wait_text="Redonnes")
    passed, petit = button(page, "Tous passent"), button(page, "Petit sec")
    for b in (box(passed), box(petit)):
        assert b["width"] >= 48 and b["height"] >= 48, b
    assert not overlaps(box(passed), box(petit))
    tap_spot(page, petit, fx=0.1)
    message(page, "petit sec, on redistribue").wait_for()
    assert [d.kind.value for d in get_sheet(uow_factory(), game).deals] == ["petit_sec"]
    tap_spot(page, message_undo(page))
    text(page, "Annulé : Donne 1 : petit sec").wait_for()
    assert get_sheet(uow_factory(), game).deals == ()


def test_an_impossible_chelem_is_refused_on_the_chelem_field(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Chelem", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    fill_garde(page, "André", points="60")
    tap(page, "extras-toggle")
    tap_spot(page, scroll_to_id(page, "chelem-attack"))
    scroll_to_id(page, "error-chelem").wait_for()
    assert "91 − 4 = 87" in str(by_id(page, "error-chelem").first.inner_text())
    save = button(page, "Enregistrer la donne")
    assert save.get_attribute("aria-disabled") == "true"
    tap_spot(page, save)
    # The thumb takes the chelem back ("Aucun"): once the screen has answered it (the
    # error gone), the server has had whatever the tap on the save sent before it, and
    # saved nothing.
    tap_spot(page, scroll_to_id(page, "chelem-none"))
    by_id(page, "error-chelem").wait_for(state="detached")
    assert get_sheet(uow_factory(), game).deals == ()
    assert page.url == f"{app_url}/games/{game}/deal"


def test_a_warning_shows_in_the_preview_on_the_line_and_on_the_deals_page(
        page: Any, app_url: str, uow_factory: UoW) -> None:
    game = create_game(uow_factory(), name="Tous les points", seats=FOUR, deal_size=4)
    open_app(page, app_url, f"/games/{game}/deal", wait_text="Preneur")
    by_id(page, "taker-Didier").wait_for()
    tap(page, "taker-Didier", "contract-prise", "bouts-3")
    type_points(page, "91")
    by_id(page, "preview-warning").wait_for()
    assert "91 points sans chelem" in str(by_id(page, "preview-warning").first.inner_text())
    tap_spot(page, button(page, "Enregistrer la donne"))
    page.wait_for_url(f"{app_url}/games/{game}")
    mark = by_id(page, "warning-1")
    mark.wait_for()
    tap_spot(page, by_id(page, "row-1-Didier"))
    page.wait_for_url(f"{app_url}/games/{game}/deals/*")
    text(page, "91 points sans chelem enregistré").wait_for()
