"""Live standings: `GET /api/tournaments/{id}/events`, server-sent events that carry the
tournament (its rounds, the round's clock, the next draw) and its standings each time
they change.

A stream wakes up at once on every committed change of a game (the database's change
listeners, other processes' included once the server watches) and on every step taken
through this server's routes; it also looks at the tournament's stamp every second, for
steps taken elsewhere (the command line, another server). The JSON is written once per
change of the tournament, however many screens follow it."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from scorepad.services import GameChanged
from scorepad.services import tournament as t
from scorepad.web.api.common import NO_STORE, ApiContext, stream_refusals
from scorepad.web.api.events import EventStream
from scorepad.web.api.params import Lang, Whole
from scorepad.web.api.tournament_shapes import Live, Standings, Tournament

POLL_SECONDS = 1.0
HEARTBEAT_SECONDS = 15.0
#: the tournaments whose JSON is kept (a club has one night at a time)
KEPT = 8


class _Wake:
    __slots__ = ("event", "loop", "tournament_id")

    def __init__(self, tournament_id: int, loop: asyncio.AbstractEventLoop) -> None:
        self.tournament_id = tournament_id
        self.loop = loop
        self.event = asyncio.Event()


class TournamentHub:
    """Wakes the open streams: every stream on a game's change (a cheap stamp then tells
    whether it was one of its tables), a tournament's streams on its own steps."""

    def __init__(self) -> None:
        self._streams: set[_Wake] = set()
        self._lock = threading.Lock()
        self._bodies: dict[tuple[int, str], tuple[tuple[int, int, int], str]] = {}
        #: the server is stopping: the streams end
        self.closed = False

    def _wake(self, streams: list[_Wake]) -> None:
        for stream in streams:
            with contextlib.suppress(RuntimeError):  # its loop is closed: it is going away
                stream.loop.call_soon_threadsafe(stream.event.set)

    def publish(self, _event: GameChanged) -> None:
        """The database's listener (called in the committing thread)."""
        with self._lock:
            streams = list(self._streams)
        self._wake(streams)

    def touch(self, tournament_id: int) -> None:
        with self._lock:
            streams = [s for s in self._streams if s.tournament_id == tournament_id]
        self._wake(streams)

    def open(self, tournament_id: int) -> _Wake:
        stream = _Wake(tournament_id, asyncio.get_running_loop())
        with self._lock:
            self._streams.add(stream)
        return stream

    def close(self, stream: _Wake) -> None:
        with self._lock:
            self._streams.discard(stream)

    def close_all(self) -> None:
        """Ends every open stream (the server is stopping)."""
        self.closed = True
        with self._lock:
            streams = list(self._streams)
        self._wake(streams)

    @property
    def listeners(self) -> int:
        with self._lock:
            return len(self._streams)

    def body(self, ctx: ApiContext, tournament_id: int, lang: str,
             stamp: tuple[int, int, int]) -> str:
        """The event's JSON at `stamp`, written once for every stream that asks."""
        kept = self._bodies.get((tournament_id, lang))
        if kept is not None and kept[0] == stamp:
            return kept[1]
        results = t.tournament_results(ctx.uow_factory(), tournament_id)
        text = Live(tournament_id=tournament_id, stamp=list(stamp),
                    tournament=Tournament.of(results.tournament, lang),
                    standings=Standings.of(results, lang)).model_dump_json()
        with self._lock:
            self._bodies.pop((tournament_id, lang), None)
            self._bodies[(tournament_id, lang)] = (stamp, text)
            while len(self._bodies) > KEPT:
                del self._bodies[next(iter(self._bodies))]
        return text


async def _stream(request: Request, ctx: ApiContext, hub: TournamentHub, wake: _Wake,
                  lang: str, poll: float, heartbeat: float) -> AsyncIterator[str]:
    tid = wake.tournament_id
    last: tuple[int, int, int] | None = None
    quiet = 0.0
    try:
        yield "retry: 1000\n\n"
        while True:
            try:
                stamp = await run_in_threadpool(t.tournament_stamp, ctx.uow_factory(), tid)
            except t.TournamentNotFound:
                yield "event: deleted\ndata: {}\n\n"
                return
            if stamp != last:
                text = await run_in_threadpool(hub.body, ctx, tid, lang, stamp)
                yield f"event: standings\ndata: {text}\n\n"
                last, quiet = stamp, 0.0
            try:
                await asyncio.wait_for(wake.event.wait(), poll)
                wake.event.clear()
                if hub.closed:
                    return
            except TimeoutError:
                quiet += poll
                if await request.is_disconnected():
                    return
                if quiet >= heartbeat:
                    yield ": ping\n\n"
                    quiet = 0.0
    finally:
        hub.close(wake)


_STREAM = {200: {"description": "Server-sent events: `standings` at once and after every "
                                "change (data: {\"tournament_id\", \"stamp\", \"tournament\", "
                                "\"standings\"}, the shapes of GET /tournaments/{id} and "
                                "of its /standings), `: ping` comments, `deleted` if the "
                                "tournament goes",
                 "content": {"text/event-stream": {"schema": {"type": "string"}}}},
           **stream_refusals(404)}


def add_routes(router: APIRouter, ctx: ApiContext, hub: TournamentHub, *,
               poll: float = POLL_SECONDS, heartbeat: float = HEARTBEAT_SECONDS) -> None:
    """`GET /tournaments/{id}/events`."""

    @router.get("/tournaments/{tournament_id}/events", response_class=EventStream,
                responses=_STREAM)
    async def events(tournament_id: Whole, request: Request, lang: Lang) -> Response:
        """The live standings: `standings` at once and after every change."""
        await run_in_threadpool(t.tournament_stamp, ctx.uow_factory(), tournament_id)
        wake = hub.open(tournament_id)
        return EventStream(_stream(request, ctx, hub, wake, lang, poll, heartbeat),
                           headers={**NO_STORE, "X-Accel-Buffering": "no"})
