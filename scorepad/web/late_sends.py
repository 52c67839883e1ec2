"""A phone's session outlives a send that its leaving interrupted.

A phone that reloads, opens a link in its tab, or closes it, leaves while the server may
be sending it a screen. uvicorn then refuses the send (`ClientDisconnected`, an
`OSError`), Starlette turns it into `WebSocketDisconnect`, and Flet 1.0.5's send loop
lets that end its connection handler (`flet_web.fastapi.flet_app.FletApp.handle`)
before it tells the session that its phone left (`disconnect_session`). The session then
holds the dead connection for good: the tab's next page load is not given its session
back (Flet reuses a session only when it has no connection) but a new one, without what
the tab held in memory. A table code joined through a table's link was lost that way,
and the form opened next said "read-only, no table code"; the tab could also keep
showing the screen it had before the link.

Flet's websocket is wrapped here so that a frame for a phone that has gone is dropped
instead: the phone gets its whole screen again when it comes back (that is how Flet
reconnects), its receive loop sees the phone leave, and Flet's handler ends the normal
way. tests/unit/test_flet_internals.py shows Flet's own behaviour and fails when a
release changes it (then this wrapper can go).
"""

from __future__ import annotations

from scorepad.web.assets import ASGIApp, Message, Receive, Scope, Send


class LateSendsDropped:
    """ASGI middleware: a websocket frame sent after the client left is dropped."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return

        async def send_while_there(message: Message) -> None:
            try:
                await send(message)
            except OSError:  # uvicorn's ClientDisconnected: the connection is closing
                if message["type"] != "websocket.send":
                    raise

        await self.app(scope, receive, send_while_there)
