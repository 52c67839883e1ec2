"""The phone's storage copies (scorepad.phone.storage) with a store (phone_store.js) that
answers when the test says: the screen waits for every commit to be stored, a refusal is
told, the browser's reading starts at once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from scorepad.phone.storage import BrowserStorage


class FakeStore:
    """phone_store.js as the storage uses it: open(mount) and persist() answer later, as
    promises do (asyncio futures here)."""

    def __init__(self) -> None:
        self.pending: list[asyncio.Future[Any]] = []
        self.opened: list[str] = []
        self.tidied = 0

    def _later(self) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending.append(future)
        return future

    def open(self, mount: str) -> asyncio.Future[Any]:
        self.opened.append(mount)
        return self._later()

    def persist(self) -> asyncio.Future[Any]:
        return self._later()

    async def tidy(self, force: bool) -> bool:
        self.tidied += 1
        return not force

    def answer(self, result: Any = None) -> None:
        self.pending.pop(0).set_result(result)


def _storage(fs: FakeStore) -> BrowserStorage:
    return BrowserStorage(store=lambda: fs)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_screen_hears_of_a_commit_only_once_it_is_stored() -> None:
    async def scenario() -> list[str]:
        fs, shown = FakeStore(), []
        storage = _storage(fs)
        send = storage.hold(shown.append)
        storage.changed()              # a deal committed
        send("Donne 5 enregistrée")   # the screen's update, right after
        await asyncio.sleep(0)
        assert shown == [] and storage.pending
        fs.answer()                    # copied to IndexedDB
        await asyncio.sleep(0)
        return shown

    assert run(scenario()) == ["Donne 5 enregistrée"]


def test_commits_during_a_copy_are_copied_again_before_the_screen_hears() -> None:
    async def scenario() -> tuple[list[str], int]:
        fs, shown = FakeStore(), []
        storage = _storage(fs)
        send = storage.hold(shown.append)
        storage.changed()
        await asyncio.sleep(0)
        storage.changed()              # a second commit while the first is copied
        send("both")
        fs.answer()
        await asyncio.sleep(0)
        copies = 1 + len(fs.pending)
        assert shown == []
        fs.answer()
        await asyncio.sleep(0)
        return shown, copies

    assert run(scenario()) == (["both"], 2)


def test_a_refused_copy_is_told_and_the_screen_goes_on() -> None:
    async def scenario() -> tuple[list[str], list[str], str | None]:
        fs, shown, told = FakeStore(), [], []
        storage = _storage(fs)
        storage.on_failure = told.append
        send = storage.hold(shown.append)
        storage.changed()
        send("update")
        await asyncio.sleep(0)
        fs.answer("QuotaExceededError: storage full")
        await asyncio.sleep(0)
        return shown, told, await storage.idle()

    shown, told, failure = run(scenario())
    assert shown == ["update"]
    assert told == ["QuotaExceededError: storage full"] == [failure]


def test_a_screen_hold_keeps_messages_until_let_go_and_the_copy_is_stored() -> None:
    """A form leaving see-through holds the screen's updates until the screen under it
    is sent: they reach the page together, whether the copy ends first or last."""
    async def scenario() -> list[list[str]]:
        fs, shown, seen = FakeStore(), [], []
        storage = _storage(fs)
        send = storage.hold(shown.append)
        storage.changed()                  # the deal committed
        release = storage.hold_screen()    # the form empties itself...
        send("form emptied")
        await asyncio.sleep(0)
        fs.answer()                        # the copy ends before the sheet is rendered
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert not storage.pending
        seen.append(list(shown))
        send("sheet")                      # ...and the router shows the sheet
        release()
        seen.append(list(shown))
        release_again = storage.hold_screen()  # a hold alone, no copy under way
        send("next")
        seen.append(list(shown))
        release_again()
        seen.append(list(shown))
        return seen

    assert run(scenario()) == [[], ["form emptied", "sheet"], ["form emptied", "sheet"],
                               ["form emptied", "sheet", "next"]]


def test_messages_go_straight_out_when_nothing_waits_to_be_stored() -> None:
    shown: list[str] = []
    storage = _storage(FakeStore())
    storage.hold(shown.append)("at once")
    assert shown == ["at once"]


def test_the_browser_starts_reading_at_once_and_a_refusal_is_its_reason() -> None:
    async def scenario() -> tuple[list[str], str | None, str | None]:
        fs = FakeStore()
        first = _storage(fs).open()
        opened_at_once = list(fs.opened)   # before the loop ran anything
        fs.answer(type("Opened", (), {"refused": None, "migrated": ["scorepad.db"]})())
        second = _storage(fs).open()
        fs.answer(type("Opened", (), {"refused": "InvalidStateError: no IndexedDB",
                                      "migrated": None})())
        return opened_at_once, await first, await second

    assert run(scenario()) == (["/data"], None, "InvalidStateError: no IndexedDB")


def test_the_storage_is_tidied_once_no_copy_came_for_a_while(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves in a row postpone the tidy-up; it comes once, TIDY_WHEN_IDLE after the last
    copy (the loop's own clock: a busy machine makes it later, never earlier)."""
    import scorepad.phone.storage as storage_module

    monkeypatch.setattr(storage_module, "TIDY_WHEN_IDLE", 0.5)

    async def scenario() -> tuple[list[int], float]:
        loop = asyncio.get_running_loop()
        fs = FakeStore()
        storage = _storage(fs)
        seen = []
        for _ in range(3):               # three saves in a row, each copied at once
            storage.changed()
            await asyncio.sleep(0)
            fs.answer()
            await asyncio.sleep(0)
            seen.append(fs.tidied)       # none while the saves keep coming
        copied = loop.time()
        deadline = copied + 30
        while fs.tidied == 0 and loop.time() < deadline:
            await asyncio.sleep(0.02)
        waited = loop.time() - copied
        seen.append(fs.tidied)           # one once they stopped
        assert storage._tidy_timer is None, "another tidy-up is still to come"
        return seen, waited

    seen, waited = run(scenario())
    assert seen == [0, 0, 0, 1]
    assert waited >= storage_module.TIDY_WHEN_IDLE
