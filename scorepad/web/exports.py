"""The export downloads: `/export/games/{id}.{csv|json|pdf}` with a file name people know."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.responses import PlainTextResponse, Response

from scorepad import services
from scorepad.services.errors import GameNotFound
from scorepad.web.api.common import UowFactory

EXPORT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "pdf": "application/pdf",
}


def download_name(game_name: str, game_id: int, fmt: str) -> str:
    """A file name people recognise ("mardi-soir.csv"), ASCII only, never empty."""
    ascii_name = unicodedata.normalize("NFKD", game_name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-").lower()[:60]
    return f"{slug or 'partie'}-{game_id}.{fmt}"


def content_disposition(filename: str, display_name: str) -> str:
    """attachment with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987)."""
    return f"attachment; filename=\"{filename}\"; filename*=UTF-8''{quote(display_name)}"


def _message(lang: str, fr: str, en: str) -> str:
    return en if lang == "en" else fr


def add_routes(app: FastAPI, uow_factory: UowFactory) -> None:
    """`GET /export/games/{id}.{fmt}?lang=fr|en`."""

    @app.get("/export/games/{game_id}.{fmt}")
    def export(game_id: str, fmt: str, request: Request) -> Response:
        lang = request.query_params.get("lang", "fr")
        lang = lang if lang in ("fr", "en") else "fr"
        if fmt not in EXPORT_TYPES:
            return PlainTextResponse(_message(
                lang, f"Format inconnu « {fmt} » : csv, json ou pdf.",
                f"Unknown format '{fmt}': csv, json or pdf."), status_code=400)
        if not game_id.isdigit():
            return PlainTextResponse(_message(
                lang, "Le numéro de partie doit être un entier.",
                "The game number must be an integer."), status_code=400)
        gid = int(game_id)
        try:
            data = services.export_game(uow_factory(), gid, fmt, lang)
            name = services.get_sheet(uow_factory(), gid).name
        except GameNotFound:
            return PlainTextResponse(_message(
                lang, f"La partie {gid} n'existe pas.", f"Game {gid} does not exist."),
                status_code=404)
        filename = download_name(name, gid, fmt)
        return Response(content=data, media_type=EXPORT_TYPES[fmt], headers={
            "Content-Disposition": content_disposition(filename, f"{name}.{fmt}"),
            "Cache-Control": "no-store",
        })
