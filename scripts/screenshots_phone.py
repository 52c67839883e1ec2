"""The phone build's screenshots (`scripts/screenshots.py --phone`): the site that
`scorepad build-phone` writes, served by a plain static server, in headless Chromium
with a persistent profile; the demo games reach the phone as a person's would, through
*Restaurer une sauvegarde* (a backup made from the same demo data)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from scripts.screenshots import demo_data
from tests.e2e.phone_site import StaticServer, build, open_phone, start_app

#: (file, address after the site's "#", what the screen shows when ready)
PLAN = (
    ("phone_games", "/", "EN COURS"),
    ("phone_sheet", "/games/{tuesday}", "total-André"),
    ("phone_deal_entry", "/games/{tuesday}/deal", "taker-André"),
    ("phone_stats", "/games/{tuesday}/stats", "Par joueur"),
    ("phone_settings", "/settings", "backup-save"),
)


def _backup(tmp: Path) -> tuple[Path, dict[str, int]]:
    from scorepad import services
    from scorepad.storage.database import open_database

    database = open_database(f"sqlite:///{tmp / 'demo.db'}")
    ids = demo_data(database.uow)
    path = tmp / "sauvegarde.json"
    path.write_bytes(services.export_backup(database.uow()))
    database.dispose()
    return path, ids


def _ready(page: Any, ready: str) -> None:
    page.locator(f'[flt-semantics-identifier="{ready}"]').or_(
        page.get_by_text(ready).first).first.wait_for(timeout=60_000)
    page.wait_for_timeout(900)  # pixels lag a little behind the semantics tree


def capture_phone(out: Path, site: Path | None = None) -> list[Path]:
    from playwright.sync_api import sync_playwright

    from scorepad import services
    from scorepad.storage.database import open_database

    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="scorepad-phone-shots-") as tmp_name:
        tmp = Path(tmp_name)
        folder = site or build(tmp / "site")
        backup, ids = _backup(tmp)
        # The phone's ids: the backup lists the games in the demo database's order.
        demo = open_database(f"sqlite:///{tmp / 'demo.db'}")
        listed = [g.id for g in services.list_games(demo.uow())]
        demo.dispose()
        phone_id = {demo_id: i + 1 for i, demo_id in enumerate(sorted(listed))}
        server = StaticServer(folder).start()
        try:
            with sync_playwright() as p:
                phone = open_phone(p.chromium, tmp / "profile", scale=2)
                page = start_app(phone, server.url + "#/settings", ready="Réglages")
                with page.expect_file_chooser() as chooser:
                    page.locator('[flt-semantics-identifier="backup-restore"]').first.click()
                chooser.value.set_files(str(backup))
                page.get_by_text("EN COURS").first.wait_for(timeout=60_000)
                for name, path, ready in PLAN:
                    address = path.format(tuesday=phone_id[ids["tuesday"]])
                    page.goto(server.url + "#" + address, wait_until="commit")
                    _ready(page, ready)
                    target = out / f"{name}.png"
                    page.screenshot(path=str(target))
                    shots.append(target)
                phone.close()
        finally:
            server.stop()
    return shots
