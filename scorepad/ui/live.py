"""Every phone live: the database's change events broadcast to every session (Flet pubsub),
and each session's subscriptions, which the screens' reads follow (scorepad.ui.data)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

import flet as ft

from scorepad.services import ChangeKind, GameChanged
from scorepad.ui.effects import use_subscription

logger = logging.getLogger(__name__)

#: every change of any game (the games list shows totals and deal counts)
GAMES_TOPIC = "scorepad/games"
#: changes that concern every game (a player renamed)
ALL_TOPIC = "scorepad/all"
#: one phone alone heard from its club (a try ended: states, the season's copy)
CLUB_TOPIC = "scorepad/club"


def game_topic(game_id: int) -> str:
    return f"scorepad/game-{game_id}"


def topics_of(event: GameChanged) -> list[str]:
    """The topics an event is announced on."""
    if event.game_id is None or event.kind is ChangeKind.PLAYERS:
        return [GAMES_TOPIC, ALL_TOPIC]
    return [game_topic(event.game_id), GAMES_TOPIC]


class Broadcaster:
    """The database listener of the web server: re-announces each committed change on the
    sessions' pubsub. The hub is Flet's, bound to the server's loop once it runs."""

    def __init__(self) -> None:
        self._hub: Any = None

    def attach(self, hub: Any) -> None:
        self._hub = hub

    def __call__(self, event: GameChanged) -> None:
        hub = self._hub
        if hub is None:  # no phone has connected yet: nobody to tell
            return
        message = event.to_dict()
        for topic in topics_of(event):
            hub.send_all_on_topic(topic, message)


class LiveTopics:
    """One session's pubsub subscriptions, shared by its mounted screens.

    Flet unsubscribes a session from a topic all at once, and stacked screens (sheet,
    then deal page) may follow the same topic: subscriptions are counted here."""

    def __init__(self, page: ft.Page) -> None:
        self._page = page
        self._callbacks: dict[str, dict[int, Callable[[], None]]] = {}
        self._reconnect: dict[int, Callable[[], None]] = {}
        self._read_again: dict[int, Callable[[bool], None]] = {}
        self._below: dict[int, tuple[frozenset[str], Callable[[], None]]] = {}
        self._ids = itertools.count()
        self._lock = threading.Lock()

    def add(self, topics: Iterable[str], callback: Callable[[], None]) -> Callable[[], None]:
        """Calls `callback` (in the session's context) whenever a topic is announced;
        returns the function that stops it."""
        token = next(self._ids)
        chosen = list(dict.fromkeys(topics))
        with self._lock:
            for topic in chosen:
                callbacks = self._callbacks.setdefault(topic, {})
                if not callbacks:
                    self._page.pubsub.subscribe_topic(topic, self._on_message)
                callbacks[token] = callback

        def remove() -> None:
            with self._lock:
                for topic in chosen:
                    callbacks = self._callbacks.get(topic, {})
                    callbacks.pop(token, None)
                    if not callbacks and topic in self._callbacks:
                        del self._callbacks[topic]
                        self._page.pubsub.unsubscribe_topic(topic)

        return remove

    def add_below(self, topics: Iterable[str], callback: Callable[[], None]
                  ) -> Callable[[], None]:
        """`add`, and `callback` is also called by `changed_here`: for a screen held
        under the one where this phone changes those topics. Returns the function that
        stops both."""
        chosen = frozenset(topics)
        stop = self.add(chosen, callback)
        token = next(self._ids)
        with self._lock:
            self._below[token] = (chosen, callback)

        def remove() -> None:
            stop()
            with self._lock:
                self._below.pop(token, None)

        return remove

    def changed_here(self, topics: Iterable[str]) -> None:
        """This phone changed `topics` (a deal saved on a sheet): the screens under it
        that follow them (`add_below`) hear it, on one phone alone too, where no database
        announces its changes; the screens that follow them on top are not told twice."""
        chosen = frozenset(topics)
        with self._lock:
            callbacks = [callback for followed, callback in self._below.values()
                         if followed & chosen]
        self._schedule(callbacks)

    def on_reconnect(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Calls `callback` when the phone is back from a lost connection (`refresh_all`);
        returns the function that stops it."""
        token = next(self._ids)
        with self._lock:
            self._reconnect[token] = callback

        def remove() -> None:
            with self._lock:
                self._reconnect.pop(token, None)

        return remove

    def on_read_again(self, callback: Callable[[bool], None]) -> Callable[[], None]:
        """Calls `callback(writable)` when the database was read again from the phone's
        storage (one phone alone: another tab wrote it; `writable`: this tab writes from
        now on); returns the function that stops it."""
        token = next(self._ids)
        with self._lock:
            self._read_again[token] = callback

        def remove() -> None:
            with self._lock:
                self._read_again.pop(token, None)

        return remove

    def _on_message(self, topic: str, _message: object) -> None:
        # Flet runs pubsub handlers outside the session's context (checked on 1.0.5): a state
        # setter called here would raise "The context is not associated with any page", so
        # the callbacks run in a task of the page (`_schedule`).
        with self._lock:
            callbacks = list(self._callbacks.get(topic, {}).values())
        self._schedule(callbacks)

    def announce(self, topics: Iterable[str]) -> None:
        """The screens following `topics` read again, as if another phone had changed
        them: one phone alone hearing from its club (whose Python has no pubsub loop)."""
        with self._lock:
            callbacks = list({id(c): c for topic in topics
                              for c in self._callbacks.get(topic, {}).values()}.values())
        self._schedule(callbacks)

    def refresh_all(self) -> None:
        """Reloads every mounted screen (the phone has just reconnected)."""
        with self._lock:
            callbacks = list({id(c): c for cs in (*self._callbacks.values(), self._reconnect)
                              for c in cs.values()}.values())
        self._schedule(callbacks)

    def read_again(self, writable: bool) -> None:
        """Every mounted screen reads the database again (it was read again from the
        phone's storage), and those that asked are told whether this tab writes. Not a
        reconnection: a form does not say it was brought back."""
        with self._lock:
            screens = list({id(c): c for cs in self._callbacks.values()
                            for c in cs.values()}.values())
            told = list(self._read_again.values())
        self._schedule([*screens, *(functools.partial(c, writable) for c in told)])

    def _schedule(self, callbacks: list[Callable[[], None]]) -> None:
        if not callbacks:
            return

        async def run() -> None:
            for callback in callbacks:
                try:
                    callback()
                except Exception:  # one unmounting screen must not stop the others
                    logger.exception("live refresh failed")

        # A disconnected phone (Wi-Fi lost, asleep) has no loop to run on: `on_connect`
        # reloads every screen when it comes back.
        if getattr(self._page.session, "connection", None) is None:
            return
        with contextlib.suppress(AttributeError, RuntimeError):  # disconnected meanwhile
            self._page.run_task(run)


_STORE_KEY = "scorepad.live"


def session_live(page: ft.Page) -> LiveTopics:
    """The session's LiveTopics, kept in its session store. (Not a component argument:
    Flet compares arguments on every render, and this object holds the page.)"""
    store = page.session.store
    live = store.get(_STORE_KEY)
    if not isinstance(live, LiveTopics):
        live = LiveTopics(page)
        store.set(_STORE_KEY, live)
    return live


def use_render_on_reconnect() -> None:
    """The calling component (the app's root) and everything under it render again as the
    phone comes back.

    Flet drops a render asked while the phone is away: `Session.schedule_update` returns
    at once when disconnected, and a disconnection clears the renders and effects under
    way. A change made meanwhile stayed unseen until something else rendered that screen:
    after a reload at the moment of a save, the router had moved to the sheet, and the
    phone showed the saved deal's form again, filled and silent, under the sheet's
    address. tests/unit/test_flet_internals.py shows Flet's own behaviour and fails when
    a release changes it."""
    page = ft.context.page
    _renders, set_renders = ft.use_state(0)

    def again() -> None:
        set_renders(lambda n: n + 1)

    use_subscription(lambda: session_live(page).on_reconnect(again), [])


def keep_screen_updates_going(page: ft.Page) -> None:
    """The session's screen updates go on after a screen's render raised: the error is
    logged, with its traceback, and the updates start again.

    Flet 1.0.5 renders every state change in one task per session
    (`Session.__updates_scheduler`), which catches nothing around a render: one render
    that raised ended the task, and the phone's screen was frozen from then on, through
    reloads too (a reload joins the same session), until the session expired. The task is
    Flet's private state; `Session.start_updates_scheduler()`, public, starts it again.
    tests/unit/test_flet_internals.py fails when a release changes either."""
    session = page.session
    task = getattr(session, "_Session__updates_task", None)
    if not isinstance(task, asyncio.Task) or task.done():
        return

    def ended(done: asyncio.Task[None]) -> None:
        if done.cancelled():
            return
        error = done.exception()
        if error is None:
            return  # the session was closed
        logger.error("a screen's render failed; the screen updates go on",
                     exc_info=error)
        with contextlib.suppress(RuntimeError):  # the loop is closing
            session.start_updates_scheduler()
            keep_screen_updates_going(page)

    task.add_done_callback(ended)
