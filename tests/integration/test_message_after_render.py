"""A change's message never reaches the phone before the screen that shows the change: in
a real Flet session, a screen reads again after a change (`again_then`) and says so with
a message; the message is sent after the screen's new render, never before it (it was
sent first, and under load the phone drew "Cercle renommé « Les Platanes »" over the
list still naming "Les Tilleuls")."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import msgpack

from scorepad.ui.data import use_data
from scorepad.ui.widgets.snackbar import show_snackbar
from tests.flet_session import Phone


def test_the_message_is_sent_after_the_screen_that_shows_the_change() -> None:
    names = ["Les Tilleuls"]
    actions: dict[str, Any] = {}

    @ft.component
    def Circles() -> ft.View:
        data = use_data(lambda: list(names))
        actions["changed"] = data.again_then
        shown = data.value if data.loaded else []
        return ft.View(route="/", controls=[ft.Text(f"cercle {name}") for name in shown])

    @ft.component
    def App() -> list[ft.View]:
        return [Circles()]

    async def main(page: ft.Page) -> None:
        page.render_views(App)

    async def scenario() -> None:
        phone = await Phone.open(main)
        await phone.until(lambda: "cercle Les Tilleuls" in phone.texts())
        since = len(phone.connection.received)
        names[0] = "Les Platanes"
        actions["changed"](lambda: show_snackbar("Cercle renommé « Les Platanes »."))
        await phone.until(lambda: len([
            b for b in phone.connection.received[since:] if b"renomm" in b]) == 1)
        await phone.settle(0.2)
        sent = [msgpack.unpackb(b, raw=False, strict_map_key=False)
                for b in phone.connection.received[since:]]
        text = [repr(m) for m in sent]
        new_name = next(i for i, m in enumerate(text) if "cercle Les Platanes" in m)
        message = next(i for i, m in enumerate(text) if "Cercle renomm" in m)
        assert new_name <= message, text
        phone.close()

    asyncio.run(scenario())
