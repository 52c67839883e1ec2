"""One phone alone: the phone site built by `scorepad build-phone`, served by a plain
static server, driven in Chromium with a persistent profile: the games are kept in the
phone's browser, through a restart and with the server gone."""

from __future__ import annotations

import base64
import csv
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    FAILURE_SHOTS,
    PHONE_PAGE,
    button,
    by_id,
    id_text,
    tap_box,
    wait_id_text,
)
from tests.e2e.flows import enter_deal, start_new_game
from tests.e2e.gestures import open_game_menu, tap, tap_at, thumb, type_points
from tests.e2e.phone_history import history_backup, history_database
from tests.e2e.phone_site import (
    FRAME_PRINTS,
    START_TIMEOUT_MS,
    StaticServer,
    clear_http_cache,
    keep_as_the_earlier_version_did,
    offline_copy_ready,
    open_phone,
    start_app,
)
from tests.e2e.reloads import reload_now, what_came_back
from tests.factories import FOUR

pytestmark = pytest.mark.slow


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
    open_game_menu(page)
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


def _startup_marks(lines: list[str]) -> dict[str, Any]:
    """The phone's own report of its start (scorepad.phone.main), from its console."""
    said = [line for line in lines if line.startswith("scorepad-startup ")]
    return json.loads(said[-1].split(" ", 1)[1]) if said else {}


def test_a_phone_starts_from_its_memory_snapshot_after_the_first_start_and_works(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The first start makes the snapshot of this build's Python (once the storage is open
    and the phone idle); the next start restores it (its imports already done), shows the
    games, and a deal entered then is on the sheet and still there at the start after."""
    profile = tmp_path / "profile"
    app = static_server.url + "#"
    heard: list[str] = []
    phone = open_phone(browser.browser_type, profile)
    phone.on("console", lambda message: heard.append(message.text))
    page = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = page
    offline_copy_ready(page)
    game = start_new_game(page, app, "Au salon", FOUR)
    page.wait_for_function("() => Object.keys(window.scorepadMarks)"
                           ".some((k) => k.startsWith('snapshot '))", timeout=120_000)
    assert any(line.startswith("scorepad: snapshot made") for line in heard), heard[-5:]
    assert _startup_marks(heard)["snapshot"] == "none"
    phone.close()

    heard.clear()
    phone = open_phone(browser.browser_type, profile)
    phone.on("console", lambda message: heard.append(message.text))
    # The report comes right after the first screen: awaited from the start.
    with phone.expect_event("console", timeout=START_TIMEOUT_MS,
                            predicate=lambda m: m.text.startswith("scorepad-startup ")):
        page = start_app(phone, static_server.url, ready="Au salon")
        request.node.stash[PHONE_PAGE] = page
        page.wait_for_function("() => 'client connects' in window.scorepadMarks")
    marks = _startup_marks(heard)
    assert marks["snapshot"] == "restored"
    assert marks["imports"] - marks["python"] < 500, "the imports were in the snapshot"
    page.goto(f"{app}/games/{game}", wait_until="commit")
    enter_deal(page, app, game, "taker-Cécile", "contract-garde", "bouts-2", points="49")
    wait_id_text(page, "row-1-Cécile", "+198")
    phone.close()

    phone = open_phone(browser.browser_type, profile)
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Au salon")
    request.node.stash[PHONE_PAGE] = page
    wait_id_text(page, "total-Cécile", "+198", timeout=30)
    phone.close()


def test_a_phone_updated_from_the_earlier_version_starts_with_every_game_it_kept(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The earlier build kept the database whole through IDBFS; this one keeps it in
    pieces (phone_store.js). Its first start takes the old copy: every game is there,
    with its deals, and the next deal is kept."""
    games = 40
    earlier = history_database(tmp_path / "earlier.db", games)
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    keep_as_the_earlier_version_did(phone, static_server.url, {
        "scorepad.db": earlier, "site-version": b"an earlier build"})
    page = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = page
    page.get_by_role("button", name=f"Soirée {games}", exact=False).first.wait_for()

    # Every game, in the backup Réglages saves (what the phone holds, as a file).
    tap_box(page, page.get_by_role("tab", name="Réglages").first)
    by_id(page, "backup-save").wait_for()
    with page.expect_download() as backup:
        tap_box(page, by_id(page, "backup-save"))
    saved = json.loads(Path(backup.value.path()).read_text(encoding="utf-8"))
    wanted = json.loads(history_backup(games))
    assert sorted(g["name"] for g in saved["games"]) == sorted(g["name"] for g in wanted["games"])
    assert [len(g["deals"]) for g in saved["games"]] == [30] * games

    # A deal entered now is kept across a restart (the new store writes).
    app = static_server.url + "#"
    tap_box(page, page.get_by_role("tab", name="Parties").first)
    game = start_new_game(page, app, "Après la mise à jour", FOUR)
    enter_deal(page, app, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(page, "row-1-André", "+96")
    phone.close()
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Après la mise")
    wait_id_text(page, "total-André", "+96", timeout=30)
    phone.close()


def test_two_tabs_never_write_over_each_other_the_second_says_so_and_continues_on_request(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The installed app and a browser tab (two tabs of one profile) each run their own
    Python: one writes, the other says scorepad is open elsewhere and continues there only
    when asked; every deal acknowledged in either is there afterwards."""
    app = static_server.url + "#"
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    first = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = first
    game = start_new_game(first, app, "Deux onglets", FOUR)
    enter_deal(first, app, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(first, "row-1-André", "+96")

    # The second tab says, in words, that scorepad is open elsewhere.
    second = start_app(phone, static_server.url + f"#/games/{game}",
                       ready="scorepad est ouvert ailleurs", page=phone.new_page())
    request.node.stash[PHONE_PAGE] = second
    assert "ouvert dans un autre onglet" in id_text(second, "open-elsewhere")
    thumb(second, button(second, "Continuer ici"))
    wait_id_text(second, "total-André", "+96")

    # The first tab stops writing and says so.
    by_id(first, "taken-elsewhere").wait_for(timeout=15_000)
    assert "plus rien n'est enregistré" in id_text(first, "taken-elsewhere")

    enter_deal(second, app, game, "taker-Bruno", "contract-prise", "bouts-1", points="58")
    wait_id_text(second, "row-2-Bruno", "+96")

    # Back to the first tab: it takes the database back, reads deal 2, saves deal 3.
    request.node.stash[PHONE_PAGE] = first
    thumb(first, button(first, "Continuer ici"))
    wait_id_text(first, "row-2-Bruno", "+96", timeout=20)
    by_id(second, "taken-elsewhere").wait_for(timeout=15_000)
    enter_deal(first, app, game, "taker-Cécile", "contract-garde", "bouts-2", points="51")
    wait_id_text(first, "row-3-Cécile", "+210")
    phone.close()

    # Every acknowledged deal, each as it was entered.
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Deux onglets")
    request.node.stash[PHONE_PAGE] = page
    wait_id_text(page, "row-1-André", "+96", timeout=30)
    wait_id_text(page, "row-2-Bruno", "+96")
    wait_id_text(page, "row-3-Cécile", "+210")
    phone.close()


#: When the page is reloaded after the save tap (ms): before the deal reaches Python,
#: while it is stored, just after.
RELOADS_MS = (50, 100, 150, 300)


def test_a_reload_at_any_moment_after_the_save_brings_back_the_deal_or_the_filled_form(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A phone holding 3,000 deals (a save takes longer there) reloaded 50, 100, 150 and
    300 ms after "Enregistrer la donne": each time the deal is on the sheet or said saved,
    or the form comes back filled, said in words; no deal is lost or entered twice."""
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    keep_as_the_earlier_version_did(phone, static_server.url, {
        "scorepad.db": history_database(tmp_path / "history.db", 100)})
    page = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = page
    app = static_server.url + "#"
    game = start_new_game(page, app, "Rechargements", FOUR)
    came_back = {}
    for number, delay in enumerate(RELOADS_MS, 1):
        tap_box(page, button(page, "Nouvelle donne").first)
        page.wait_for_url(f"{app}/games/{game}/deal")
        by_id(page, "taker-Bruno").wait_for()
        tap(page, "taker-Bruno", "contract-garde", "bouts-2")
        type_points(page, "49")
        wait_id_text(page, "preview-Bruno", "+198")
        tap_box(page, button(page, "Enregistrer la donne").first)
        page.wait_for_timeout(delay)  # the moment of the reload: what the test varies
        reload_now(page)
        came = came_back[delay] = what_came_back(page, number, "Bruno")
        if came == "restored":   # not stored: the form is back as it was typed
            assert id_text(page, "draft-restored").startswith(
                f"Donne {number} reprise là où vous l'aviez laissée")
            wait_id_text(page, "preview-Bruno", "+198")
            tap_box(page, button(page, "Enregistrer la donne").first)
        elif came == "kept":     # stored: the form says so, for the next deal
            assert id_text(page, "deal-kept").startswith(f"Donne {number} enregistrée")
            # Back to the sheet as a thumb goes: the browser's own back returns to a page
            # from before the reload, which starts the whole app again.
            tap_box(page, button(page, "Retour").first)
        wait_id_text(page, f"row-{number}-Bruno", "+198", timeout=30)
    sys.stdout.write(f"what came back after each reload: {came_back}\n")
    phone.close()

    # Every deal once, and nothing more.
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url + f"#/games/{game}", ready="Rechargements")
    request.node.stash[PHONE_PAGE] = page
    for number in range(1, len(RELOADS_MS) + 1):
        wait_id_text(page, f"row-{number}-Bruno", "+198", timeout=30)
    assert by_id(page, f"row-{len(RELOADS_MS) + 1}-Bruno").count() == 0
    phone.close()


def _fill_garde_for_bruno(page: Any) -> None:
    """The next deal's form, filled: Bruno, garde, 2 bouts, 49 points; then still."""
    tap_box(page, button(page, "Nouvelle donne").first)
    by_id(page, "taker-Bruno").wait_for()
    tap(page, "taker-Bruno", "contract-garde", "bouts-2")
    type_points(page, "49")
    wait_id_text(page, "preview-Bruno", "+198")
    _top_stands_still(page)


#: Resolves once the screen's top third (FRAME_PRINTS, recorded meanwhile) has shown no
#: new picture over `frames` animation frames in a row: what the page presents last is
#: what it keeps showing (a key's ripple below the top changes nothing there).
_TOP_STILL = """async (frames) => {
    const prints = window.scorepadFrames;
    let seen = 0, shown = null, still = 0;
    while (still < frames) {
        await new Promise((drawn) => requestAnimationFrame(drawn));
        let moved = false;
        for (; seen < prints.length; seen++) {
            moved = moved || (shown !== null && prints[seen][1] !== shown);
            shown = prints[seen][1];
        }
        still = moved ? 0 : still + 1;
    }
}"""


def _top_stands_still(page: Any, frames: int = 10) -> None:
    """Waits for the top of the screen to stand still (the pixels the page presents, not
    its semantics tree, which can lag them), recording its frames meanwhile."""
    recording = page.evaluate("() => Array.isArray(window.scorepadFrames)")
    if not recording:
        page.evaluate("() => { window.scorepadFrames = []; }")
    page.evaluate(_TOP_STILL, frames)
    if not recording:
        page.evaluate("() => { window.scorepadFrames = null; }")


def _pictures_said(page: Any, frames: list[list[float]], name: str) -> str:
    """What the top of the screen showed, picture by picture (each kept as a PNG beside the
    failure's screenshot, its see-through pixels transparent), for a failure message."""
    pictures = page.evaluate("() => window.scorepadPictures")
    FAILURE_SHOTS.mkdir(parents=True, exist_ok=True)
    said: list[list[Any]] = []
    start, last = frames[0][0], None
    for at, picture, through in frames:
        if picture == last:
            said[-1][2] += 1
            said[-1][3] = max(said[-1][3], through)
            continue
        last = picture
        path = FAILURE_SHOTS / f"{name}-top-{len(said)}.png"
        data = str(pictures.get(str(int(picture)), ""))
        if data.startswith("data:image/png;base64,"):
            path.write_bytes(base64.b64decode(data.split(",", 1)[1]))
        said.append([at - start, path.name, 1, through])
    return "pictures after the form, not only the sheet: " + "; ".join(
        f"{at:.0f} ms {name} x{count} (see-through pixels: up to {through} of 29,250)"
        for at, name, count, through in said)


def test_a_saved_deal_s_sheet_comes_straight_after_the_form_and_takes_a_thumb_at_once(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """After "Enregistrer la donne" the screen goes from the form to the sheet with its new
    line, with nothing between (no empty screen, no sheet without the line), and a thumb
    on "Nouvelle donne" as soon as the sheet shows opens the next deal: the form leaving
    see-through (scorepad.ui.widgets.exits) takes no touch. The page collects its garbage
    before each frame meanwhile, as a busy phone may at any moment (`collect=True`):
    the form leaving must not need what the client holds weakly."""
    phone = open_phone(browser.browser_type, tmp_path / "profile", collect=True)
    phone.add_init_script(FRAME_PRINTS)
    page = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = page
    app = static_server.url + "#"
    game = start_new_game(page, app, "Au salon", FOUR)
    enter_deal(page, app, game, "taker-André", "contract-prise", "bouts-1", points="58")
    wait_id_text(page, "row-1-André", "+96")

    _fill_garde_for_bruno(page)
    page.evaluate("() => { window.scorepadFrames = []; window.scorepadPictures = {}; "
                  "window.scorepadCollect = true; }")
    tap_box(page, button(page, "Enregistrer la donne").first)
    wait_id_text(page, "row-2-Bruno", "+198")
    _top_stands_still(page)  # what the screen settles on, every frame till then recorded
    page.evaluate("() => { window.scorepadCollect = false; }")
    frames = page.evaluate("() => window.scorepadFrames")
    form = frames[0][1]  # the button's ripple is below the screen's top
    changed = [i for i, (_at, picture, _through) in enumerate(frames) if picture != form]
    assert changed, "the screen never left the form"
    after = frames[changed[0]:]
    if len({picture for _at, picture, _through in after}) != 1:
        pytest.fail(_pictures_said(page, frames, request.node.name))

    # The next deal saved, and the thumb at once on "Nouvelle donne" (where it is drawn),
    # as soon as the sheet shows: before the sheet's semantics are out.
    spot = button(page, "Nouvelle donne").first.bounding_box()
    assert spot is not None
    _fill_garde_for_bruno(page)
    page.evaluate("() => { window.scorepadFrames = []; }")
    tap_box(page, button(page, "Enregistrer la donne").first)
    page.wait_for_function(
        "() => { const f = window.scorepadFrames; "
        "return f.length > 1 && f.some(([, p]) => p !== f[0][1]); }", timeout=30_000)
    page.mouse.click(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
    page.wait_for_url(f"{app}/games/{game}/deal")
    by_id(page, "taker-Bruno").wait_for()
    tap_box(page, button(page, "Retour").first)
    wait_id_text(page, "row-3-Bruno", "+198")
    assert by_id(page, "row-4-Bruno").count() == 0
    phone.close()


def test_a_300_game_backup_restored_from_settings_shows_its_progress_and_what_it_added(
    browser: Any, static_server: StaticServer, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Réglages → Restaurer une sauvegarde, a family's years (300 games, 9,000 deals):
    the progress shown, what it added said, every game there with the day it was
    played; then the reminder to save, the backup saved and said, the day of it shown;
    the same file again through the games screen's import adds nothing."""
    backup = tmp_path / "scorepad-sauvegarde.json"
    backup.write_bytes(history_backup(300))
    last = json.loads(backup.read_bytes())["games"][-1]
    played = datetime.fromisoformat(last["created_at"]).astimezone(UTC).strftime("%d/%m/%Y")
    phone = open_phone(browser.browser_type, tmp_path / "profile")
    page = start_app(phone, static_server.url)
    request.node.stash[PHONE_PAGE] = page

    tap_box(page, page.get_by_role("tab", name="Réglages").first)
    by_id(page, "backup-restore").wait_for()
    assert id_text(page, "last-backup") == "Aucune sauvegarde encore sur ce téléphone."
    with page.expect_file_chooser() as chooser:
        thumb(page, by_id(page, "backup-restore"))
    chooser.value.set_files(str(backup))
    page.wait_for_function(
        """() => {
            const el = document.querySelector('[flt-semantics-identifier="restore-progress"]');
            return el !== null && / sur 300 /.test(el.innerText);
        }""", timeout=120_000)
    by_id(page, "restore-done").wait_for(timeout=300_000)
    assert "parties ajoutées 300, complétées 0, déjà là 0" in id_text(page, "restore-done")
    thumb(page, button(page, "Fermer"))

    # The games, with the day each was played (not today's).
    tap_box(page, page.get_by_role("tab", name="Parties").first)
    tile = page.get_by_role("button", name="Soirée 300", exact=False).first
    tile.wait_for(timeout=60_000)
    assert played in str(tile.get_attribute("aria-label") or tile.inner_text())

    # 9,000 deals and no backup yet: the games screen says so; "Sauvegarder" saves one.
    by_id(page, "backup-reminder").wait_for(timeout=30_000)
    reminder = id_text(page, "backup-reminder")
    count, rest = reminder.split("donnes", 1)
    assert re.sub(r"\D", "", count) == "9000", reminder  # "9 000" in French
    assert rest.startswith(" sur ce téléphone et aucune sauvegarde encore"), reminder
    with page.expect_download(timeout=120_000) as saved:
        thumb(page, button(page, "Sauvegarder"))
    assert len(json.loads(Path(saved.value.path()).read_bytes())["games"]) == 300
    page.get_by_text("Sauvegarde de 300 parties remise au navigateur", exact=False
                     ).first.wait_for(timeout=30_000)
    by_id(page, "backup-reminder").wait_for(state="detached", timeout=30_000)
    tap_box(page, page.get_by_role("tab", name="Réglages").first)
    page.wait_for_function(
        """(day) => {
            const el = document.querySelector('[flt-semantics-identifier="last-backup"]');
            return el !== null && el.innerText.startsWith("Dernière sauvegarde : " + day);
        }""", arg=datetime.now().strftime("%d/%m/%Y"), timeout=15_000)

    # The same file through the games screen's import: each game once.
    tap_box(page, page.get_by_role("tab", name="Parties").first)
    with page.expect_file_chooser() as chooser:
        thumb(page, page.get_by_label("Importer une partie ou une sauvegarde (JSON)").first)
    chooser.value.set_files(str(backup))
    by_id(page, "restore-done").wait_for(timeout=300_000)
    assert "parties ajoutées 0, complétées 0, déjà là 300" in id_text(page, "restore-done")
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
    # At the bottom of the page (no bar under it): scrolled to until it is whole on the
    # screen (a control built just below the screen's edge is in the tree, not yet under
    # a thumb). The phone's own Python makes the PDF: seconds, more on a loaded machine.
    with page.expect_download(timeout=60_000) as saved:
        tap_at(page, page.get_by_role("button", name="Fiche en PDF"), bottom=836)
    assert saved.value.suggested_filename == "fiche-bruno.pdf"
    assert Path(saved.value.path()).read_bytes().startswith(b"%PDF")
