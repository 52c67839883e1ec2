"""What every API route shares: request parsing, FORMAT.md §3 errors with their status,
and the context (unit of work, code attempts) the routes run in."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.errors import Refusal
from scorepad.domain.messages import language
from scorepad.services import Organiser, ServiceError
from scorepad.services.access import CodeAttempts
from scorepad.services.sheet_cache import CAPACITY as SHEET_CAPACITY
from scorepad.services.sheet_cache import SheetCache
from scorepad.services.views import GameSheet
from scorepad.web.api.shapes import deal_to_dict, sheet_to_dict

UowFactory = Callable[[], Any]
CODE_HEADER = "X-Table-Code"
ORGANISER_HEADER = "X-Organiser-Key"
AUTHOR_HEADER = "X-Author"
NO_STORE = {"Cache-Control": "no-store"}
MAX_ID = 2**63 - 1          # the databases' integer ids
MAX_JSON_DEPTH = 64         # a deal is 3 levels deep; the parser itself breaks near 1,000
MAX_STRING = 200            # the longest text a body may hold (a game's name)
QUOTE_LIMIT = 40            # characters of what was sent quoted back in an error
MAX_MESSAGE = 400

_TEXTS = {
    "fr": {
        "body": "Le corps de la requête doit être un objet JSON (reçu {got}).",
        "number": "« {name} » doit être un nombre entier positif (reçu « {got} »).",
        "kind": "« kind » vaut « played », « passed » ou « petit_sec » (reçu {got}).",
        "depth": "Le JSON est imbriqué sur plus de {limit} niveaux.",
        "too_long": "Ce texte dépasse {limit} caractères (reçu {got}).",
        "status": "Une modification à la fois : {{\"name\": ...}} ou {{\"status\": "
                  "\"in_progress\" | \"finished\"}} (status reçu : « {got} »).",
    },
    "en": {
        "body": "The request body must be a JSON object (got {got}).",
        "number": "\"{name}\" must be a positive whole number (got \"{got}\").",
        "kind": "\"kind\" is \"played\", \"passed\" or \"petit_sec\" (got {got}).",
        "depth": "The JSON is nested more than {limit} levels deep.",
        "too_long": "This text is longer than {limit} characters (got {got}).",
        "status": "One change at a time: {{\"name\": ...}} or {{\"status\": "
                  "\"in_progress\" | \"finished\"}} (status got: \"{got}\").",
    },
}


class BadRequest(Refusal):
    """A malformed request (not a refused deal): FORMAT.md §3 with status 400."""

    def summary(self) -> str:
        return self.field

    def message(self, lang: str = "fr") -> str:
        return _TEXTS[language(lang)][self.code].format(**self.params)


def request_lang(request: Request) -> str:
    asked = request.query_params.get("lang")
    if asked is None:
        asked = request.headers.get("accept-language", "fr")[:2]
    return language(asked.lower()) if asked.lower() in ("fr", "en") else "fr"


def parse_id(value: str | None) -> int | None:
    """A database id written in ASCII digits (not "²" nor "٣"), at most 2^63 - 1."""
    if value is None or not (value.isascii() and value.isdigit()) or len(value) > 19:
        return None
    parsed = int(value)
    return parsed if parsed <= MAX_ID else None


def number(value: str | None, name: str) -> int:
    parsed = parse_id(value)
    if parsed is None:
        raise BadRequest(name, "number", name=clip(name), got=clip(value or ""))
    return parsed


def clip(text: str) -> str:
    """At most QUOTE_LIMIT characters of something a client sent."""
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


async def json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    try:
        data = json.loads(raw or b"null")
    except RecursionError:
        raise BadRequest("body", "depth", limit=MAX_JSON_DEPTH) from None
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("body", "body", got=describe(raw[:40])) from None
    check_shape(data)
    if not isinstance(data, dict):
        raise BadRequest("body", "body", got=describe(data))
    return data


def check_shape(data: object) -> None:
    """No deeper than MAX_JSON_DEPTH, no text (value or key) longer than MAX_STRING."""
    stack: list[tuple[object, int, str]] = [(data, 1, "body")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise BadRequest("body", "depth", limit=MAX_JSON_DEPTH)
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise BadRequest(clip(where), "too_long", limit=MAX_STRING, got=describe(value))
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > MAX_STRING:
                    raise BadRequest("body", "too_long", limit=MAX_STRING, got=describe(key))
                stack.append((item, depth + 1, key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, where) for item in value)


def describe(value: object) -> str:
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


#: The status of each refusal (the first that matches; any other is a 400).
_STATUS: dict[int, tuple[type[Exception], ...]] = {
    400: (BadRequest, InvalidDeal),
    403: (services.EditForbidden, services.OrganiserOnly, services.NoOrganiser),
    404: (services.GameNotFound, services.DealNotFound, services.NotInBin,
          services.HandoverInvalid),
    409: (services.DealConflict, services.GameFinished, services.StaleUndo),
    429: (services.TooManyCodes,),
}


def error_response(exc: Exception, lang: str) -> JSONResponse:
    """FORMAT.md §3 with the status that says what went wrong."""
    assert isinstance(exc, BadRequest | InvalidDeal | ServiceError)
    body: dict[str, Any] = clip_echoes(exc.to_dict(lang))
    status = next((s for s, kinds in _STATUS.items() if isinstance(exc, kinds)), 400)
    if isinstance(exc, services.DealConflict):
        body["current"] = deal_to_dict(exc.current)
    return JSONResponse(body, status_code=status, headers=NO_STORE)


@dataclass(frozen=True, slots=True)
class JSON:
    """JSON text already written (the same bytes a JSONResponse would send)."""

    text: bytes


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

    def sheet(self, game_id: int, lang: str) -> dict[str, Any]:
        return sheet_to_dict(self.sheets.get(self.uow_factory, game_id, lang=lang))

    def sheet_json(self, game_id: int, lang: str) -> JSON:
        """The sheet as JSON text, written once per change however many phones read it."""
        sheet = self.sheets.get(self.uow_factory, game_id, lang=lang)
        kept = self._bodies.get((game_id, lang))
        if kept is not None and kept[0] is sheet:
            return JSON(kept[1])
        body = bytes(JSONResponse(sheet_to_dict(sheet)).body)
        self._bodies.pop((game_id, lang), None)  # re-inserted last: the oldest go first
        self._bodies[(game_id, lang)] = (sheet, body)
        while len(self._bodies) > SHEET_CAPACITY:  # as many as the sheets kept
            del self._bodies[next(iter(self._bodies))]
        return JSON(body)

    @staticmethod
    def who(request: Request) -> tuple[str | None, str | None]:
        """The table code and the author the request carries."""
        author = request.headers.get(AUTHOR_HEADER)
        return request.headers.get(CODE_HEADER), author[:80] if author else None

    @staticmethod
    def organiser(request: Request) -> Organiser:
        """The organiser key the request carries (X-Organiser-Key), never in a URL."""
        return Organiser(request.headers.get(ORGANISER_HEADER))

    async def run_with_body(self, request: Request,
                            work: Callable[[dict[str, Any], str], dict[str, Any]],
                            status: int = 200, *, optional: bool = False) -> Response:
        """`run` for a route whose body is a JSON object (`optional`: no body reads as
        {}): a malformed body is refused at once (§3, 400), then `work(body, lang)` runs
        in a worker thread."""
        try:
            data = await json_body(request) if not optional or await request.body() else {}
        except BadRequest as exc:
            return error_response(exc, request_lang(request))
        return await run_in_threadpool(self.run, request, lambda lang: work(data, lang),
                                       status)

    def run(self, request: Request, work: Callable[[str], dict[str, Any] | JSON],
            status: int = 200) -> Response:
        """Runs `work(lang)`, answering its result as JSON (an object, or JSON text
        already written) or its refusal as §3; a wrong table code counts as a guess of the
        client's address."""
        lang = request_lang(request)
        client = request.client.host if request.client else "?"
        code_given = bool(request.headers.get(CODE_HEADER))
        try:
            if code_given:
                self.attempts.check(client)
            result = work(lang)
            if isinstance(result, JSON):
                return Response(result.text, status_code=status, headers=NO_STORE,
                                media_type="application/json")
            return JSONResponse(result, status_code=status, headers=NO_STORE)
        except (BadRequest, InvalidDeal, ServiceError) as exc:
            if isinstance(exc, services.EditForbidden) and code_given:
                self.attempts.failed(client)
            return error_response(exc, lang)
