"""The JSON API in a test: the app on a real database, served by uvicorn on a loopback
port when a test needs real sockets (the change stream), and its server-sent events read
back as (event name, data) pairs."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI

from scorepad.web.api import ChangeHub, build_api_router


def api_app(database: Any, hub: ChangeHub | None = None, heartbeat: float = 15.0) -> FastAPI:
    app = FastAPI()
    app.include_router(build_api_router(database.uow, subscribe=database.subscribe, hub=hub,
                                        heartbeat=heartbeat))
    return app


def server_app(database: Any, hub: ChangeHub | None = None, heartbeat: float = 15.0) -> Any:
    """The server's API, downloads and guard as `create_app` builds them (its schema at
    /api/openapi.json), without the Flet client (slow to start, and not part of the
    JSON API); the guard lets the in-process client's "testserver" in."""
    from scorepad.web import exports, soirees
    from scorepad.web.guard import GuardSettings, SecurityGuard

    app = FastAPI(title="scorepad", docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.include_router(build_api_router(database.uow, subscribe=database.subscribe, hub=hub,
                                        heartbeat=heartbeat))
    exports.add_routes(app, database.uow)
    soirees.add_routes(app, database.uow)
    return SecurityGuard(app, GuardSettings.for_server(["testserver"]))


@contextlib.contextmanager
def serving(app: Any) -> Iterator[str]:
    """`app` served on a free loopback port (its base URL) until the block ends."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def sse_events(response: httpx.Response) -> Iterator[tuple[str, dict[str, Any]]]:
    """The stream's events, each as (name, decoded data); "message" when unnamed."""
    name = "message"
    for line in response.iter_lines():
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            yield name, json.loads(line[6:])
            name = "message"
