"""The HTTP app: health check, export downloads and the JSON API first, then the Flet UI
mounted at `/`; committed changes are broadcast to every phone."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from scorepad.services.events import ChangeListener, Subscribe
from scorepad.ui.services_context import UowFactory, set_uow_factory
from scorepad.web_assets import StaticAssetsMiddleware

EXPORT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "pdf": "application/pdf",
}
APP_NAME = "scorepad"
APP_DESCRIPTION = "La feuille de marque du tarot"


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


def create_app(uow_factory: UowFactory, *, asset_cache_dir: Path | None = None,
               subscribe: Subscribe | None = None) -> Any:
    """Builds the ASGI app served by uvicorn (routes, then Flet at `/`, wrapped in the
    static-asset compression/cache middleware). `subscribe` (`Database.subscribe`) feeds
    the live updates: every committed change is announced to the phones' sessions and to
    the API's event streams."""
    import flet.fastapi as flet_fastapi

    from scorepad import services
    from scorepad.api import ChangeHub, build_api_router
    from scorepad.services.errors import GameNotFound
    from scorepad.ui.app import main as ui_main
    from scorepad.ui.live import Broadcaster

    set_uow_factory(uow_factory)
    broadcaster = Broadcaster()
    streams = ChangeHub()
    def no_listeners(_listener: ChangeListener) -> Callable[[], None]:
        return lambda: None

    # Without database listeners (some tests) nothing is ever announced.
    subscribe = subscribe if subscribe is not None else no_listeners
    subscribe(broadcaster)

    async def attach_pubsub() -> None:
        # Flet's hub for this app, bound to the server's loop (hence at startup).
        broadcaster.attach(flet_fastapi.app_manager.get_pubsubhub(ui_main))

    app = flet_fastapi.FastAPI(title=APP_NAME, docs_url=None, redoc_url=None, openapi_url=None,
                               on_startup=[attach_pubsub], on_shutdown=[streams.close_all])
    app.include_router(build_api_router(uow_factory, subscribe=subscribe, hub=streams))

    @app.get("/healthz")
    def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})

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

    app.mount("/", flet_fastapi.app(
        ui_main, no_cdn=True, app_name=APP_NAME, app_short_name=APP_NAME,
        app_description=APP_DESCRIPTION,
        assets_dir=str(Path(__file__).parent / "ui" / "assets"),
    ))
    # The API's answers and event streams go out as they are produced, never buffered.
    return StaticAssetsMiddleware(app, cache_dir=asset_cache_dir,
                                  skip_prefixes=("/export", "/healthz", "/ws", "/api"))
