"""`/organiser/{token}` and `/tournaments/organiser/{token}`: the screens of a hand-over
link; each takes the organiser role once, keeps the key in this browser's storage, then
opens the game (or the tournament)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.services import tournament as tm
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.layout import empty_state, loading_state, screen
from scorepad.ui.widgets.snackbar import navigate_then_show

#: takes the role with the token, keeps the key; returns where to go and what to say
Take = Callable[[AppState, str], tuple[str, str]]


def _claim_screen(route: str, take: Take) -> ft.View:
    state = use_app_state()
    token = ft.use_route_params().get("token", "")
    failure, set_failure = ft.use_state("")

    def claim() -> None:
        try:
            target, said = take(state, token)
        except Refusal as exc:
            set_failure(exc.message(current_lang()))
            return
        # Shown once the target is on screen: shown before, it would go with this screen.
        navigate_then_show(target, said)

    ft.use_effect(claim, dependencies=[token])
    body = empty_state(ft.Icons.LINK_OFF, t("claim.invalid"), failure) \
        if failure else loading_state()
    return screen(t("claim.title"), body, route=route + token, nav="/")


@ft.component
def ClaimView() -> ft.View:
    """A game's hand-over link."""
    uow = use_uow()

    def take(state: AppState, token: str) -> tuple[str, str]:
        made = services.claim_handover(uow(), token)
        state.remember_organiser(made.id, made.organiser_key)
        return f"/games/{made.id}", t("claim.done")

    return _claim_screen("/organiser/", take)


@ft.component
def TournamentClaimView() -> ft.View:
    """A tournament's hand-over link: this phone runs the night (and corrects its tables)."""
    uow = use_uow()

    def take(state: AppState, token: str) -> tuple[str, str]:
        made = tm.claim_tournament_handover(uow(), token)
        state.remember_tournament(made.id, made.organiser_key)
        return f"/tournaments/{made.id}", t("tournament_ui.claim.done")

    return _claim_screen("/tournaments/organiser/", take)
