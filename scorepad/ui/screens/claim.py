"""`/organiser/{token}`: the screen of a hand-over link; takes the organiser role once,
keeps the key in this browser's storage, then opens the game."""

from __future__ import annotations

import flet as ft

from scorepad import services
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import use_uow
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.layout import empty_state, loading_state, screen
from scorepad.ui.widgets.snackbar import navigate_then_show


@ft.component
def ClaimView() -> ft.View:
    """The screen of a hand-over link: takes the role once, keeps the key in this
    browser's storage, then opens the game."""
    state = use_app_state()
    uow = use_uow()
    token = ft.use_route_params().get("token", "")
    failure, set_failure = ft.use_state("")

    def claim() -> None:
        try:
            made = services.claim_handover(uow(), token)
        except services.ServiceError as exc:
            set_failure(exc.message(current_lang()))
            return
        state.remember_organiser(made.id, made.organiser_key)
        # Shown once the game is on screen: shown before, it would go with this screen.
        navigate_then_show(f"/games/{made.id}", t("claim.done"))

    ft.use_effect(claim, dependencies=[token])
    body = empty_state(ft.Icons.LINK_OFF, t("claim.invalid"), failure) \
        if failure else loading_state()
    return screen(t("claim.title"), body, route=f"/organiser/{token}", nav="/")
