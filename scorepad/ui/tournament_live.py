"""A tournament followed live: `use_tournament(uow, tid)` gives a screen the tournament's
results, shared by every screen of this server that follows it (`TournamentFeed`: one
reader per process and tournament); `announce_tournament(tid)`, which a screen calls
after an organiser's step.

A deal saved anywhere (this server, another one on the same PostgreSQL, the command line)
is a game's change, which every session hears (scorepad.ui.live) and passes to the feed;
an organiser's step (check-in, a draw) is announced on the tournament's topic. The feed
also looks at the stamp every few seconds, for the steps taken elsewhere. The stamp is one
small aggregate: the results are read once per move of the stamp, whatever the number of
screens and however many of them heard of the change; a burst of deals is read together."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scorepad import services
from scorepad.services import tournament as tm
from scorepad.ui.data import UNCHANGED, Key, Reader, Unchanged, use_reader
from scorepad.ui.effects import use_subscription
from scorepad.ui.live import GAMES_TOPIC, session_live
from scorepad.ui.services_context import UowFactory, off_loop

logger = logging.getLogger(__name__)

#: seconds between two looks at the stamp when nothing was announced
POLL_SECONDS = 2.0
#: seconds between two showings of one screen when deals come in a burst (the feed
#: reads each change at once; a screen shows what it read at most this often)
SHOW_GAP = 0.1


def tournament_topic(tournament_id: int) -> str:
    return f"scorepad/tournament-{tournament_id}"


def announce_tournament(tournament_id: int) -> None:
    """Tells this server's sessions that the tournament changed (an organiser's step)."""
    with contextlib.suppress(RuntimeError, AttributeError):  # outside a session: nobody
        ft.context.page.pubsub.send_all_on_topic(tournament_topic(tournament_id),
                                                 {"tournament_id": tournament_id})


Stamp = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Followed:
    """The tournament as read at one stamp: its results (None: no such tournament) and
    its players' ids (the big screen keys its rows by them)."""

    stamp: Stamp | None
    results: tm.TournamentResults | None
    player_ids: dict[str, int] = field(default_factory=dict)


def _player_ids(uow: UowFactory, names: frozenset[str]) -> dict[str, int]:
    if not names:
        return {}
    return {p.name: p.id for p in services.list_players(uow(), include_hidden=True)
            if p.name in names}


class TournamentFeed:
    """One tournament's results in one server process, shared by every screen following
    it: each look reads the stamp, and the results only when it moved; looks never run
    two at a time, and a look asked while another runs is one more look, however many
    screens asked. Listeners hear each new read (from any thread)."""

    def __init__(self, uow: UowFactory, tournament_id: int) -> None:
        self.uow = uow
        self.tournament_id = tournament_id
        #: what was read last, and how many moves were read (0: nothing read yet)
        self.latest = Followed(None, None)
        self.version = 0
        self._read_lock = threading.Lock()
        self._lock = threading.Lock()
        self._looks = 0
        #: weakly: a session Flet closes never unmounts its screens (Flet 1.0.5), so a
        #: closed session's screen leaves the feed when it is collected
        self._listeners: dict[int, weakref.WeakMethod[Callable[[], None]]] = {}
        #: the names whose ids were read
        self._id_names: frozenset[str] = frozenset()
        self._next = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        #: set by a poke; bound to the loop at its first wait (Python 3.10+)
        self._wake = asyncio.Event()
        self._running = False

    # -- reading ----------------------------------------------------------------------

    def ticket(self) -> int:
        """How many looks have started: a look asked now is served by any look that
        starts later (it sees everything committed before the ask)."""
        with self._lock:
            return self._looks

    def snapshot(self) -> tuple[int, Followed]:
        """How many moves were read, and the latest read."""
        with self._lock:
            return self.version, self.latest

    def look(self, after: int | None = None) -> None:
        """In a worker thread: reads the stamp and, if it moved, the results; nothing if
        a look started since ticket `after` (it saw what the caller wants seen)."""
        with self._read_lock:
            with self._lock:
                if after is not None and self._looks > after:
                    return
                self._looks += 1
            moved = self._read()
        if moved:
            self._tell()

    def _read(self) -> bool:
        try:
            stamp: Stamp | None = tm.tournament_stamp(self.uow(), self.tournament_id)
            if stamp == self.latest.stamp and self.version:
                return False
            results = tm.tournament_results(self.uow(), self.tournament_id)
        except tm.TournamentNotFound:
            if self.version and self.latest.results is None:
                return False
            stamp, results = None, None
        ids = self.latest.player_ids
        if results is not None:
            names = frozenset(e.name for e in results.tournament.entrants)
            if names != self._id_names:
                ids, self._id_names = _player_ids(self.uow, names), names
        with self._lock:
            self.latest = Followed(stamp, results, ids)
            self.version += 1
        return True

    # -- listeners and the process's one look-out ---------------------------------------

    def listen(self, heard: Callable[[], None], loop: asyncio.AbstractEventLoop | None
               ) -> Callable[[], None]:
        """Calls `heard()` (a bound method, held weakly; on `loop`) after each new read;
        the feed looks at the stamp every POLL_SECONDS on `loop` while somebody listens.
        Returns the function that stops."""
        with self._lock:
            token = self._next
            self._next += 1
            self._listeners[token] = weakref.WeakMethod(heard)  # type: ignore[arg-type]
            if loop is not None and (self._loop is None or self._loop.is_closed()):
                # A new loop (the first, or a test's next one): a look-out left on a
                # closed loop never ends by itself.
                self._loop, self._wake, self._running = loop, asyncio.Event(), False
        _remember(self)
        self._ensure_running()

        def stop() -> None:
            with self._lock:
                self._listeners.pop(token, None)
                empty = not self._listeners
            if empty:
                _forget(self)
                self.poke()  # the look-out sees nobody is left, and ends

        return stop

    def poke(self) -> bool:
        """Something may have changed (a game's change, an announced step): look soon.
        Any thread; pokes arriving together make one look. False when the feed has no
        loop to look on (then the caller reads)."""
        loop = self._loop
        if loop is None:
            return False
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server stops
            loop.call_soon_threadsafe(self._wake.set)
        self._ensure_running()
        return True

    def _alive(self) -> list[Callable[[], None]]:
        with self._lock:
            alive = {token: ref() for token, ref in self._listeners.items()}
            for token in [token for token, heard in alive.items() if heard is None]:
                del self._listeners[token]
            return [heard for heard in alive.values() if heard is not None]

    @property
    def listeners(self) -> int:
        """The screens following the feed."""
        return len(self._alive())

    def _tell(self) -> None:
        listeners = self._alive()
        loop = self._loop
        for heard in listeners:
            if loop is not None:
                # Readers are driven from the event loop only (scorepad.ui.data).
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(_safely, heard)
            else:
                _safely(heard)

    def _ensure_running(self) -> None:
        with self._lock:
            if self._running or self._loop is None or not self._listeners:
                return
            self._running = True
            loop = self._loop
        try:
            asyncio.run_coroutine_threadsafe(self._run(), loop)
        except RuntimeError:  # the loop is closed
            with self._lock:
                self._running = False

    async def _run(self) -> None:
        wake = self._wake
        try:
            while self.listeners and wake is self._wake:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), POLL_SECONDS)
                wake.clear()
                if not self.listeners:
                    return
                try:
                    await off_loop(self.look, self.ticket())
                except Exception:  # a database hiccup: the next look tries again
                    logger.exception("tournament refresh failed")
        finally:
            with self._lock:
                self._running = False
            if self.listeners:  # somebody came back as it ended, or on another loop
                self._ensure_running()
            else:
                _forget(self)


def _safely(heard: Callable[[], None]) -> None:
    try:
        heard()
    except Exception:  # one screen going away must not stop the others
        logger.exception("tournament listener failed")


#: by database (its unit-of-work factory) and tournament
_feeds: dict[tuple[UowFactory, int], TournamentFeed] = {}
_feeds_lock = threading.Lock()


def tournament_feed(uow: UowFactory, tournament_id: int) -> TournamentFeed:
    """This process's feed of the tournament (one per database and tournament)."""
    with _feeds_lock:
        feed = _feeds.get((uow, tournament_id))
        if feed is None:
            feed = _feeds[(uow, tournament_id)] = TournamentFeed(uow, tournament_id)
        return feed


def _remember(feed: TournamentFeed) -> None:
    with _feeds_lock:
        _feeds.setdefault((feed.uow, feed.tournament_id), feed)


def _forget(feed: TournamentFeed) -> None:
    with _feeds_lock:
        key = (feed.uow, feed.tournament_id)
        if _feeds.get(key) is feed and not feed.listeners:
            del _feeds[key]


class TournamentReader(Reader[Followed]):
    """One mounted screen's view of the feed: a read takes the feed's latest results
    (no database read) once they are newer than the screen's; a forced read (mount,
    this phone's own step) first has the feed look."""

    def __init__(self, feed: TournamentFeed) -> None:
        super().__init__(gap=SHOW_GAP)
        self.feed = feed
        self.shown_version = -1

    def fetch(self, key: Key, force: bool) -> Followed | Unchanged:
        if force or not self.feed.version:
            self.feed.look(self.feed.ticket())
        version, latest = self.feed.snapshot()
        if version == self.shown_version and not force:
            return UNCHANGED
        self.shown_version = version
        return latest

    def behind(self) -> bool:
        return self.loaded and self.shown_version != self.feed.version


@dataclass(frozen=True, slots=True)
class LiveTournament:
    """What `use_tournament` gives a screen."""

    #: something was read (until then: a loading indicator, never "not found")
    loaded: bool
    #: the tournament's results; None: no such tournament
    results: tm.TournamentResults | None
    #: the players' ids by name
    player_ids: dict[str, int]
    #: reads again at once (after this phone's own step) and tells this server
    again: Callable[..., None]


def use_tournament(uow: UowFactory, tournament_id: int) -> LiveTournament:
    """The tournament's results, current within a second of a deal saved anywhere, read
    off the render and off the event loop by this server's one feed of it."""
    page = ft.context.page
    feed = tournament_feed(uow, tournament_id)
    holder = ft.use_ref(lambda: TournamentReader(feed))
    reader: TournamentReader = holder.current
    if reader.feed is not feed:
        reader = holder.current = TournamentReader(feed)
    use_reader(reader, key=(tournament_id, id(feed)), own_changes=False)

    def follow() -> Callable[[], None]:
        loop = getattr(getattr(page.session, "connection", None), "loop", None)
        stop_feed = feed.listen(reader.request, loop)

        def heard() -> None:
            # A change heard by this session (a game's, an announced step) or the phone
            # back online: the feed looks once for every screen; a screen that missed a
            # read while it was away shows the latest at once.
            if not feed.poke():
                reader.request(force=True)
            elif reader.behind():
                reader.request()

        stop_live = session_live(page).add([GAMES_TOPIC, tournament_topic(tournament_id)],
                                           heard)

        def leave() -> None:
            stop_live()
            stop_feed()

        return leave

    use_subscription(follow, [tournament_id, id(feed)])

    def again(*_args: Any) -> None:
        # This phone's own step: read at once, and tell this server's other sessions.
        reader.request(force=True)
        announce_tournament(tournament_id)

    followed = reader.value if reader.loaded else Followed(None, None)
    return LiveTournament(reader.loaded, followed.results, followed.player_ids, again)
