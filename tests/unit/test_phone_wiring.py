"""One phone alone's wiring: the one switch the UI reads (services_context.Wiring), the
work run inline without threads, and the Flet 1.0.5 method the phone wraps to hold the
screen's updates while a commit is stored."""

from __future__ import annotations

import asyncio
import inspect
import sys
import threading
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


def test_flet_still_sends_every_screen_update_through_the_connection_s_send_callback(
) -> None:
    """scorepad.phone.main wraps `page.session.connection.send_callback` (Flet 1.0.5): the
    browser's connection must still pack each message as it sends it and hand the bytes
    to that one callback."""
    import flet
    from flet.messaging.session import Session

    source = (Path(flet.__file__).parent / "messaging" / "pyodide_connection.py").read_text()
    assert "def send_message(self, message: Message):" in source
    assert source.count("self.send_callback(b\"\\x00\" + body)") == 1
    assert "self.send_callback = send_callback" in source
    assert isinstance(inspect.getattr_static(Session, "connection"), property)
    # Every message of the session goes out by an attribute lookup on that connection.
    session_source = inspect.getsource(Session)
    assert session_source.count("self.__conn.send_message(message)") == 1
    assert "return self.__conn" in session_source


class _Holding:
    """A storage whose copy is under way until `stored()`: what is sent meanwhile waits."""

    def __init__(self) -> None:
        self.waiting: list[Callable[[], None]] = []
        self.pending = True

    def hold(self, send: Callable[[Any], None]) -> Callable[[Any], None]:
        def held(data: Any) -> None:
            if self.pending:
                self.waiting.append(lambda: send(data))
            else:
                send(data)

        return held

    def hold_screen(self) -> Callable[[], None]:
        return lambda: None

    def stored(self) -> None:
        self.pending = False
        for send in self.waiting:
            send()


def test_an_update_held_while_a_commit_is_stored_reaches_the_screen_as_it_was_sent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A patch held during a copy to IndexedDB, then the controls it names changed again
    before the copy ended: the client must receive the patch as it was when sent (packed
    then), not the newer state, which the next patch brings (else the screen got it twice:
    the new game's form drawn doubled, its "Ajouter" lost)."""
    import msgpack
    from flet.messaging.protocol import Message, MessageAction

    from scorepad.phone.main import _hold_screen_updates

    monkeypatch.setitem(sys.modules, "flet_js", types.SimpleNamespace())
    from flet.messaging.pyodide_connection import PyodideConnection

    async def scenario() -> list[Any]:
        connection = PyodideConnection(on_session_created=None, before_main=None)
        received: list[bytes] = []
        connection.send_callback = received.append  # as connect() sets it
        storage = _Holding()
        _hold_screen_updates(types.SimpleNamespace(session=types.SimpleNamespace(
            connection=connection, store=types.SimpleNamespace(set=lambda *_: None))),
            storage)
        form = {"content": "loading"}
        connection.send_message(Message(MessageAction.PATCH_CONTROL,
                                        {"id": 98, "patch": [form]}))
        form["content"] = "the form"  # rendered again before the copy ended
        connection.send_message(Message(MessageAction.PATCH_CONTROL,
                                        {"id": 98, "patch": [dict(form)]}))
        assert received == []
        storage.stored()
        return [msgpack.unpackb(data[1:])[1]["patch"][0]["content"] for data in received]

    assert asyncio.run(scenario()) == ["loading", "the form"]


def test_a_save_s_marks_are_printed_once_when_it_is_done_and_nothing_outside_a_save(
        capsys: pytest.CaptureFixture[str]) -> None:
    """bench/phone.py reads where a save's time goes from one console line a save: the
    steps in the order they happened, with their time; nothing printed between saves
    (every screen update marks `sent`: a line each would slow the phone)."""
    import json

    from scorepad.phone.main import _SaveMarks
    from scorepad.ui import marks

    marks.listen(_SaveMarks())
    try:
        marks.mark("sent")  # a screen update, no save under way
        marks.mark("done")  # another change's end (a deletion)
        assert capsys.readouterr().out == ""
        for step in ("tapped", "stored", "sent", "sheet read", "sent", "copied", "done"):
            marks.mark(step)
        marks.mark("sent")
        out = capsys.readouterr().out
    finally:
        marks.listen(lambda _step: None)
    assert out.count("\n") == 1 and out.startswith("scorepad-save ")
    steps = json.loads(out.removeprefix("scorepad-save "))
    assert [step for step, _at in steps] == [
        "tapped", "stored", "sent", "sheet read", "sent", "copied", "done"]
    times = [at for _step, at in steps]
    assert times == sorted(times)
