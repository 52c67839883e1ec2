"""Routes of circles, soirées and rankings: `GET /export/soirees/{date}.{csv|pdf|png}`
(downloads), `GET /api/circles`, `GET /api/soirees/{date}`, `GET /api/circles/{id}/ranking`.

Plain `def` routes: FastAPI runs them in its threadpool, off the event loop."""

from __future__ import annotations

from datetime import date

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.errors import Refusal
from scorepad.domain.language import asked_language
from scorepad.domain.period import Period
from scorepad.services import ServiceError
from scorepad.web.api.common import (
    NO_STORE,
    BadRequest,
    UowFactory,
    clip,
    error_response,
    number,
    request_lang,
)
from scorepad.web.exports import content_disposition
from scorepad.web.soiree_shapes import circle_to_dict, ranking_to_dict, soiree_to_dict

SOIREE_TYPES = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf",
                "png": "image/png"}


def _day(text: str) -> date:
    if text == "today":
        return services.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _DateError("date", "soiree_date", text=text[:20]) from None


class _DateError(Refusal):
    """An evening's date that cannot be read (catalog key `web.soiree_date`)."""

    area = "web"


def _circle(request: Request) -> int | None:
    value = request.query_params.get("circle")
    return None if value in (None, "") else number(value, "circle")


def _refused(exc: Exception, lang: str) -> Response:
    if isinstance(exc, _DateError):
        return JSONResponse(exc.to_dict(lang), status_code=400, headers=NO_STORE)
    if isinstance(exc, services.CircleNotFound):
        return JSONResponse(exc.to_dict(lang), status_code=404, headers=NO_STORE)
    return error_response(exc, lang)


def add_routes(app: FastAPI, uow_factory: UowFactory) -> None:
    """Registers the soirée downloads and the circles' JSON API on `app`."""

    @app.get("/export/soirees/{day}.{fmt}")
    def export_soiree(day: str, fmt: str, request: Request) -> Response:
        lang = asked_language(request.query_params.get("lang"),
                              request.headers.get("accept-language"))
        if fmt not in SOIREE_TYPES:
            return PlainTextResponse(ServiceError("format", "soiree_format", got=clip(fmt))
                                     .message(lang), status_code=400)
        try:
            when = _day(day)
            data = services.export_soiree(uow_factory(), when, fmt, circle=_circle(request),
                                          lang=lang)
        except (_DateError, BadRequest, ServiceError) as exc:
            status = 404 if isinstance(exc, services.CircleNotFound) else 400
            return PlainTextResponse(exc.message(lang), status_code=status)
        name = f"soiree-{when.isoformat()}.{fmt}"
        return Response(content=data, media_type=SOIREE_TYPES[fmt], headers={
            "Content-Disposition": content_disposition(name, name), "Cache-Control": "no-store"})

    @app.get("/api/circles")
    def circles() -> JSONResponse:
        rows = services.list_circles(uow_factory())
        return JSONResponse([circle_to_dict(c) for c in rows], headers=NO_STORE)

    @app.get("/api/soirees/{day}")
    def soiree(day: str, request: Request) -> Response:
        lang = request_lang(request)
        try:
            recap = services.soiree(uow_factory(), _day(day), circle=_circle(request))
        except (_DateError, BadRequest, ServiceError) as exc:
            return _refused(exc, lang)
        return JSONResponse(soiree_to_dict(recap), headers=NO_STORE)

    @app.get("/api/circles/{circle_id}/ranking")
    def ranking(circle_id: str, request: Request) -> Response:
        lang = request_lang(request)
        try:
            period = Period.parse(request.query_params.get("period", "season"),
                                  services.today())
            result = services.ranking(uow_factory(), circle=number(circle_id, "circle"),
                                      period=period)
        except (BadRequest, ServiceError, InvalidDeal) as exc:
            return _refused(exc, lang)
        return JSONResponse(ranking_to_dict(result, lang), headers=NO_STORE)
