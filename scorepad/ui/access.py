"""What this phone may do with a game: edit it (no table code, or the right one entered,
or a tournament organiser's key), and the key its wrong codes are counted by (the phone's
address, as the API counts them)."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.ui.services_context import UowFactory
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
