"""A form leaving see-through (scorepad.ui.widgets.exits) in a real Flet session: emptied
at once (its frame, never its View), in the same held screen update as the router's move
to the screen under it, which keeps its page; and nothing of it where the session cannot
hold its updates. Fails too when Flet 1.0's component rendering moves
(`current_component`, a synchronous `update()`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft

from scorepad.ui.dialogs.game_actions import show_route_now
from scorepad.ui.widgets.exits import (
    allow_see_through_exits,
    leave_see_through,
    see_through_screen,
    use_see_through_exit,
)
from scorepad.ui.widgets.layout import use_page_key
from tests.flet_session import Phone

SHEET, FORM = "/games/1", "/games/1/deal"


@ft.component
def Sheet() -> ft.View:
    return ft.View(route=use_page_key(SHEET), controls=[ft.Text("sheet")])


@ft.component
def Form() -> ft.View:
    form = ft.View(route=FORM, appbar=ft.AppBar(title=ft.Text("Donne 2")),
                   controls=[ft.Text("form")])
    return see_through_screen(FORM, None if use_see_through_exit(FORM) else form)


@ft.component
def App() -> list[ft.View]:
    return ft.Router([ft.Route(path=SHEET, component=Sheet,
                               children=[ft.Route(path="deal", component=Form)])],
                     manage_views=True)


def _own_properties(view: ft.View) -> tuple[object, ...]:
    """What the View itself holds, as the client knows it (its control and its frame's:
    the same ones, patched, not new)."""
    return (view.route, view.appbar, view.bgcolor, view.padding, view.spacing,
            [c._i for c in view.controls], view._i, view.navigation_bar,
            view.floating_action_button)


def _views(phone: Phone) -> list[ft.View]:
    return [c for c in phone.controls() if isinstance(c, ft.View)]


async def _form_open(hold: Callable[[], Callable[[], None]] | None) -> Phone:
    async def main(page: ft.Page) -> None:
        if hold is not None:
            allow_see_through_exits(page, hold)
        page.render_views(App)

    phone = await Phone.open(main, route=FORM)
    await phone.until(lambda: "form" in phone.texts())
    await phone.settle(0.2)  # the router's listeners are set by an effect
    return phone


def test_a_saved_form_is_emptied_at_once_and_goes_with_the_sheet_in_one_held_update() -> None:
    async def scenario() -> None:
        released: list[list[str]] = []
        phone: Phone | None = None

        def hold() -> Callable[[], None]:
            def release() -> None:
                assert phone is not None
                released.append([v.route for v in _views(phone)])
            return release

        phone = await _form_open(hold)
        form = next(v for v in _views(phone) if v.route == FORM)
        view = _own_properties(form)
        leave_see_through(phone.page, SHEET)
        # Emptied in this very step, before the router moved: nothing drawn, see-through;
        # the View itself unchanged (the client draws a changed View again during its
        # exit, when its page can be gone).
        form = next(v for v in _views(phone) if v.route == FORM)
        assert _own_properties(form) == view and form.bgcolor == ft.Colors.TRANSPARENT
        frame = form.controls[0]
        assert isinstance(frame, ft.Pagelet) and frame.appbar is None
        assert frame.bgcolor == ft.Colors.TRANSPARENT and "form" not in phone.texts()
        assert released == []
        show_route_now(phone.page, SHEET)
        await phone.until(lambda: [v.route for v in _views(phone)] == [SHEET])
        await phone.settle(0.1)
        # Let go once, after the router's update: the sheet kept its page (its key).
        assert released == [[SHEET]]
        phone.close()

    asyncio.run(scenario())


def test_without_a_way_to_hold_updates_the_form_stays_drawn_and_the_sheet_is_a_new_page(
) -> None:
    async def scenario() -> None:
        phone = await _form_open(None)
        leave_see_through(phone.page, SHEET)
        assert "form" in phone.texts()
        show_route_now(phone.page, SHEET)
        await phone.until(lambda: len(_views(phone)) == 1)
        assert [v.route for v in _views(phone)] == [f"{SHEET}~1"]
        phone.close()

    asyncio.run(scenario())


def test_a_screen_that_is_no_such_form_moves_to_the_sheet_as_before() -> None:
    """A deal deleted from its own page (no deal form ever opened in the session), on a
    phone alone and on a server: the router moves, the sheet is a new page."""
    @ft.component
    def DealPage() -> ft.View:
        return ft.View(route="/games/1/deals/4", controls=[ft.Text("deal 4")])

    @ft.component
    def Pages() -> list[ft.View]:
        return ft.Router([ft.Route(path=SHEET, component=Sheet,
                                   children=[ft.Route(path="deals/4", component=DealPage)])],
                         manage_views=True)

    async def scenario(hold: Callable[[], Callable[[], None]] | None) -> list[str]:
        async def main(page: ft.Page) -> None:
            if hold is not None:
                allow_see_through_exits(page, hold)
            page.render_views(Pages)

        phone = await Phone.open(main, route="/games/1/deals/4")
        await phone.until(lambda: "deal 4" in phone.texts())
        await phone.settle(0.2)
        leave_see_through(phone.page, SHEET)
        show_route_now(phone.page, SHEET)
        await phone.until(lambda: len(_views(phone)) == 1)
        routes = [v.route for v in _views(phone)]
        phone.close()
        return routes

    assert asyncio.run(scenario(lambda: (lambda: None))) == [f"{SHEET}~1"]
    assert asyncio.run(scenario(None)) == [f"{SHEET}~1"]
