"""The phone's storage (phone_store.js) in Debian's Chromium, with the Pyodide the phone
site ships and SQLite in it, without the app: a save copies the pieces it changed, not
the file; a browser killed at any moment starts again on a database that opens, holding
every acknowledged commit; the database an earlier version kept through IDBFS is taken
on the first start."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest

from scripts.appserver import CHROMIUM, CHROMIUM_ARGS, dies_with_its_starter, free_port
from tests.e2e.browser_store import (
    check,
    load,
    open_store,
    persist,
    pieces_of_commits,
    prepare,
    put_database,
)
from tests.e2e.phone_history import history_database
from tests.e2e.phone_site import StaticServer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    """The storage's page (tests/e2e/browser_store.py) and two databases: a phone with
    one game, and one with 150 games (4,500 deals)."""
    scratch = tmp_path_factory.mktemp("databases")
    folder = prepare(tmp_path_factory.mktemp("store"), {
        "small.db": history_database(scratch / "small.db", 1),
        "history.db": history_database(scratch / "history.db", 150)})
    server = StaticServer(folder).start()
    yield server
    server.stop()


@pytest.fixture
def phone(browser: Any, tmp_path: Path) -> Iterator[Any]:
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    context.set_default_timeout(30_000)
    yield context
    context.close()


def test_a_save_copies_the_pieces_it_changed_whatever_the_phone_holds(
    phone: Any, harness: StaticServer
) -> None:
    page = phone.pages[0]
    costs = {}
    for name in ("small.db", "history.db"):
        load(page, harness.url)
        page.evaluate("""() => new Promise((done) => {
            const asked = indexedDB.deleteDatabase("scorepad-files");
            asked.onsuccess = asked.onerror = asked.onblocked = () => done();
        })""")
        assert open_store(page)["refused"] is None
        put_database(page, name)
        persist(page)
        check(page)
        costs[name] = pieces_of_commits(page, 8)
    size = (Path(harness.folder) / "history.db").stat().st_size
    assert size > 3_000_000
    # A deal's commit copies a few pieces (about 140 KB): as many with 4,500 deals as
    # with 30, give or take one more level in each B-tree it writes (the deals, their
    # scores, the games' totals, the players' sums, and their indexes, the players'
    # tallies kept whole for the statistics among them since migration 0011: about
    # fifteen), and the pages of a split when one of the eight commits fills a page (the
    # split page, its new sibling and their parent, in a few trees: where splits fall
    # depends on the random ids of the database restored for the run: the last two
    # commits copied from 30 to 39 pieces in four runs); IDBFS copied the whole file
    # (3 MB and more here: over 700 pieces).
    assert max(costs["history.db"]) <= max(costs["small.db"]) + 16 + 9, costs
    assert max(costs["history.db"]) <= 50, costs

    # Started again: every commit is there, in a database SQLite finds whole.
    load(page, harness.url)
    assert open_store(page)["files"] == ["scorepad.db"]
    status, numbers = check(page)
    assert status == "ok" and numbers[-8:] == list(range(1, 9))

    # Tidied (the file in segments, the pieces gone), then started again: the same.
    assert page.evaluate("() => scorepadStore.pieces") >= 8
    assert page.evaluate("() => scorepadStore.tidy(true)") is True
    assert page.evaluate("() => scorepadStore.pieces") == 0
    pieces_of_commits(page, 2, start=9)
    load(page, harness.url)
    open_store(page)
    status, numbers = check(page)
    assert status == "ok" and numbers[-10:] == list(range(1, 11))


class KilledBrowser:
    """Chromium started by hand on a profile, driven over CDP, and killed like a phone
    killing its browser (SIGKILL to every process of it, no goodbye)."""

    def __init__(self, browser_type: Any, profile: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [CHROMIUM, *CHROMIUM_ARGS, "--headless=new", f"--user-data-dir={profile}",
             f"--remote-debugging-port={self.port}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            preexec_fn=dies_with_its_starter)
        deadline = time.monotonic() + 30
        while True:
            with suppress(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version", timeout=2)
                break
            assert time.monotonic() < deadline, "chromium did not start"
            # A process starting: nothing announces its debugging port open but the port
            # answering. Asked again shortly.
            time.sleep(0.2)
        self.browser = browser_type.connect_over_cdp(f"http://127.0.0.1:{self.port}")
        context = self.browser.contexts[0]
        self.page = context.pages[0] if context.pages else context.new_page()
        self.page.set_default_timeout(30_000)

    def kill(self) -> None:
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        with suppress(Exception):
            self.browser.close()


SAVING = """() => {
    window.acknowledged = 0;
    (async () => {
        for (let i = 1; ; i++) {
            pyodide.runPython(`commit(${i})`);
            const refused = await scorepadStore.persist();
            if (refused) throw new Error(refused);
            window.acknowledged = i;  // what the screen would now show as saved
        }
    })();
}"""


def test_a_browser_killed_while_saving_starts_again_with_every_acknowledged_commit(
    browser: Any, harness: StaticServer, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    rng = random.Random(27)
    first = KilledBrowser(browser.browser_type, profile)
    load(first.page, harness.url)
    open_store(first.page)
    put_database(first.page, "history.db")
    persist(first.page)
    first.kill()
    kept, rounds = 0, 5
    for round_ in range(rounds + 1):
        phone = KilledBrowser(browser.browser_type, profile)
        load(phone.page, harness.url)
        assert open_store(phone.page)["refused"] is None
        status, numbers = check(phone.page)
        assert status == "ok"
        # What was acknowledged before the kill is there, and nothing torn: the
        # commits in order, none missing, whatever was under way was wholly kept
        # or wholly not.
        assert len(numbers) >= kept and numbers == list(range(1, len(numbers) + 1))
        if round_ == rounds:
            phone.kill()
            break
        phone.page.evaluate(SAVING.replace("let i = 1", f"let i = {len(numbers) + 1}"))
        time.sleep(rng.uniform(0.3, 1.5))  # when the kill comes: what the test varies
        kept = max(len(numbers), phone.page.evaluate("() => window.acknowledged"))
        phone.kill()
    assert kept > rounds  # saves were acknowledged, then cut short, round after round


LEGACY = """async ([name, version]) => {
    // Exactly what the earlier phone did (scorepad.phone.storage before this version):
    // IDBFS mounted at /data, the files written, FS.syncfs(false) to IndexedDB.
    const FS = pyodide.FS;
    FS.mkdirTree("/data");
    FS.mount(FS.filesystems.IDBFS, {}, "/data");
    const bytes = new Uint8Array(await (await fetch(name)).arrayBuffer());
    FS.writeFile("/data/scorepad.db", bytes);
    FS.writeFile("/data/site-version", version);
    await new Promise((resolve, reject) => FS.syncfs(false, (e) => e ? reject(e) : resolve()));
    return bytes.length;
}"""


def test_the_database_an_earlier_version_kept_is_taken_on_the_first_start_only(
    phone: Any, harness: StaticServer
) -> None:
    page = phone.pages[0]
    load(page, harness.url)
    # IDBFS names its IndexedDB database after the mount point: the phone's was /data.
    size = page.evaluate(LEGACY, ["history.db", "0123abcd"])
    load(page, harness.url)
    opened = open_store(page)
    assert sorted(opened["migrated"]) == ["scorepad.db", "site-version"]
    assert sorted(opened["files"]) == ["scorepad.db", "site-version"]
    assert page.evaluate("() => pyodide.FS.stat('/data/scorepad.db').size") == size
    assert page.evaluate("() => pyodide.FS.readFile('/data/site-version', "
                         "{encoding: 'utf8'})") == "0123abcd"
    status, numbers = check(page)
    assert status == "ok" and numbers == []
    with_history = page.evaluate("() => pyodide.runPython("
                                 "'conn.execute(\"SELECT count(*) FROM deal\").fetchone()[0]')")
    assert with_history == 150 * 30
    pieces_of_commits(page, 2)

    # The next start reads the new store only: the commits made since are there.
    load(page, harness.url)
    opened = open_store(page)
    assert opened["migrated"] is None
    status, numbers = check(page)
    assert status == "ok" and numbers == [1, 2]


HEARD = """() => {
    window.heard = [];
    scorepadStore.listen((what) => window.heard.push(what));
}"""


def test_one_tab_writes_and_the_database_moves_to_the_tab_that_asks(
    phone: Any, harness: StaticServer
) -> None:
    first = phone.pages[0]
    load(first, harness.url)
    opened = open_store(first)
    assert first.evaluate("() => scorepadStore.writable") is True
    put_database(first, "small.db")
    persist(first)
    check(first)
    first.evaluate(HEARD)
    pieces_of_commits(first, 2)

    # A second tab: it reads what is stored, and may not write.
    second = phone.new_page()
    load(second, harness.url)
    opened = second.evaluate("""async () => {
        const opened = await scorepadStore.open("/data");
        return {writer: opened.writer, writable: scorepadStore.writable};
    }""")
    assert opened == {"writer": False, "writable": False}
    second.evaluate(HEARD)
    assert check(second) == ("ok", [1, 2])
    second.evaluate("() => pyodide.runPython('commit(99)')")  # in its memory only
    assert second.evaluate("() => scorepadStore.persist()").startswith("HeldElsewhere")

    # The first tab has a commit not yet copied when the second asks for the database:
    # it stores it, lets go and says so; the second reads the database again.
    first.evaluate("() => pyodide.runPython('commit(3)')")
    assert second.evaluate("() => scorepadStore.takeOver()") is True
    assert second.evaluate("() => window.heard") == ["here"]
    assert first.evaluate("() => window.heard") == ["elsewhere"]
    assert first.evaluate("() => scorepadStore.writable") is False
    assert check(second) == ("ok", [1, 2, 3])
    pieces_of_commits(second, 1, start=4)
    first.evaluate("() => pyodide.runPython('commit(98)')")
    assert first.evaluate("() => scorepadStore.persist()").startswith("HeldElsewhere")

    # "Continuer ici" in the first tab: it reads what the second stored.
    assert first.evaluate("() => scorepadStore.takeOver()") is True
    assert check(first) == ("ok", [1, 2, 3, 4])
    assert second.evaluate("() => window.heard") == ["here", "elsewhere"]


def test_a_tab_that_does_not_answer_loses_the_database_and_cannot_write_when_it_wakes(
    phone: Any, harness: StaticServer
) -> None:
    first = phone.pages[0]
    load(first, harness.url)
    open_store(first)
    put_database(first, "small.db")
    persist(first)
    check(first)
    first.evaluate(HEARD)
    pieces_of_commits(first, 1)
    first.evaluate("() => pyodide.runPython('commit(2)')")  # not yet copied

    second = phone.new_page()
    load(second, harness.url)
    assert second.evaluate("async () => (await scorepadStore.open('/data')).writer") is False

    # The first tab cannot answer for 8 s (as a tab a phone put to sleep: its event loop
    # runs nothing; Chromium's own freezing applies to hidden pages only).
    first.evaluate("""() => setTimeout(() => {
        const began = Date.now();
        while (Date.now() - began < 8000) {}
    }, 0)""")
    began = time.monotonic()
    assert second.evaluate("() => scorepadStore.takeOver()") is True
    waited = time.monotonic() - began
    assert 3.5 < waited < 8  # taken after a few seconds without an answer, not never
    assert check(second) == ("ok", [1])
    pieces_of_commits(second, 1, start=3)

    # Awake again, the first tab hears it lost the database, and its late copy (deal 2,
    # never acknowledged) is refused: it cannot write over the second tab's deal 3.
    first.wait_for_function("() => window.heard.includes('elsewhere')")
    assert first.evaluate("() => scorepadStore.persist()").startswith("HeldElsewhere")
    load(second, harness.url)
    open_store(second)
    assert check(second) == ("ok", [1, 3])


def test_a_file_shrunk_then_written_past_its_end_reads_back_byte_for_byte(
    phone: Any, harness: StaticServer
) -> None:
    """Whatever a file goes through (whole in segments, cut short, written again past
    its end with a gap of zeros), what a start reads back is what the file held."""
    page = phone.pages[0]
    load(page, harness.url)
    open_store(page)
    written = page.evaluate("""async () => {
        const FS = pyodide.FS, path = "/data/other.bin";
        const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) % 251 + 1);
        FS.writeFile(path, bytes);
        await scorepadStore.persist();
        await scorepadStore.tidy(true);                 // in segments now
        FS.truncate(path, 1500 * 1024);                 // cut short
        const stream = FS.open(path, "r+");
        FS.write(stream, new Uint8Array(4096).fill(9), 0, 4096, 2200 * 1024);  // a gap
        FS.close(stream);
        await scorepadStore.persist();
        return await digest(FS.readFile(path));
    }""".replace("async () => {", "async () => {" + DIGEST))
    load(page, harness.url)
    open_store(page)
    assert written["size"] == 2200 * 1024 + 4096
    assert page.evaluate("async () => {" + DIGEST + """
        return await digest(pyodide.FS.readFile("/data/other.bin"));
    }""") == written


DIGEST = """
    const digest = async (bytes) => ({size: bytes.length, sha256: Array.from(new Uint8Array(
        await crypto.subtle.digest("SHA-256", bytes))).map((b) => b.toString(16)).join("")});
"""
