"""The phone build's screenshots (`scripts/screenshots.py --phone`): the site that
`scorepad build-phone` writes, served by a plain static server, in headless Chromium
with a persistent profile; the demo games (fixed dates) reach the phone as a person's
would, through *Restaurer une sauvegarde* (a backup made from the same demo data). Each
picture is kept only once it shows its own screen (scripts/shots.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from scripts.screenshots import demo_data, scroll_to_awards, use_demo_time
from scripts.shots import SHOT_TIMEOUT, Camera, DemoClock, Shot, fixed_secrets, record
from tests.e2e.phone_site import START_TIMEOUT_MS, StaticServer, build, open_phone, start_app

#: One line a picture; the address is the part after the site's "#". Field: tuesday.
#: (A player's page and the awards over every game: the backup carries no circle.)
PHONE_SHOTS = [
    Shot("phone_games", "/", "Parties", ready="bin-entry", screen="games"),
    Shot("phone_sheet", "/games/{tuesday}", "Mardi soir", ready="total-André",
         screen="sheet"),
    Shot("phone_deal_entry", "/games/{tuesday}/deal", "Donne 9", ready="taker-André",
         screen="deal_entry"),
    Shot("phone_stats", "/games/{tuesday}/stats", "Statistiques · Mardi soir",
         ready="stat-total-Didier", screen="stats"),
    Shot("phone_settings", "/settings", "Réglages", ready="backup-save", screen="settings"),
    Shot("phone_player", "/players/André", "André", ready="fig-total", screen="player"),
    Shot("phone_awards", "/stats/ranking", "Classement", ready="award-most_takes",
         screen="circle_ranking", then=scroll_to_awards),
]


def _backup(tmp: Path) -> tuple[Path, dict[str, int]]:
    """The demo games (made at the demo's fixed dates) in a backup file, and their ids
    on the phone once restored (the backup keeps the demo database's order)."""
    from scorepad import services
    from scorepad.storage.database import open_database

    database = open_database(f"sqlite:///{tmp / 'demo.db'}")
    with DemoClock() as clock, fixed_secrets("scorepad"):
        ids = demo_data(database.uow, clock)
    path = tmp / "sauvegarde.json"
    path.write_bytes(services.export_backup(database.uow()))
    listed = sorted(g.id for g in services.list_games(database.uow()))
    database.dispose()
    on_phone = {demo_id: i + 1 for i, demo_id in enumerate(listed)}
    return path, {name: on_phone[game] for name, game in ids.items()}


def _hash_link(page: Any, url: str) -> None:
    # Within the site, as its own links do: no reload, the app stays open.
    page.goto(url, wait_until="commit")


def capture_phone(out: Path, site: Path | None = None,
                  only: list[str] | None = None, timeout: float = SHOT_TIMEOUT) -> list[Path]:
    from playwright.sync_api import sync_playwright

    use_demo_time()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="scorepad-phone-shots-") as tmp_name:
        tmp = Path(tmp_name)
        folder = site or build(tmp / "site")
        backup, ids = _backup(tmp)
        server = StaticServer(folder).start()
        try:
            with sync_playwright() as p:
                phone = open_phone(p.chromium, tmp / "profile", scale=2)
                page = start_app(phone, server.url + "#/settings", ready="Réglages")
                with page.expect_file_chooser() as chooser:
                    page.locator('[flt-semantics-identifier="backup-restore"]').first.click()
                chooser.value.set_files(str(backup))
                # The restore says what it added, in a dialog closed as a person does.
                page.locator('[flt-semantics-identifier="restore-done"]').first.wait_for(
                    timeout=START_TIMEOUT_MS)
                close = page.get_by_role("button", name="Fermer", exact=True).first
                close.click()
                close.wait_for(state="detached", timeout=START_TIMEOUT_MS)
                camera = Camera(None, server.url + "#", out, ids, goto=_hash_link,
                                page=page, timeout=timeout)
                try:
                    shots = camera.take_all(PHONE_SHOTS, only)
                finally:
                    record(out, camera.taken, [])
                phone.close()
        finally:
            server.stop()
    return shots
