"""A screen's reads (scorepad.ui.data.Reader): one at a time, requests merged, a burst shown
at most every SHOW_GAP seconds, held while the screen is covered, and a phone waiting for
its own change served at once."""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from scorepad.ui import data
from scorepad.ui.data import SHOW_GAP, UNCHANGED, Key, Reader, Unchanged


class LoopPage:
    """What a reader needs of a page: a task on the session's loop."""

    def run_task(self, fn: Callable[[], Coroutine[Any, Any, None]]) -> None:
        asyncio.get_running_loop().create_task(fn())


class Counting(Reader[int]):
    """Reads the number of reads so far; `gate` holds a read until set."""

    def __init__(self, gap: float = SHOW_GAP) -> None:
        super().__init__(gap)
        self.reads = 0
        self.shown = 0
        self.forced: list[bool] = []
        self.gate = threading.Event()
        self.gate.set()
        self.show = self._shown
        self.page = LoopPage()  # type: ignore[assignment]

    def _shown(self) -> None:
        self.shown += 1

    def fetch(self, key: Key, force: bool) -> int | Unchanged:
        self.gate.wait(5)
        self.reads += 1
        self.forced.append(force)
        return self.reads


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


async def idle(reader: Counting) -> None:
    for _ in range(500):
        await asyncio.sleep(0.01)
        if not reader._running:
            return


def test_requests_made_before_or_during_a_read_are_merged_into_one_more_read() -> None:
    async def scenario() -> None:
        reader = Counting()
        reader.request()
        reader.request(force=True)  # both before the read starts: one read, forced
        await asyncio.sleep(0.05)
        reader.gate.clear()
        reader.request()
        await asyncio.sleep(SHOW_GAP + 0.1)  # the read has started, held by the database
        for _ in range(5):  # while it runs
            reader.request()
        reader.gate.set()
        await idle(reader)
        assert reader.reads == 3
        assert reader.forced == [True, False, False]
        assert reader.value == 3 and reader.shown == 3

    run(scenario)


def test_a_burst_of_changes_is_read_at_once_then_at_most_every_show_gap() -> None:
    async def scenario() -> None:
        reader = Counting()
        loop = asyncio.get_running_loop()
        start = loop.time()
        reader.request()
        await idle(reader)
        first = loop.time() - start
        reader.request()
        await idle(reader)
        second = loop.time() - start
        assert first < SHOW_GAP
        assert second >= SHOW_GAP
        assert reader.reads == 2

    run(scenario)


def test_a_covered_screen_reads_once_then_holds_its_reads_until_it_is_on_top() -> None:
    async def scenario() -> None:
        reader = Counting()
        reader.active = False
        reader.request()
        await idle(reader)
        assert reader.reads == 1  # ready when it comes on top
        for _ in range(3):
            reader.request()
        await asyncio.sleep(SHOW_GAP + 0.1)
        assert reader.reads == 1
        reader.active = True
        reader.resume()
        await idle(reader)
        assert reader.reads == 2

    run(scenario)


def test_what_is_still_current_is_not_shown_again() -> None:
    class Same(Counting):
        def fetch(self, key: Key, force: bool) -> int | Unchanged:
            return super().fetch(key, force) if force else UNCHANGED

    async def scenario() -> None:
        reader = Same()
        reader.request(force=True)
        await idle(reader)
        reader.request()
        await idle(reader)
        assert (reader.reads, reader.shown) == (1, 1)

    run(scenario)


def test_a_phone_waiting_for_its_own_change_is_served_in_the_step_that_shows_it() -> None:
    async def scenario() -> None:
        reader = Counting()
        reader.request()
        await idle(reader)
        served: list[int] = []
        # Right after a read, within SHOW_GAP: the waiter does not wait for the gap.
        reached = await reader.caught_up(lambda n: n >= 2, lambda: served.append(reader.value),
                                         timeout=SHOW_GAP / 2)
        assert reached and served == [2]
        late = await reader.caught_up(lambda n: n >= 99, lambda: served.append(0),
                                      timeout=0.05)
        assert not late and served == [2]

    run(scenario)


class Flaky(Counting):
    """Its first `failing` reads fail (the database gone for a moment)."""

    def __init__(self, failing: int) -> None:
        super().__init__(gap=0.0)
        self.failing = failing
        self.failed = 0

    def fetch(self, key: Key, force: bool) -> int | Unchanged:
        if self.failed < self.failing:
            self.failed += 1
            raise OSError("database gone for a moment")
        return super().fetch(key, force)


def test_a_failed_read_is_logged_and_tried_again_by_itself_until_it_lands(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    # A screen that follows nothing (a new game's form) would otherwise keep showing its
    # loading indicator: nobody else asks it to read again.
    monkeypatch.setattr(data, "RETRY_GAP", 0.02)

    async def scenario() -> None:
        reader = Flaky(failing=3)
        reader.request()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if reader.loaded:
                break
        assert reader.failed == 3
        assert reader.loaded and reader.value == 1 and reader.shown == 1

    run(scenario)
    assert caplog.text.count("screen read failed") == 3


def test_a_failed_read_waits_longer_each_time_and_stops_once_the_screen_is_gone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data, "RETRY_GAP", 0.05)

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        reader = Flaky(failing=100)
        tried: list[float] = []
        fetch = reader.fetch

        def timed(key: Key, force: bool) -> int | Unchanged:
            tried.append(loop.time())
            return fetch(key, force)

        reader.fetch = timed  # type: ignore[method-assign]
        reader.request()
        while len(tried) < 3:
            await asyncio.sleep(0.01)
        gaps = [b - a for a, b in itertools.pairwise(tried)]
        assert gaps[0] >= 0.05 and gaps[1] >= 0.1  # 0.05 s, then twice as long
        reader.mounted = False  # the person left the screen
        await asyncio.sleep(0.5)
        assert len(tried) == 3 and not reader.loaded

    run(scenario)


def test_a_request_made_while_the_phone_was_away_stays_asked_for() -> None:
    class Away:
        def run_task(self, fn: Callable[[], Coroutine[Any, Any, None]]) -> None:
            raise RuntimeError("no connection")

    async def scenario() -> None:
        reader = Counting()
        reader.page = Away()  # type: ignore[assignment]
        reader.request()
        await asyncio.sleep(0.05)
        assert reader.reads == 0 and not reader._running
        reader.page = LoopPage()  # type: ignore[assignment]
        reader.resume()  # back: what was asked for meanwhile is read (nothing asked anew)
        await idle(reader)
        assert reader.reads == 1 and reader.loaded

    run(scenario)


def test_a_change_s_message_comes_after_a_read_started_after_it_never_an_older_one() -> None:
    """"Cercle renommé" is said once the list shows the new name: a read already under
    way when the change was made (it may have missed it) does not count."""
    async def scenario() -> None:
        reader = Counting(gap=0.0)
        said: list[int] = []
        reader.gate.clear()
        reader.request()
        await asyncio.sleep(0.05)  # read 1 under way, held by the database
        reader.then_shown(lambda: said.append(reader.value))
        assert said == []
        reader.gate.set()
        await idle(reader)
        assert reader.reads == 2 and reader.forced == [False, True]
        assert said == [2]  # said with read 2 shown, not with read 1
        reader.request()
        await idle(reader)
        assert said == [2]  # said once

    run(scenario)
