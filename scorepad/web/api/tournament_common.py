"""What the tournament routes share: running a step with its refusal as FORMAT.md §3 and
the status that says what went wrong (404 unknown, 403 not the organiser, 409 out of
turn), the plans or new names a refusal offers, and the origin a printed link uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.tournament import PlanRefused, TournamentConflict, TournamentRefused
from scorepad.services import ServiceError
from scorepad.services import tournament as t
from scorepad.web.api.common import (
    JSON,
    NO_STORE,
    ApiContext,
    BadRequest,
    clip_echoes,
    error_response,
    json_body,
    request_lang,
)

Work = Callable[[str], "dict[str, Any] | JSON | Response"]


def refused(exc: Exception, lang: str, ctx: ApiContext) -> Response:
    """§3 with the tournament's statuses; a plan to choose lists the plans offered, names
    to confirm list the known names each may be a slip of."""
    if not isinstance(exc, t.TournamentNotFound | TournamentRefused):
        return error_response(exc, lang)
    body: dict[str, Any] = clip_echoes(exc.to_dict(lang))
    if isinstance(exc, PlanRefused):
        body["plans"] = [{"key": p.key, "text": p.describe(lang)} for p in exc.plans]
    elif isinstance(exc, TournamentRefused) and exc.code == "tournament_new_unconfirmed":
        body["new_players"] = services.new_players(ctx.uow_factory(),
                                                   list(exc.params.get("names", [])))
    status = 404 if isinstance(exc, t.TournamentNotFound) else (
        409 if isinstance(exc, TournamentConflict) else 400)
    return JSONResponse(body, status_code=status, headers=NO_STORE)


def run(ctx: ApiContext, request: Request, work: Work, status: int = 200) -> Response:
    """`work(lang)` answered as JSON (or as the response it made), a refusal as §3."""
    lang = request_lang(request)
    try:
        result = work(lang)
    except (BadRequest, InvalidDeal, ServiceError) as exc:
        return refused(exc, lang, ctx)
    if isinstance(result, Response):
        return result
    if isinstance(result, JSON):
        return Response(result.text, status_code=status, headers=NO_STORE,
                        media_type="application/json")
    return JSONResponse(result, status_code=status, headers=NO_STORE)


async def run_with_body(ctx: ApiContext, request: Request,
                        work: Callable[[dict[str, Any], str], dict[str, Any]],
                        status: int = 200, *, optional: bool = False) -> Response:
    """`run` for a step whose body is a JSON object (`optional`: none reads as {})."""
    try:
        data = await json_body(request) if not optional or await request.body() else {}
    except BadRequest as exc:
        return error_response(exc, request_lang(request))
    return await run_in_threadpool(run, ctx, request, lambda lang: work(data, lang), status)


def origin_of(request: Request) -> str:
    """The server's address as this client reached it ("http://192.168.1.20:8550"): the
    one a table's phones can reach too."""
    host = request.headers.get("host") or f"{request.url.hostname}:{request.url.port}"
    return f"{request.url.scheme}://{host}"


def whole(value: object, name: str) -> int:
    """A whole number from a body (not a bool, not text)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadRequest(name, "number", name=name, got=str(value)[:40])
    return value
