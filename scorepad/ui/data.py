"""What a screen shows from the database, read off the render and off the event loop:
`use_data(load, ...)`, and the `Reader` under it (the sheet's is scorepad.ui.sheet_data)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

import flet as ft

from scorepad.ui.effects import use_subscription
from scorepad.ui.live import session_live
from scorepad.ui.services_context import off_loop
from scorepad.ui.state import use_app_state

logger = logging.getLogger(__name__)
T = TypeVar("T")

#: seconds between two reads of one screen when changes come in a burst
SHOW_GAP = 0.25
#: seconds before a failed read is tried again by itself, doubled at each failure in a
#: row up to RETRY_MAX: a screen whose first read failed (a database hiccup) would
#: otherwise show its loading indicator until something else asks it to read
RETRY_GAP = 0.5
RETRY_MAX = 8.0
#: seconds after the last announcement of a `held_topics` topic before a screen held
#: under another one reads all the same: after a deal's save has been drawn, not during
HELD_READ_AFTER = 1.0


class Unchanged:
    """What `Reader.fetch` returns when what the screen shows is still current."""

    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED = Unchanged()

Key = tuple[Any, ...]


class Reader(Generic[T]):
    """One mounted screen's reads: at most one at a time, requests arriving meanwhile
    merged into one more read; `fetch` says what to read (a worker thread runs it)."""

    def __init__(self, gap: float = SHOW_GAP) -> None:
        self._value: T | None = None
        self._loaded = False
        #: the key the value was read for, and the key the screen shows now
        self.key: Key = ()
        self.wanted: Key = ()
        #: a screen under another one holds its reads until it is back on top
        self.active = True
        #: False once the screen is gone: a failed read is no longer tried again
        self.mounted = True
        self._failures = 0
        #: how the mounted screen shows a new read (set at each render)
        self.show: Callable[[], None] | None = None
        self.page: ft.Page | None = None
        self._gap = gap
        self._pending = False
        self._force = False
        self._running = False
        #: when the last read started (event loop time)
        self._last_read = float("-inf")
        #: called after each read; True once served (see `caught_up`)
        self._waiters: list[Callable[[], bool]] = []
        #: how many reads have started (`then_shown` waits for one started after it)
        self._started = 0
        #: one read lets a held screen read all the same (`read_soon_though_held`)
        self._through_held = False
        self._soon = 0

    def fetch(self, key: Key, force: bool) -> T | Unchanged:
        """In a worker thread: what to show for `key`, or UNCHANGED when the value shown
        is current (`force`: read it whatever the screen shows)."""
        raise NotImplementedError

    @property
    def loaded(self) -> bool:
        """Something was read (for this key or an earlier one)."""
        return self._loaded

    @property
    def current(self) -> bool:
        """What was read is for the key the screen shows now."""
        return self._loaded and self.key == self.wanted

    @property
    def value(self) -> T:
        """What was read last; before the first read, RuntimeError (a screen asks
        `loaded` first)."""
        if not self._loaded:
            raise RuntimeError("nothing read yet")
        return cast(T, self._value)

    def put(self, value: T, key: Key) -> None:
        """Shows `value` as read for `key` (a read done elsewhere)."""
        self._value, self.key, self._loaded = value, key, True

    def request(self, *, force: bool = False) -> None:
        """Reads again soon (at once when no read ran in the last SHOW_GAP seconds);
        merged with the requests already waiting."""
        self._force = self._force or force
        self._pending = True
        self._start()

    def resume(self) -> None:
        """Back on top: the reads held meanwhile run."""
        if self._pending:
            self._start()

    def read_soon_though_held(self) -> None:
        """One read HELD_READ_AFTER seconds after the last such ask, even while the
        screen is held under another one: what it shows back on top is then current."""
        if self.page is None:
            return
        delay = HELD_READ_AFTER
        self._soon += 1
        ticket = self._soon

        async def later() -> None:
            await asyncio.sleep(delay)
            if ticket == self._soon and self.mounted and not self.active:
                self._through_held = self._pending = True
                self._start()

        with contextlib.suppress(AttributeError, RuntimeError):  # disconnected
            self.page.run_task(later)

    def _held(self) -> bool:
        # A screen opened under another one (a deep link to a sheet) still reads once,
        # so that it is ready when it comes on top.
        return not self.active and self._loaded and not self._through_held

    def _start(self) -> None:
        if self._running or self._held() or self.page is None:
            return
        self._running = True
        try:
            self.page.run_task(self._run)
        except (AttributeError, RuntimeError):  # disconnected: on_connect reads again
            # (the request stays pending: use_reader asks again when the phone is back)
            self._running = False

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending and not self._held():
                # Changes in a burst (a club's busiest minute, a script) are shown at most
                # every SHOW_GAP seconds: the first at once, the others together; never
                # late for a phone waiting for its own change (caught_up).
                wait = self._last_read + self._gap - loop.time()
                if wait > 0 and not self._waiters:
                    await asyncio.sleep(wait)
                self._pending, force, self._force = False, self._force, False
                self._through_held = False
                key = self.wanted
                self._last_read = loop.time()
                self._started += 1
                got = await off_loop(self.fetch, key, force)
                if not isinstance(got, Unchanged):
                    self.put(got, key)
                    if self.show is not None:
                        self.show()
                if self._waiters:
                    await _rendered()
                self._waiters = [serve for serve in self._waiters if not serve()]
                self._failures = 0
        except Exception:  # a database hiccup: read again soon, by itself
            logger.exception("screen read failed")
            self._pending = True
            delay = min(RETRY_GAP * 2 ** self._failures, RETRY_MAX)
            self._failures += 1
            loop.call_later(delay, self._retry)
        finally:
            self._running = False

    def _retry(self) -> None:
        if self.mounted and self._pending:
            self._start()

    def then_shown(self, then: Callable[[], None]) -> None:
        """Reads again (forced) and calls `then()` right after the screen shows that read,
        in the same step: a read already under way when asked does not count (it may
        miss the change just made)."""
        after = self._started

        def serve() -> bool:
            if self._started <= after:
                return False
            then()
            return True

        self._waiters.append(serve)
        self.request(force=True)

    async def caught_up(self, reached: Callable[[T], bool], then: Callable[[], None],
                        timeout: float) -> bool:
        """Calls `then()` right after this screen shows a value where `reached` holds, in
        the same step as the screen's update (so both reach the phone together), and
        returns True; after `timeout` returns False without calling it."""
        done = asyncio.Event()

        def serve() -> bool:
            if not self._loaded or not reached(self.value):
                return False
            then()
            done.set()
            return True

        if self.show is None:
            return False
        if not self._running and serve():
            return True
        self._waiters.append(serve)
        self.request()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), timeout)
        finally:
            if serve in self._waiters:
                self._waiters.remove(serve)
        return done.is_set()


def _mounted(reader: Reader[Any], page: ft.Page) -> Callable[[], None]:
    """The screen is mounted; returns what to do once it is gone. Back from a lost
    connection, every mounted screen reads again, even one that follows no topic (a read
    asked while the phone was away did not start); the same when the database was read
    again from the phone's storage (another tab of one phone alone wrote it)."""
    reader.mounted = True
    live = session_live(page)
    stops = [live.on_reconnect(reader.request),
             live.on_read_again(lambda _writable: reader.request())]

    def unmounted() -> None:
        reader.mounted = False
        for stop in stops:
            stop()

    return unmounted


def use_reader(reader: Reader[T], *, key: Sequence[Any] = (), topics: Sequence[str] = (),
               reload_topics: Sequence[str] = (), check_on: Sequence[Any] = (),
               active: bool = True, own_changes: bool = True,
               held_topics: Sequence[str] = ()) -> Reader[T]:
    """Mounts `reader` on the calling screen: it reads at mount and whenever `key` changes
    (forced), when a topic of `topics` is announced or a value of `check_on` changes, when
    this phone changed something (`own_changes`), and forced when a topic of
    `reload_topics` is announced. An announcement starts the read at once, without
    rendering the screen first. While `active` is False the requests wait; they run
    once it is True again, but for a topic of `held_topics`: HELD_READ_AFTER seconds
    after its last announcement (or this phone's change, `LiveTopics.changed_here`), the
    screen reads all the same."""
    state = use_app_state()
    page = ft.context.page
    _shown, set_shown = ft.use_state(0)
    reader.page = page
    reader.wanted = tuple(key)
    reader.active = active

    def show() -> None:
        set_shown(lambda n: n + 1)

    reader.show = show

    def follow() -> Callable[[], None]:
        live = session_live(page)
        stops = [live.add(topics, reader.request),
                 live.add(reload_topics, lambda: reader.request(force=True)),
                 live.add_below(held_topics, reader.read_soon_though_held)]

        def stop() -> None:
            for each in stops:
                each()

        return stop

    def check() -> None:
        reader.request()

    def reload() -> None:
        reader.request(force=True)

    def back_on_top() -> None:
        if active:
            reader.resume()

    use_subscription(lambda: _mounted(reader, page), [])
    use_subscription(follow, [*topics, "|", *reload_topics, "|", *held_topics])
    ft.use_effect(check, dependencies=[*check_on, state.revision if own_changes else None])
    ft.use_effect(reload, dependencies=list(key))
    ft.use_effect(back_on_top, dependencies=[active])
    return reader


async def _rendered() -> None:
    """Returns once the screens marked for a new render (`show()`) were rendered and
    sent. A message (`show_snackbar`) is sent at once (Flet's `show_dialog` updates the
    page's dialogs there and then) while a component's new render waits for the
    session's update task: called straight after `show()`, "Cercle renommé « Les
    Platanes »" reached the phone before the list that shows the new name, and under
    load the phone drew the message over the old name. The update task was woken by
    `show()`, so it runs at the loop's next turn, before this coroutine's (Flet 1.0's
    `Session.__updates_scheduler`: tests/integration/test_message_after_render.py fails
    when a release changes it)."""
    await asyncio.sleep(0)


class _Loader(Reader[T]):
    """A reader whose every read calls the screen's latest `load()`."""

    def __init__(self) -> None:
        super().__init__()
        self.load: Callable[[], T] | None = None

    def fetch(self, key: Key, force: bool) -> T | Unchanged:
        assert self.load is not None
        return self.load()


class Data(Generic[T]):
    """What `use_data` gives a screen: whether anything was read yet, whether it is for
    the screen's current key, the value, and `again()` to read it again."""

    def __init__(self, reader: Reader[T]) -> None:
        self._reader = reader

    @property
    def loaded(self) -> bool:
        """Something was read: the screen can show it (maybe an earlier key's, until the
        new key's read lands)."""
        return self._reader.loaded

    @property
    def current(self) -> bool:
        """What was read is for the screen's current key."""
        return self._reader.current

    @property
    def value(self) -> T:
        return self._reader.value

    @property
    def key(self) -> Key:
        """The key the value was read for."""
        return self._reader.key

    def again(self, *_changed: object) -> None:
        """Reads again (a dialog of this screen changed what it shows)."""
        self._reader.request(force=True)

    def again_then(self, then: Callable[[], None]) -> None:
        """Reads again, and calls `then()` (a snackbar saying what changed) once the
        screen shows the change: never "Cercle renommé" over the old name."""
        self._reader.then_shown(then)


def use_data(load: Callable[[], T], *, key: Sequence[Any] = (), topics: Sequence[str] = (),
             check_on: Sequence[Any] = (), active: bool = True,
             own_changes: bool = True, held_topics: Sequence[str] = ()) -> Data[T]:
    """What the screen shows from the database: `load()` (database reads only, no control
    built: it runs in a worker thread) at mount and again as `use_reader` says. Until the
    first read lands `loaded` is False: show a loading indicator, never an empty state."""
    reader = ft.use_ref(_Loader).current
    assert reader is not None
    reader.load = load
    use_reader(reader, key=key, topics=topics, check_on=check_on, active=active,
               own_changes=own_changes, held_topics=held_topics)
    return Data(reader)
