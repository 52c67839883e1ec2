"""One phone alone's wiring: the one switch the UI reads (services_context.Wiring), the
work run inline without threads, and the Flet 1.0.5 method the phone wraps to hold the
screen's updates while a commit is stored."""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.ui import services_context as ctx


@pytest.fixture
def one_phone() -> Iterator[None]:
    ctx.set_wiring(ctx.ONE_PHONE)
    yield
    ctx.set_wiring(ctx.SERVED)


def test_without_threads_blocking_work_runs_inline_on_the_loop(one_phone: None) -> None:
    async def where() -> tuple[str, str]:
        return threading.current_thread().name, await ctx.off_loop(
            lambda: threading.current_thread().name)

    here, there = asyncio.run(where())
    assert here == there


def test_on_a_server_blocking_work_leaves_the_loop() -> None:
    async def where() -> tuple[str, str]:
        return threading.current_thread().name, await ctx.off_loop(
            lambda: threading.current_thread().name)

    here, there = asyncio.run(where())
    assert here != there


def test_one_phone_has_no_address_that_only_other_devices_open(one_phone: None) -> None:
    from scorepad.ui.app import routes

    def paths(made: list[object], prefix: str = "") -> set[str]:
        found: set[str] = set()
        for route in made:
            path = prefix + str(route.path)  # type: ignore[attr-defined]
            found.add(path)
            found |= paths(route.children or [], path.rstrip("/") + "/")  # type: ignore[attr-defined]
        return found

    on_phone = paths(routes())
    assert not any(p.startswith(("/grand-ecran", "/organiser")) for p in on_phone)
    assert {"/settings", "/calculator", "/stats"} <= on_phone
    ctx.set_wiring(ctx.SERVED)
    assert any(p.startswith("/grand-ecran") for p in paths(routes()))


def test_one_phone_may_do_everything_with_its_own_games(one_phone: None) -> None:
    from scorepad.domain import GameStatus
    from scorepad.ui.dialogs.game_menu import rights_of

    sheet = type("Sheet", (), {"organised": True, "protected": True, "deal_limit": None,
                               "tournament_id": None, "status": GameStatus.IN_PROGRESS})()
    rights = rights_of(sheet, editable=False, organiser=False)  # type: ignore[arg-type]
    assert rights.editable and rights.organiser and rights.may_organise and rights.can_add


def test_flet_still_sends_every_screen_update_through_the_connection_s_send_message() -> None:
    """scorepad.phone.main wraps `page.session.connection.send_message` (Flet 1.0.5): the
    browser's connection must still send each message through that one method."""
    import flet
    from flet.messaging.session import Session

    source = (Path(flet.__file__).parent / "messaging" / "pyodide_connection.py").read_text()
    assert "def send_message(self, message: Message):" in source
    assert source.count("self.send_callback(b\"\\x00\" + body)") == 1
    assert isinstance(inspect.getattr_static(Session, "connection"), property)
    # Every message of the session goes out by an attribute lookup on that connection,
    # so a method set on the instance (the phone's) is the one called.
    session_source = inspect.getsource(Session)
    assert session_source.count("self.__conn.send_message(message)") == 1
    assert "return self.__conn" in session_source
