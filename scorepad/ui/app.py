"""The Flet app: `main(page)` sets theme and locale, then renders the router of every screen."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.ui import quick_configure
from scorepad.ui.back import follow_back
from scorepad.ui.dialogs.confirm import error_context, use_error_host
from scorepad.ui.dialogs.game_actions import address_again
from scorepad.ui.dialogs.notice import use_notice_host
from scorepad.ui.live import (
    keep_screen_updates_going,
    session_live,
    use_render_on_reconnect,
)
from scorepad.ui.models import drafts
from scorepad.ui.screens.deal_entry import DealEntryView
from scorepad.ui.screens.games import GamesView
from scorepad.ui.screens.not_found import NotFoundView
from scorepad.ui.screens.sheet import SheetView
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


def _lazy(module: str, name: str) -> Screen:
    """A screen imported when it is first shown: a start imports only the screens it
    draws (the games, a sheet, a deal), which on one phone alone saves the browser's
    Python a good part of its imports."""
    @ft.component
    def LazyScreen(*args: Any, **kwargs: Any) -> ft.View:
        screen: Screen = getattr(importlib.import_module(f"scorepad.ui.screens.{module}"),
                                 name)
        return screen(*args, **kwargs)

    LazyScreen.__qualname__ = LazyScreen.__name__ = f"Lazy{name}"
    return LazyScreen


BigScreenRoute = _lazy("big_screen", "BigScreenRoute")
BinView = _lazy("bin", "BinView")
CalculatorView = _lazy("calculator", "CalculatorView")
CirclesView = _lazy("circles", "CirclesView")
ClubView = _lazy("club", "ClubView")
ClubSeasonView = _lazy("club_season", "ClubSeasonView")
ClubMemberView = _lazy("club_season", "ClubMemberView")
JoinView = _lazy("club_join", "JoinView")
ClaimView = _lazy("claim", "ClaimView")
TournamentClaimView = _lazy("claim", "TournamentClaimView")
DealDetailView = _lazy("deal_detail", "DealDetailView")
GameRulesView = _lazy("new_game", "GameRulesView")
NewGameView = _lazy("new_game", "NewGameView")
PlayersView = _lazy("players", "PlayersView")
PlayersPlayerRoute = _lazy("player", "PlayersPlayerRoute")
SheetPlayerRoute = _lazy("player", "SheetPlayerRoute")
StatsPlayerRoute = _lazy("player", "StatsPlayerRoute")
RankingPlayerRoute = _lazy("player", "RankingPlayerRoute")
RankingRoute = _lazy("ranking", "RankingRoute")
SettingsView = _lazy("settings", "SettingsView")
SoireeRoute = _lazy("soiree", "SoireeRoute")
AllStatsView = _lazy("stats", "AllStatsView")
GameStatsView = _lazy("stats", "GameStatsView")
TournamentRoute = _lazy("tournament", "TournamentRoute")
TournamentBigScreenRoute = _lazy("tournament_big_screen", "TournamentBigScreenRoute")
StandingsRoute = _lazy("tournament_standings", "StandingsRoute")
TableLinkView = _lazy("tournament_table", "TableLinkView")
NewTournamentView = _lazy("tournaments", "NewTournamentView")
TournamentsView = _lazy("tournaments", "TournamentsView")

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
        "circles": (CirclesView, {
            ":circle/ranking": (RankingRoute, {"player/:name": RankingPlayerRoute}),
            ":circle/soiree": SoireeRoute}),
        # A player's page sits above the screen it was opened from (Back returns there).
        "players": (PlayersView, {":name": PlayersPlayerRoute}),
        "tournaments": (TournamentsView, {
            "new": NewTournamentView,
            # A tournament's hand-over link: takes its organiser role, then opens it.
            "organiser/:token": TournamentClaimView,
            ":tid": (TournamentRoute, {"standings": StandingsRoute}),
        }),
        "games/:id": (SheetRoute, {
            "deal": DealEntryRoute, "stats": GameStatsRoute, "rules": RulesRoute,
            "deals/:deal_id": (DealDetailRoute, {"edit": DealEditRoute}),
            "player/:name": SheetPlayerRoute,
        }),
    }),
    "/calculator": CalculatorView,
    "/stats": (AllStatsView, {
        "soiree": SoireeRoute, "soiree/:circle/:day": SoireeRoute,
        "ranking": (RankingRoute, {"player/:name": RankingPlayerRoute}),
        "ranking/:circle": (RankingRoute, {"player/:name": RankingPlayerRoute}),
        "player/:name": StatsPlayerRoute}),
    # The big screen of a club night (a TV, a laptop): no bar, read-only, live.
    "/grand-ecran": BigScreenRoute, "/grand-ecran/:circle": BigScreenRoute,
    "/grand-ecran/:circle/:day": BigScreenRoute,
    # A tournament's big screen, and the link of a table's QR code (opens its sheet).
    "/tournaments/:tid/grand-ecran": TournamentBigScreenRoute,
    "/tournaments/:tid/tables/:round/:table": TableLinkView,
    "/settings": SettingsView,
    # One phone alone and its club: the circle joined, the season's copy, a member's
    # page; an invitation's link (its QR code) opens the join screen.
    "/club": (ClubView, {"season": (ClubSeasonView, {"player/:name": ClubMemberView})}),
    "/rejoindre/:server/:token": JoinView,
    # A hand-over link: takes the organiser role, then opens the game.
    "/organiser/:token": ClaimView,
    # Last: any other address gets a real screen (with its bar) rather than a blank page.
    "/:rest*": NotFoundView,
}


#: Addresses that other devices open on a server (a TV, a hand-over link): one phone
#: alone has none of them, and such an address gets the "page not found" screen.
SERVER_ONLY = ("/grand-ecran", "/organiser/")
#: Addresses of one phone alone and its club: a server has none of them.
PHONE_ONLY = ("/club", "/rejoindre/")


def routes(tree: RouteTree = ROUTES) -> list[ft.Route]:
    """The router's routes for a tree of ROUTES' shape."""
    made = []
    for path, target in tree.items():
        if not wiring().server and path.startswith(SERVER_ONLY):
            continue
        if wiring().server and path.startswith(PHONE_ONLY):
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
    use_render_on_reconnect()
    # The session's refusal dialog lives here: a refusal can come after the screen that
    # asked is gone (the "Annuler" of a message shown on the next screen).
    show_error = use_error_host()
    use_notice_host()  # what a background task says (one phone alone's storage)
    return error_context(show_error, lambda: app_state_context(
        state, lambda: ft.Router(routes(), manage_views=True)))


async def main(page: ft.Page) -> None:
    quick_configure.install()  # every screen's new controls walked quicker (see there)
    page.title = "scorepad"
    page.theme = app_theme()
    page.dark_theme = app_theme()
    state = await load_state()
    drafts.load_kept(page, state)
    state.apply()

    state.follow_width(page.width)

    def on_resize(e: ft.PageResizeEvent) -> None:
        # The layout's own signal: every screen is laid out again, none reads the database.
        state.follow_width(e.width)

    page.on_resize = on_resize

    # Other phones' changes reach the screens that follow their game (scorepad.ui.live).
    live = session_live(page)

    def on_connect(_e: ft.Event[ft.Page]) -> None:
        # Back from a lost connection (Wi-Fi, phone asleep, a reload): what changed
        # meanwhile, and the forms kept while it was away written to its storage.
        drafts.loaded_again(page)
        drafts.write_again(page)
        address_again(page)
        live.refresh_all()

    page.on_connect = on_connect
    follow_back(page, ROUTES)  # before the router mounts: it hands every pop to the app
    page.render_views(App, state)
    keep_screen_updates_going(page)
