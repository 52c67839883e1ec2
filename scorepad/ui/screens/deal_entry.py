"""`/games/{id}/deal` and `/games/{id}/deals/{deal_id}/edit`: enter or correct a deal."""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from dataclasses import dataclass, replace

import flet as ft

from scorepad.domain import DealInput, InvalidDeal
from scorepad.services.base.changes import Change
from scorepad.services.base.errors import (
    DealConflict,
    DealNotFound,
    NextDealTaken,
    ServiceError,
    TableClosed,
)
from scorepad.services.base.views import SheetDeal
from scorepad.services.games.deals import deal_limit_refusal, edit_deal, record_deal
from scorepad.services.games.game import check_organiser
from scorepad.ui.access import can_edit, forbidden, writer
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.confirm import ShowError, use_error
from scorepad.ui.dialogs.game_actions import after_change
from scorepad.ui.dialogs.game_menu import rights_of
from scorepad.ui.dialogs.table_code import use_unlock_dialog
from scorepad.ui.effects import use_subscription
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.live import game_topic, session_live
from scorepad.ui.marks import mark
from scorepad.ui.models.deal_form import DealForm, FieldError, Preview
from scorepad.ui.models.drafts import drop_draft, drop_mark, is_blank, keep_draft, mark_saved
from scorepad.ui.models.sheet_rights import Locked, Rights
from scorepad.ui.services_context import UowFactory, off_loop, sheet_cache, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.card_counter import CounterSlot, counter_slot, use_counter_in_view
from scorepad.ui.widgets.deal_controls import error_text
from scorepad.ui.widgets.deal_header import (
    deal_title,
    load_error_screen,
    no_deal_screen,
    read_only_screen,
)
from scorepad.ui.widgets.deal_preview import preview_bar
from scorepad.ui.widgets.deal_sections import deal_sections
from scorepad.ui.widgets.exits import see_through_screen, use_see_through_exit
from scorepad.ui.widgets.form_keeper import (
    Conflict,
    FormKeeper,
    draft_banner,
    follow_next_deal,
    follow_read_again,
    kept_number,
    open_form,
    renumbered_note,
    saved_note,
    use_back_again,
    use_form_keeper,
)
from scorepad.ui.widgets.layout import loading_state, screen


@dataclass(frozen=True, slots=True)
class EntryContext:
    """What the form needs from the game: who plays, the rules, and for an edit the
    deal's number and the version read (conflict detection)."""

    game_name: str
    number: int
    dealer: str
    sitting_out: tuple[str, ...]
    form: DealForm
    expected_version: int | None = None
    #: the stored deal of the number this phone's draft was typed for (a new deal's
    #: draft left by a reload: scorepad.ui.widgets.form_keeper.open_form)
    kept_input: DealInput | None = None


def load_entry(uow_factory: UowFactory, game_id: int, deal_id: int | None,
               lang: str, *, kept: int | None = None) -> EntryContext:
    """Reads the sheet once; raises ServiceError when the game or deal does not exist.
    `kept`: the number of the deal this phone's draft is for, looked up on the sheet."""
    sheet = sheet_cache().get(uow_factory, game_id, lang=lang)
    if deal_id is None:
        return EntryContext(
            game_name=sheet.name,
            number=sheet.next.number,
            dealer=sheet.next.dealer,
            sitting_out=sheet.next.sitting_out,
            form=DealForm(players=sheet.next.players, rules=sheet.rules),
            kept_input=next((d.input for d in sheet.deals if d.number == kept), None)
            if kept is not None and kept < sheet.next.number else None,
        )
    for deal in sheet.deals:
        if deal.id == deal_id:
            if deal.input is None:
                break
            return EntryContext(
                game_name=sheet.name,
                number=deal.number,
                dealer=deal.dealer,
                sitting_out=deal.sitting_out,
                form=DealForm.from_deal_input(deal.input, sheet.rules),
                expected_version=deal.version,
            )
    raise DealNotFound(deal_id)


def _editable(uow_factory: UowFactory, game_id: int, state: AppState) -> bool:
    try:
        return can_edit(uow_factory, game_id, state)
    except ServiceError:  # a missing game: the form's own load says so
        return True


def conflict_context(ctx: EntryContext, current: SheetDeal) -> EntryContext:
    """The entry context reloaded from the deal as it is now (DealConflict.current)."""
    form = (DealForm.from_deal_input(current.input, ctx.form.rules)
            if current.input is not None else ctx.form)
    return replace(ctx, form=form, expected_version=current.version, number=current.number)


@dataclass(frozen=True, slots=True)
class EntryActions:
    """What the form's buttons do, bound to one render's state and its setters."""

    uow_factory: UowFactory
    app_state: AppState
    game_id: int
    deal_id: int | None
    ctx: EntryContext
    conflict: Conflict | None
    lang: str
    code: str | None
    set_ctx: Callable[[EntryContext | ServiceError], None]
    set_tick: Callable[[Callable[[int], int]], None]
    set_save_error: Callable[[FieldError | None], None]
    set_conflict: Callable[[Conflict | None], None]
    keeper: FormKeeper
    show_error: ShowError
    set_restored: Callable[[bool], None] | None = None

    def changed(self) -> None:
        """A change typed: kept at once, in the session and in the browser (a reload,
        a closed tab, a crash the moment after finds it)."""
        self.set_save_error(None)
        self.set_tick(lambda n: n + 1)
        keep_draft(ft.context.page, self.game_id, self.ctx.form, deal_id=self.deal_id,
                   version=self.ctx.expected_version, original=self.keeper.original,
                   number=self.ctx.number)

    def _store(self, form: DealForm) -> Change | None:
        data = form.to_deal_dict()
        done: list[Change] = []
        if self.deal_id is None:
            record_deal(self.uow_factory(), self.game_id, data, code=self.code,
                        organiser=writer(self.app_state, self.game_id),
                        expected_number=self.ctx.number, on_done=done.append)
        else:
            edit_deal(self.uow_factory(), self.game_id, self.deal_id, data,
                      expected_version=self.ctx.expected_version, code=self.code,
                      organiser=writer(self.app_state, self.game_id), on_done=done.append)
        return done[0] if done else None

    def clear_draft(self) -> None:
        """"Effacer": the restored draft goes; a new deal starts blank, a correction
        shows the deal as saved."""
        drop_draft(ft.context.page, self.game_id, self.deal_id)
        if self.deal_id is None:
            self.set_ctx(replace(self.ctx, form=DealForm(players=self.ctx.form.players,
                                                         rules=self.ctx.form.rules)))
        else:
            self.reload_ctx()
        if self.set_restored is not None:
            self.set_restored(False)
        self.set_save_error(None)

    async def save(self) -> None:
        """Stores the deal off the event loop (other phones stay served meanwhile); a second
        tap while it is stored, or after, does nothing."""
        keeper, form, lang = self.keeper, self.ctx.form, self.lang
        if keeper.saving or keeper.done or not form.preview(lang).can_save:
            return
        keeper.saving = True
        mark("tapped")
        try:
            change = await off_loop(self._store, form)
        except InvalidDeal as exc:
            self.set_save_error(FieldError(exc.field, exc.field, exc.message(lang)))
        except DealConflict as exc:
            # Nothing is overwritten: the form now shows the deal as saved elsewhere, and
            # what this phone typed is kept to be re-applied on purpose.
            self.set_conflict(Conflict(
                t("deal_entry.changed_meanwhile", reason=exc.message(lang)),
                copy.deepcopy(form)))
            self.set_ctx(conflict_context(self.ctx, exc.current))
            self.set_save_error(None)
        except NextDealTaken as exc:
            # Another phone recorded this deal first: show the sheet's next deal, keep what
            # this phone typed to be re-applied only on purpose (never a silent duplicate).
            self.set_conflict(Conflict(exc.message(lang), copy.deepcopy(form)))
            self.reload_ctx()
        except ServiceError as exc:
            forbidden(exc, self.app_state, self.game_id)
            keeper.refused_by_storage = exc.field == "storage"
            self.set_save_error(FieldError(exc.field, exc.field, exc.message(lang)))
        else:
            mark("stored")
            number = self.ctx.number
            text = t("deal_entry.saved" if self.deal_id is None else "deal_entry.changed",
                     number=number)
            keeper.done = True
            page, game_id, deal_id = ft.context.page, self.game_id, self.deal_id
            # Until the sheet has shown it, a reload says this deal was saved.
            mark_saved(page, game_id, deal_id, number)

            def finish() -> None:
                after_change(self.app_state, self.uow_factory, game_id, text, change,
                             self.show_error,
                             shown=lambda: drop_mark(page, game_id, deal_id, number))

            keeper.finish = finish  # again when the phone comes back, if it was away
            with contextlib.suppress(AttributeError):  # away now (Flet: no connection)
                finish()
        finally:
            keeper.saving = False

    def reload_ctx(self) -> None:
        try:
            self.set_ctx(load_entry(self.uow_factory, self.game_id, self.deal_id, self.lang))
        except ServiceError as exc:
            self.set_ctx(exc)
        self.set_save_error(None)

    def reload(self) -> None:
        self.reload_ctx()
        self.set_conflict(None)

    def reapply(self) -> None:
        # This phone's values on top of the current version: saving now is deliberate.
        if self.conflict is not None and self.conflict.attempted is not None:
            self.set_ctx(replace(self.ctx, form=self.conflict.attempted.carried_to(
                self.ctx.form.players)))
        self.set_conflict(None)
        self.set_save_error(None)


@dataclass(frozen=True, slots=True)
class EntryData:
    """What the form reads from the database as it opens: the deal (or the game's next
    one), or why it cannot open, and what this phone may do with the game (None: no
    such game, the form's own load says so)."""

    ctx: EntryContext | ServiceError
    rights: Rights | None
    #: why no deal can be entered here at all, said before anything is typed: the
    #: tournament round is closed, or its deals at this table are played
    refusal: str | None = None

    @property
    def editable(self) -> bool:
        return self.rights is None or self.rights.editable


def _read_entry(uow_factory: UowFactory, app_state: AppState, game_id: int,
                deal_id: int | None, lang: str, kept: int | None) -> EntryData:
    """Database reads only (a worker thread runs them)."""
    try:
        ctx: EntryContext | ServiceError = load_entry(uow_factory, game_id, deal_id, lang,
                                                      kept=kept)
    except ServiceError as exc:
        ctx = exc
    try:
        sheet = sheet_cache().get(uow_factory, game_id, lang=lang)
        organiser = check_organiser(uow_factory(), game_id, app_state.organiser_key(game_id))
    except ServiceError:
        return EntryData(ctx, None)
    rights = rights_of(sheet, _editable(uow_factory, game_id, app_state), organiser)
    refusal = None
    if rights.locked is Locked.ROUND_CLOSED:
        refusal = TableClosed(sheet.name, sheet.tournament_round or 0,
                              sheet.tournament_table or 0).message(lang)
    elif deal_id is None and rights.editable and rights.full:
        refusal = deal_limit_refusal(sheet).message(lang)
    return EntryData(ctx, rights, refusal)


def _conflict_panel(conflict: Conflict, actions: EntryActions) -> ft.Control:
    return ft.Column([
        error_text(conflict.message, ident="conflict-error"),
        ft.Row([
            ft.FilledTonalButton(t("deal_entry.reapply"),
                                 icon=ft.Icons.RESTORE, on_click=lambda _e: actions.reapply()),
            ft.OutlinedButton(t("deal_entry.reload"),
                              icon=ft.Icons.REFRESH, on_click=lambda _e: actions.reload()),
        ], wrap=True),
    ])


def _entry_screen(actions: EntryActions, preview: Preview, route: str, *,
                  extras_open: bool, toggle_extras: Callable[[], None],
                  counting: CounterSlot | None = None,
                  restored: bool = False, renumbered: int | None = None,
                  saved: int | None = None,
                  list_ref: ft.Ref[ft.ListView] | None = None) -> ft.View:
    ctx, deal_id = actions.ctx, actions.deal_id
    form = ctx.form
    body: list[ft.Control] = []
    if saved is not None and (deal_id is not None or is_blank(form)):
        body.append(saved_note(saved, correction=deal_id is not None))
    if restored:
        body.append(draft_banner(actions.clear_draft, ctx.number,
                                 correction=deal_id is not None))
    if renumbered is not None and renumbered == ctx.number:
        body.append(renumbered_note(renumbered))
    if actions.conflict is not None:
        body.append(_conflict_panel(actions.conflict, actions))
    body += deal_sections(form, preview, actions.changed, extras_open=extras_open,
                          toggle_extras=toggle_extras, **(counting or {}))

    title = t("deal_entry.title" if deal_id is None else "deal_entry.edit_title",
              number=ctx.number)
    save_label = t("deal_entry.save" if deal_id is None else "deal_entry.save_changes")
    return screen(
        deal_title(title, ctx.dealer, ctx.sitting_out),
        ft.ListView(body, expand=True, spacing=10, ref=list_ref,
                    padding=ft.Padding.only(left=14, right=14, top=8, bottom=16)),
        route=route,
        bottom=preview_bar(form.players, preview, actions.save, save_label=save_label,
                           taker=form.taker, partner=form.partner),
    )


@ft.component
def DealEntryView(game_id: int, deal_id: int | None = None) -> ft.View:
    uow_factory = use_uow()
    app_state = use_app_state()
    route = (f"/games/{game_id}/deals/{deal_id}/edit" if deal_id is not None
             else f"/games/{game_id}/deal")
    lang = current_lang()
    code = app_state.code_for(game_id)
    # Read once as the form opens (and again for a code entered here): the form then
    # belongs to this phone; another phone's change only moves a new deal's number.
    kept = kept_number(ft.context.page, game_id, deal_id)
    data = use_data(lambda: _read_entry(uow_factory, app_state, game_id, deal_id, lang, kept),
                    key=[game_id, deal_id, code], own_changes=False)
    unlock = use_unlock_dialog(game_id, app_state, uow_factory)
    if not data.loaded:
        return screen("", loading_state(), route=route)
    entry = data.value
    if isinstance(entry.ctx, ServiceError):
        return load_error_screen(entry.ctx.message(lang), route)
    if entry.refusal is not None:
        return no_deal_screen(f"/games/{game_id}", route, entry.refusal)
    if not entry.editable:
        return read_only_screen(unlock, route)
    return EntryForm(game_id, deal_id, entry.ctx, route)


@ft.component
def EntryForm(game_id: int, deal_id: int | None, first: EntryContext, route: str) -> ft.View:
    """The form itself, opened from `first` (the deal as read) and this phone's draft."""
    uow_factory = use_uow()
    app_state = use_app_state()
    left = use_see_through_exit(route)
    opened = ft.use_ref(lambda: open_form(ft.context.page, first, game_id, deal_id)).current
    assert opened is not None
    ctx, set_ctx = ft.use_state(opened.ctx)
    _tick, set_tick = ft.use_state(0)
    extras_open, set_extras_open = ft.use_state(
        lambda: isinstance(ctx, EntryContext) and ctx.form.has_extras)
    save_error, set_save_error = ft.use_state(None)
    conflict, set_conflict = ft.use_state(opened.conflict)
    counter, set_counter = ft.use_state(None)  # the card counter, while open
    list_ref, counter_laid_out = use_counter_in_view(counter is not None)
    restored, set_restored = ft.use_state(opened.restored)
    renumbered, set_renumbered = ft.use_state(None)
    keeper = use_form_keeper(game_id, deal_id, ctx, opened.original)

    def follow() -> None:
        if deal_id is None and not keeper.done and isinstance(keeper.ctx, EntryContext):
            follow_next_deal(uow_factory, game_id, keeper.ctx, set_ctx, set_renumbered)

    def listen() -> Callable[[], None]:
        # Another phone's change: the new deal may have to follow the sheet's next number.
        # Once this form is saved, the change is its own: nothing to follow or redraw.
        return session_live(ft.context.page).add([game_topic(game_id)], follow)

    use_subscription(listen, [game_id])
    use_subscription(lambda: session_live(ft.context.page).on_read_again(follow_read_again(
        uow_factory, game_id, deal_id, keeper, set_ctx, set_save_error, set_conflict)),
        [game_id])
    use_back_again(keeper, deal_id, set_restored)
    ft.use_effect(follow, dependencies=[app_state.revision])
    lang = current_lang()
    code = app_state.code_for(game_id)
    show_error = use_error()

    if left:  # saved: the sheet under it shows through while it goes
        return see_through_screen(route, None)
    if isinstance(ctx, ServiceError):
        return load_error_screen(ctx.message(lang), route)

    actions = EntryActions(
        uow_factory, app_state, game_id, deal_id, ctx, conflict, lang, code,
        set_ctx=set_ctx, set_tick=set_tick, set_save_error=set_save_error,
        set_conflict=set_conflict, keeper=keeper, show_error=show_error,
        set_restored=set_restored)
    preview = ctx.form.preview(lang)
    if save_error is not None and preview.can_save:
        preview = Preview(error=save_error, lang=lang)
    return see_through_screen(route, _entry_screen(
        actions, preview, route, extras_open=extras_open,
        toggle_extras=lambda: set_extras_open(not extras_open),
        counting=counter_slot(ctx.form, counter, set_counter, actions.changed,
                              counter_laid_out),
        restored=restored, renumbered=renumbered, saved=opened.saved, list_ref=list_ref))
