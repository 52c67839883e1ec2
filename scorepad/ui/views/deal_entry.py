"""`/games/{id}/deal` and `/games/{id}/deals/{deal_id}/edit`: enter or correct a deal."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

import flet as ft

from scorepad.domain import InvalidDeal
from scorepad.services.deals import edit_deal, record_deal
from scorepad.services.errors import DealConflict, DealNotFound, NextDealTaken, ServiceError
from scorepad.services.games import get_sheet
from scorepad.services.history import undo
from scorepad.services.views import SheetDeal
from scorepad.ui.components.deal_controls import (
    error_text,
)
from scorepad.ui.components.deal_preview import preview_bar
from scorepad.ui.components.deal_sections import deal_sections
from scorepad.ui.components.layout import screen
from scorepad.ui.components.snackbar import show_snackbar
from scorepad.ui.deal_form import DealForm, FieldError, Preview
from scorepad.ui.i18n import current_lang, tr
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.table_code import can_edit, forbidden, read_only_banner


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


def load_entry(uow_factory: UowFactory, game_id: int, deal_id: int | None) -> EntryContext:
    """Reads the sheet once; raises ServiceError when the game or deal does not exist."""
    sheet = get_sheet(uow_factory(), game_id, lang=current_lang())
    if deal_id is None:
        return EntryContext(
            game_name=sheet.name,
            number=sheet.next.number,
            dealer=sheet.next.dealer,
            sitting_out=sheet.next.sitting_out,
            form=DealForm(players=sheet.next.players, rules=sheet.rules),
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


def after_change(state: AppState, uow_factory: UowFactory, game_id: int, text: str) -> None:
    """Back to the sheet, which reloads, with a snackbar offering to undo the change."""

    def undo_it() -> None:
        try:
            label = undo(uow_factory(), game_id, lang=current_lang(),
                         code=state.code_for(game_id))
        except ServiceError as exc:
            show_snackbar(exc.message(current_lang()))
            return
        state.touch()
        if label:
            show_snackbar(tr(f"Annulé : {label}", f"Undone: {label}"))

    state.touch()
    ft.context.page.navigate(f"/games/{game_id}")
    show_snackbar(text, undo=undo_it)


def _editable(uow_factory: UowFactory, game_id: int, state: AppState) -> bool:
    try:
        return can_edit(uow_factory, game_id, state)
    except ServiceError:  # a missing game: the form's own load says so
        return True


def _subtitle(ctx: EntryContext) -> str:
    text = tr(f"Donneur : {ctx.dealer}", f"Dealer: {ctx.dealer}")
    if ctx.sitting_out:
        names = ", ".join(ctx.sitting_out)
        text += tr(f" · {names} ne joue pas", f" · {names} sits out")
    return text


@dataclass(frozen=True, slots=True)
class Conflict:
    """The deal changed on another phone while this one edited it: the form now shows the
    current values; `attempted` keeps what this phone tried to save, to re-apply it."""

    message: str
    attempted: DealForm | None


def conflict_context(ctx: EntryContext, current: SheetDeal) -> EntryContext:
    """The entry context reloaded from the deal as it is now (DealConflict.current)."""
    form = (DealForm.from_deal_input(current.input, ctx.form.rules)
            if current.input is not None else ctx.form)
    return replace(ctx, form=form, expected_version=current.version, number=current.number)


@ft.component
def DealEntryView(game_id: int, deal_id: int | None = None) -> ft.View:
    uow_factory = use_uow()
    app_state = use_app_state()
    route = (f"/games/{game_id}/deals/{deal_id}/edit" if deal_id is not None
             else f"/games/{game_id}/deal")

    def initial() -> EntryContext | ServiceError:
        try:
            return load_entry(uow_factory, game_id, deal_id)
        except ServiceError as exc:
            return exc

    ctx, set_ctx = ft.use_state(initial)
    _tick, set_tick = ft.use_state(0)
    extras_open, set_extras_open = ft.use_state(
        lambda: isinstance(ctx, EntryContext) and ctx.form.has_extras)
    save_error, set_save_error = ft.use_state(None)
    conflict, set_conflict = ft.use_state(None)
    busy, set_busy = ft.use_state(False)
    lang = current_lang()
    code = app_state.code_for(game_id)
    editable = ft.use_memo(lambda: _editable(uow_factory, game_id, app_state),
                           dependencies=[game_id, code])

    if isinstance(ctx, ServiceError):
        return screen(tr("Donne", "Deal"), ft.Container(
            error_text(ctx.message(lang), ident="load-error"), padding=16), route=route)
    if not editable:
        return screen(tr("Donne", "Deal"), ft.Column([
            read_only_banner(game_id, app_state, uow_factory),
            ft.Container(ft.Text(tr(
                "Sans le code de table, ce téléphone peut suivre la feuille mais pas saisir "
                "ni modifier de donne.", "Without the table code this phone can follow the "
                "sheet but not enter or change a deal."), size=14), padding=16),
        ]), route=route)

    form = ctx.form

    def changed() -> None:
        set_save_error(None)
        set_tick(lambda t: t + 1)

    def save() -> None:
        if busy:
            return
        preview_now = form.preview(lang)
        if not preview_now.can_save:
            return
        set_busy(True)
        try:
            data = form.to_deal_dict()
            if deal_id is None:
                record_deal(uow_factory(), game_id, data, code=code,
                            expected_number=ctx.number)
            else:
                edit_deal(uow_factory(), game_id, deal_id, data,
                          expected_version=ctx.expected_version, code=code)
        except InvalidDeal as exc:
            set_save_error(FieldError(exc.field, exc.field, exc.message(lang)))
            set_busy(False)
            return
        except DealConflict as exc:
            # Nothing is overwritten: the form now shows the deal as saved elsewhere, and
            # what this phone typed is kept to be re-applied on purpose.
            set_conflict(Conflict(
                tr("Donne modifiée entre-temps sur un autre téléphone : voici ses valeurs "
                   "actuelles.", "Deal changed meanwhile on another phone: here are its "
                   "current values.") + " " + exc.message(lang),
                copy.deepcopy(form)))
            set_ctx(conflict_context(ctx, exc.current))
            set_save_error(None)
            set_busy(False)
            return
        except NextDealTaken as exc:
            # Another phone recorded this deal first: show the sheet's next deal, keep what
            # this phone typed to be re-applied only on purpose (never a silent duplicate).
            set_conflict(Conflict(exc.message(lang), copy.deepcopy(form)))
            reload_ctx()
            set_busy(False)
            return
        except ServiceError as exc:
            forbidden(exc, app_state, game_id)
            set_save_error(FieldError(exc.field, exc.field, exc.message(lang)))
            set_busy(False)
            return

        text = (tr(f"Donne {ctx.number} enregistrée", f"Deal {ctx.number} saved")
                if deal_id is None else
                tr(f"Donne {ctx.number} modifiée", f"Deal {ctx.number} changed"))
        after_change(app_state, uow_factory, game_id, text)

    def reload_ctx() -> None:
        try:
            set_ctx(load_entry(uow_factory, game_id, deal_id))
        except ServiceError as exc:
            set_ctx(exc)
        set_save_error(None)

    def reload() -> None:
        reload_ctx()
        set_conflict(None)

    def reapply() -> None:
        # This phone's values on top of the current version: saving now is deliberate.
        if conflict is not None and conflict.attempted is not None:
            set_ctx(replace(ctx, form=conflict.attempted.carried_to(ctx.form.players)))
        set_conflict(None)
        set_save_error(None)

    preview = form.preview(lang)
    if save_error is not None and preview.can_save:
        preview = Preview(error=save_error, lang=lang)

    body: list[ft.Control] = []
    if conflict is not None:
        body.append(ft.Column([
            error_text(conflict.message, ident="conflict-error"),
            ft.Row([
                ft.FilledTonalButton(tr("Reprendre mes valeurs", "Use my values again"),
                                     icon=ft.Icons.RESTORE, on_click=lambda _e: reapply()),
                ft.OutlinedButton(tr("Recharger la donne", "Reload the deal"),
                                  icon=ft.Icons.REFRESH, on_click=lambda _e: reload()),
            ], wrap=True),
        ]))
    body += deal_sections(form, preview, changed, extras_open=extras_open,
                          toggle_extras=lambda: set_extras_open(not extras_open))

    title = (tr(f"Donne {ctx.number}", f"Deal {ctx.number}") if deal_id is None
             else tr(f"Modifier la donne {ctx.number}", f"Edit deal {ctx.number}"))
    save_label = (tr("Enregistrer la donne", "Save the deal") if deal_id is None
                  else tr("Enregistrer les changements", "Save the changes"))
    title_control = ft.Column(
        [ft.Text(title, size=19, weight=ft.FontWeight.W_600),
         ft.Text(_subtitle(ctx), size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=0,
    )
    return screen(
        title_control,
        ft.ListView(body, expand=True, spacing=10,
                    padding=ft.Padding.only(left=14, right=14, top=8, bottom=16)),
        route=route,
        bottom=preview_bar(form.players, preview, save, save_label=save_label, busy=busy,
                           taker=form.taker, partner=form.partner),
    )
