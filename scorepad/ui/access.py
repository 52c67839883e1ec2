"""What this phone may do with a game: edit it (no table code, or the right one entered,
or a tournament organiser's key), the key its wrong codes are counted by (the phone's
address, as the API counts them), and what a wrong code tells it."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.ui.i18n import current_lang, nt
from scorepad.ui.services_context import UowFactory, code_attempts
from scorepad.ui.state import AppState


def can_edit(uow: UowFactory, game_id: int, state: AppState) -> bool:
    """Whether this phone may change the game: no code set, or the right one entered, or
    (a tournament's table) this browser holds the tournament organiser's key."""
    return services.check_table_code(uow(), game_id, state.code_for(game_id),
                                     state.organiser_key(game_id))


def writer(state: AppState, game_id: int) -> services.Organiser:
    """The organiser key this browser holds for the game, given with every write: a
    tournament's organiser writes its tables' games without their codes."""
    return services.Organiser(state.organiser_key(game_id))


def forbidden(exc: Refusal, state: AppState, game_id: int) -> None:
    """After a refused write: a code that no longer works (changed on another phone) is
    forgotten, so the screens show the game read-only again."""
    if isinstance(exc, services.EditForbidden) and state.code_for(game_id) is not None:
        state.remember_code(game_id, None)


def client_key() -> str:
    """The phone's address as the server sees it (the API counts wrong codes by the same
    key), so that opening a new tab gives no new tries."""
    try:
        page = ft.context.page
    except RuntimeError:
        return "?"
    return page.client_ip or f"session:{page.session.id}"


#: a wrong code says how many tries are left once they are this few
FEW_TRIES = 3


def wrong_code(wrong: str) -> str:
    """Counts a wrong code of this phone and says so: `wrong` ("Ce n'est pas le code de
    cette partie."), with the tries left when they are few; once none is left, that there
    were too many and when to try again (what the server's 429 says from then on)."""
    key = client_key()
    left = code_attempts().failed(key)
    try:
        code_attempts().check(key)
    except services.TooManyCodes as exc:
        return exc.message(current_lang())
    return f"{wrong} {nt('table_code.tries_left', left)}" if left <= FEW_TRIES else wrong
