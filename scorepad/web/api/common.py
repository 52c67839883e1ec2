"""What every API route shares: the request body read as JSON within its limits, FORMAT.md
§3 errors with their status, and the context (unit of work, code attempts, sheets read)
the routes run in."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.errors import Refusal
from scorepad.domain.language import asked_language
from scorepad.domain.tournament import TournamentConflict
from scorepad.services import ServiceError
from scorepad.services.base.access import CodeAttempts
from scorepad.services.base.views import GameSheet
from scorepad.services.games.sheet_cache import CAPACITY as SHEET_CAPACITY
from scorepad.services.games.sheet_cache import SheetCache
from scorepad.services.sync.errors import InvitationRefused
from scorepad.services.tournament.errors import TournamentNotFound
from scorepad.web.api.params import (
    AUTHOR_HEADER,
    CODE_HEADER,
    MAX_ID,
    ORGANISER_HEADER,
    QUOTE_LIMIT,
    clip,
    parse_id,
)
from scorepad.web.api.shapes import Conflict, DealLine, Refused, Sheet

__all__ = [
    "AUTHOR_HEADER", "CODE_HEADER", "MAX_ID", "NO_STORE", "ORGANISER_HEADER", "QUOTE_LIMIT",
    "ApiContext", "BadRequest", "UowFactory", "clip", "error_response", "number", "parse_id",
    "request_lang",
]

UowFactory = Callable[[], Any]
NO_STORE = {"Cache-Control": "no-store"}
MAX_JSON_DEPTH = 64         # a deal is 3 levels deep; the parser itself breaks near 1,000
MAX_STRING = 200            # the longest text a body may hold (a game's name)
MAX_MESSAGE = 400


class BadRequest(Refusal):
    """A malformed request (not a refused deal): FORMAT.md §3 with status 400; its
    message is the catalog's `api.<code>`."""

    area = "api"

    def summary(self) -> str:
        return self.field


def request_lang(request: Request) -> str:
    """The language of a request's messages: the `lang` query, else Accept-Language."""
    return asked_language(request.query_params.get("lang"),
                          request.headers.get("accept-language"))


def number(value: str | None, name: str) -> int:
    """`value` read as an id (see `parse_id`), else a BadRequest naming `name`."""
    parsed = parse_id(value)
    if parsed is None:
        raise BadRequest(name, "number", name=clip(name), sent=clip(value or ""))
    return parsed


async def read_json(request: Request, *, optional: bool) -> None:
    """Reads the body as JSON (kept by `request` for the route), refusing at once (§3,
    400) what no model can say: unreadable JSON, nesting past MAX_JSON_DEPTH, a text
    past MAX_STRING, anything but an object. `optional`: no body at all is fine."""
    raw = await request.body()
    if not raw and optional:
        return
    try:
        data = await request.json() if raw else None
    except RecursionError:
        raise BadRequest("body", "depth", limit=MAX_JSON_DEPTH) from None
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("body", "body", sent=describe(raw[:40])) from None
    check_shape(data)
    if not isinstance(data, dict):
        raise BadRequest("body", "body", sent=describe(data))


def check_shape(data: object) -> None:
    """No deeper than MAX_JSON_DEPTH, no text (value or key) longer than MAX_STRING."""
    stack: list[tuple[object, int, str]] = [(data, 1, "body")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise BadRequest("body", "depth", limit=MAX_JSON_DEPTH)
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise BadRequest(clip(where), "too_long", limit=MAX_STRING, sent=describe(value))
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > MAX_STRING:
                    raise BadRequest("body", "too_long", limit=MAX_STRING, sent=describe(key))
                stack.append((item, depth + 1, key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, where) for item in value)


def describe(value: object) -> str:
    """Something a client sent, as JSON, cut short."""
    if isinstance(value, dict | list):
        return "{…}" if isinstance(value, dict) else "[…]"
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else json.dumps(value)
    return clip(text)


_QUOTED = re.compile(r"(«\s?|\"|“)([^»\"”]{" + str(QUOTE_LIMIT + 1) + r",})(\s?»|\"|”)")


def clip_echoes(body: dict[str, Any]) -> dict[str, Any]:
    """Whatever a refusal quotes of the request (a name, a field) kept short."""
    error = body.get("error")
    if isinstance(error, dict):
        error["field"] = clip(str(error.get("field", "")))
        message = _QUOTED.sub(lambda m: m[1] + clip(m[2]) + m[3], str(error.get("message")))
        error["message"] = message[:MAX_MESSAGE] + ("…" if len(message) > MAX_MESSAGE else "")
    return body


#: The status of each refusal (the first that matches; any other is a 400). A
#: tournament's step out of turn is an InvalidDeal too: 409 is looked at before 400.
_STATUS: dict[int, tuple[type[Exception], ...]] = {
    403: (services.EditForbidden, services.OrganiserOnly, services.NoOrganiser,
          InvitationRefused),
    404: (services.GameNotFound, services.DealNotFound, services.NotInBin,
          services.HandoverInvalid, services.CircleNotFound, TournamentNotFound),
    409: (services.DealConflict, services.GameFinished, services.StaleUndo,
          TournamentConflict),
    429: (services.TooManyCodes,),
    400: (BadRequest, InvalidDeal),
}


def error_response(exc: Exception, lang: str) -> JSONResponse:
    """FORMAT.md §3 with the status that says what went wrong (a stale edit: with the
    deal as it is now)."""
    assert isinstance(exc, BadRequest | InvalidDeal | ServiceError)
    current = ({"current": DealLine.of(exc.current)}
               if isinstance(exc, services.DealConflict) else {})
    answer = Conflict.model_validate({**clip_echoes(exc.to_dict(lang)), **current})
    status = next((s for s, kinds in _STATUS.items() if isinstance(exc, kinds)), 400)
    return JSONResponse(answer.model_dump(mode="json"), status_code=status, headers=NO_STORE)


@dataclass
class ApiContext:
    """The routes' shared means: a unit of work per call, the wrong-code counter, the
    sheets already read."""

    uow_factory: UowFactory
    attempts: CodeAttempts = field(default_factory=CodeAttempts)
    #: the sheets read, shared with the app's phones when the server wires its own
    sheets: SheetCache = field(default_factory=SheetCache)
    #: the JSON of the last sheet sent, by game and language (with the sheet it renders)
    _bodies: dict[tuple[int, str], tuple[GameSheet, bytes]] = field(default_factory=dict)

    def sheet(self, game_id: int, lang: str) -> Sheet:
        return Sheet.of(self.sheets.get(self.uow_factory, game_id, lang=lang))

    def sheet_json(self, game_id: int, lang: str) -> bytes:
        """The sheet as JSON text, written once per change however many phones read it."""
        sheet = self.sheets.get(self.uow_factory, game_id, lang=lang)
        kept = self._bodies.get((game_id, lang))
        if kept is not None and kept[0] is sheet:
            return kept[1]
        body = Sheet.of(sheet).model_dump_json().encode()
        self._bodies.pop((game_id, lang), None)  # re-inserted last: the oldest go first
        self._bodies[(game_id, lang)] = (sheet, body)
        while len(self._bodies) > SHEET_CAPACITY:  # as many as the sheets kept
            del self._bodies[next(iter(self._bodies))]
        return body


#: What each refusal means, as the schema says it.
_MEANINGS: dict[int | str, str] = {
    400: "Invalid request, naming the field (FORMAT.md §3)",
    403: "Protected: the table code is missing or wrong, or not the organiser; an "
         "invitation unknown, revoked or past its end",
    404: "Unknown (or binned) game, deal or link, or unknown tournament",
    409: "Conflict: changed meanwhile, a finished game, or a tournament's step out of turn",
    413: "Body larger than 64 KB",
    429: "Too many wrong table codes from this address",
    "4XX": "Any refusal: FORMAT.md §3",
}


def refusals(*statuses: int | str) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route that may answer these statuses (400, 413 and 429 are
    every route's, declared on the router); a 409 may carry the deal as it is now."""
    return {status: {"model": Conflict if status == 409 else Refused,
                     "description": _MEANINGS[status]} for status in statuses}


def stream_refusals(*statuses: int | str) -> dict[int | str, dict[str, Any]]:
    """`refusals` for a route whose answer is not JSON: FastAPI would describe a model's
    refusal in the route's media type, so these name the component themselves."""
    schema = {"$ref": f"#/components/schemas/{Refused.__name__}"}
    return {status: {"description": _MEANINGS[status],
                     "content": {"application/json": {"schema": schema}}}
            for status in (*statuses, *EVERY_ROUTE)}


#: The `responses=` of the API's router: what any route may answer, and that every
#: refusal is §3 (which also keeps FastAPI from describing a 422 it never sends).
EVERY_ROUTE = refusals(400, 413, 429, "4XX")
