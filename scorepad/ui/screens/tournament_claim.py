"""`/tournaments/organiser/{token}`: a tournament's hand-over link; takes the organiser
role once, keeps the key in this browser's storage, then opens the tournament."""

from __future__ import annotations

import flet as ft

from scorepad.domain.errors import Refusal
from scorepad.services import tournament as tm
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import use_uow
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.layout import empty_state, screen
from scorepad.ui.widgets.snackbar import navigate_then_show


@ft.component
def TournamentClaimView() -> ft.View:
    state = use_app_state()
    uow = use_uow()
    token = ft.use_route_params().get("token", "")
    failure, set_failure = ft.use_state("")

    def claim() -> None:
        try:
            made = tm.claim_tournament_handover(uow(), token)
        except Refusal as exc:
            set_failure(exc.message(current_lang()))
            return
        state.remember_tournament(made.id, made.organiser_key)
        navigate_then_show(f"/tournaments/{made.id}", t("tournament_ui.claim.done"))

    ft.use_effect(claim, dependencies=[token])
    body = empty_state(ft.Icons.LINK_OFF, t("claim.invalid"), failure) \
        if failure else ft.Container(ft.ProgressRing(), alignment=ft.Alignment.CENTER,
                                     padding=40)
    return screen(t("claim.title"), body, route=f"/tournaments/organiser/{token}", nav="/")
