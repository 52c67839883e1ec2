"""A tournament followed live on a screen: `use_tournament(uow, tid)` gives its results
(the tournament, its rounds and standings), read again whenever its stamp moves; and
`announce_tournament(tid)`, which a screen calls after an organiser's step.

A deal saved anywhere (this server, another one on the same PostgreSQL, the command line)
is a game's change, which every session hears (scorepad.ui.live); an organiser's step
(check-in, a draw) is announced to this server's sessions on the tournament's topic. A
screen also looks at the stamp every few seconds, off the event loop, for the steps taken
elsewhere. The stamp is one small aggregate: the results are read only when it moved."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.services import tournament as tm
from scorepad.ui.live import GAMES_TOPIC, session_live
from scorepad.ui.services_context import UowFactory

logger = logging.getLogger(__name__)

#: seconds between two looks at the stamp when nothing was announced
POLL_SECONDS = 2.0


def tournament_topic(tournament_id: int) -> str:
    return f"scorepad/tournament-{tournament_id}"


def announce_tournament(tournament_id: int) -> None:
    """Tells this server's sessions that the tournament changed (an organiser's step)."""
    with contextlib.suppress(RuntimeError, AttributeError):  # outside a session: nobody
        ft.context.page.pubsub.send_all_on_topic(tournament_topic(tournament_id),
                                                 {"tournament_id": tournament_id})


Stamp = tuple[int, int, int]


class _Follower:
    """One mounted screen's results and the task that keeps them current."""

    def __init__(self, uow: UowFactory, tournament_id: int) -> None:
        self.uow = uow
        self.tournament_id = tournament_id
        self.stamp: Stamp | None = None
        self.results: tm.TournamentResults | None = None
        self.on = False
        self.running = False
        self.wake: asyncio.Event | None = None
        self.changed: Callable[[], None] = lambda: None
        self.read()

    def read(self) -> bool:
        """Reads the results again if the stamp moved (database reads); True if it did."""
        try:
            stamp = tm.tournament_stamp(self.uow(), self.tournament_id)
            if stamp == self.stamp:
                return False
            results = tm.tournament_results(self.uow(), self.tournament_id)
        except tm.TournamentNotFound:
            stamp, results = None, None
            if self.results is None and self.stamp is None:
                return False
        self.stamp, self.results = stamp, results
        return True

    def poke(self, page: ft.Page) -> None:
        """Something changed (announced, or this phone's own step): look at once."""
        if self.wake is not None:
            self.wake.set()
        if not self.running and self.on:
            self.start(page)

    def start(self, page: ft.Page) -> None:
        with contextlib.suppress(AttributeError, RuntimeError):  # disconnected: on_connect
            page.run_task(self._run, page)

    async def _run(self, page: ft.Page) -> None:
        if self.running:
            return
        self.running = True
        self.wake = asyncio.Event()
        try:
            # A phone gone (Wi-Fi lost, asleep, its tab closed) ends the task; coming
            # back, the session's refresh pokes it again.
            while self.on and getattr(page.session, "connection", None) is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), POLL_SECONDS)
                self.wake.clear()
                if not self.on:
                    return
                try:
                    moved = await asyncio.to_thread(self.read)
                except Exception:  # a database hiccup: the next look tries again
                    logger.exception("tournament refresh failed")
                    continue
                if moved:
                    self.changed()
        finally:
            self.running = False
            self.wake = None


def use_tournament(uow: UowFactory, tournament_id: int
                   ) -> tuple[tm.TournamentResults | None, Callable[..., None]]:
    """The tournament's results (None: no such tournament), current within a second of
    a deal saved anywhere; `again()` after this phone's own step reads them at once."""
    holder = ft.use_ref(lambda: _Follower(uow, tournament_id))
    follower: _Follower = holder.current
    if follower.tournament_id != tournament_id:
        follower.on = False
        follower = _Follower(uow, tournament_id)
        holder.current = follower
    _version, set_version = ft.use_state(0)
    page = ft.context.page
    follower.changed = lambda: set_version(lambda n: n + 1)

    def follow() -> Callable[[], None]:
        follower.on = True
        stop = session_live(page).add([GAMES_TOPIC, tournament_topic(tournament_id)],
                                      lambda: follower.poke(page))
        follower.start(page)

        def leave() -> None:
            follower.on = False
            if follower.wake is not None:
                follower.wake.set()
            stop()

        return leave

    ft.use_effect(follow, dependencies=[tournament_id])

    def again(*_args: Any) -> None:
        # Read now, in this event: the screen shows this phone's own step at once.
        if follower.read():
            set_version(lambda n: n + 1)
        announce_tournament(tournament_id)

    return follower.results, again
