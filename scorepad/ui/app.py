"""The Flet app: `main(page)` sets theme and locale, then renders the router of every screen."""

from __future__ import annotations

import flet as ft

from scorepad.ui.components.layout import MAX_BODY_WIDTH, SEED_COLOR, empty_state, screen
from scorepad.ui.i18n import tr
from scorepad.ui.state import AppState, app_state_context, load_state
from scorepad.ui.views.settings import SettingsView


def _int_param(name: str) -> int | None:
    value = ft.use_route_params().get(name, "")
    return int(value) if value.isdigit() else None


@ft.component
def NotFoundView() -> ft.View:
    def home(_: ft.Event[ft.Button]) -> None:
        ft.context.page.navigate("/")

    body = ft.Column([
        empty_state(ft.Icons.SEARCH_OFF, tr("Page introuvable", "Page not found"),
                    tr("Cette adresse ne correspond à aucun écran de scorepad.",
                       "This address matches no scorepad screen.")),
        ft.Row([ft.FilledButton(tr("Retour aux parties", "Back to the games"), on_click=home)],
               alignment=ft.MainAxisAlignment.CENTER),
    ])
    return screen("scorepad", body, route=ft.context.page.route or "/", nav="/")


def routes() -> list[ft.Route]:
    return [
        ft.Route(path="/settings", component=SettingsView),
        ft.Route(path="/", component=SettingsView),
        # Last: any other address gets a real screen (with its bar) rather than a blank page.
        ft.Route(path="/:rest*", component=NotFoundView),
    ]


@ft.component
def App(state: AppState) -> list[ft.View]:
    # Taking `state` as an argument subscribes App to it: a language or theme change
    # re-renders every screen.
    state.apply()
    return app_state_context(
        state, lambda: ft.Router(routes(), manage_views=True))


async def main(page: ft.Page) -> None:
    page.title = "scorepad"
    page.theme = ft.Theme(color_scheme_seed=SEED_COLOR)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOR)
    state = await load_state()
    state.apply()

    wide = [(page.width or 0) > MAX_BODY_WIDTH]

    def on_resize(e: ft.PageResizeEvent) -> None:
        # Only crossing the phone/tablet threshold changes the layout; the phone keyboard
        # opening also resizes the page and must not re-render every screen.
        now_wide = e.width > MAX_BODY_WIDTH
        if now_wide != wide[0]:
            wide[0] = now_wide
            state.touch()

    page.on_resize = on_resize
    page.render_views(App, state)
