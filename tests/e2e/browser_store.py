"""The phone's storage (phone_store.js, phone_writer.js) in a page of its own, with the
Pyodide the phone site ships and SQLite in it, without the app: what
tests/e2e/test_phone_store.py and bench/phone_storage.py drive."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path
from typing import Any

from scorepad.web import client

PAGE = """<!doctype html><meta charset="utf-8"><title>store</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.pyodide = await loadPyodide({indexURL: "./pyodide/"});
await import("./phone_writer.js");
await import("./phone_store.js");
window.ready = true;
</script>"""

# Python in the page: SQLite as the phone opens it (scorepad.storage.database: a
# rollback journal, every commit synced), and a commit shaped like a deal's: the deal,
# its scores and first version, the undo stack's entry, the game's revision (rows in
# several tables and their indexes, as record_deal writes them).
PYTHON = """
import sqlite3
conn = sqlite3.connect("/data/scorepad.db", isolation_level=None)
for pragma in ("journal_mode=DELETE", "synchronous=FULL", "foreign_keys=ON"):
    conn.execute("PRAGMA " + pragma)

games = conn.execute("SELECT count(*) FROM game").fetchone()[0]

def commit(i):
    conn.execute("BEGIN IMMEDIATE")
    game = 1 + i % games
    model = conn.execute("SELECT id, number FROM deal WHERE game_id = ? ORDER BY number DESC"
                         " LIMIT 1", (game,)).fetchone()
    if model is not None:
        deal = conn.execute(
            "INSERT INTO deal (number, kind, input_json, deleted, version, game_id,"
            " dealer_id, sitting_out_id, created_at, updated_at) SELECT number + ?, kind,"
            " input_json, deleted, 1, game_id, dealer_id, sitting_out_id, created_at,"
            " updated_at FROM deal WHERE id = ?", (1000 + i, model[0])).lastrowid
        conn.execute("INSERT INTO deal_score (deal_id, player_id, points, game_id)"
                     " SELECT ?, player_id, points, game_id FROM deal_score WHERE deal_id = ?",
                     (deal, model[0]))
        conn.execute("INSERT INTO deal_version (deal_id, version, action, kind, input_json,"
                     " scores_json, deleted, author, at) SELECT ?, 1, 'record', kind,"
                     " input_json, '{}', 0, NULL, created_at FROM deal WHERE id = ?",
                     (deal, model[0]))
    conn.execute("INSERT INTO operation (game_id, code, params_json, payload_json, undone, at)"
                 " VALUES (?, 'record', ?, '{}', 0, '2026-12-01 20:00:00')",
                 (game, '{"n": %d}' % i))
    conn.execute("UPDATE game SET revision = revision + 1 WHERE id = ?", (game,))
    conn.execute("COMMIT")

def check():
    return [conn.execute("PRAGMA integrity_check").fetchone()[0],
            [int(r[0][6:-1]) for r in conn.execute(
                "SELECT params_json FROM operation WHERE code = 'record' ORDER BY id")]]
"""


def prepare(folder: Path, databases: dict[str, bytes]) -> Path:
    """`folder` with the page, the storage's scripts, the phone site's Pyodide and the
    given database files (name -> bytes); a manifest.json for StaticServer's check."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "manifest.json").write_text("{}", encoding="utf-8")
    for name in ("phone_writer.js", "phone_store.js"):
        script = resources.files("scorepad.web.phone_site").joinpath(name)
        (folder / name).write_bytes(script.read_bytes())
    shutil.copytree(client.stock_web_dir() / "pyodide", folder / "pyodide",
                    dirs_exist_ok=True)
    for name, data in databases.items():
        (folder / name).write_bytes(data)
    return folder


def load(page: Any, url: str) -> None:
    page.goto(url + "index.html")
    page.wait_for_function("() => window.ready === true", timeout=60_000)


def open_store(page: Any) -> Any:
    return page.evaluate("""async () => {
        const opened = await scorepadStore.open("/data");
        return {refused: opened.refused, migrated: opened.migrated,
                files: pyodide.FS.readdir("/data").filter((n) => n[0] !== ".")};
    }""")


def put_database(page: Any, name: str) -> None:
    page.evaluate("""async (name) => {
        const bytes = new Uint8Array(await (await fetch(name)).arrayBuffer());
        pyodide.FS.writeFile("/data/scorepad.db", bytes);
    }""", name)


def persist(page: Any) -> None:
    assert page.evaluate("() => scorepadStore.persist()") is None


def check(page: Any) -> tuple[str, list[int]]:
    page.evaluate(f"() => pyodide.runPython({PYTHON!r})")
    status, numbers = page.evaluate("() => pyodide.runPython('check()').toJs()")
    return status, numbers


def pieces_of_commits(page: Any, count: int, start: int = 1) -> list[int]:
    """Commits one at a time; the 4 KB pieces each one leaves to copy."""
    pieces = []
    for i in range(start, start + count):
        page.evaluate(f"() => pyodide.runPython('commit({i})')")
        pieces.append(page.evaluate("() => scorepadStore.dirtyChunks"))
        persist(page)
    return pieces
