"""The evening's downloads, `GET /export/soirees/{date}.{csv|pdf|png}`, and a player's
record, `GET /export/players/{name}.{csv|pdf}?circle=&period=` (the circles' JSON routes
are in web/api/circles.py).

A plain `def` route: FastAPI runs it in its threadpool, off the event loop."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import PlainTextResponse, Response

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.domain.period import Period
from scorepad.services import ServiceError
from scorepad.web.api.circles import circle_of, day_of
from scorepad.web.api.common import BadRequest, UowFactory, clip, request_lang
from scorepad.web.exports import content_disposition, download_responses

SOIREE_TYPES = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf",
                "png": "image/png"}
PLAYER_TYPES = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf"}


def add_routes(app: FastAPI, uow_factory: UowFactory) -> None:
    """Registers the soirée downloads on `app`."""

    @app.get("/export/soirees/{day}.{fmt}", response_class=Response,
             responses=download_responses(SOIREE_TYPES.values()))
    def export_soiree(day: str, fmt: str, request: Request) -> Response:
        lang = request_lang(request)
        if fmt not in SOIREE_TYPES:
            return PlainTextResponse(ServiceError("format", "soiree_format", got=clip(fmt))
                                     .message(lang), status_code=400)
        try:
            when = day_of(day)
            data = services.export_soiree(uow_factory(), when, fmt,
                                          circle=circle_of(request.query_params.get("circle")),
                                          lang=lang)
        except (BadRequest, ServiceError) as exc:
            status = 404 if isinstance(exc, services.CircleNotFound) else 400
            return PlainTextResponse(exc.message(lang), status_code=status)
        name = f"soiree-{when.isoformat()}.{fmt}"
        return Response(content=data, media_type=SOIREE_TYPES[fmt], headers={
            "Content-Disposition": content_disposition(name, name), "Cache-Control": "no-store"})

    @app.get("/export/players/{name}.{fmt}", response_class=Response,
             responses=download_responses(PLAYER_TYPES.values()))
    def export_player(name: str, fmt: str, request: Request) -> Response:
        """A player's record over every game, or `circle` and `period` (Period.parse's
        words: season, month, evening, all, YYYY-MM-DD..YYYY-MM-DD)."""
        lang = request_lang(request)
        query = request.query_params
        try:
            period = Period.parse(query.get("period", "all"), services.today())
            data = services.export_player(uow_factory(), name, fmt,
                                          circle=circle_of(query.get("circle")),
                                          period=None if period.start is None else period,
                                          lang=lang)
        except (BadRequest, ServiceError, InvalidDeal) as exc:
            status = 404 if isinstance(exc, services.CircleNotFound
                                       | services.PlayerNotFound) else 400
            return PlainTextResponse(exc.message(lang), status_code=status)
        file_name = f"{services.player_file_name(name)}.{fmt}"
        return Response(content=data, media_type=PLAYER_TYPES[fmt], headers={
            "Content-Disposition": content_disposition(file_name, file_name),
            "Cache-Control": "no-store"})
