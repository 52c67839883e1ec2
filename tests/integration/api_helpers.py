"""The JSON API in a test: the app on a real database (in-process, or served on a free
port), and its server-sent events read back as (event name, data) pairs."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
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


def sse_events(response: httpx.Response) -> Iterator[tuple[str, dict[str, Any]]]:
    """The stream's events, each as (name, decoded data); "message" when unnamed."""
    name = "message"
    for line in response.iter_lines():
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            yield name, json.loads(line[6:])
            name = "message"


@contextmanager
def running_server(app: Any) -> Iterator[str]:
    """`app` served by uvicorn on a free loopback port (in a thread): its base URL."""
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
