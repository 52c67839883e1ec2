"""A half-filled deal kept as this game's draft on this phone (the browser session):
leaving the form (the bar's arrow, the browser's Back) keeps what was typed, and
reopening "Nouvelle donne" restores it."""

from __future__ import annotations

import copy

import flet as ft

from scorepad.ui.deal_form import DealForm

_STORE_KEY = "scorepad.drafts"


def is_blank(form: DealForm) -> bool:
    """Nothing typed yet: there is nothing to keep."""
    return (form.taker is None and form.contract is None and form.bouts is None
            and not form.points_text and not form.partner_chosen and not form.has_extras)


def _drafts(page: ft.Page) -> dict[int, DealForm]:
    drafts = page.session.store.get(_STORE_KEY)
    if not isinstance(drafts, dict):
        drafts = {}
        page.session.store.set(_STORE_KEY, drafts)
    return drafts


def keep_draft(page: ft.Page, game_id: int, form: DealForm) -> None:
    """Keeps a copy of the form as the game's draft (a blank form drops it)."""
    if is_blank(form):
        drop_draft(page, game_id)
    else:
        _drafts(page)[game_id] = copy.deepcopy(form)


def take_draft(page: ft.Page, game_id: int) -> DealForm | None:
    """The game's draft, if this phone left one (it stays until saved or cleared)."""
    draft = _drafts(page).get(game_id)
    return copy.deepcopy(draft) if draft is not None else None


def drop_draft(page: ft.Page, game_id: int) -> None:
    _drafts(page).pop(game_id, None)
