"""One phone alone, two tabs, as a family uses them after a while: each of "Consulter
seulement", "Continuer ici" (and its second asking, when the other tab took the database
back) with a save in between. The tab that only looks follows what the writing tab
saves (also after it was frozen), a deal form refused there is never left stuck once the
database comes to it, and a saved deal's message does not come back on a later form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PHONE_PAGE, button, by_id, id_text, wait_id_text
from tests.e2e.flows import enter_deal, start_new_game
from tests.e2e.gestures import tap, thumb, type_points
from tests.e2e.phone_site import StaticServer, open_phone, start_app
from tests.factories import FOUR

pytestmark = pytest.mark.slow


@pytest.fixture
def static_server(phone_site: Path) -> Any:
    server = StaticServer(phone_site).start()
    yield server
    server.stop()


def _close_notice(page: Any, identifier: str, answer: str) -> None:
    """The notice `identifier` is on screen: answered with the button `answer`."""
    by_id(page, identifier).wait_for(timeout=15_000)
    thumb(page, button(page, answer))
    by_id(page, identifier).wait_for(state="detached")


def _type_prise(page: Any, taker: str) -> None:
    """The next deal's form, filled on the keypad: `taker`, prise, 1 bout, 58 points."""
    by_id(page, f"taker-{taker}").wait_for()
    tap(page, f"taker-{taker}", "contract-prise", "bouts-1")
    type_points(page, "58")
    wait_id_text(page, f"preview-{taker}", "+96")


def test_two_tabs_look_follow_and_take_over_with_a_save_between_each_and_nothing_sticks(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    app = static_server.url + "#"
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    first = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = first
    game = start_new_game(first, app, "Deux onglets, longtemps", FOUR)
    enter_deal(first, app, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(first, "row-1-André", "+96")

    # A second tab: "Continuer ici", then a deal saved there.
    second = start_app(phone, static_server.url + f"#/games/{game}",
                       ready="scorepad est ouvert ailleurs", page=phone.new_page())
    request.node.stash[PHONE_PAGE] = second
    _close_notice(second, "open-elsewhere", "Continuer ici")
    enter_deal(second, app, game, "taker-Bruno", "contract-prise", "bouts-1", points="58")
    wait_id_text(second, "row-2-Bruno", "+96")

    # The first tab: "Consulter seulement" shows the sheet as the other tab saved it, and
    # keeps following it.
    request.node.stash[PHONE_PAGE] = first
    first.bring_to_front()
    _close_notice(first, "taken-elsewhere", "Consulter seulement")
    wait_id_text(first, "row-2-Bruno", "+96")
    wait_id_text(first, "total-Bruno", "+64")  # 96 − 32: not the totals of one deal
    second.bring_to_front()
    enter_deal(second, app, game, "taker-Cécile", "contract-prise", "bouts-1", points="58")
    wait_id_text(first, "row-3-Cécile", "+96")

    # Frozen (a tab in the background), it catches up once back.
    cdp = phone.new_cdp_session(first)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    enter_deal(second, app, game, "taker-Didier", "contract-prise", "bouts-1", points="58")
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    cdp.detach()
    first.bring_to_front()
    wait_id_text(first, "row-4-Didier", "+96")

    # The first tab types deal 5 and saves it: refused in words. Meanwhile the other tab
    # saves deal 5. "Continuer ici": the form is not stuck on a deal already on the
    # sheet, nor greyed: it is deal 6, what was typed is kept to be put back on purpose.
    thumb(first, button(first, "Nouvelle donne"))
    _type_prise(first, "André")
    thumb(first, button(first, "Enregistrer la donne"))
    by_id(first, "open-elsewhere").wait_for(timeout=15_000)
    second.bring_to_front()
    enter_deal(second, app, game, "taker-Bruno", "contract-prise", "bouts-1", points="58")
    wait_id_text(second, "row-5-Bruno", "+96")
    first.bring_to_front()
    _close_notice(first, "open-elsewhere", "Continuer ici")
    first.get_by_text("Donne 6", exact=False).first.wait_for()
    assert "La donne 5 a été enregistrée dans l'autre onglet" in first.locator(
        "body").inner_text()
    assert by_id(first, "draft-restored").count() == 0  # not "reprise là où vous..."
    thumb(first, button(first, "Reprendre mes valeurs"))
    wait_id_text(first, "preview-André", "+96")
    thumb(first, button(first, "Enregistrer la donne"))
    wait_id_text(first, "row-6-André", "+96")

    # The second tab was told; it asks for the database back and saves deal 7.
    second.bring_to_front()
    request.node.stash[PHONE_PAGE] = second
    _close_notice(second, "taken-elsewhere", "Continuer ici")
    wait_id_text(second, "row-6-André", "+96")
    enter_deal(second, app, game, "taker-Cécile", "contract-prise", "bouts-1", points="58")
    wait_id_text(second, "row-7-Cécile", "+96")
    first.bring_to_front()
    _close_notice(first, "taken-elsewhere", "Consulter seulement")
    wait_id_text(first, "row-7-Cécile", "+96")
    phone.close()

    # Every acknowledged deal, once.
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url + f"#/games/{game}",
                     ready="Deux onglets, longtemps")
    request.node.stash[PHONE_PAGE] = page
    for number, taker in enumerate(("André", "Bruno", "Cécile", "Didier", "Bruno", "André",
                                    "Cécile"), 1):
        wait_id_text(page, f"row-{number}-{taker}", "+96", timeout=30)
    assert by_id(page, "row-8-André").count() == 0
    phone.close()


def test_a_saved_deal_s_message_does_not_come_back_on_a_form_opened_from_the_sheet(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    app = static_server.url + "#"
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = page
    game = start_new_game(page, app, "Le message d'avant", FOUR)
    enter_deal(page, app, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(page, "row-1-André", "+96")
    phone.close()  # at once: the sheet shows the deal, the browser is gone

    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Le message d'avant")
    request.node.stash[PHONE_PAGE] = page
    wait_id_text(page, "row-1-André", "+96", timeout=30)
    thumb(page, button(page, "Nouvelle donne"))
    _type_prise(page, "Bruno")  # the form is whole: a message would be on it
    assert by_id(page, "deal-kept").count() == 0, id_text(page, "deal-kept")
    phone.close()
