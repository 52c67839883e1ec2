"""The score sheet's data on a phone: read off the event loop, at most once per change.

Every trigger (this phone's save, another phone's change, the sheet coming back to the
top, an undo) asks for a refresh; a refresh first compares the game's revision with the
one shown (one small query) and reads the whole sheet only when it changed. Requests
that arrive while a read is running are merged into one more check afterwards, so the
phone that saved reads its sheet once, not once per trigger."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorepad import services
from scorepad.services import GameSheet
from scorepad.ui.access import can_edit
from scorepad.ui.live import session_live
from scorepad.ui.services_context import UowFactory, off_loop, sheet_cache
from scorepad.ui.state import AppState

logger = logging.getLogger(__name__)

#: seconds between two reads of one phone's sheet when changes come in a burst
SHOW_GAP = 0.25

#: what decides the sheet's content apart from the game's data: game, language, table
#: code, organiser key
SheetKey = tuple[int, str, str | None, str | None]


@dataclass(frozen=True, slots=True)
class LoadedSheet:
    key: SheetKey
    sheet: GameSheet | None  # None: no such game
    editable: bool  # this phone may change the deals (no code, or the right one)
    organiser: bool  # this phone holds the organiser's key


def read_sheet(uow: UowFactory, key: SheetKey, state: AppState) -> LoadedSheet:
    """The whole sheet, whether this phone may change it and whether it is the organiser's
    (database reads)."""
    game_id, lang, _code, organiser_key = key
    try:
        return LoadedSheet(key, sheet_cache().get(uow, game_id, lang=lang),
                           can_edit(uow, game_id, state),
                           services.check_organiser(uow(), game_id, organiser_key))
    except services.GameNotFound:
        return LoadedSheet(key, None, False, False)


class SheetRefresher:
    """One mounted sheet's refreshes: at most one read at a time, later requests merged."""

    def __init__(self, shown: LoadedSheet) -> None:
        self.shown = shown
        self.key = shown.key
        self._running = False
        self._again = False
        self._force = False
        #: when the last read started (event loop time)
        self._last_read = float("-inf")
        #: the `reload_on` values of the last render (a change forces a full read)
        self.marks: tuple[Any, ...] | None = None
        #: how the mounted sheet shows a new read (set at each render)
        self.show: Callable[[LoadedSheet], None] | None = None
        #: called after each read with the sheet shown; True once served (caught_up)
        self._waiters: list[Callable[[LoadedSheet], bool]] = []

    def _changed(self, uow: UowFactory, force: bool) -> bool:
        shown = self.shown
        if force or shown.key != self.key or shown.sheet is None:
            return True
        try:
            return services.game_revision(uow(), shown.key[0]) != shown.sheet.revision
        except services.GameNotFound:
            return True

    def _load(self, uow: UowFactory, state: AppState, force: bool) -> LoadedSheet | None:
        """In a worker thread: the new sheet, or None when the shown one is current."""
        if not self._changed(uow, force):
            return None
        return read_sheet(uow, self.key, state)

    def request(self, page: ft.Page, uow: UowFactory, state: AppState,
                show: Callable[[LoadedSheet], None], *, force: bool = False) -> None:
        self._force = self._force or force
        if self._running:
            self._again = True
            return
        self._running = True

        async def run() -> None:
            loop = asyncio.get_running_loop()
            try:
                while True:
                    # Changes in a burst (a club's busiest minute, a script) are shown at
                    # most every SHOW_GAP seconds: the first at once, the others together;
                    # never when this phone waits for its own save (caught_up).
                    wait = self._last_read + SHOW_GAP - loop.time()
                    if wait > 0 and not self._waiters:
                        await asyncio.sleep(wait)
                    self._again, force_now, self._force = False, self._force, False
                    self._last_read = loop.time()
                    loaded = await off_loop(self._load, uow, state, force_now)
                    if loaded is not None:
                        self.shown = loaded
                        show(loaded)
                    self._waiters = [w for w in self._waiters if not w(self.shown)]
                    if not self._again:
                        return
            except Exception:  # a database hiccup: the next change refreshes again
                logger.exception("sheet refresh failed")
            finally:
                self._running = False

        try:
            page.run_task(run)
        except (AttributeError, RuntimeError):  # disconnected: on_connect refreshes
            self._running = False

    async def caught_up(self, page: ft.Page, uow: UowFactory, state: AppState,
                        revision: int, then: Callable[[], None], timeout: float) -> bool:
        """Calls `then()` right after this sheet shows the game at `revision` or later, in
        the same step as the sheet's update (so both reach the phone together), and returns
        True; after `timeout` returns False without calling it."""
        reached = asyncio.Event()

        def serve(loaded: LoadedSheet) -> bool:
            if loaded.sheet is not None and loaded.sheet.revision < revision:
                return False
            then()
            reached.set()
            return True

        if self.show is None:
            return False
        if not self._running and serve(self.shown):
            return True
        self._waiters.append(serve)
        self.request(page, uow, state, self.show)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(reached.wait(), timeout)
        finally:
            if serve in self._waiters:
                self._waiters.remove(serve)
        return reached.is_set()


_STORE_KEY = "scorepad.sheets"


def _mounted(page: ft.Page) -> dict[int, SheetRefresher]:
    """The session's mounted sheets by game (kept in its session store)."""
    store = page.session.store
    sheets = store.get(_STORE_KEY)
    if not isinstance(sheets, dict):
        sheets = {}
        store.set(_STORE_KEY, sheets)
    return sheets


async def sheet_caught_up(page: ft.Page, uow: UowFactory, state: AppState, game_id: int,
                          revision: int, then: Callable[[], None],
                          timeout: float = 1.0) -> None:
    """Calls `then()` in the same step as the sheet of `game_id` mounted on this phone (under
    the deal form) shows `revision` or later; at once when no such sheet is mounted, after
    `timeout` at the latest."""
    refresher = _mounted(page).get(game_id)
    if refresher is None or not await refresher.caught_up(page, uow, state, revision, then,
                                                          timeout):
        then()


def use_sheet(uow: UowFactory, state: AppState, key: SheetKey, *, follow: Sequence[str],
              check_on: Sequence[Any], reload_on: Sequence[Any]) -> LoadedSheet:
    """The sheet for `key`: read once at mount, then refreshed off the event loop when a
    topic of `follow` is announced or a value of `check_on` changes (if the game's revision
    moved), and when a value of `reload_on` or `key` changes (always). An announcement
    starts the read at once, without rendering the sheet first."""
    refresher = ft.use_ref(lambda: SheetRefresher(read_sheet(uow, key, state))).current
    assert refresher is not None
    # The state only makes the component render again; what is shown is the refresher's.
    _shown, set_shown = ft.use_state(0)
    if refresher.shown.key[0] != key[0]:  # another game: never show the previous one
        refresher.shown = read_sheet(uow, key, state)
    refresher.key = key
    page = ft.context.page

    def show(_new: LoadedSheet) -> None:
        set_shown(lambda n: n + 1)

    refresher.show = show

    def check() -> None:
        refresher.request(page, uow, state, show)

    def mount() -> Callable[[], None]:
        sheets = _mounted(page)
        sheets[key[0]] = refresher
        stop = session_live(page).add(follow, check)

        def unmount() -> None:
            stop()
            if sheets.get(key[0]) is refresher:
                del sheets[key[0]]

        return unmount

    def reload() -> None:
        marks = tuple(reload_on)
        force = refresher.shown.key != key or (refresher.marks not in (None, marks))
        refresher.marks = marks
        refresher.request(page, uow, state, show, force=force)

    ft.use_effect(mount, dependencies=[key[0], *follow])
    ft.use_effect(check, dependencies=list(check_on))
    ft.use_effect(reload, dependencies=[*key, *reload_on])
    return refresher.shown
