"""A session's live subscriptions (scorepad.ui.live.LiveTopics): back from a lost
connection, every mounted screen reads again, including those that follow no topic."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any

from scorepad.ui.live import LiveTopics


class Page:
    """What LiveTopics needs of a page: its pubsub, its session's connection, a task."""

    def __init__(self) -> None:
        self.topics: list[str] = []
        self.pubsub = SimpleNamespace(subscribe_topic=lambda topic, _fn: self.topics.append(
            topic), unsubscribe_topic=self.topics.remove)
        self.session = SimpleNamespace(connection=object())

    def run_task(self, fn: Callable[[], Coroutine[Any, Any, None]]) -> None:
        asyncio.get_running_loop().create_task(fn())


def test_a_reconnection_reads_every_mounted_screen_again_until_it_is_gone() -> None:
    async def scenario() -> None:
        page = Page()
        live = LiveTopics(page)  # type: ignore[arg-type]
        heard: list[str] = []
        live.add(["scorepad/games"], lambda: heard.append("games list"))
        stop = live.on_reconnect(lambda: heard.append("new game form"))
        assert page.topics == ["scorepad/games"]  # a reconnection is no pubsub topic
        live.refresh_all()
        await asyncio.sleep(0.01)
        assert sorted(heard) == ["games list", "new game form"]
        stop()  # the form is gone
        heard.clear()
        live.refresh_all()
        await asyncio.sleep(0.01)
        assert heard == ["games list"]

    asyncio.run(scenario())


def test_a_database_read_again_reads_every_screen_without_saying_a_form_came_back() -> None:
    async def scenario() -> None:
        page = Page()
        live = LiveTopics(page)  # type: ignore[arg-type]
        heard: list[str] = []
        live.add(["scorepad/game/3"], lambda: heard.append("sheet"))
        live.on_reconnect(lambda: heard.append("the form says it was brought back"))
        stop = live.on_read_again(lambda writable: heard.append(f"form, writable={writable}"))
        live.read_again(True)  # "Continuer ici": the database is this tab's now
        await asyncio.sleep(0.01)
        assert sorted(heard) == ["form, writable=True", "sheet"]
        heard.clear()
        live.read_again(False)  # this tab only looks: the other tab stored a deal
        await asyncio.sleep(0.01)
        assert sorted(heard) == ["form, writable=False", "sheet"]
        stop()
        heard.clear()
        live.read_again(False)
        await asyncio.sleep(0.01)
        assert heard == ["sheet"]

    asyncio.run(scenario())
