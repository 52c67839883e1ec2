"""One phone alone: the phone site built by `scorepad build-phone`, served by a plain
static server, driven in Chromium with a persistent profile: the games are kept in the
phone's browser, through a restart and with the server gone."""

from __future__ import annotations

import contextlib
import csv
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    _FAILED as FAILED,
)
from tests.e2e.conftest import (
    FAILURE_SHOTS,
    PHONE_PAGE,
    button,
    by_id,
    tap_box,
    wait_id_text,
)
from tests.e2e.flows import enter_deal, start_new_game
from tests.e2e.gestures import thumb
from tests.e2e.phone_site import (
    StaticServer,
    build,
    clear_http_cache,
    offline_copy_ready,
    open_phone,
    start_app,
)
from tests.factories import FOUR

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _shot_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    """A failing test leaves the phone's screen in FAILURE_SHOTS, as the other e2e do."""
    yield
    page = request.node.stash.get(PHONE_PAGE, None)
    if page is not None and request.node.stash.get(FAILED, False):
        FAILURE_SHOTS.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):
            page.screenshot(path=str(FAILURE_SHOTS / f"{request.node.name}.png"))


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


def test_files_leave_the_phone_a_csv_of_a_game_and_a_backup_scorepad_import_takes(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url)
    app = static_server.url + "#"
    request.node.stash[PHONE_PAGE] = page
    game = start_new_game(page, app, "Chez Cécile", FOUR)
    enter_deal(page, app, game, "taker-Bruno", "contract-garde", "bouts-2", points="49")
    wait_id_text(page, "total-Bruno", "+198")

    # The game's CSV, made on the phone and saved by its browser.
    tap_box(page, page.get_by_label("Menu de la partie").first)
    with page.expect_download() as saved:
        # Tapped once the menu stands still: a tap while it slides in lands on the entry
        # then under the thumb (the JSON export, once, in a clean run).
        thumb(page, button(page, "Exporter en CSV (tableur)"))
    assert saved.value.suggested_filename == "Chez Cécile.csv"
    with open(saved.value.path(), encoding="utf-8-sig", newline="") as csv_file:
        rows = list(csv.reader(csv_file, delimiter=";"))
    assert rows[0][-4:] == list(FOUR)
    assert rows[1][0] == "1" and rows[1][-4:] == ["-66", "198", "-66", "-66"]
    assert rows[-1][-4:] == ["-66", "198", "-66", "-66"]

    # Every game in one backup file, which a laptop's `scorepad import` takes, once.
    page.goto(static_server.url + "#/", wait_until="commit")  # the games, where the bar is
    tap_box(page, page.get_by_role("tab", name="Réglages").first)
    by_id(page, "backup-save").wait_for()
    with page.expect_download() as backup:
        tap_box(page, by_id(page, "backup-save"))
    club = f"sqlite:///{tmp_path / 'club.db'}"
    for expected in ("ajoutées 1, complétées 0, déjà là 0", "ajoutées 0, complétées 0, déjà là 1"):
        taken = subprocess.run(
            [sys.executable, "-m", "scorepad", "--db", club, "import", backup.value.path()],
            capture_output=True, text=True, check=False)
        assert taken.returncode == 0, taken.stdout + taken.stderr
        assert expected in taken.stdout
    listed = subprocess.run([sys.executable, "-m", "scorepad", "--db", club, "games", "--json"],
                            capture_output=True, text=True, check=True)
    [kept] = json.loads(listed.stdout)
    assert kept["name"] == "Chez Cécile"
    assert kept["totals"] == {"André": -66, "Bruno": 198, "Cécile": -66, "Didier": -66}
    phone.close()


def test_a_players_page_and_its_pdf_are_made_on_the_phone(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url)
    app = static_server.url + "#"
    request.node.stash[PHONE_PAGE] = page
    game = start_new_game(page, app, "Chez Didier", FOUR)
    enter_deal(page, app, game, "taker-Bruno", "contract-garde", "bouts-2", points="49")
    wait_id_text(page, "total-Bruno", "+198")

    # The players' list, a tap on Bruno: his page, summed by the phone's own Python.
    page.goto(app + "/players", wait_until="commit")
    tap_box(page, by_id(page, "player-Bruno"))
    wait_id_text(page, "fig-total", "+198", timeout=30)
    wait_id_text(page, "fig-takes", "1/1")
    button_pdf = page.get_by_role("button", name="Fiche en PDF")
    for _ in range(12):  # at the bottom of the page
        if button_pdf.count():
            break
        page.mouse.move(195, 400)
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(300)
    with page.expect_download() as saved:
        thumb(page, button_pdf)
    assert saved.value.suggested_filename == "fiche-bruno.pdf"
    assert Path(saved.value.path()).read_bytes().startswith(b"%PDF")
