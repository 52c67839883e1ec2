"""Where the phones really are: the app opened at a plain-HTTP address of the table's
Wi-Fi (`http://table.lan:PORT`, which the browser maps to 127.0.0.1), not a secure
context. What needs one there either works another way or says so: the QR codes are
drawn as shapes, a link is copied within the tap and stays selectable, and the phone
site handed out at /telephone/ starts, keeps a game while the
page is open, and says in words that this address cannot keep it offline."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scorepad import services
from scorepad.config import cache_directory
from tests.e2e.conftest import (
    PHONE_PAGE,
    AppServer,
    button,
    by_id,
    clipboard_text,
    decoded_qr,
    id_text,
    open_app,
    scroll_to_id,
    start_server,
    stop_server,
    wait_id_text,
)
from tests.e2e.flows import enter_deal, new_game_on_the_phone, start_new_game
from tests.e2e.gestures import open_game_menu, thumb
from tests.e2e.phone_site import open_phone, start_app
from tests.factories import FOUR

GARDE_ANDRE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


def test_the_page_a_phone_opens_on_the_wifi_is_not_a_secure_context(
        page: Any, app_url: str) -> None:
    open_app(page, app_url, "/", wait_text="Parties")
    # The reading's promise awaited inside the page: Playwright awaits only the value
    # returned, and a promise nested in it comes back as an empty object.
    shown = page.evaluate("""async () => ({secure: window.isSecureContext,
        locks: "locks" in navigator, worker: "serviceWorker" in navigator,
        caches: typeof caches, decoder: typeof ImageDecoder,
        clipboardRead: await navigator.clipboard.readText().then(
            () => "read", () => "refused")})""")
    # What the browser keeps from such a page; the clipboard's writing is the app's own
    # stand-in there (the browser's older copy), its reading stays refused.
    assert shown == {"secure": False, "locks": False, "worker": False, "caches": "undefined",
                     "decoder": "undefined", "clipboardRead": "refused"}


def test_the_hand_over_qr_code_reads_and_its_link_is_copied_on_the_wifi(
        page: Any, app_url: str) -> None:
    new_game_on_the_phone(page, app_url, "Sur le Wi-Fi", FOUR)
    open_game_menu(page)
    thumb(page, page.get_by_text("Transmettre le rôle d'organisateur", exact=True))
    link = id_text(page, "handover-link")
    assert link.startswith(f"{app_url}/organiser/")
    assert decoded_qr(page, "handover-qr") == link
    thumb(page, by_id(page, "handover-copy"))
    page.get_by_text("Lien copié", exact=False).first.wait_for()
    assert clipboard_text(page) == link


def test_the_evening_s_big_screen_qr_code_reads_on_the_wifi(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Wi-Fi du mardi")
    game = services.create_game(uow_factory(), name="Table W", circle=circle, deal_size=4,
                                seats=list(FOUR))
    services.record_deal(uow_factory(), game, GARDE_ANDRE)
    day = services.today().isoformat()
    open_app(page, app_url, f"/stats/soiree/{circle}/{day}")
    by_id(page, "soiree-summary").wait_for()
    scroll_to_id(page, "big-screen-qr")
    assert decoded_qr(page, "big-screen-qr") == f"{app_url}/grand-ecran/{circle}/{day}"


@pytest.fixture
def laptop(phone_site: Path, tmp_path: Path) -> Iterator[AppServer]:
    """A laptop's `scorepad serve` that hands out the phone site at /telephone/ (its cache
    folder: the tests' usual one, with the site built for this run)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    for entry in cache_directory().iterdir():
        if entry.name != "phone-site":
            (cache / entry.name).symlink_to(entry)
    (cache / "phone-site").symlink_to(phone_site)
    server = start_server(tmp_path, extra_env={"SCOREPAD_CACHE_DIR": str(cache)})
    yield server
    stop_server(server)


def test_the_phone_site_from_a_laptop_s_wifi_address_starts_keeps_a_game_and_says_why_not_offline(
        browser: Any, laptop: AppServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    site = f"{laptop.url}/telephone/"
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, site, ready="Cette adresse ne garde pas l'application")
    request.node.stash[PHONE_PAGE] = page
    said = id_text(page, "not-kept-offline")
    assert laptop.url in said and "https://" in said and "Réglages" in said
    assert page.evaluate("window.isSecureContext") is False
    thumb(page, button(page, "Fermer"))
    by_id(page, "not-kept-offline").wait_for(state="detached")

    game = start_new_game(page, site + "#", "Au Wi-Fi", FOUR)
    enter_deal(page, site + "#", game, "taker-André", "contract-prise", "bouts-1",
               points="58")
    wait_id_text(page, "row-1-André", "+96")

    # Reloaded while the laptop is there: the game is kept, the warning not said again.
    page.reload()
    page = start_app(phone, site + f"#/games/{game}", ready="Au Wi-Fi", page=page)
    wait_id_text(page, "total-André", "+96", timeout=30)
    assert by_id(page, "not-kept-offline").count() == 0

    # A second tab (no Web Locks here): it says scorepad is open elsewhere, and continues
    # there only when asked; the first then stops writing and says so.
    second = start_app(phone, site + f"#/games/{game}", ready="scorepad est ouvert ailleurs",
                       page=phone.new_page())
    request.node.stash[PHONE_PAGE] = second
    thumb(second, button(second, "Continuer ici"))
    wait_id_text(second, "total-André", "+96")
    enter_deal(second, site + "#", game, "taker-Bruno", "contract-prise", "bouts-1",
               points="58")
    wait_id_text(second, "row-2-Bruno", "+96")
    by_id(page, "taken-elsewhere").wait_for(timeout=15_000)
    phone.close()
