"""One phone alone: the phone site built by `scorepad build-phone`, served by a plain
static server, driven in Chromium with a persistent profile: the games are kept in the
phone's browser, through a restart and with the server gone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import wait_id_text
from tests.e2e.phone_site import (
    StaticServer,
    build,
    clear_http_cache,
    offline_copy_ready,
    open_phone,
    start_app,
)
from tests.e2e.test_sheet import FOUR, enter_deal, start_new_game

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def phone_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("phone") / "site")


@pytest.fixture
def static_server(phone_site: Path) -> Iterator[StaticServer]:
    server = StaticServer(phone_site).start()
    yield server
    server.stop()


def test_a_game_kept_on_the_phone_survives_a_restart_and_the_server_gone(
    browser: Any, static_server: StaticServer, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    app = static_server.url + "#"
    phone = open_phone(browser.browser_type, profile)
    page = start_app(phone, static_server.url)
    offline_copy_ready(page)
    game = start_new_game(page, app, "Au jardin", FOUR)
    enter_deal(page, app, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(page, "row-1-André", "+96")
    enter_deal(page, app, game, "taker-Bruno", "contract-garde", "bouts-2", points="51")
    wait_id_text(page, "row-2-Bruno", "+210")
    wait_id_text(page, "total-André", "+26")
    phone.close()

    # The browser closed and opened again: the game and its totals are there.
    phone = open_phone(browser.browser_type, profile)
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Au jardin")
    wait_id_text(page, "total-André", "+26", timeout=30)
    clear_http_cache(phone, page)
    phone.close()

    # No server any more: the app starts from its offline copy and shows the game.
    static_server.stop()
    phone = open_phone(browser.browser_type, profile)
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Au jardin")
    wait_id_text(page, "total-André", "+26", timeout=30)
    wait_id_text(page, "total-Bruno", "+178")
    phone.close()
