"""Where scorepad leans on how Flet 1.0.5 works inside, each test fails when a Flet release
changes it: the phone's text kept in a field, the router moved without the browser's round
trip, the web transport's frames formatted for a debug log that is off, and the cleanup an
effect's setup returns, forgotten at the next render. (The served
client's bytes are checked in test_boot_screen.py and test_web_client.py.)"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Callable
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.messaging.protocol import Message, MessageAction
from starlette.websockets import WebSocketDisconnect

from scorepad.ui.dialogs.game_actions import show_route_now
from scorepad.ui.effects import use_subscription
from scorepad.ui.live import (
    keep_screen_updates_going,
    session_live,
    use_render_on_reconnect,
)
from scorepad.ui.widgets.text_input import kept_field
from scorepad.web.app import FLET_TRANSPORT_LOG, short_frame_text
from scorepad.web.late_sends import LateSendsDropped
from tests.flet_session import KeptConnection, Phone


def test_flet_is_the_release_these_checks_were_made_with() -> None:
    # pyproject pins flet>=1.0.5,<1.1: a minor release may change what follows.
    major, minor, *_ = ft.version.flet_version.split(".")
    assert (major, minor) == ("1", "0")


def _field(phone: Phone) -> ft.TextField:
    return next(c for c in phone.controls() if isinstance(c, ft.TextField))


def test_a_field_keeps_what_the_phone_typed_across_renders_until_a_new_reset() -> None:
    setters: dict[str, Callable[[Any], None]] = {}

    @ft.component
    def Screen() -> ft.View:
        tick, setters["tick"] = ft.use_state(0)
        token, setters["reset"] = ft.use_state(0)
        return ft.View(route="/", controls=[ft.Text(f"render {tick}"), kept_field(
            label="Nom", value="Partie du mardi", reset=token, expand=True)])

    @ft.component
    def App() -> list[ft.View]:
        return [Screen()]

    async def main(page: ft.Page) -> None:
        page.render_views(App)

    async def scenario() -> None:
        phone = await Phone.open(main)
        await phone.until(lambda: "render 0" in phone.texts())
        assert _field(phone).value == "Partie du mardi"
        await phone.type_into(_field(phone), "Partie du jeudi")

        sent = len(phone.connection.sent)
        setters["tick"](1)  # the screen renders again with the value it started with
        await phone.until(lambda: "render 1" in phone.texts())
        # Nothing written back under the thumb (only the text of the render goes).
        assert phone.sent_values(sent) == ["render 1"]
        assert _field(phone).value == "Partie du jeudi"

        setters["reset"](1)  # the screen puts its value back on purpose
        await phone.settle(0.2)
        assert phone.sent_values(sent) == ["render 1", "Partie du mardi"]
        phone.close()

    asyncio.run(scenario())


def test_the_router_moves_in_the_same_step_without_asking_the_browser() -> None:
    @ft.component
    def Screen(name: str) -> ft.View:
        return ft.View(route=f"/{name}", controls=[ft.Text(f"screen {name}")])

    @ft.component
    def First() -> ft.View:
        return Screen("a")

    @ft.component
    def Second() -> ft.View:
        return Screen("b")

    @ft.component
    def App() -> list[ft.View]:
        return ft.Router([ft.Route(path="/", component=First),
                          ft.Route(path="/b", component=Second)], manage_views=True)

    async def main(page: ft.Page) -> None:
        page.render_views(App)

    async def scenario() -> None:
        phone = await Phone.open(main)
        await phone.until(lambda: "screen a" in phone.texts())
        await phone.settle(0.2)  # the router's listeners are set by an effect
        sent = len(phone.connection.sent)
        show_route_now(phone.page, "/b")
        await phone.until(lambda: "screen b" in phone.texts())
        # The screen came without any question to the browser (push_route is one).
        asked = [m for m in phone.connection.sent[sent:]
                 if m.action == MessageAction.INVOKE_METHOD]
        assert asked == []
        phone.close()

    asyncio.run(scenario())


def test_the_route_change_event_is_built_as_the_router_reads_it() -> None:
    fields = inspect.signature(ft.RouteChangeEvent).parameters
    assert {"name", "control", "route"} <= set(fields)
    source = inspect.getsource(ft.Router)
    assert "page.on_route_change = on_route_change" in source
    assert "set_location(e.route)" in source


def test_flets_web_transport_still_formats_every_frame_it_sends() -> None:
    # When Flet formats frames lazily, short_frame_text has nothing left to save: remove it.
    from flet_web.fastapi.flet_app import FletApp

    source = inspect.getsource(FletApp.send_message)
    assert 'transport_log.debug(f"send_message: {message}")' in source
    assert logging.getLogger("flet_web.fastapi.flet_app") is not None
    assert "transport_log = logging.getLogger(\"flet_transport\")" in inspect.getsource(
        inspect.getmodule(FletApp))  # type: ignore[arg-type]
    assert FLET_TRANSPORT_LOG == "flet_transport"


def test_a_frame_reads_as_its_action_unless_the_transport_log_is_on() -> None:
    short_frame_text()
    short_frame_text()  # a second app in the process changes nothing more
    message = Message(MessageAction.PATCH_CONTROL, {"patch": "x" * 10_000})
    assert repr(message) == f"Message({MessageAction.PATCH_CONTROL!r})"
    transport = logging.getLogger(FLET_TRANSPORT_LOG)
    level = transport.level
    transport.setLevel(logging.DEBUG)
    try:
        assert "x" * 10_000 in repr(message)  # debugging the transport shows it all
    finally:
        transport.setLevel(level)


def test_a_file_picker_made_on_a_later_screen_reaches_the_phone_only_with_its_first_handler(
        ) -> None:
    """scorepad.ui.widgets.downloads.use_file_picker: a FilePicker registers itself with
    the page as it is made, and on a screen shown after the first one its registration
    goes to the phone at once. A result handler set afterwards does not go with it (the
    phone then never tells of the file chosen: why "Restaurer une sauvegarde" did
    nothing); one given as it is made does."""
    setters: dict[str, Callable[[Any], None]] = {}

    async def chosen(_e: ft.FilePickerResultEvent) -> None:
        return None

    @ft.component
    def SetLater() -> ft.Text:
        picker, _ = ft.use_state(lambda: ft.FilePicker())
        picker.on_result = chosen
        return ft.Text("later")

    @ft.component
    def GivenFirst() -> ft.Text:
        ft.use_state(lambda: ft.FilePicker(on_result=chosen))
        return ft.Text("given")

    @ft.component
    def Screen() -> ft.View:
        shown, setters["show"] = ft.use_state("")
        later = {"later": [SetLater()], "given": [GivenFirst()]}.get(shown, [])
        return ft.View(route="/", controls=[ft.Text("first"), *later])

    @ft.component
    def App() -> list[ft.View]:
        return [Screen()]

    async def main(page: ft.Page) -> None:
        page.render_views(App)

    def pickers_sent(phone: Phone, since: int) -> list[dict[str, Any]]:
        packed = [msgpack.unpackb(got, strict_map_key=False)
                  for got in phone.connection.received[since:]]
        return [control for _action, body in packed if isinstance(body, dict)
                for operation in body.get("patch", [])[1:]
                for control in (operation[-1] if isinstance(operation[-1], list) else [])
                if isinstance(control, dict) and control.get("_c") == "FilePicker"]

    async def scenario() -> dict[str, list[dict[str, Any]]]:
        seen = {}
        for which in ("later", "given"):
            phone = await Phone.open(main)
            await phone.until(lambda p=phone: "first" in p.texts())
            since = len(phone.connection.received)
            setters["show"](which)
            await phone.until(lambda p=phone, w=which: w in p.texts())
            await phone.settle(0.3)
            seen[which] = pickers_sent(phone, since)
            phone.close()
        return seen

    seen = asyncio.run(scenario())
    assert [p.get("on_result") for p in seen["later"]] == [None]
    assert [p.get("on_result") for p in seen["given"]] == [True]


def _subscriptions(effect: Callable[[Callable[[], Callable[[], None]], list[Any]], None],
                   ) -> list[str]:
    """What a screen's subscription did: it mounts, renders again, follows another game
    (its dependency changes), then the screen goes away."""
    log: list[str] = []
    setters: dict[str, Callable[[Any], None]] = {}

    @ft.component
    def Follower() -> ft.Control:
        tick, setters["tick"] = ft.use_state(0)
        game, setters["game"] = ft.use_state(1)

        def follow() -> Callable[[], None]:
            log.append(f"follow {game}")
            return lambda: log.append(f"stop {game}")

        effect(follow, [game])
        return ft.Text(f"game {game} render {tick}")

    @ft.component
    def Screen() -> ft.View:
        shown, setters["shown"] = ft.use_state(True)
        return ft.View(route="/", controls=[Follower()] if shown else [ft.Text("gone")])

    @ft.component
    def App() -> list[ft.View]:
        return [Screen()]

    async def main(page: ft.Page) -> None:
        page.render_views(App)

    async def scenario() -> None:
        phone = await Phone.open(main)
        await phone.until(lambda: "game 1 render 0" in phone.texts())
        await phone.settle(0.2)
        setters["tick"](1)
        await phone.until(lambda: "game 1 render 1" in phone.texts())
        setters["game"](2)
        await phone.until(lambda: "game 2 render 1" in phone.texts())
        await phone.settle(0.2)
        setters["tick"](2)
        await phone.until(lambda: "game 2 render 2" in phone.texts())
        setters["shown"](False)
        await phone.until(lambda: "gone" in phone.texts())
        await phone.settle(0.2)
        phone.close()

    asyncio.run(scenario())
    return log


def test_flet_forgets_the_cleanup_a_setup_returns_once_the_component_renders_again() -> None:
    # Why scorepad.ui.effects.use_subscription exists: with Flet 1.0.5 the subscription of
    # a screen that rendered after it mounted is never stopped. When a release fixes it,
    # this fails and the helper may go.
    def plain(setup: Callable[[], Callable[[], None]], dependencies: list[Any]) -> None:
        ft.use_effect(setup, dependencies=dependencies)

    assert _subscriptions(plain) == ["follow 1", "follow 2"]


def test_a_subscription_stops_when_its_game_changes_and_when_the_screen_goes() -> None:
    assert _subscriptions(use_subscription) == [
        "follow 1", "stop 1", "follow 2", "stop 2"]


def _away_then_back(root_hook: Callable[[], None]) -> list[str]:
    """A screen whose state changes while the phone is away (a save that finished during
    a reload); what the phone is shown once it is back."""
    setters: dict[str, Callable[[Any], None]] = {}

    @ft.component
    def Screen() -> ft.View:
        where, setters["where"] = ft.use_state("le formulaire")
        return ft.View(route="/", controls=[ft.Text(f"écran : {where}")])

    @ft.component
    def App() -> list[ft.View]:
        root_hook()
        return [Screen()]

    async def main(page: ft.Page) -> None:
        page.on_connect = lambda _e: session_live(page).refresh_all()
        page.render_views(App)

    async def scenario() -> list[str]:
        phone = await Phone.open(main)
        await phone.until(lambda: "écran : le formulaire" in phone.texts())
        await phone.settle(0.2)  # the screen's effects run (the app's, long before a save)
        await phone.session.disconnect(60)
        setters["where"]("la feuille")
        await phone.settle(0.2)
        back = KeptConnection(asyncio.get_running_loop())
        await phone.session.connect(back)
        phone.connection = back
        await phone.settle(0.3)
        shown = [text for text in phone.texts() if text.startswith("écran")]
        phone.close()
        return shown

    return asyncio.run(scenario())


def test_flet_drops_a_render_asked_while_the_phone_is_away() -> None:
    # Why scorepad.ui.live.use_render_on_reconnect exists. When a release renders such a
    # change once the phone is back, this fails and the hook may go.
    assert _away_then_back(lambda: None) == ["écran : le formulaire"]


def test_the_app_renders_what_changed_while_the_phone_was_away_once_it_is_back() -> None:
    assert _away_then_back(use_render_on_reconnect) == ["écran : la feuille"]


def _render_raises_then_changes(keep_going: Callable[[ft.Page], None]) -> list[str]:
    """A screen's render raises once; the next change is then made. What the phone shows."""
    setters: dict[str, Any] = {}

    @ft.component
    def Screen() -> ft.View:
        where, setters["where"] = ft.use_state("la feuille")
        if where == "une erreur":
            raise ValueError("a render that raised")
        return ft.View(route="/", controls=[ft.Text(f"écran : {where}")])

    @ft.component
    def App() -> list[ft.View]:
        return [Screen()]

    async def main(page: ft.Page) -> None:
        page.render_views(App)
        keep_going(page)

    async def scenario() -> list[str]:
        phone = await Phone.open(main)
        await phone.until(lambda: "écran : la feuille" in phone.texts())
        setters["where"]("une erreur")
        await phone.settle(0.2)
        setters["where"]("le formulaire")
        await phone.settle(0.3)
        shown = [text for text in phone.texts() if text.startswith("écran")]
        phone.close()
        return shown

    return asyncio.run(scenario())


def test_flet_freezes_a_session_whose_render_raised() -> None:
    # Why scorepad.ui.live.keep_screen_updates_going exists: Flet's updates task ends
    # at the first render that raises, and the screen never changes again. When a release
    # goes on by itself, this fails and the guard may go.
    assert _render_raises_then_changes(lambda _page: None) == ["écran : la feuille"]


def test_a_render_that_raised_is_logged_and_the_screen_updates_go_on(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="scorepad.ui.live"):
        assert _render_raises_then_changes(keep_screen_updates_going) == [
            "écran : le formulaire"]
    failed = [r for r in caplog.records if "render failed" in r.getMessage()]
    assert len(failed) == 1 and "a render that raised" in str(failed[0].exc_info)


def test_an_address_lost_in_a_reload_is_asked_again_only_where_the_browser_left_it() -> None:
    """A save moves the router to the sheet and asks the browser for its address; a reload
    before the browser took it lost the request. Back at the form's address: asked again.
    Back at another address (a table's link opened in the tab right after the save): the
    browser's address wins, and nothing is asked."""
    import types

    from scorepad.ui.dialogs.game_actions import address_again, move_address

    async def scenario(back_at: str) -> list[str]:
        asked: list[str] = []
        lost = asyncio.get_running_loop().create_future()

        class Store(dict[str, Any]):
            def set(self, key: str, value: Any) -> None:
                self[key] = value

            def remove(self, key: str) -> None:
                self.pop(key, None)

        async def push_route(route: str) -> None:
            asked.append(route)
            if len(asked) == 1:
                await lost  # the reload: never answered

        page = types.SimpleNamespace(route="/games/3/deals/new", push_route=push_route,
                                     session=types.SimpleNamespace(store=Store()))
        moving = asyncio.ensure_future(move_address(page, "/games/3"))  # type: ignore[arg-type]
        await asyncio.sleep(0)
        page.route = back_at  # the page patch of the reconnection: the browser's address
        address_again(page)  # type: ignore[arg-type]
        await asyncio.wait_for(moving, 1)  # what waited for the address goes on
        return asked

    assert asyncio.run(scenario("/games/3/deals/new")) == ["/games/3", "/games/3"]
    assert asyncio.run(scenario("/tournaments/1/tables/1/1")) == ["/games/3"]
    assert asyncio.run(scenario("/games/3")) == ["/games/3"]


def _reload_after_a_send_cut_short(wrap: Callable[[Any], Any]) -> tuple[str, str]:
    """A phone registers, and leaves while the server sends it its first screen (uvicorn
    refuses that send); the same tab then loads the page again with its session id.
    Returns the session ids given both times."""
    from flet_web import fastapi as flet_fastapi
    from uvicorn.protocols.utils import ClientDisconnected

    def main(page: ft.Page) -> None:
        page.add(ft.Text("la feuille"))

    async def visit(app: Any, session_id: str, *, cut: bool) -> str:
        incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        register = [MessageAction.REGISTER_CLIENT.value, {
            "session_id": session_id, "page_name": "",
            "page": {"route": "/", "width": 390, "height": 844}}]
        incoming.put_nowait({"type": "websocket.connect"})
        incoming.put_nowait({"type": "websocket.receive",
                             "bytes": b"\x00" + msgpack.packb(register)})
        given: list[str] = []

        async def send(message: dict[str, Any]) -> None:
            if message["type"] != "websocket.send":
                return
            action, body = msgpack.unpackb(message["bytes"][1:], strict_map_key=False)
            if action == MessageAction.REGISTER_CLIENT.value:
                given.append(body["session_id"])
                incoming.put_nowait({"type": "websocket.disconnect", "code": 1001})
                if cut:
                    raise ClientDisconnected

        scope = {"type": "websocket", "path": "/ws", "raw_path": b"/ws", "root_path": "",
                 "headers": [(b"host", b"testserver")], "query_string": b"",
                 "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
                 "scheme": "ws", "subprotocols": [], "asgi": {"version": "3.0"}}
        with contextlib.suppress(WebSocketDisconnect):  # Flet's handler, unwrapped
            await asyncio.wait_for(app(scope, incoming.get, send), 10)
        return given[0]

    async def scenario() -> tuple[str, str]:
        app = wrap(flet_fastapi.app(main, no_cdn=True))
        first = await visit(app, "", cut=True)
        await asyncio.sleep(0.1)
        return first, await visit(app, first, cut=False)

    return asyncio.run(scenario())


def test_flet_gives_a_new_session_to_a_tab_whose_last_send_was_cut_short() -> None:
    # Why scorepad.web.late_sends exists: Flet's handler ends on the refused send before
    # it marks the session as left, and a session still connected is never given back.
    # When a release gives the session back, this fails and the wrapper may go.
    first, second = _reload_after_a_send_cut_short(lambda app: app)
    assert first != second


def test_a_tab_that_left_mid_send_gets_its_session_back_on_the_served_app() -> None:
    first, second = _reload_after_a_send_cut_short(LateSendsDropped)
    assert first == second


def test_the_served_app_wraps_flets_websocket() -> None:
    from fastapi import FastAPI

    from scorepad.web.app import create_app

    served = create_app(lambda: None)  # type: ignore[arg-type, return-value]
    while not isinstance(served, FastAPI):
        served = served.app
    mounted = [route.app for route in served.routes if getattr(route, "path", None) == ""]
    assert [type(app) for app in mounted] == [LateSendsDropped]


def test_a_server_s_control_ids_start_where_the_server_before_it_did_not() -> None:
    # A page reconnecting after its server started again keeps the client's bindings by
    # id (scorepad.web.app.control_ids_apart_from_last_run): its ids must not start at 3.
    from flet.controls.id_counter import ControlId

    from scorepad.web.app import CONTROL_IDS_FROM, CONTROL_IDS_TO, control_ids_apart_from_last_run

    control_ids_apart_from_last_run()
    assert ControlId.scorepad_apart is True  # type: ignore[attr-defined]
    made = ft.Text("x")._i
    assert CONTROL_IDS_FROM <= made < CONTROL_IDS_TO + 10_000_000
    assert ft.Text("y")._i == made + 1
