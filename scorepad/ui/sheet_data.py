"""The score sheet's data on a phone: the screens' reader (scorepad.ui.data) made for a
sheet, read at most once per change.

Every trigger (this phone's save, another phone's change, the sheet coming back to the
top, an undo) asks for a refresh; a refresh first compares the game's revision with the
one shown (one small query) and reads the whole sheet only when it changed. Requests
that arrive while a read is running are merged into one more check afterwards, so the
phone that saved reads its sheet once, not once per trigger."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorepad import services
from scorepad.services import GameSheet
from scorepad.ui.access import can_edit
from scorepad.ui.data import UNCHANGED, Key, Reader, Unchanged, use_reader
from scorepad.ui.effects import use_subscription
from scorepad.ui.live import ALL_TOPIC, game_topic
from scorepad.ui.services_context import UowFactory, sheet_cache
from scorepad.ui.state import AppState

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


class SheetReader(Reader[LoadedSheet]):
    """One mounted sheet's reads: the whole sheet only when the game's revision moved (or
    when forced)."""

    def __init__(self, uow: UowFactory, state: AppState) -> None:
        super().__init__()
        self.uow = uow
        self.state = state

    def fetch(self, key: Key, force: bool) -> LoadedSheet | Unchanged:
        sheet_key: SheetKey = key  # type: ignore[assignment]
        shown = self.value if self.loaded else None
        if (not force and shown is not None and shown.key == sheet_key
                and shown.sheet is not None):
            try:
                if services.game_revision(self.uow(), sheet_key[0]) == shown.sheet.revision:
                    return UNCHANGED
            except services.GameNotFound:
                pass
        return read_sheet(self.uow, sheet_key, self.state)


_STORE_KEY = "scorepad.sheets"


def _mounted(page: ft.Page) -> dict[int, SheetReader]:
    """The session's mounted sheets by game (kept in its session store)."""
    store = page.session.store
    sheets = store.get(_STORE_KEY)
    if not isinstance(sheets, dict):
        sheets = {}
        store.set(_STORE_KEY, sheets)
    return sheets


async def sheet_caught_up(page: ft.Page, game_id: int, revision: int,
                          then: Callable[[], None], timeout: float = 1.0) -> None:
    """Calls `then()` in the same step as the sheet of `game_id` mounted on this phone (under
    the deal form) shows `revision` or later; at once when no such sheet is mounted, after
    `timeout` at the latest."""
    reader = _mounted(page).get(game_id)

    def reached(loaded: LoadedSheet) -> bool:
        return loaded.sheet is None or loaded.sheet.revision >= revision

    if reader is None or not await reader.caught_up(reached, then, timeout):
        then()


def use_sheet(uow: UowFactory, state: AppState, key: SheetKey, *,
              check_on: Sequence[Any]) -> SheetReader:
    """The sheet for `key`, read by `use_reader`: checked (read if the game's revision
    moved) when the game is announced, when this phone changed something or a value of
    `check_on` changes; read whatever the revision when `key` changes or players are
    renamed (every game). Until `current` is True the sheet of `key` is not read yet."""
    reader = ft.use_ref(lambda: SheetReader(uow, state)).current
    assert reader is not None
    reader.uow, reader.state = uow, state
    page = ft.context.page
    game_id = key[0]

    def mount() -> Callable[[], None]:
        # The deal form under which this sheet lies waits for its new line (caught_up).
        sheets = _mounted(page)
        sheets[game_id] = reader

        def unmount() -> None:
            if sheets.get(game_id) is reader:
                del sheets[game_id]

        return unmount

    use_subscription(mount, [game_id])
    return use_reader(reader, key=key, topics=[game_topic(game_id)],
                      reload_topics=[ALL_TOPIC], check_on=check_on)
