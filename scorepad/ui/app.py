"""The Flet app: `main(page)` sets theme and locale, then renders the router of every screen."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.dialogs.confirm import error_context, use_error_host
from scorepad.ui.dialogs.notice import use_notice_host
from scorepad.ui.live import session_live
from scorepad.ui.screens.big_screen import BigScreenRoute
from scorepad.ui.screens.bin import BinView
from scorepad.ui.screens.calculator import CalculatorView
from scorepad.ui.screens.circles import CirclesView
from scorepad.ui.screens.claim import ClaimView, TournamentClaimView
from scorepad.ui.screens.deal_detail import DealDetailView
from scorepad.ui.screens.deal_entry import DealEntryView
from scorepad.ui.screens.games import GamesView
from scorepad.ui.screens.new_game import GameRulesView, NewGameView
from scorepad.ui.screens.not_found import NotFoundView
from scorepad.ui.screens.players import PlayersView
from scorepad.ui.screens.ranking import RankingRoute
from scorepad.ui.screens.settings import SettingsView
from scorepad.ui.screens.sheet import SheetView
from scorepad.ui.screens.soiree import SoireeRoute
from scorepad.ui.screens.stats import AllStatsView, GameStatsView
from scorepad.ui.screens.tournament import TournamentRoute
from scorepad.ui.screens.tournament_big_screen import TournamentBigScreenRoute
from scorepad.ui.screens.tournament_standings import StandingsRoute
from scorepad.ui.screens.tournament_table import TableLinkView
from scorepad.ui.screens.tournaments import NewTournamentView, TournamentsView
from scorepad.ui.services_context import wiring
from scorepad.ui.state import AppState, app_state_context, load_state
from scorepad.ui.widgets.layout import app_theme


def _int_param(name: str) -> int | None:
    value = ft.use_route_params().get(name, "")
    return int(value) if value.isdigit() else None


def _game_route(build: Callable[[int], ft.View]) -> Callable[[], ft.View]:
    """A route's component for a screen of one game: the game number comes from the
    address (`:id`); an address without a number gets the "page not found" screen."""
    @ft.component
    def GameRoute() -> ft.View:
        game_id = _int_param("id")
        return NotFoundView() if game_id is None else build(game_id)

    return GameRoute


Screen = Callable[..., ft.View]
RouteTree = dict[str, "Screen | tuple[Screen, RouteTree]"]

# Made once, at import: a route's component must stay the same function across renders.
SheetRoute = _game_route(SheetView)
DealEntryRoute = _game_route(DealEntryView)
DealEditRoute = _game_route(
    lambda game_id: DealEntryView(game_id, deal_id=_int_param("deal_id")))
DealDetailRoute = _game_route(
    lambda game_id: DealDetailView(game_id, _int_param("deal_id") or 0))
GameStatsRoute = _game_route(GameStatsView)
RulesRoute = _game_route(GameRulesView)


#: The screens by address: path -> component, or path -> (component, its nested routes).
#: Nested routes stack their views: the back arrow and the Android back gesture pop to the
#: parent (deal -> sheet -> games). The first route that matches wins.
ROUTES: RouteTree = {
    "/": (GamesView, {
        "new": NewGameView, "bin": BinView,
        "circles": (CirclesView, {":circle/ranking": RankingRoute,
                                  ":circle/soiree": SoireeRoute}),
        "players": PlayersView,
        "tournaments": (TournamentsView, {
            "new": NewTournamentView,
            # A tournament's hand-over link: takes its organiser role, then opens it.
            "organiser/:token": TournamentClaimView,
            ":tid": (TournamentRoute, {"standings": StandingsRoute}),
        }),
        "games/:id": (SheetRoute, {
            "deal": DealEntryRoute, "stats": GameStatsRoute, "rules": RulesRoute,
            "deals/:deal_id": (DealDetailRoute, {"edit": DealEditRoute}),
        }),
    }),
    "/calculator": CalculatorView,
    "/stats": (AllStatsView, {"soiree": SoireeRoute, "soiree/:circle/:day": SoireeRoute,
                              "ranking": RankingRoute, "ranking/:circle": RankingRoute}),
    # The big screen of a club night (a TV, a laptop): no bar, read-only, live.
    "/grand-ecran": BigScreenRoute, "/grand-ecran/:circle": BigScreenRoute,
    "/grand-ecran/:circle/:day": BigScreenRoute,
    # A tournament's big screen, and the link of a table's QR code (opens its sheet).
    "/tournaments/:tid/grand-ecran": TournamentBigScreenRoute,
    "/tournaments/:tid/tables/:round/:table": TableLinkView,
    "/settings": SettingsView,
    # A hand-over link: takes the organiser role, then opens the game.
    "/organiser/:token": ClaimView,
    # Last: any other address gets a real screen (with its bar) rather than a blank page.
    "/:rest*": NotFoundView,
}


#: Addresses that other devices open on a server (a TV, a hand-over link): one phone
#: alone has none of them, and such an address gets the "page not found" screen.
SERVER_ONLY = ("/grand-ecran", "/organiser/")


def routes(tree: RouteTree = ROUTES) -> list[ft.Route]:
    """The router's routes for a tree of ROUTES' shape."""
    made = []
    for path, target in tree.items():
        if not wiring().server and path.startswith(SERVER_ONLY):
            continue
        if isinstance(target, tuple):
            component, children = target
            made.append(ft.Route(path=path, component=component, children=routes(children)))
        else:
            made.append(ft.Route(path=path, component=target))
    return made


@ft.component
def App(state: AppState) -> list[ft.View]:
    # Taking `state` as an argument subscribes App to it: a language or theme change
    # re-renders every screen.
    state.apply()
    # The session's refusal dialog lives here: a refusal can come after the screen that
    # asked is gone (the "Annuler" of a message shown on the next screen).
    show_error = use_error_host()
    use_notice_host()  # what a background task says (one phone alone's storage)
    return error_context(show_error, lambda: app_state_context(
        state, lambda: ft.Router(routes(), manage_views=True)))


async def main(page: ft.Page) -> None:
    page.title = "scorepad"
    page.theme = app_theme()
    page.dark_theme = app_theme()
    state = await load_state()
    state.apply()

    state.follow_width(page.width)

    def on_resize(e: ft.PageResizeEvent) -> None:
        # The layout's own signal: every screen is laid out again, none reads the database.
        state.follow_width(e.width)

    page.on_resize = on_resize

    # Other phones' changes reach the screens that follow their game (scorepad.ui.live).
    live = session_live(page)

    def on_connect(_e: ft.Event[ft.Page]) -> None:
        # Back from a lost connection (Wi-Fi, phone asleep): what changed meanwhile.
        live.refresh_all()

    page.on_connect = on_connect
    page.render_views(App, state)
