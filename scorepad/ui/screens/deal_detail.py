"""`/games/{id}/deals/{deal_id}`: a deal's row, its calculation step by step, its history,
edit and delete."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad.domain import DealKind, InvalidDeal, ScoredDeal, score_deal
from scorepad.domain.messages import N_, fmt_signed
from scorepad.services.base.changes import Change
from scorepad.services.base.errors import DealConflict, DealNotFound, ServiceError
from scorepad.services.base.views import DealVersion, GameSheet, SheetDeal
from scorepad.services.games.deals import deal_history, delete_deal
from scorepad.services.games.game import check_organiser, get_sheet
from scorepad.ui.access import can_edit, forbidden, writer
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.confirm import Confirm, ShowError, use_confirm, use_error
from scorepad.ui.dialogs.game_actions import after_change
from scorepad.ui.dialogs.game_menu import rights_of
from scorepad.ui.dialogs.table_code import use_unlock_dialog
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import ALL_TOPIC, game_topic
from scorepad.ui.models.deal_form import outcome_text
from scorepad.ui.models.sheet_rights import Locked, Rights
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.deal_explanation import explanation_block
from scorepad.ui.widgets.deal_header import deal_title, load_error_screen
from scorepad.ui.widgets.deal_preview import score_cells
from scorepad.ui.widgets.layout import loading_state, screen, use_page_key
from scorepad.ui.widgets.read_only_banner import closed_banner, read_only_banner
from scorepad.ui.widgets.snackbar import show_snackbar


@dataclass(frozen=True, slots=True)
class DetailContext:
    deal: SheetDeal
    players: tuple[str, ...]
    scored: ScoredDeal | None
    history: tuple[DealVersion, ...]
    #: the game's sheet the deal was read from
    sheet: GameSheet | None = None


def load_detail(uow_factory: UowFactory, game_id: int, deal_id: int) -> DetailContext:
    sheet = get_sheet(uow_factory(), game_id, lang=current_lang())
    deal = next((d for d in sheet.deals if d.id == deal_id), None)
    if deal is None:
        raise DealNotFound(deal_id)
    scored = None
    if deal.input is not None:
        try:
            scored = score_deal(deal.input, sheet.rules)
        except InvalidDeal:  # stored under other rules: show the row without the steps
            scored = None
    players = deal.input.players if deal.input is not None else tuple(
        p for p in sheet.seats if p not in deal.sitting_out)
    history = tuple(deal_history(uow_factory(), deal_id))
    return DetailContext(deal=deal, players=players, scored=scored, history=history,
                         sheet=sheet)


#: what a version of a deal was (its history's line titles)
ACTIONS = {
    "created": N_("deal_detail.action_created"),
    "edited": N_("deal_detail.action_edited"),
    "deleted": N_("deal_detail.action_deleted"),
    "undo": N_("deal_detail.action_undo"),
    "redo": N_("deal_detail.action_redo"),
    "rescored": N_("deal_detail.action_rescored"),
    "imported": N_("deal_detail.action_imported"),
}


def action_label(action: str) -> str:
    key = ACTIONS.get(action)
    return t(key) if key is not None else action


def deal_headline(deal: SheetDeal) -> str:
    """'Garde d'André, appelé Cécile' / 'Tous passent : donne rejouée'."""
    if deal.kind is DealKind.PASSED:
        return t("deal_detail.passed")
    if deal.kind is DealKind.PETIT_SEC:
        return t("deal_detail.petit_sec")
    played = deal.input
    assert played is not None
    key = N_("deal_detail.headline")
    if len(played.players) == 5:
        key = (N_("deal_detail.headline_partner") if played.partner
               else N_("deal_detail.headline_alone"))
    text = t(key, contract=played.contract.value, taker=played.taker,
             partner=played.partner or "")
    return text[:1].upper() + text[1:]


def written_by(version: DealVersion) -> str:
    """Who made a change, in words: "par l'organisateur", "par la table 2", "par Bruno"
    (and the name a table or the organiser gave, if any); "" when nobody is known."""
    if version.by_organiser:
        who = t("deal_detail.by_organiser")
    elif version.by_table is not None:
        who = t("deal_detail.by_table", table=version.by_table)
    elif version.author:
        return t("deal_detail.by_author", author=version.author)
    else:
        return ""
    return t("deal_detail.by_named", who=who, author=version.author) if version.author \
        else who


def history_list(versions: tuple[DealVersion, ...], taker: str | None) -> ft.Control:
    lang = current_lang()
    rows: list[ft.Control] = []
    for v in reversed(versions):
        when = v.at.astimezone().strftime("%d/%m %H:%M")
        if v.input is not None:
            what = t("deal_detail.version", contract=v.input.contract.value,
                     taker=v.input.taker, bouts=nt("deal_detail.bouts", v.input.bouts),
                     points=v.input.points)
            mine = v.scores.get(v.input.taker)
            if mine is not None:
                # No arrow: Roboto, the client's font, has none (a middle dot it has).
                what += f" · {v.input.taker} {fmt_signed(mine, lang)}"
        else:
            what = t("deal_detail.no_score")
        badge = t("deal_detail.version_badge", version=str(v.version))
        title = f"{action_label(v.action).capitalize()} · {when}"
        by = written_by(v)
        if by:
            title += f" · {by}"
        rows.append(ft.ListTile(
            leading=ft.CircleAvatar(content=ft.Text(badge, size=12), radius=16),
            title=ft.Semantics(identifier=f"history-{v.version}", content=ft.Text(
                title, size=14, weight=ft.FontWeight.W_600)),
            subtitle=ft.Text(what, size=13),
            dense=True,
            content_padding=ft.Padding.symmetric(horizontal=4),
        ))
    return ft.Column(rows, spacing=0)


def _delete(uow_factory: UowFactory, app_state: AppState, game_id: int, deal: SheetDeal,
            code: str | None, lang: str, show_error: ShowError) -> None:
    """Deletes the deal as read (its version): a change made meanwhile elsewhere wins."""
    done: list[Change] = []
    try:
        delete_deal(uow_factory(), game_id, deal.id, expected_version=deal.version,
                    code=code, organiser=writer(app_state, game_id), on_done=done.append)
    except DealConflict:
        # Nothing deleted: the page shows the deal as it is now, to decide again.
        app_state.touch()
        show_snackbar(t("deal_detail.delete_conflict", number=deal.number))
        return
    except ServiceError as exc:
        forbidden(exc, app_state, game_id)
        show_snackbar(exc.message(lang))
        return
    after_change(app_state, uow_factory, game_id,
                 t("deal_detail.deleted", number=deal.number),
                 done[0] if done else None, show_error)


def _summary(ctx: DetailContext, lang: str) -> ft.Control:
    """The headline, the facts as entered, made or failed, and the row of scores."""
    deal = ctx.deal
    items: list[ft.Control] = [
        ft.Text(deal_headline(deal), size=18, weight=ft.FontWeight.W_700),
    ]
    if deal.input is not None:
        facts = t("deal_detail.facts", bouts=nt("deal_detail.bouts", deal.input.bouts),
                  points=deal.input.points)
        items.append(ft.Text(facts, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
    if ctx.scored is not None:
        items.append(ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE if ctx.scored.made else ft.Icons.CANCEL,
                    color=ft.Colors.GREEN_600 if ctx.scored.made else ft.Colors.RED_400,
                    size=20),
            ft.Semantics(identifier="deal-outcome",
                         content=ft.Text(outcome_text(ctx.scored, lang), size=16,
                                         weight=ft.FontWeight.W_700)),
        ], spacing=6))
    if deal.scores:
        roles = {}
        if deal.input is not None:
            roles[deal.input.taker] = "taker"
        items.append(score_cells(ctx.players, deal.scores, ident_prefix="deal", roles=roles))
    return ft.Container(
        content=ft.Column(items, spacing=8),
        padding=14,
        border_radius=16,
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )


def _action_buttons(deal: SheetDeal, on_edit: Callable[[], None],
                    on_delete: Callable[[], None]) -> ft.Control:
    return ft.Row(
        [
            ft.FilledTonalButton(t("deal_detail.edit"), icon=ft.Icons.EDIT_OUTLINED,
                                 on_click=lambda _e: on_edit(), expand=True, height=48,
                                 disabled=deal.input is None),
            ft.OutlinedButton(t("common.delete"), icon=ft.Icons.DELETE_OUTLINE,
                              on_click=lambda _e: on_delete(), expand=True, height=48,
                              style=ft.ButtonStyle(color=ft.Colors.ERROR)),
        ],
        spacing=10,
    )


def _load(uow_factory: UowFactory, app_state: AppState, game_id: int, deal_id: int
          ) -> tuple[DetailContext | ServiceError, Rights | None]:
    """The deal and what this phone may do with it (database reads)."""
    try:
        ctx = load_detail(uow_factory, game_id, deal_id)
        assert ctx.sheet is not None
        return ctx, rights_of(ctx.sheet, can_edit(uow_factory, game_id, app_state),
                              check_organiser(uow_factory(), game_id,
                                              app_state.organiser_key(game_id)))
    except ServiceError as exc:
        return exc, None


@ft.component
def DealDetailView(game_id: int, deal_id: int) -> ft.View:
    uow_factory = use_uow()
    app_state = use_app_state()
    route = f"/games/{game_id}/deals/{deal_id}"
    page_key = use_page_key(route)
    code = app_state.code_for(game_id)

    # Another phone's change (live) shows here too: the row, the steps, the history.
    data = use_data(lambda: _load(uow_factory, app_state, game_id, deal_id),
                    key=[game_id, deal_id, code], topics=[game_topic(game_id), ALL_TOPIC])
    lang = current_lang()
    page = ft.context.page
    confirm = use_confirm()
    show_error = use_error()
    unlock = use_unlock_dialog(game_id, app_state, uow_factory)
    # Until this deal is read, a loading indicator (never another deal's steps).
    if not data.loaded or data.key[:2] != (game_id, deal_id):
        return screen("", loading_state(), route=page_key)
    ctx, rights = data.value

    if isinstance(ctx, ServiceError):
        return load_error_screen(ctx.message(lang), route)

    deal = ctx.deal

    def edit() -> None:
        page.navigate(f"/games/{game_id}/deals/{deal_id}/edit")

    def confirm_delete() -> None:
        confirm(Confirm(
            t("deal_detail.confirm_delete", number=deal.number),
            t("deal_detail.confirm_delete_text"), t("common.delete"),
            lambda: _delete(uow_factory, app_state, game_id, deal, code, lang, show_error),
            destructive=True, cancel_label=t("deal_detail.keep"),
            icon=ft.Icons.DELETE_OUTLINE))

    summary = _summary(ctx, lang)
    body: list[ft.Control]
    if rights is not None and rights.editable:
        body = [summary, _action_buttons(deal, edit, confirm_delete)]
    elif rights is not None and rights.locked is Locked.ROUND_CLOSED:
        body = [closed_banner(ctx.sheet), summary]
    else:
        body = [read_only_banner(unlock), summary]
    if deal.input is not None and ctx.scored is not None:
        body.append(explanation_block(deal.input, ctx.scored))
    if ctx.history:
        body.append(ft.Text(t("deal_detail.history"), size=16, weight=ft.FontWeight.W_700))
        body.append(history_list(ctx.history, deal.taker))

    return screen(
        deal_title(t("deal_detail.title", number=deal.number), deal.dealer,
                   deal.sitting_out),
        ft.ListView(body, expand=True, spacing=14,
                    padding=ft.Padding.only(left=14, right=14, top=8, bottom=24)),
        route=page_key,
    )
