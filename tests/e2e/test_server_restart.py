"""The table's laptop starts scorepad again (or a club's server is updated) while the
phones keep their page open: each phone comes back by itself to the app, with what its
browser saved (its language here), and no error screen. A new server counted its
controls' ids from 3 again, Flet's client kept its binding of the old session's
preferences service under the same id and never answered the new one: every phone showed
"Error running app" until reloaded (scorepad.web.app.control_ids_apart_from_last_run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scripts.appserver import start_app, stop_app
from tests.e2e.conftest import (
    SERVER_LOGS,
    STARTUP_TIMEOUT,
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

        stop_app(process)
        port = int(server.loopback.rsplit(":", 1)[1])
        log = tmp_path / "server-again.log"
        SERVER_LOGS.append(log)
        process, _ = start_app(server.db_url, log, port=port, timeout=STARTUP_TIMEOUT)
        # The page reconnects by itself: the games, in English, and no error screen.
        text(page, "No game yet").wait_for(state="detached")
        text(page, "No game yet").wait_for()
        assert page.get_by_text("Error running app").count() == 0
        assert "Unhandled error" not in log.read_text()
    finally:
        stop_app(process)
