"""The change stream of a game: server-sent events fed by the database's change listeners."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response, StreamingResponse

from scorepad import services
from scorepad.services import ChangeKind, GameChanged, ServiceError
from scorepad.web.api.common import NO_STORE, ApiContext, stream_refusals
from scorepad.web.api.params import Lang, Whole

HEARTBEAT_SECONDS = 15.0
# A phone that cannot keep up still re-reads the whole sheet on its next event, so
# events beyond this backlog are dropped rather than kept without bound.
MAX_BACKLOG = 256


class _Stream:
    __slots__ = ("game_id", "loop", "queue")

    def __init__(self, game_id: int, loop: asyncio.AbstractEventLoop) -> None:
        self.game_id = game_id
        self.loop = loop
        self.queue: asyncio.Queue[GameChanged | None] = asyncio.Queue(MAX_BACKLOG)


def _offer(queue: asyncio.Queue[GameChanged | None], item: GameChanged | None) -> None:
    # Full: a re-read is already pending, and that one will catch up.
    with contextlib.suppress(asyncio.QueueFull):
        queue.put_nowait(item)


class ChangeHub:
    """Fans the database's change events out to the open event streams.

    The database calls `publish` in the committing thread; each stream lives on the
    server's event loop, so events cross over with `call_soon_threadsafe`."""

    def __init__(self) -> None:
        self._streams: set[_Stream] = set()
        self._lock = threading.Lock()

    def publish(self, event: GameChanged) -> None:
        with self._lock:
            streams = [s for s in self._streams
                       if event.game_id is None or s.game_id == event.game_id]
        for stream in streams:
            # RuntimeError: its loop is closed, the stream is going away.
            with contextlib.suppress(RuntimeError):
                stream.loop.call_soon_threadsafe(_offer, stream.queue, event)

    def open(self, game_id: int) -> _Stream:
        stream = _Stream(game_id, asyncio.get_running_loop())
        with self._lock:
            self._streams.add(stream)
        return stream

    def close(self, stream: _Stream) -> None:
        with self._lock:
            self._streams.discard(stream)

    def close_all(self) -> None:
        """Ends every open stream (the server is stopping)."""
        with self._lock:
            streams = list(self._streams)
        for stream in streams:
            with contextlib.suppress(RuntimeError):
                stream.loop.call_soon_threadsafe(_offer, stream.queue, None)

    @property
    def listeners(self) -> int:
        with self._lock:
            return len(self._streams)


def _sse(data: dict[str, Any], event: str | None = None) -> str:
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n"


async def _stream_body(request: Request, hub: ChangeHub, stream: _Stream, game_id: int,
                       revision: int, heartbeat: float) -> AsyncIterator[str]:
    try:
        yield "retry: 1000\n\n"
        yield _sse({"game_id": game_id, "kind": "hello", "revision": revision}, "hello")
        while True:
            try:
                event = await asyncio.wait_for(stream.queue.get(), heartbeat)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                yield ": ping\n\n"
                continue
            if event is None:
                return
            yield _sse(event.to_dict(), "changed")
            if event.kind is ChangeKind.DELETED:
                return
    finally:
        hub.close(stream)


class EventStream(StreamingResponse):
    """The change stream's answer (and how the schema describes it)."""

    media_type = "text/event-stream"


_STREAM = {200: {"description": "Server-sent events: `hello` with the current revision, "
                                "then `changed` (data: {\"game_id\", \"kind\", "
                                "\"revision\"}) per committed change, and `: ping` "
                                "comments; the stream ends with its game",
                 "content": {"text/event-stream": {"schema": {"type": "string"}}}},
           **stream_refusals(404)}


def add_routes(router: APIRouter, ctx: ApiContext, hub: ChangeHub, heartbeat: float) -> None:
    """`GET /games/{id}/events`."""

    @router.get("/games/{game_id}/events", response_class=EventStream, responses=_STREAM)
    async def events(game_id: Whole, request: Request, lang: Lang) -> Response:
        """Server-sent events: first `hello` with the current revision (a phone coming back
        re-reads the sheet if it differs), then one `changed` per committed change of the
        game, and `: ping` comments to keep the connection open."""
        stream = hub.open(game_id)  # before reading the revision: no change can slip between
        try:
            current = await run_in_threadpool(services.get_sheet, ctx.uow_factory(), game_id)
        except ServiceError:
            hub.close(stream)
            raise
        return EventStream(
            _stream_body(request, hub, stream, game_id, current.revision, heartbeat),
            headers={**NO_STORE, "X-Accel-Buffering": "no"})
