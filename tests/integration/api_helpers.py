"""The JSON API in a test: the app on a real database, and its server-sent events read
back as (event name, data) pairs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
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
