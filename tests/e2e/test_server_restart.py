"""The table's laptop starts scorepad again (or a club's server is updated) while the
phones keep their page open: each phone comes back by itself to the app, with what its
browser saved (its language here), and no error screen. A new server counted its
controls' ids from 3 again, Flet's client kept its binding of the old session's
preferences service under the same id and never answered the new one: every phone showed
"Error running app" until reloaded (scorepad.web.app.control_ids_apart_from_last_run)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from scripts.appserver import start_app, stop_app
from tests.e2e.conftest import (
    SERVER_LOGS,
    STARTUP_TIMEOUT,
    UI_TIMEOUT_MS,
    click,
    open_app,
    start_server,
    text,
)


def test_a_phone_open_while_the_server_starts_again_comes_back_with_its_settings(
        page: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path)
    SERVER_LOGS.append(server.log)
    process = server.process
    try:
        open_app(page, server.url, "/settings", wait_text="Langue")
        click(page, "English")
        text(page, "Language").wait_for()
        page.get_by_role("tab", name="Games").first.click()
        text(page, "No game yet").wait_for()
        before = text(page, "No game yet").element_handle()

        down = time.monotonic()
        stop_app(process)
        port = int(server.loopback.rsplit(":", 1)[1])
        log = tmp_path / "server-again.log"
        SERVER_LOGS.append(log)
        process, _ = start_app(server.db_url, log, port=port, timeout=STARTUP_TIMEOUT)
        down = time.monotonic() - down
        # The page reconnects by itself: the games, in English, and no error screen. Flet's
        # client tries again after 0.5 s, then after twice as long each time: its next try
        # comes at most as long after the server's return as the server was gone (on a
        # busy machine, a stop and a start took more than the usual 15 s of a wait).
        page.wait_for_function("(shown) => !shown.isConnected", arg=before,
                               timeout=down * 1000 + UI_TIMEOUT_MS)
        text(page, "No game yet").wait_for()
        assert page.get_by_text("Error running app").count() == 0
        assert "Unhandled error" not in log.read_text()
    finally:
        stop_app(process)
