"""What was typed in a deal form and not saved, kept on this phone (the browser session):
leaving the form (the bar's arrow, the browser's Back, another screen) keeps it, and
reopening the same form ("Nouvelle donne", or "Modifier" on the same deal) restores it."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import flet as ft

from scorepad.ui.models.deal_form import DealForm

_STORE_KEY = "scorepad.drafts"


@dataclass(frozen=True, slots=True)
class Draft:
    form: DealForm
    #: for a correction: the version of the deal the changes were made to
    version: int | None = None


#: (game, the deal being corrected, or None for the game's next deal)
DraftKey = tuple[int, int | None]


def is_blank(form: DealForm) -> bool:
    """Nothing typed yet: there is nothing to keep."""
    return (form.taker is None and form.contract is None and form.bouts is None
            and not form.points_text and not form.partner_chosen and not form.has_extras)


def _drafts(page: ft.Page) -> dict[DraftKey, Draft]:
    drafts = page.session.store.get(_STORE_KEY)
    if not isinstance(drafts, dict):
        drafts = {}
        page.session.store.set(_STORE_KEY, drafts)
    return drafts


def keep_draft(page: ft.Page, game_id: int, form: DealForm, *, deal_id: int | None = None,
               version: int | None = None, original: DealForm | None = None) -> None:
    """Keeps a copy of the form: the game's next deal (a blank form drops it), or the
    correction of deal `deal_id` made to its `version` (unchanged from `original`: dropped)."""
    if (deal_id is None and is_blank(form)) or (original is not None and form == original):
        drop_draft(page, game_id, deal_id)
    else:
        _drafts(page)[(game_id, deal_id)] = Draft(copy.deepcopy(form), version)


def take_draft(page: ft.Page, game_id: int, deal_id: int | None = None) -> Draft | None:
    """The form this phone left (it stays until saved or cleared)."""
    draft = _drafts(page).get((game_id, deal_id))
    return Draft(copy.deepcopy(draft.form), draft.version) if draft is not None else None


def drop_draft(page: ft.Page, game_id: int, deal_id: int | None = None) -> None:
    _drafts(page).pop((game_id, deal_id), None)
