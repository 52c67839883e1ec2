"""What keeps the deal form true to the table while it is open: the draft kept as it is
typed and when the phone leaves the form (scorepad.ui.models.drafts), the form opened
again from it (or told that its deal was saved), and the deal number followed when the
sheet goes back (an undo or a deletion) while the form is open; and the new game's form kept
the same way."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from scorepad.domain import DealInput, InvalidDeal
from scorepad.services.base.errors import ServiceError
from scorepad.services.games.game import next_deal
from scorepad.ui.effects import use_subscription
from scorepad.ui.i18n import t
from scorepad.ui.live import session_live
from scorepad.ui.models.deal_form import DealForm
from scorepad.ui.models.drafts import (
    Draft,
    Saved,
    drop_draft,
    drop_new_game,
    is_blank,
    keep_draft,
    keep_new_game,
    new_game_is_blank,
    opened_where_loaded,
    take_draft,
    take_new_game,
)
from scorepad.ui.models.game_forms import NewGameForm
from scorepad.ui.services_context import UowFactory
from scorepad.ui.widgets.deal_controls import error_text


@dataclass(frozen=True, slots=True)
class Conflict:
    """The deal changed on another phone while this one edited it: the form now shows the
    current values; `attempted` keeps what this phone tried to save, to re-apply it."""

    message: str
    attempted: DealForm | None


@dataclass(frozen=True, slots=True)
class Opened:
    """The form as it opens: the deal (or the game's next one), with what this phone typed
    and left unsaved if anything."""

    ctx: Any
    restored: bool = False
    #: the deal changed on another phone since this phone's unsaved correction
    conflict: Conflict | None = None
    #: a correction: the deal as saved
    original: DealForm | None = None
    #: the deal this form had saved when the page went away (a reload right after the
    #: save): said in words, so that nobody types it twice
    saved: int | None = None


def kept_number(page: ft.Page, game_id: int, deal_id: int | None) -> int | None:
    """The number of the deal this phone's draft (or saved mark) is for: the form's read
    looks that deal up on the sheet."""
    kept = take_draft(page, game_id, deal_id)
    return kept.number if kept is not None else None


def _same_deal(form: DealForm, stored: DealInput | None) -> bool:
    try:
        return stored is not None and form.deal_input() == stored
    except InvalidDeal:
        return False


def open_form(page: ft.Page, ctx: Any, game_id: int, deal_id: int | None) -> Opened:
    """The form as it opens from `ctx` (scorepad.ui.screens.deal_entry.EntryContext:
    `kept_input` is the stored deal of the draft's number, if any) and this phone's
    draft: restored, or said saved when its deal is on the sheet as it was typed, or kept
    to re-apply when that deal was recorded otherwise (another phone)."""
    kept = take_draft(page, game_id, deal_id)
    reloaded_here = opened_where_loaded(page)
    if isinstance(kept, Saved):
        drop_draft(page, game_id, deal_id)
        # Said only where the page came back on the form itself (a reload, a closed tab
        # reopened on it): a form opened later from the sheet, which shows the deal,
        # says nothing of it, however long ago the mark was left.
        on_sheet = reloaded_here and (deal_id is not None or kept.number < ctx.number)
        return Opened(ctx, original=None if deal_id is None else copy.deepcopy(ctx.form),
                      saved=kept.number if on_sheet else None)
    if deal_id is None:
        return _open_new(page, ctx, game_id, kept)
    original = copy.deepcopy(ctx.form)
    if kept is None:
        return Opened(ctx, original=original)
    form = replace(kept.form, rules=ctx.form.rules)
    if kept.version == ctx.expected_version:
        return Opened(replace(ctx, form=form), restored=True, original=original)
    drop_draft(page, game_id, deal_id)
    if form == replace(ctx.form, rules=form.rules):
        # The correction was stored (a reload before the screen said so).
        return Opened(ctx, original=original, saved=ctx.number)
    # Changed on another phone since: its values now, this phone's kept to re-apply.
    return Opened(ctx, original=original, conflict=Conflict(
        t("deal_entry.changed_since_draft"), form))


def _open_new(page: ft.Page, ctx: Any, game_id: int, kept: Draft | None) -> Opened:
    if kept is None:
        return Opened(ctx)
    form = replace(kept.form.carried_to(ctx.form.players), rules=ctx.form.rules)
    if kept.number is not None and kept.number < ctx.number and ctx.kept_input is not None:
        # The deal this form was for is on the sheet now.
        drop_draft(page, game_id, None)
        if _same_deal(replace(kept.form, rules=ctx.form.rules), ctx.kept_input):
            return Opened(ctx, saved=kept.number)  # stored, the page went before it said so
        return Opened(ctx, conflict=Conflict(
            t("deal_entry.recorded_since_draft", number=kept.number), form))
    return Opened(replace(ctx, form=form), restored=True)


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
    #: once saved: back to the sheet with its message (sent again if the phone was away
    #: when it was first sent)
    finish: Callable[[], None] | None = None
    #: the last save was refused by the phone's storage (another tab of one phone alone
    #: writes): refused until the database comes to this tab
    refused_by_storage: bool = False


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
                       original=keeper.original, number=getattr(keeper.ctx, "number", None))

    ft.use_effect(lambda: None, dependencies=[], cleanup=on_leave)
    return keeper


#: the session's key of the deal form opened last (use_back_again)
_LAST_FORM = "scorepad.form_keeper.last_form"


def use_back_again(keeper: FormKeeper, deal_id: int | None,
                   set_restored: Callable[[bool], None]) -> None:
    """After a reload or a lost connection that the server's session outlived: a form
    still being typed says it picked up where it was left; a form already saved goes to
    the sheet with its message again (sent while the phone was away, they were lost).
    A reload to another address (a table's link opened on this phone) is left alone: the
    browser asked for that screen, not for this form."""
    page = ft.context.page
    opened_at = ft.use_ref(lambda: page.route)
    this_form = ft.use_ref(lambda: object())

    def said() -> None:
        # Only the form opened last answers: an earlier one, saved and left, may still
        # be registered (it would take the phone back to its sheet).
        if page.route != opened_at.current or \
                page.session.store.get(_LAST_FORM) is not this_form.current:
            return
        if keeper.done and keeper.finish is not None:
            keeper.finish()
            return
        form = getattr(keeper.ctx, "form", None)
        if not keeper.done and form is not None and (
                not is_blank(form) if deal_id is None else form != keeper.original):
            set_restored(True)

    def opened() -> Callable[[], None]:
        page.session.store.set(_LAST_FORM, this_form.current)
        return session_live(page).on_reconnect(said)

    use_subscription(opened, [])
    location = ft.use_route_location()

    def shown_again() -> None:
        # A reload at the moment of the save: the sheet was shown, but the browser's
        # address was still the form's when the phone came back, and Flet hands that
        # address to the router after the reconnection (after `said`). The form of a
        # saved deal is never left on screen, filled and silent: back to the sheet.
        if location == opened_at.current and keeper.done and keeper.finish is not None \
                and page.session.store.get(_LAST_FORM) is this_form.current:
            keeper.finish()

    ft.use_effect(shown_again, dependencies=[location])


def restored_banner(said: str, on_clear: Callable[[], None],
                    identifier: str = "draft-restored") -> ft.Control:
    """A form brought back as it was left (`said`), with a one-tap "Effacer"."""
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.RESTORE, color=ft.Colors.PRIMARY, size=20),
        ft.Semantics(identifier=identifier, expand=True, content=ft.Text(said, size=14)),
        ft.TextButton(t("common.clear"), icon=ft.Icons.CLEAR, height=48,
                      on_click=lambda _e: on_clear()),
    ], spacing=8), padding=ft.Padding.only(left=12, right=4, top=2, bottom=2),
        border_radius=12, bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.PRIMARY))


def draft_banner(on_clear: Callable[[], None], number: int, *,
                 correction: bool = False) -> ft.Control:
    """"Donne 9 reprise là où vous l'aviez laissée" with "Effacer" (for a correction:
    back to the deal as saved)."""
    return restored_banner(t("form_keeper.correction_restored", number=number) if correction
                           else t("form_keeper.deal_restored", number=number), on_clear)


def saved_note(number: int, *, correction: bool = False) -> ft.Control:
    """What a form opened right after its deal was stored says (a reload, a closed tab):
    the deal is on the sheet, not to be typed again."""
    said = t("form_keeper.deal_changed_before", number=number) if correction else t(
        "form_keeper.deal_saved_before", number=number)
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, color=ft.Colors.PRIMARY, size=20),
        ft.Semantics(identifier="deal-kept", expand=True, content=ft.Text(said, size=14)),
    ], spacing=8), padding=ft.Padding.symmetric(horizontal=12, vertical=8),
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


def follow_read_again(uow_factory: UowFactory, game_id: int, deal_id: int | None,
                      keeper: FormKeeper, set_ctx: Callable[[Any], None],
                      set_save_error: Callable[[Any], None],
                      set_conflict: Callable[[Conflict | None], None]
                      ) -> Callable[[bool], None]:
    """What the form does when the phone's database was read again (one phone alone:
    another tab wrote it): a save refused because that tab wrote may be tried again once
    the database is here (`writable`), and a new deal whose number that tab recorded
    becomes the sheet's next deal, what was typed kept to be re-applied on purpose
    (never a silent duplicate, never a form stuck on a deal already on the sheet)."""
    def read_again(writable: bool) -> None:
        if keeper.done or not hasattr(keeper.ctx, "form"):
            return
        if writable and keeper.refused_by_storage:
            keeper.refused_by_storage = False
            set_save_error(None)
        if deal_id is not None:
            return  # a correction: its save checks the deal's version (DealConflict)
        try:
            nxt = next_deal(uow_factory(), game_id)
        except ServiceError:
            return
        ctx = keeper.ctx
        if nxt.number <= ctx.number:
            return  # the sheet went back: follow_next_deal, on the game's topic
        typed = ctx.form
        set_ctx(replace(ctx, number=nxt.number, dealer=nxt.dealer,
                        sitting_out=nxt.sitting_out,
                        form=DealForm(players=nxt.players, rules=typed.rules)))
        set_conflict(None if is_blank(typed) else Conflict(
            t("deal_entry.recorded_in_other_tab", expected=ctx.number, number=nxt.number),
            copy.deepcopy(typed)))

    return read_again


@dataclass
class NewGameKeeper:
    """The new game's form as `use_new_game_keeper` keeps it."""

    form: NewGameForm
    set_form: Callable[[Any], None]
    #: brought back from the browser (or the session, after a reload): said in words
    restored: bool
    #: bumped after a reload the server's session outlived: the name field shows its text
    again: int
    clear: Callable[[], None]
    #: the game was created: the form is dropped, and nothing typed before is kept again
    created: Callable[[], None]
    #: the form with every change made so far, rendered or not (what a tap acts on)
    latest: Callable[[], NewGameForm]


def use_new_game_keeper(blank: Callable[[], NewGameForm]) -> NewGameKeeper:
    """The new game's form, opened from what this browser kept of one left unsaved (a
    reload, a closed tab) and kept as it is typed, in the session and in the browser."""
    page = ft.context.page
    kept = ft.use_ref(lambda: take_new_game(page)).current
    form, set_state = ft.use_state(lambda: replace(
        kept, default_name=blank().default_name) if kept is not None else blank())
    # A tap handled before the screen renders the change just made (a switch turned on,
    # then "Commencer la partie" at once, on a slow link or a busy server) acts on the
    # form of the last render: the latest form is kept here as each change is made.
    latest = ft.use_ref(lambda: form)

    def set_form(change: Any) -> None:
        def changed(previous: NewGameForm) -> NewGameForm:
            made: NewGameForm = change(previous) if callable(change) else change
            latest.current = made
            return made

        set_state(changed)
    restored, set_restored = ft.use_state(kept is not None)
    again, set_again = ft.use_state(0)
    # Once the game is created nothing is kept any more: a last keystroke's change,
    # rendered after the creation, would otherwise keep the created game's form again
    # (the next "Nouvelle partie" then said it was brought back).
    finished = ft.use_ref(lambda: False)

    def keep() -> None:
        if not finished.current:
            keep_new_game(page, form)

    ft.use_effect(keep, dependencies=[form])

    def back_again() -> None:
        set_restored(not new_game_is_blank(form))
        set_again(lambda n: n + 1)

    use_subscription(lambda: session_live(page).on_reconnect(back_again), [form])

    def clear() -> None:
        set_form(lambda _f: blank())
        set_restored(False)

    def created() -> None:
        finished.current = True
        drop_new_game(page)

    def current() -> NewGameForm:
        return latest.current if latest.current is not None else form

    return NewGameKeeper(form, set_form, restored, again, clear, created, current)
