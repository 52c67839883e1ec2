"""The latest sheet of each game, shared by every phone and API client of one server.

Every write bumps the game's revision, and a sheet is all a function of the game at one
revision (and of the language of its labels). So when eight phones follow a game, a change
is read from the database once, not eight times: each later read costs one small query
(the revision) and finds the sheet already there."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from scorepad.services.base.common import game_stamp
from scorepad.services.base.views import GameSheet
from scorepad.services.games.game import get_sheet
from scorepad.services.ports import UnitOfWork

#: games kept (the least recently read goes first): a club night's tables and more
CAPACITY = 64


class SheetCache:
    """`get()` is `get_sheet()`, read again only when the game's revision moved. Safe to
    share between threads; the sheets it returns are shared too: never change them."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._sheets: OrderedDict[tuple[int, str], GameSheet] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, uow_factory: Callable[[], UnitOfWork], game_id: int, *,
            lang: str = "fr") -> GameSheet:
        """The game's sheet as it is now; GameNotFound when it does not exist."""
        key = (game_id, lang)
        revision, created = game_stamp(uow_factory(), game_id)
        with self._lock:
            cached = self._sheets.get(key)
            if (cached is not None and cached.revision == revision
                    and cached.created_at == created):
                self._sheets.move_to_end(key)
                return cached
        # The deals unchanged since the sheet kept are taken from it, not read again.
        sheet = get_sheet(uow_factory(), game_id, lang=lang, earlier=cached)
        with self._lock:
            kept = self._sheets.get(key)
            # Two readers may race: the newer sheet stays.
            if (kept is None or kept.created_at != sheet.created_at
                    or kept.revision <= sheet.revision):
                self._sheets[key] = sheet
                self._sheets.move_to_end(key)
            while len(self._sheets) > self._capacity:
                self._sheets.popitem(last=False)
        return sheet

