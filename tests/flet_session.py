"""The real app in one Flet session inside the test's process, without a browser: Flet's own
Session on a connection that keeps what it would send, so a test can render the screens,
fire the page's events and read the controls (and count the database reads)."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_ENCODE = configure_encode_object_for_msgpack(BaseControl)
# Driven as Flet's own transports drive a session (checked with Flet 1.0.5): the client's
# patches and events go to a control by its id (`_i`), a component's body is `_b`.


class KeptConnection(Connection):
    """A connection whose client is the test: each message is encoded as the web
    transport encodes it (encoding is what starts Flet's change tracking), then kept:
    `sent` the messages, `received` their bytes as the phone gets them (a message holds
    the controls themselves, which later renders change)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=4)
        self.pubsubhub = PubSubHub(loop, self.executor)
        self.sent: list[Message] = []
        self.received: list[bytes] = []

    def send_message(self, message: Message) -> None:
        self.received.append(msgpack.packb([message.action, message.body], default=_ENCODE))
        self.sent.append(message)

    def dispose(self) -> None:
        self.executor.shutdown(wait=False)


class Phone:
    """One session of the app, as a phone's browser would hold it."""

    def __init__(self, session: Session, connection: KeptConnection) -> None:
        self.session = session
        self.connection = connection

    @property
    def page(self) -> ft.Page:
        return self.session.page

    @classmethod
    async def open(cls, main: Callable[[ft.Page], Any], *, route: str = "/",
                   width: float = 390, height: float = 844,
                   connection: type[KeptConnection] | None = None) -> Phone:
        """Registers a client as a browser does (its page's size and route), then runs
        `main(page)`; `connection`: a KeptConnection of the test's own."""
        connection = (connection or KeptConnection)(asyncio.get_running_loop())
        session = Session(connection)
        session.attach_connection(connection)
        session.apply_page_patch({"route": route, "width": width, "height": height,
                                  "web": True})
        connection.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
            session_id=session.id, page_patch=session.get_page_patch(), error="")))
        await main(session.page)
        return cls(session, connection)

    async def resize(self, width: float, height: float) -> None:
        """The browser's window changes size: the page's new size, then its resize event
        (what the client sends)."""
        self.session.apply_page_patch({"width": width, "height": height})
        await self.session.dispatch_event(self.page._i, "resize",
                                          {"width": width, "height": height})

    async def type_into(self, field: ft.TextField, text: str) -> None:
        """The phone's keyboard: the field's new text, then its change event (what the
        client sends for a key)."""
        self.session.apply_patch(field._i, {"value": text})
        await self.session.dispatch_event(field._i, "change", text)

    def sent_values(self, since: int) -> list[object]:
        """The `value` properties the server sent to the phone since message `since`."""
        found: list[object] = []
        for message in self.connection.sent[since:]:
            for op in getattr(message.body, "patch", [])[1:]:
                if len(op) == 4 and op[2] == "value":
                    found.append(op[3])
        return found

    def controls(self) -> Iterator[BaseControl]:
        """Every control rendered now, components' bodies included."""
        return _walk(self.page.views, set())

    def texts(self) -> list[str]:
        return [str(c.value) for c in self.controls()
                if isinstance(c, ft.Text) and c.value is not None]

    def identifiers(self) -> set[str]:
        return {str(c.identifier) for c in self.controls()
                if isinstance(c, ft.Semantics) and c.identifier}

    async def until(self, check: Callable[[], bool], timeout: float = 10.0) -> None:
        """Waits until `check()` holds (the session's updates run meanwhile)."""
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"not reached in {timeout} s; on screen: {self.texts()}")
            await asyncio.sleep(0.01)

    async def settle(self, seconds: float = 0.4) -> None:
        """Lets the reads and renders under way finish."""
        await asyncio.sleep(seconds)

    def close(self) -> None:
        self.session.close()
        self.connection.dispose()


def walk(value: Any) -> Iterator[BaseControl]:
    """Every control in `value` (a control, or a list of them), components' bodies
    included."""
    return _walk(value, set())


def _walk(value: Any, seen: set[int]) -> Iterator[BaseControl]:
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk(item, seen)
        return
    if not isinstance(value, BaseControl) or id(value) in seen:
        return
    seen.add(id(value))
    yield value
    body = getattr(value, "_b", None)  # a component's rendered body
    if body is not None:
        yield from _walk(body, seen)
    for field in dataclasses.fields(value):
        if field.name.startswith("_"):
            continue
        child = getattr(value, field.name, None)
        if isinstance(child, (BaseControl, list, tuple)):
            yield from _walk(child, seen)


def no_browser_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app opens with a new browser's settings: no browser storage to ask."""
    from scorepad.ui import app as app_module
    from scorepad.ui.state import AppState

    async def saved_settings() -> AppState:
        return AppState()

    monkeypatch.setattr(app_module, "load_state", saved_settings)
