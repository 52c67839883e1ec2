"""Back by the phone itself (scorepad.ui.back): the screen under the one popped is found as
Flet's router finds it, and Flet's router hands every pop to the app's handler."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from scorepad.ui.app import ROUTES
from scorepad.ui.back import parent_location, screens_at
from tests.flet_session import Phone


@pytest.mark.parametrize(("route", "below"), [
    ("/games/12/deal", "/games/12"),
    ("/games/12~3", "/"),                       # a sheet's page key is not its address
    ("/games/12/deals/40/edit", "/games/12/deals/40"),
    ("/games/12/deals/40~2", "/games/12"),
    ("/games/12/player/Ren%C3%A9e", "/games/12"),
    ("/stats/ranking/3/player/Anna", "/stats/ranking/3"),
    ("/stats/ranking/player/Anna", "/stats/ranking"),
    ("/stats/soiree/2/2026-12-05", "/stats"),
    ("/circles/4/ranking/player/Bo", "/circles/4/ranking"),
    ("/circles/4/ranking", "/circles"),
    ("/tournaments/7/standings", "/tournaments/7"),
    ("/club/season/player/Anna", "/club/season"),
    ("/new", "/"),
    ("/new?from=3", "/"),
])
def test_back_goes_to_the_screen_under_the_one_popped(route: str, below: str) -> None:
    assert parent_location(route, ROUTES) == below


@pytest.mark.parametrize("route", ["/", "/calculator", "/settings", "/grand-ecran/3",
                                   "/une/adresse/inconnue"])
def test_a_screen_alone_has_nothing_under_it(route: str) -> None:
    assert parent_location(route, ROUTES) is None


def test_the_screens_stacked_at_an_address_are_the_nested_routes_it_matches() -> None:
    assert screens_at("/games/1/deals/2/edit", ROUTES) == [
        "/", "/games/1", "/games/1/deals/2", "/games/1/deals/2/edit"]
    assert screens_at("/une/adresse", ROUTES) == ["/une/adresse"]  # the page not found


def test_flets_router_hands_every_pop_to_a_handler_set_before_it_mounts() -> None:
    popped: list[str] = []

    @ft.component
    def Screen(name: str) -> ft.View:
        return ft.View(route=name, controls=[ft.Text(f"screen {name}")])

    @ft.component
    def App() -> list[ft.View]:
        return ft.Router([ft.Route(path="/", component=lambda: Screen("/"), children=[
            ft.Route(path="b", component=lambda: Screen("/b"))])], manage_views=True)

    async def main(page: ft.Page) -> None:
        page.on_view_pop = lambda e: popped.append(e.route)
        page.render_views(App)

    async def scenario() -> None:
        phone = await Phone.open(main, route="/b")
        await phone.until(lambda: "screen /b" in phone.texts())
        await phone.settle(0.2)  # the router's listeners are set by an effect
        await phone.session.dispatch_event(phone.page._i, "view_pop", {"route": "/b"})
        await phone.until(lambda: popped == ["/b"])
        phone.close()

    asyncio.run(scenario())
