"""What the screens read from the database, and when, in a real Flet session on a real SQLite
file: off the render, a spinner until the first read lands, again when a topic is announced
or this phone changed something, never for a window resized."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorepad import services
from scorepad.domain.messages import render
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui import services_context
from scorepad.ui.live import GAMES_TOPIC, game_topic, session_live
from scorepad.ui.services_context import set_uow_factory
from scorepad.ui.state import AppState
from tests.factories import FOUR
from tests.flet_session import Phone, no_browser_settings, walk


class CountedReads:
    """The app's unit-of-work factory, counting the units opened (and where), and able
    to hold them back (a slow database)."""

    def __init__(self, uow: Callable[[], Any]) -> None:
        self._uow = uow
        self.count = 0
        self.threads: set[int] = set()
        self.open = threading.Event()
        self.open.set()

    def __call__(self) -> Any:
        self.open.wait(10)
        self.count += 1
        self.threads.add(threading.get_ident())
        return self._uow()


@pytest.fixture
def reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CountedReads]:
    database = open_database(f"sqlite:///{tmp_path / 'screens.db'}")
    services.create_game(database.uow(), name="Mardi soir", seats=FOUR, deal_size=4)
    counted = CountedReads(database.uow)
    set_uow_factory(counted)

    no_browser_settings(monkeypatch)
    yield counted
    database.dispose()


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


def state_of(phone: Phone) -> AppState:
    """The session's app state (the argument of the app's root component)."""
    state = phone.page.views.args[0]  # type: ignore[attr-defined]
    assert isinstance(state, AppState)
    return state


def centred(phone: Phone) -> bool:
    """The body is laid out at the phone's width in the middle of a wide window."""
    return any(isinstance(c, ft.Container) and c.width == 720 for c in phone.controls())


def test_a_window_crossing_the_phone_width_is_laid_out_again_without_a_database_read(
        reads: CountedReads) -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "Mardi soir" in phone.texts())
        await phone.settle()
        before = reads.count
        assert not centred(phone)

        await phone.resize(1024, 768)
        await phone.until(lambda: centred(phone))
        await phone.resize(1024, 400)  # a keyboard opening: no new layout either
        await phone.settle()
        assert reads.count == before
        assert "Mardi soir" in phone.texts()

        # This phone's own change does read again (the counter sees reads).
        state_of(phone).touch()
        await phone.until(lambda: reads.count > before)
        phone.close()

    run(scenario)


def test_a_screen_shows_a_spinner_and_never_its_empty_state_until_its_data_is_read(
        reads: CountedReads) -> None:
    async def scenario() -> None:
        reads.open.clear()  # the database is slow
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "loading" in phone.identifiers())
        await phone.settle(0.3)
        assert render("games.empty_title", {}, "fr") not in phone.texts()
        assert "Mardi soir" not in phone.texts()

        reads.open.set()
        await phone.until(lambda: "Mardi soir" in phone.texts())
        assert "loading" not in phone.identifiers()
        phone.close()

    run(scenario)


def test_reads_run_off_the_event_loop_and_inline_where_python_has_no_threads(
        reads: CountedReads, monkeypatch: pytest.MonkeyPatch) -> None:
    async def open_list() -> set[int]:
        reads.threads.clear()
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "Mardi soir" in phone.texts())
        phone.close()
        return set(reads.threads)

    loop_thread = threading.get_ident()
    assert loop_thread not in asyncio.run(open_list())
    # The browser's Python (Pyodide) has no threads: a server's screens, read inline.
    monkeypatch.setattr(services_context, "_wiring", [services_context.Wiring(threads=False)])
    assert asyncio.run(open_list()) == {loop_thread}


def test_an_announced_change_is_read_and_shown_without_this_phone_doing_anything(
        reads: CountedReads) -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main)
        await phone.until(lambda: "Mardi soir" in phone.texts())
        services.create_game(reads(), name="Jeudi", seats=FOUR, deal_size=4)
        phone.page.pubsub.send_all_on_topic(GAMES_TOPIC, {})
        await phone.until(lambda: "Jeudi" in phone.texts())
        phone.close()

    run(scenario)


def test_a_deep_link_shows_its_sheet_and_the_list_under_it_is_read_once(
        reads: CountedReads) -> None:
    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/games/1")
        await phone.until(lambda: "total-André" in phone.identifiers())
        await phone.settle()
        before = reads.count
        # The list under the sheet waits for the top while games change elsewhere.
        for _ in range(3):
            phone.page.pubsub.send_all_on_topic(GAMES_TOPIC, {})
        await phone.settle()
        assert reads.count == before
        phone.close()

    run(scenario)


def test_the_tournament_page_of_its_organiser_reads_nothing_on_the_event_loop(
        reads: CountedReads, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorepad.services import tournament as tm
    from tests.integration.tournament_helpers import new_night

    tid, who = new_night(reads, 8)
    tm.draw_next_round(reads(), tid, organiser=who)
    tm.start_round(reads(), tid, 1, organiser=who)

    async def organiser_settings() -> AppState:
        return AppState(tournament_keys={tid: who.key or ""})

    monkeypatch.setattr(app_module, "load_state", organiser_settings)

    async def scenario() -> None:
        reads.threads.clear()
        phone = await Phone.open(app_module.main, route=f"/tournaments/{tid}")
        # The organiser's parts: the check-in and each table's link (read off the render).
        await phone.until(lambda: "table-link-1" in phone.identifiers()
                          and "present-count" in phone.identifiers(), timeout=20)
        assert threading.get_ident() not in reads.threads
        phone.close()

    run(scenario)


def _list_body(phone: Phone) -> ft.Control | None:
    """The games list's ListView (under the sheet, or on top)."""
    return next((c for c in phone.controls() if isinstance(c, ft.ListView)
                 and any(isinstance(t, ft.Text) and t.value == "Mardi soir"
                         for t in walk(c))), None)


def test_the_list_under_a_sheet_is_not_built_again_for_each_deal_and_is_fresh_back_on_top(
        reads: CountedReads) -> None:
    async def scenario() -> None:
        from scorepad.services.games.deals import record_deal
        from scorepad.ui.dialogs.game_actions import show_route_now

        phone = await Phone.open(app_module.main, route="/games/1")
        await phone.until(lambda: "total-André" in phone.identifiers())
        await phone.settle()
        hidden = _list_body(phone)
        assert hidden is not None
        # Deals saved on the sheet above: each is this phone's change (every open screen
        # is told), the list under it hands back what it showed, the very same controls.
        for count in range(1, 4):
            record_deal(reads(), 1, {"taker": "André", "contract": "garde", "bouts": 2,
                                     "points": 56})
            state_of(phone).touch()
            await phone.until(lambda n=count: any(  # type: ignore[misc]
                text.startswith(f"Donne {n + 1} :") for text in phone.texts()))
            await phone.settle(0.3)
            assert _list_body(phone) is hidden
        show_route_now(phone.page, "/")
        # Back on top: built afresh, with the three deals' totals.
        await phone.until(lambda: any("André +720" in text for text in phone.texts()))
        assert _list_body(phone) is not hidden
        phone.close()

    run(scenario)


@pytest.mark.parametrize("told_by", ["the server", "this phone alone"])
def test_the_list_under_a_sheet_reads_its_game_a_moment_after_a_deal_and_is_current_back_on_top(
        reads: CountedReads, monkeypatch: pytest.MonkeyPatch, told_by: str) -> None:
    from scorepad.services.games.deals import record_deal
    from scorepad.ui import data as data_module
    from scorepad.ui.dialogs.game_actions import show_route_now

    monkeypatch.setattr(data_module, "HELD_READ_AFTER", 0.05, raising=False)
    listed = services.list_games
    list_reads = [0]

    def counted_list(uow: Any) -> Any:
        list_reads[0] += 1
        return listed(uow)

    monkeypatch.setattr(services, "list_games", counted_list)

    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/games/1")
        await phone.until(lambda: "total-André" in phone.identifiers())
        await phone.settle()
        hidden = _list_body(phone)
        assert hidden is not None
        before = list_reads[0]
        # Another game changing does not wake the list under the sheet.
        phone.page.pubsub.send_all_on_topic(game_topic(2), {})
        phone.page.pubsub.send_all_on_topic(GAMES_TOPIC, {})
        await phone.settle(0.3)
        assert list_reads[0] == before
        # A deal saved on the sheet above, announced as the server announces every
        # change, or told by the save itself (one phone alone announces nothing): the
        # list reads its game again a moment later, still handing back what it showed.
        record_deal(reads(), 1, {"taker": "André", "contract": "garde", "bouts": 2,
                                 "points": 56})
        if told_by == "the server":
            phone.page.pubsub.send_all_on_topic(game_topic(1), {})
            phone.page.pubsub.send_all_on_topic(GAMES_TOPIC, {})
        else:
            session_live(phone.page).changed_here([game_topic(1)])
        await phone.until(lambda: list_reads[0] > before)
        await phone.settle(0.2)
        assert _list_body(phone) is hidden
        # Back to the list while the database is slow: the new line is there at once,
        # not the game's old line until the read asked on the way back lands.
        reads.open.clear()
        try:
            show_route_now(phone.page, "/")
            await phone.until(lambda: any("André +240" in text for text in phone.texts()),
                              timeout=5)
        finally:
            reads.open.set()
        phone.close()

    run(scenario)


def test_new_deal_opens_the_form_even_where_the_browser_s_address_is_the_form_s_already(
        reads: CountedReads) -> None:
    # A reload right after a save can bring the sheet back under the deal form's address:
    # the browser, asked for the address it has, sends no route change.
    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/games/1")
        await phone.until(lambda: "total-André" in phone.identifiers())
        phone.session.apply_page_patch({"route": "/games/1/deal"})
        new_deal = next(c for c in phone.controls() if isinstance(c, ft.FilledButton)
                        and c.content == "Nouvelle donne")
        await phone.session.dispatch_event(new_deal._i, "click", None)
        await phone.until(lambda: "taker-André" in phone.identifiers())
        phone.close()

    run(scenario)
