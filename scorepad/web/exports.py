"""The export downloads: `/export/games/{id}.{csv|json|pdf}` with a file name people know.

The game is read in a thread and rendered in a worker process, a few at a time
(`HeavyWork`); each file is kept per (game, revision, format, language), and phones
asking for the same file at the same moment share one rendering.
"""

from __future__ import annotations

import asyncio
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import PlainTextResponse, Response

from scorepad import services
from scorepad.domain.language import asked_language, word
from scorepad.domain.messages import render
from scorepad.services.base.errors import GameNotFound
from scorepad.web.api.common import UowFactory, parse_id
from scorepad.web.limits import Busy, HeavyWork, LruCache

if TYPE_CHECKING:
    from scorepad.domain import GameRecord

EXPORT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "pdf": "application/pdf",
}
CACHED_EXPORTS = 16

ExportKey = tuple[int, int, str, str]


def download_name(game_name: str, game_id: int, fmt: str) -> str:
    """A file name people recognise ("mardi-soir.csv"), ASCII only, never empty."""
    ascii_name = unicodedata.normalize("NFKD", game_name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-").lower()[:60]
    return f"{slug or 'partie'}-{game_id}.{fmt}"


def content_disposition(filename: str, display_name: str) -> str:
    """attachment with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987)."""
    return f"attachment; filename=\"{filename}\"; filename*=UTF-8''{quote(display_name)}"


def download_responses(types: Iterable[str], *, busy: bool = False
                       ) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a download: the file in one of `types`, or a sentence saying
    why not (in the language asked for); 503 when `busy` exports wait too long."""
    text = {"text/plain": {"schema": {"type": "string"}}}
    answers: dict[int | str, dict[str, Any]] = {
        200: {"description": "The file", "content": {t.split(";")[0]: {} for t in types}},
        400: {"description": "Bad format, date or number", "content": text},
        404: {"description": "No such game or circle", "content": text},
        # every refusal is a sentence (which also keeps FastAPI from describing a 422)
        "4XX": {"description": "Refused", "content": text}}
    if busy:
        answers[503] = {"description": "Too many exports at once", "content": text}
    return answers


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"


def render_file(record: GameRecord, fmt: str, lang: str) -> bytes:
    """The file's bytes (run in a worker process: module-level, picklable arguments)."""
    from scorepad import exports

    if fmt == "csv":
        return exports.render_csv(record, lang)
    if fmt == "json":
        return exports.render_json(record)
    return exports.render_pdf(record, lang)


_WORKER: dict[str, UowFactory] = {}


def start_worker(open_database: Callable[[], Any]) -> None:
    """In each export worker process: its own database connection (`open_database()`
    returns an object with `.uow`), so that reading a long game costs the server nothing."""
    _WORKER["uow"] = open_database().uow
    import scorepad.exports  # noqa: F401 - what it renders with, before the first export


def export_in_worker(game_id: int, fmt: str, lang: str) -> bytes:
    return services.export_game(_WORKER["uow"](), game_id, fmt, lang)


class _Renderer:
    """Each export file rendered once per game revision, off the event loop, however many
    phones ask at the same time, and kept in a small LRU cache."""

    def __init__(self, uow_factory: UowFactory, heavy: HeavyWork,
                 worker_database: Callable[[], Any] | None) -> None:
        self.uow_factory = uow_factory
        self.heavy = heavy
        self.in_workers = worker_database is not None
        self.cache: LruCache[ExportKey, bytes] = LruCache(CACHED_EXPORTS)
        self.inflight: dict[ExportKey, asyncio.Future[bytes]] = {}

    async def _render(self, key: ExportKey) -> bytes:
        if self.in_workers and self.heavy.has_processes():
            data = await self.heavy.run_in_process(export_in_worker, key[0], key[2], key[3])
        else:
            record = await self.heavy.run(services.game_record, self.uow_factory(), key[0])
            data = await self.heavy.run_in_process(render_file, record, key[2], key[3])
        self.cache.put(key, data)
        return data

    async def rendered(self, key: ExportKey) -> bytes:
        """From the cache, or rendered once however many phones ask at the same time."""
        data = self.cache.get(key)
        if data is not None:
            return data
        job = self.inflight.get(key)
        if job is None:
            job = asyncio.ensure_future(self._render(key))
            self.inflight[key] = job
            job.add_done_callback(lambda _: self.inflight.pop(key, None))
        return await asyncio.shield(job)


def heavy_work(worker_database: Callable[[], Any] | None) -> HeavyWork:
    """The exports' workers: with `worker_database` (picklable, e.g. a partial of
    `open_database`), worker processes read the game themselves. The app starts one
    with the server (`HeavyWork.start_processes`) and stops them with it (`close`)."""
    return HeavyWork(setup=start_worker if worker_database else None,
                     setup_args=(worker_database,) if worker_database else ())


def add_routes(app: FastAPI, uow_factory: UowFactory, heavy: HeavyWork | None = None,
               *, worker_database: Callable[[], Any] | None = None) -> None:
    """`GET /export/games/{id}.{fmt}?lang=fr|en` (any language with a catalog), rendered
    by `heavy` (`heavy_work(worker_database)`)."""
    if heavy is None:
        heavy = heavy_work(worker_database)
    renderer = _Renderer(uow_factory, heavy, worker_database)

    @app.get("/export/games/{game_id}.{fmt}", response_class=Response,
             responses=download_responses(EXPORT_TYPES.values(), busy=True))
    async def export(game_id: str, fmt: str, request: Request) -> Response:
        lang = asked_language(request.query_params.get("lang"))
        if fmt not in EXPORT_TYPES:
            return PlainTextResponse(render("download.format", {"format": _short(fmt)}, lang),
                                     status_code=400)
        gid = parse_id(game_id)
        if gid is None:
            return PlainTextResponse(word("download.game_number", lang), status_code=400)
        try:
            name, revision = await run_in_threadpool(services.export_version, uow_factory(), gid)
            data = await renderer.rendered((gid, revision, fmt, lang))
        except GameNotFound:
            return PlainTextResponse(render("download.no_game", {"game_id": str(gid)}, lang),
                                     status_code=404)
        except Busy as busy:
            return PlainTextResponse(word("download.busy", lang), status_code=503,
                                     headers={"Retry-After": str(busy.retry_after)})
        filename = download_name(name, gid, fmt)
        return Response(content=data, media_type=EXPORT_TYPES[fmt], headers={
            "Content-Disposition": content_disposition(filename, f"{name}.{fmt}"),
            "Cache-Control": "no-store",
        })
