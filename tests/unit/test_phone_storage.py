"""The phone's storage copies (scorepad.phone.storage) with a file system that answers when
the test says: the screen waits for every commit to be stored, a refusal is told."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from scorepad.phone.storage import BrowserStorage


class FakeFS:
    """Emscripten's FS as the storage uses it: syncfs(populate, callback) answers later."""

    def __init__(self) -> None:
        self.pending: list[tuple[bool, Callable[..., None]]] = []
        self.mounted: list[str] = []
        self.filesystems = type("Filesystems", (), {"IDBFS": object()})()

    def mkdirTree(self, path: str) -> None:  # Emscripten's name
        self.mounted.append(path)

    def mount(self, _fs: object, _options: object, path: str) -> None:
        self.mounted.append(path)

    def syncfs(self, populate: bool, callback: Callable[..., None]) -> None:
        self.pending.append((populate, callback))

    def answer(self, error: Any = None) -> bool:
        populate, callback = self.pending.pop(0)
        callback(error)
        return populate


def _storage(fs: FakeFS) -> BrowserStorage:
    storage = BrowserStorage(fs=lambda: fs, once=lambda fn: fn)
    return storage


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_screen_hears_of_a_commit_only_once_it_is_stored() -> None:
    async def scenario() -> list[str]:
        fs, shown = FakeFS(), []
        storage = _storage(fs)
        send = storage.hold(shown.append)
        storage.changed()              # a deal committed
        send("Donne 5 enregistrée")   # the screen's update, right after
        await asyncio.sleep(0)
        assert shown == [] and storage.pending
        assert fs.answer() is False    # copied to IndexedDB (not a load)
        await asyncio.sleep(0)
        return shown

    assert run(scenario()) == ["Donne 5 enregistrée"]


def test_commits_during_a_copy_are_copied_again_before_the_screen_hears() -> None:
    async def scenario() -> tuple[list[str], int]:
        fs, shown = FakeFS(), []
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
        fs, shown, told = FakeFS(), [], []
        storage = _storage(fs)
        storage.on_failure = told.append
        send = storage.hold(shown.append)
        storage.changed()
        send("update")
        await asyncio.sleep(0)
        error = type("DOMException", (), {"name": "QuotaExceededError",
                                          "message": "storage full"})()
        fs.answer(error)
        await asyncio.sleep(0)
        return shown, told, await storage.idle()

    shown, told, failure = run(scenario())
    assert shown == ["update"]
    assert told == ["QuotaExceededError: storage full"] == [failure]


def test_messages_go_straight_out_when_nothing_waits_to_be_stored() -> None:
    shown: list[str] = []
    storage = _storage(FakeFS())
    storage.hold(shown.append)("at once")
    assert shown == ["at once"]
