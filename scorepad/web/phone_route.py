"""`/telephone/`: the phone site (`scorepad build-phone`) handed out by `scorepad serve`,
so that a club server or a laptop gives it to phones once; they then run it alone.

The files go out as built, their compressed copy when the browser takes it. Before the
site is built, the address answers a page that says how to build it (nothing is built
behind the operator's back: building downloads packages once, which an offline club
server cannot do)."""

from __future__ import annotations

import html
import mimetypes
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from scorepad.domain.messages import render
from scorepad.web.assets import accepted_encoding
from scorepad.web.phone_site.build import Site

PREFIX = "/telephone"
_SUFFIX = {"br": ".br", "gzip": ".gz"}
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")


def _not_built(lang: str) -> HTMLResponse:
    text = html.escape(render("phone.serve.not_built", {}, lang))
    title = html.escape(render("phone.serve.not_built_title", {}, lang))
    page = (f'<!doctype html><html lang="{lang}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title><body style=\"font-family:sans-serif;margin:2em;"
            f"max-width:40em\"><h1>{title}</h1><p>{text}</p></body></html>")
    return HTMLResponse(page, status_code=503, headers={"Cache-Control": "no-store"})


def add_routes(app: Any, folder: Path) -> None:
    """Adds /telephone and /telephone/{file} to the FastAPI `app`, serving `folder`."""

    @app.get(PREFIX, include_in_schema=False)
    def phone_root() -> Response:
        return RedirectResponse(PREFIX + "/", status_code=308)

    @app.get(PREFIX + "/{path:path}", include_in_schema=False)
    def phone_file(path: str, request: Request) -> Response:
        site = Site.read(folder)
        lang = "en" if request.headers.get("accept-language", "").startswith("en") else "fr"
        if site is None:
            return _not_built(lang)
        name = path or "index.html"
        if name not in site.files:
            return Response(status_code=404)
        media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        encoding = accepted_encoding(request.headers.get("accept-encoding", ""))
        copies = site.compressed.get(name, {})
        if encoding not in copies and "gzip" in copies and encoding is not None:
            encoding = "gzip"
        if encoding in copies:
            headers["Content-Encoding"] = encoding
            return FileResponse(folder / (name + _SUFFIX[encoding]), media_type=media_type,
                                headers=headers)
        return FileResponse(folder / name, media_type=media_type, headers=headers)
