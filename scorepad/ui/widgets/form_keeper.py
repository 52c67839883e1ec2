"""What keeps the deal form true to the table while it is open: the draft kept when the
phone leaves a half-filled form, and the deal number followed when the sheet goes back
(an undo or a deletion) while the form is open."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from scorepad.services.base.errors import ServiceError
from scorepad.services.games.game import next_deal
from scorepad.ui.i18n import t
from scorepad.ui.models.drafts import keep_draft
from scorepad.ui.services_context import UowFactory
from scorepad.ui.widgets.deal_controls import error_text


@dataclass
class FormKeeper:
    """The form on screen now (the effect's cleanup runs after the last render) and
    whether it was saved or cleared (then there is nothing to keep)."""

    ctx: Any = None
    #: a correction: the deal's form as stored (nothing changed, nothing to keep)
    original: Any = None
    done: bool = False
    #: a save is running (a second tap waits for nothing and stores nothing)
    saving: bool = False


def use_form_keeper(game_id: int, deal_id: int | None, ctx: Any, original: Any
                    ) -> FormKeeper:
    """Keeps the half-filled new deal, or the unsaved correction of a deal, as a draft
    when the form goes away (the bar's arrow, the browser's Back, another screen):
    nothing typed is lost."""
    keeper = ft.use_ref(lambda: FormKeeper(original=original)).current
    assert keeper is not None
    keeper.ctx = ctx
    page = ft.context.page

    def on_leave() -> None:
        form = getattr(keeper.ctx, "form", None)
        if not keeper.done and form is not None:
            keep_draft(page, game_id, form, deal_id=deal_id,
                       version=getattr(keeper.ctx, "expected_version", None),
                       original=keeper.original)

    ft.use_effect(lambda: None, dependencies=[], cleanup=on_leave)
    return keeper


def draft_banner(on_clear: Callable[[], None], *, correction: bool = False) -> ft.Control:
    """"Brouillon restauré" with a one-tap "Effacer" (for a correction: back to the deal
    as saved)."""
    said = t("form_keeper.correction_restored") if correction else t(
        "form_keeper.draft_restored")
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.RESTORE, color=ft.Colors.PRIMARY, size=20),
        ft.Semantics(identifier="draft-restored", expand=True, content=ft.Text(
            said, size=14)),
        ft.TextButton(t("common.clear"), icon=ft.Icons.CLEAR, height=48,
                      on_click=lambda _e: on_clear()),
    ], spacing=8), padding=ft.Padding.only(left=12, right=4, top=2, bottom=2),
        border_radius=12, bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.PRIMARY))


def renumbered_note(number: int) -> ft.Control:
    return error_text(t("form_keeper.renumbered", number=number), ident="renumbered")


def follow_next_deal(uow_factory: UowFactory, game_id: int, ctx: Any,
                     set_ctx: Callable[[Any], None],
                     set_renumbered: Callable[[int | None], None]) -> None:
    """When the sheet went back while a new deal is typed (an undo or a deletion, on this
    phone or another), the form becomes the sheet's next deal again, keeping what was
    typed; a deal recorded meanwhile is left to the save's own check (NextDealTaken)."""
    try:
        nxt = next_deal(uow_factory(), game_id)
    except ServiceError:
        return
    if nxt.number >= ctx.number:
        return
    set_ctx(replace(ctx, number=nxt.number, dealer=nxt.dealer, sitting_out=nxt.sitting_out,
                    form=ctx.form.carried_to(nxt.players)))
    set_renumbered(nxt.number)
