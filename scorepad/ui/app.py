"""The Flet app: `main(page)` sets theme and locale, then renders the router of every screen."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.components.layout import MAX_BODY_WIDTH, app_theme, empty_state, screen
from scorepad.ui.i18n import tr
from scorepad.ui.live import session_live
from scorepad.ui.organiser import BinView, ClaimView
from scorepad.ui.state import AppState, app_state_context, load_state
from scorepad.ui.views.big_screen import BigScreenRoute
from scorepad.ui.views.calculator import CalculatorView
from scorepad.ui.views.circles import CirclesView
from scorepad.ui.views.deal_detail import DealDetailView
from scorepad.ui.views.deal_entry import DealEntryView
from scorepad.ui.views.games import GamesView
from scorepad.ui.views.new_game import GameRulesView, NewGameView
from scorepad.ui.views.players import PlayersView
from scorepad.ui.views.ranking import RankingRoute
from scorepad.ui.views.settings import SettingsView
from scorepad.ui.views.sheet import SheetView
from scorepad.ui.views.soiree import SoireeRoute
from scorepad.ui.views.stats import AllStatsView, GameStatsView


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


def _game_route(build: Callable[[int], ft.View]) -> Callable[[], ft.View]:
    """A route's component for a screen of one game: the game number comes from the
    address (`:id`); an address without a number gets the "page not found" screen."""
    @ft.component
    def GameRoute() -> ft.View:
        game_id = _int_param("id")
        return NotFoundView() if game_id is None else build(game_id)

    return GameRoute


# Made once, at import: a route's component must stay the same function across renders.
SheetRoute = _game_route(SheetView)
DealEntryRoute = _game_route(DealEntryView)
DealEditRoute = _game_route(
    lambda game_id: DealEntryView(game_id, deal_id=_int_param("deal_id")))
DealDetailRoute = _game_route(
    lambda game_id: DealDetailView(game_id, _int_param("deal_id") or 0))
GameStatsRoute = _game_route(GameStatsView)
RulesRoute = _game_route(GameRulesView)


def routes() -> list[ft.Route]:
    # Nested routes stack their views: the back arrow and the Android back gesture pop
    # to the parent (deal -> sheet -> games).
    return [
        ft.Route(path="/", component=GamesView, children=[
            ft.Route(path="new", component=NewGameView),
            ft.Route(path="bin", component=BinView),
            ft.Route(path="circles", component=CirclesView, children=[
                ft.Route(path=":circle/ranking", component=RankingRoute),
                ft.Route(path=":circle/soiree", component=SoireeRoute),
            ]),
            ft.Route(path="players", component=PlayersView),
            ft.Route(path="games/:id", component=SheetRoute, children=[
                ft.Route(path="deal", component=DealEntryRoute),
                ft.Route(path="stats", component=GameStatsRoute),
                ft.Route(path="rules", component=RulesRoute),
                ft.Route(path="deals/:deal_id", component=DealDetailRoute, children=[
                    ft.Route(path="edit", component=DealEditRoute),
                ]),
            ]),
        ]),
        ft.Route(path="/calculator", component=CalculatorView),
        ft.Route(path="/stats", component=AllStatsView, children=[
            ft.Route(path="soiree", component=SoireeRoute),
            ft.Route(path="soiree/:circle/:day", component=SoireeRoute),
            ft.Route(path="ranking", component=RankingRoute),
            ft.Route(path="ranking/:circle", component=RankingRoute),
        ]),
        # The big screen of a club night (a TV, a laptop): no bar, read-only, live.
        ft.Route(path="/grand-ecran", component=BigScreenRoute),
        ft.Route(path="/grand-ecran/:circle", component=BigScreenRoute),
        ft.Route(path="/grand-ecran/:circle/:day", component=BigScreenRoute),
        ft.Route(path="/settings", component=SettingsView),
        # A hand-over link: takes the organiser role, then opens the game.
        ft.Route(path="/organiser/:token", component=ClaimView),
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
    page.theme = app_theme()
    page.dark_theme = app_theme()
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

    # Other phones' changes reach the screens that follow their game (scorepad.ui.live).
    live = session_live(page)

    def on_connect(_e: ft.Event[ft.Page]) -> None:
        # Back from a lost connection (Wi-Fi, phone asleep): what changed meanwhile.
        live.refresh_all()

    page.on_connect = on_connect
    page.render_views(App, state)
