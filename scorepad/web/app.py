"""The ASGI app: health check, export downloads and the JSON API first, then the Flet UI
mounted at `/`, wrapped in the static client's compression; committed changes are
broadcast to every phone."""

from __future__ import annotations

import itertools
import logging
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.responses import JSONResponse

from scorepad.domain.language import DEFAULT_LANGUAGE
from scorepad.services.base.access import CodeAttempts
from scorepad.services.ports.events import ChangeListener, Subscribe
from scorepad.ui.i18n import set_server_language
from scorepad.ui.origin import set_listening, set_phone_site
from scorepad.ui.services_context import (
    UowFactory,
    set_code_attempts,
    set_uow_factory,
    sheet_cache,
)
from scorepad.web.api.club import ClubSettings
from scorepad.web.assets import StaticAssetsMiddleware
from scorepad.web.guard import GuardSettings, SecurityGuard
from scorepad.web.late_sends import LateSendsDropped
from scorepad.web.precompress import ClientCache

APP_NAME = "scorepad"
APP_DESCRIPTION = "La feuille de marque du tarot"


def _no_listeners(_listener: ChangeListener) -> Callable[[], None]:
    return lambda: None


#: the web transport's debug log (flet_web.fastapi.flet_app, Flet 1.0.5)
FLET_TRANSPORT_LOG = "flet_transport"


#: where a server's control ids start: at random in [2**20, 2**30), far from where the
#: server before it started, and below 2**32 for a long life (msgpack's uint32)
CONTROL_IDS_FROM = 2**20
CONTROL_IDS_TO = 2**30


def control_ids_apart_from_last_run() -> None:
    """Starts this process's Flet control ids at a random number rather than at 3.

    A page left open while its server starts again (a laptop's scorepad restarted, a
    club's server updated) reconnects into a new session and keeps its widgets. Flet's
    client (1.0.5) merges the new session's page into them by control id, and its
    services' registry keeps a service whose id it already knows: a new server counting
    from 3 again gives the new session's preferences service the old one's id, the client
    never binds it, and the first settings read ran into Flet's 10 s limit, which showed
    "Error running app" until the page was reloaded. Flet's process-wide counter
    (`flet.controls.id_counter.ControlId`) has no public way to start elsewhere, so its
    private itertools counter is replaced, once per process, before any control is made.
    tests/unit/test_flet_internals.py fails when a Flet release moves the counter."""
    from flet.controls.id_counter import ControlId

    if getattr(ControlId, "scorepad_apart", False):
        return
    first = secrets.randbelow(CONTROL_IDS_TO - CONTROL_IDS_FROM) + CONTROL_IDS_FROM
    ControlId._counter = itertools.count(first)
    ControlId.scorepad_apart = True  # type: ignore[attr-defined]


def short_frame_text() -> None:
    """Flet's web transport formats each frame it sends for a debug log with an f-string
    (`transport_log.debug(f"send_message: {message}")` in flet_web's FletApp, Flet 1.0.5),
    so even with that log off the whole patch is turned into text at every change of every
    phone (a twentieth of the server's time on a busy table). Flet has no switch for it,
    and the f-string is built before the log level is looked at, so the text itself is
    made short: a frame reads as its action alone, unless that log is on (then in full,
    as Flet writes it). Only `Message`'s text changes, nothing Flet sends.
    tests/unit/test_flet_internals.py fails when a Flet release formats frames lazily
    (then this goes) or changes `Message`."""
    from flet.messaging.protocol import Message

    if getattr(Message.__repr__, "scorepad_short", False):
        return
    full = Message.__repr__
    transport = logging.getLogger(FLET_TRANSPORT_LOG)

    def short(message: Message) -> str:
        if transport.isEnabledFor(logging.DEBUG):
            return full(message)
        return f"Message({message.action!r})"

    short.scorepad_short = True  # type: ignore[attr-defined]
    Message.__repr__ = short  # type: ignore[method-assign]


def _wire_ui(uow_factory: UowFactory, listening: str | None, lang: str | None,
             club: ClubSettings | None) -> None:
    """What the app's screens read of the server: its database, its address, its
    language, the phone site its invitations open."""
    set_uow_factory(uow_factory)
    set_listening(listening)
    set_server_language(lang or DEFAULT_LANGUAGE)
    set_phone_site(club.phone_site if club is not None else None)


def _code_attempts() -> CodeAttempts:
    """One wrong-code counter per client address, for the app's dialogs and the API."""
    attempts = CodeAttempts()
    set_code_attempts(attempts)
    return attempts


def create_app(uow_factory: UowFactory, *, client_cache: ClientCache | None = None,
               subscribe: Subscribe | None = None, guard: GuardSettings | None = None,
               worker_database: Callable[[], Any] | None = None,
               phone_folder: Path | None = None, listening: str | None = None,
               lang: str | None = None, club: ClubSettings | None = None) -> Any:
    """Builds the ASGI app served by uvicorn (routes, then Flet at `/`, wrapped in the
    static-client middleware, which serves `client_cache`'s precompressed files when
    there are some, and in the security guard: `guard` names the hosts served, loopback
    only by default; `worker_database`, picklable, opens the database in the export
    worker processes; `phone_folder`, the phone site served at /telephone/, by default
    the one `scorepad build-phone` writes; `listening`, the address the server listens
    on, which the links and QR codes shown to other devices use; `lang`, the server's
    language, which the big screens speak unless asked for another). `subscribe`
    (`Database.subscribe`) feeds the live updates: every committed change is announced
    to the phones' sessions and to the API's event streams; `club` names the club and
    the phone site its circles' invitations open (scorepad.web.api.club)."""
    import flet.fastapi as flet_fastapi

    from scorepad.ui.app import main as ui_main
    from scorepad.ui.live import Broadcaster
    from scorepad.web import exports, phone_route, soirees
    from scorepad.web.api import ChangeHub, build_api_router
    from scorepad.web.phone_site.build import site_folder

    short_frame_text()
    control_ids_apart_from_last_run()
    _wire_ui(uow_factory, listening, lang, club)
    attempts = _code_attempts()
    broadcaster = Broadcaster()
    streams = ChangeHub()
    # Without database listeners (some tests) nothing is ever announced.
    subscribe = subscribe if subscribe is not None else _no_listeners
    subscribe(broadcaster)

    async def attach_pubsub() -> None:
        # Flet's hub for this app, bound to the server's loop (hence at startup).
        broadcaster.attach(flet_fastapi.app_manager.get_pubsubhub(ui_main))

    # Flet's FastAPI runs its own lifespan: handlers added to the router are never run.
    heavy = exports.heavy_work(worker_database)
    app = flet_fastapi.FastAPI(
        title=APP_NAME, docs_url=None, redoc_url=None, openapi_url="/api/openapi.json",
        on_startup=[attach_pubsub, heavy.start_processes],
        on_shutdown=[streams.close_all, heavy.close])
    app.include_router(build_api_router(uow_factory, subscribe=subscribe, hub=streams,
                                        attempts=attempts, sheets=sheet_cache(),
                                        club_settings=club))

    @app.get("/healthz")
    def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})

    exports.add_routes(app, uow_factory, heavy, worker_database=worker_database)
    phone_route.add_routes(app, phone_folder if phone_folder is not None else site_folder())
    soirees.add_routes(app, uow_factory)
    # A phone that leaves mid-send keeps its session (scorepad.web.late_sends).
    app.mount("/", LateSendsDropped(flet_fastapi.app(
        ui_main, no_cdn=True, app_name=APP_NAME, app_short_name=APP_NAME,
        app_description=APP_DESCRIPTION,
    )))
    # The API's answers and event streams go out as they are produced, never buffered.
    return SecurityGuard(StaticAssetsMiddleware(
        app, cache=client_cache,
        skip_prefixes=("/export", "/healthz", "/ws", "/api", "/telephone")),
        guard)
