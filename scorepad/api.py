"""The JSON API of a game's sheet (read, record, edit, delete, undo/redo, table code) and
its change stream (server-sent events fed by the database's change listeners)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.messages import language
from scorepad.services import (
    ChangeKind,
    DealConflict,
    DealNotFound,
    EditForbidden,
    GameChanged,
    GameFinished,
    GameNotFound,
    GameSheet,
    ServiceError,
    SheetDeal,
    TooManyCodes,
)
from scorepad.services.access import CodeAttempts
from scorepad.services.events import Subscribe

logger = logging.getLogger(__name__)

UowFactory = Callable[[], Any]
CODE_HEADER = "X-Table-Code"
AUTHOR_HEADER = "X-Author"
HEARTBEAT_SECONDS = 15.0
# A phone that cannot keep up still re-reads the whole sheet on its next event, so
# events beyond this backlog are dropped rather than kept without bound.
MAX_BACKLOG = 256
NO_STORE = {"Cache-Control": "no-store"}

_TEXTS = {
    "fr": {
        "body": "Le corps de la requête doit être un objet JSON (reçu {got}).",
        "number": "« {name} » doit être un nombre entier positif (reçu « {got} »).",
        "kind": "« kind » vaut « played », « passed » ou « petit_sec » (reçu {got}).",
    },
    "en": {
        "body": "The request body must be a JSON object (got {got}).",
        "number": "\"{name}\" must be a positive whole number (got \"{got}\").",
        "kind": "\"kind\" is \"played\", \"passed\" or \"petit_sec\" (got {got}).",
    },
}


class BadRequest(Exception):
    """A malformed request (not a refused deal): FORMAT.md §3 with status 400."""

    def __init__(self, field: str, key: str, **params: object) -> None:
        super().__init__(field)
        self.field = field
        self.key = key
        self.params = params

    def to_dict(self, lang: str) -> dict[str, dict[str, str]]:
        message = _TEXTS[language(lang)][self.key].format(**self.params)
        return {"error": {"field": self.field, "message": message}}


# -- JSON shapes -------------------------------------------------------------------------

def deal_to_dict(deal: SheetDeal) -> dict[str, Any]:
    """One line of the sheet: its id, number, version, kind, input (FORMAT §1) and row."""
    return {
        "id": deal.id, "number": deal.number, "version": deal.version,
        "kind": deal.kind.value, "dealer": deal.dealer, "sitting_out": list(deal.sitting_out),
        "input": deal.input.to_dict() if deal.input is not None else None,
        "scores": dict(deal.scores),
    }


def sheet_to_dict(sheet: GameSheet) -> dict[str, Any]:
    """The whole sheet as JSON: what every phone shows, and what they compare."""
    return {
        "id": sheet.id, "name": sheet.name, "status": sheet.status.value,
        "revision": sheet.revision, "protected": sheet.protected,
        "seats": list(sheet.seats), "deal_size": sheet.deal_size,
        "first_dealer": sheet.first_dealer, "rules": sheet.rules.to_dict(),
        "deals": [deal_to_dict(d) for d in sheet.deals],
        "totals": dict(sheet.totals),
        "next": {"number": sheet.next.number, "dealer": sheet.next.dealer,
                 "sitting_out": list(sheet.next.sitting_out),
                 "players": list(sheet.next.players)},
        "can_undo": sheet.can_undo, "can_redo": sheet.can_redo,
        "undo_label": sheet.undo_label, "redo_label": sheet.redo_label,
    }


# -- the change hub ------------------------------------------------------------------------

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


# -- the router ------------------------------------------------------------------------------

def _lang(request: Request) -> str:
    asked = request.query_params.get("lang")
    if asked is None:
        asked = request.headers.get("accept-language", "fr")[:2]
    return language(asked.lower()) if asked.lower() in ("fr", "en") else "fr"


def _number(value: str | None, name: str) -> int:
    if value is None or not value.isdigit() or len(value) > 18:
        raise BadRequest(name, "number", name=name, got=value if value is not None else "")
    return int(value)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    try:
        data = json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("body", "body", got=_describe(raw[:40])) from None
    if not isinstance(data, dict):
        raise BadRequest("body", "body", got=_describe(data))
    return data


def _describe(value: object) -> str:
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else json.dumps(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _error(exc: Exception, lang: str) -> JSONResponse:
    """FORMAT.md §3 with the status that says what went wrong."""
    if isinstance(exc, BadRequest):
        return JSONResponse(exc.to_dict(lang), status_code=400, headers=NO_STORE)
    if isinstance(exc, InvalidDeal):
        return JSONResponse(exc.to_dict(lang), status_code=400, headers=NO_STORE)
    assert isinstance(exc, ServiceError)
    body: dict[str, Any] = exc.to_dict(lang)
    status = 400
    if isinstance(exc, EditForbidden):
        status = 403
    elif isinstance(exc, GameNotFound | DealNotFound):
        status = 404
    elif isinstance(exc, DealConflict):
        status = 409
        body["current"] = deal_to_dict(exc.current)
    elif isinstance(exc, GameFinished):
        status = 409
    elif isinstance(exc, TooManyCodes):
        status = 429
    return JSONResponse(body, status_code=status, headers=NO_STORE)


def build_api_router(uow_factory: UowFactory, *, subscribe: Subscribe,
                     hub: ChangeHub | None = None, attempts: CodeAttempts | None = None,
                     heartbeat: float = HEARTBEAT_SECONDS) -> APIRouter:
    """The `/api` routes over `uow_factory`; `subscribe` is `Database.subscribe`, whose
    events feed `GET /api/games/{id}/events` through `hub` (pass your own to end the
    streams with `hub.close_all()` when the server stops). Wrong table codes are
    counted per client address in `attempts` (429 past its limit)."""
    router = APIRouter(prefix="/api")
    hub = hub if hub is not None else ChangeHub()
    attempts = attempts if attempts is not None else CodeAttempts()
    subscribe(hub.publish)

    def sheet(game_id: int, lang: str) -> dict[str, Any]:
        return sheet_to_dict(services.get_sheet(uow_factory(), game_id, lang=lang))

    def who(request: Request) -> tuple[str | None, str | None]:
        author = request.headers.get(AUTHOR_HEADER)
        return request.headers.get(CODE_HEADER), author[:80] if author else None

    def run(request: Request, work: Callable[[str], dict[str, Any]], status: int = 200
            ) -> Response:
        lang = _lang(request)
        client = request.client.host if request.client else "?"
        code_given = bool(request.headers.get(CODE_HEADER))
        try:
            if code_given:
                attempts.check(client)
            return JSONResponse(work(lang), status_code=status, headers=NO_STORE)
        except (BadRequest, InvalidDeal, ServiceError) as exc:
            if isinstance(exc, EditForbidden) and code_given:
                attempts.failed(client)
            return _error(exc, lang)

    @router.get("/games")
    def list_games(request: Request) -> Response:
        return run(request, lambda lang: {"games": [
            {"id": g.id, "name": g.name, "status": g.status.value, "seats": list(g.seats),
             "deals": g.deals, "totals": g.totals, "protected": g.protected,
             "revision": g.revision}
            for g in services.list_games(uow_factory())]})

    @router.get("/games/{game_id}/sheet")
    def get_sheet(game_id: str, request: Request) -> Response:
        return run(request, lambda lang: sheet(_number(game_id, "game"), lang))

    @router.post("/games/{game_id}/deals")
    async def record(game_id: str, request: Request) -> Response:
        try:
            data = await _body(request)
        except BadRequest as exc:
            return _error(exc, _lang(request))
        code, author = who(request)

        def work(lang: str) -> dict[str, Any]:
            gid = _number(game_id, "game")
            kind = data.get("kind", "played")
            if kind == "played":
                deal_data = {k: v for k, v in data.items() if k != "kind"}
                deal_id = services.record_deal(uow_factory(), gid, deal_data, author=author,
                                               code=code)
            elif kind in ("passed", "petit_sec") and set(data) == {"kind"}:
                deal_id = services.record_redeal(uow_factory(), gid, kind, author=author,
                                                 code=code)
            else:
                raise BadRequest("kind", "kind", got=_describe(kind))
            return {"deal_id": deal_id, "sheet": sheet(gid, lang)}

        return await run_in_threadpool(run, request, work, 201)

    @router.put("/games/{game_id}/deals/{deal_id}")
    async def edit(game_id: str, deal_id: str, request: Request) -> Response:
        try:
            data = await _body(request)
        except BadRequest as exc:
            return _error(exc, _lang(request))
        code, author = who(request)

        def work(lang: str) -> dict[str, Any]:
            gid, did = _number(game_id, "game"), _number(deal_id, "deal")
            expected = data.pop("expected_version", None)
            if expected is None and "expected_version" in request.query_params:
                expected = request.query_params["expected_version"]
            if expected is not None:
                expected = _number(str(expected), "expected_version")
            kind = data.pop("kind", "played")
            if kind not in ("played", "passed", "petit_sec") or (kind != "played" and data):
                raise BadRequest("kind", "kind", got=_describe(kind))
            version = services.edit_deal(
                uow_factory(), gid, did, data if kind == "played" else None, kind=kind,
                expected_version=expected, author=author, code=code)
            return {"version": version, "sheet": sheet(gid, lang)}

        return await run_in_threadpool(run, request, work)

    @router.delete("/games/{game_id}/deals/{deal_id}")
    def delete(game_id: str, deal_id: str, request: Request) -> Response:
        code, author = who(request)

        def work(lang: str) -> dict[str, Any]:
            gid, did = _number(game_id, "game"), _number(deal_id, "deal")
            raw = request.query_params.get("expected_version")
            expected = _number(raw, "expected_version") if raw is not None else None
            services.delete_deal(uow_factory(), gid, did, expected_version=expected,
                                 author=author, code=code)
            return {"sheet": sheet(gid, lang)}

        return run(request, work)

    def history_step(move: Callable[..., str | None]) -> Callable[[str, Request], Response]:
        def endpoint(game_id: str, request: Request) -> Response:
            code, author = who(request)

            def work(lang: str) -> dict[str, Any]:
                gid = _number(game_id, "game")
                label = move(uow_factory(), gid, lang=lang, author=author, code=code)
                return {"label": label, "sheet": sheet(gid, lang)}

            return run(request, work)

        return endpoint

    router.add_api_route("/games/{game_id}/undo", history_step(services.undo), methods=["POST"])
    router.add_api_route("/games/{game_id}/redo", history_step(services.redo), methods=["POST"])

    @router.put("/games/{game_id}/code")
    async def set_code(game_id: str, request: Request) -> Response:
        """Body {"code": new or null}; the current code (if any) in X-Table-Code."""
        try:
            data = await _body(request)
        except BadRequest as exc:
            return _error(exc, _lang(request))
        current, _author = who(request)

        def work(lang: str) -> dict[str, Any]:
            gid = _number(game_id, "game")
            services.set_table_code(uow_factory(), gid, data.get("code"),
                                    current_code=current)
            return {"protected": services.game_is_protected(uow_factory(), gid)}

        return await run_in_threadpool(run, request, work)

    @router.get("/games/{game_id}/access")
    def access(game_id: str, request: Request) -> Response:
        """Whether the game is protected and whether X-Table-Code may edit it (a wrong code
        is a 403, and counts as a guess)."""
        code, _author = who(request)

        def work(lang: str) -> dict[str, Any]:
            gid = _number(game_id, "game")
            protected = services.game_is_protected(uow_factory(), gid)
            can_edit = services.check_table_code(uow_factory(), gid, code)
            if not can_edit and code:
                raise EditForbidden()  # a wrong code counts as a guess
            return {"protected": protected, "can_edit": can_edit}

        return run(request, work)

    @router.get("/games/{game_id}/events")
    async def events(game_id: str, request: Request) -> Response:
        """Server-sent events: first `hello` with the current revision (a phone coming back
        re-reads the sheet if it differs), then one `changed` per committed change of the
        game, and `: ping` comments to keep the connection open."""
        lang = _lang(request)
        try:
            gid = _number(game_id, "game")
        except BadRequest as exc:
            return _error(exc, lang)
        stream = hub.open(gid)  # before reading the revision: no change can slip between
        try:
            current = await run_in_threadpool(services.get_sheet, uow_factory(), gid)
        except ServiceError as exc:
            hub.close(stream)
            return _error(exc, lang)

        async def body() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                yield _sse({"game_id": gid, "kind": "hello", "revision": current.revision},
                           "hello")
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

        return StreamingResponse(body(), media_type="text/event-stream", headers={
            **NO_STORE, "X-Accel-Buffering": "no"})

    return router
