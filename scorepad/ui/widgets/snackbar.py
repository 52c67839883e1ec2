"""`show_snackbar(text, undo=...)`: the confirmation shown after every change, with
"Annuler". It lasts a few seconds, floats above the screen's bottom bar (never over a
button) and goes away as soon as the phone leaves the screen it was shown on."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import t

#: how long a confirmation stays (since Flutter 3.29, under Flet 1.0, a SnackBar with an
#: action stays until dismissed, whatever its duration, unless `persist=False`)
CONFIRMATION_SECONDS = 4.5
#: the height of the tallest bottom bar a message can be shown above (the sheet's
#: full-width action: 52 px button + 20 px padding), plus a gap
ABOVE_BOTTOM_BAR = 72 + 10
_STORE_KEY = "scorepad.snackbar"
#: Flet's client draws a screen taken off the top for 300 ms more (its page exit), and
#: draws every screen again when a message opens or closes; a leaving screen drawn again
#: once its client-side controls were collected (the client holds them weakly after it
#: left) shows Flutter's grey error box in its place (scorepad.ui.widgets.exits). A
#: message whose screen is the one leaving (Back) goes once that exit is over.
AFTER_LEAVING_EXIT = 0.5


def show_snackbar(text: str, undo: Callable[[], None] | None = None, *,
                  route: str | None = None) -> None:
    """Shows a short message above the bottom bar; with `undo`, an "Annuler" action that
    calls it (the callable runs in the session, like any click handler). `route` is the
    screen it belongs to (the current one by default): leaving it dismisses it."""
    page = ft.context.page
    dismiss_snackbar(page)

    def on_action() -> None:
        if undo is not None:
            undo()

    bar = ft.SnackBar(
        content=ft.Semantics(identifier="snackbar", content=ft.Text(text)),
        action=t("common.undo") if undo is not None else None,
        on_action=on_action if undo is not None else None,
        behavior=ft.SnackBarBehavior.FLOATING,
        margin=ft.Margin.only(left=12, right=12, bottom=ABOVE_BOTTOM_BAR),
        duration=ft.Duration(milliseconds=int(CONFIRMATION_SECONDS * 1000)),
        persist=False,
        show_close_icon=False,
    )
    page.session.store.set(_STORE_KEY, (route or page.route, bar))
    page.show_dialog(bar)


def navigate_then_show(route: str, text: str, undo: Callable[[], None] | None = None
                       ) -> None:
    """Goes to `route`, then shows the message there (shown before the screen changed,
    it would belong to the screen being left, and go with it)."""
    page = ft.context.page

    async def go() -> None:
        await page.push_route(route)
        show_snackbar(text, undo, route=route)

    page.run_task(go)


def dismiss_snackbar(page: ft.Page, *, unless_route: str | None = None) -> None:
    """Closes the message still on screen (unless it belongs to `unless_route`)."""
    shown = page.session.store.get(_STORE_KEY)
    if not shown:
        return
    route, bar = shown
    if unless_route is not None and route == unless_route:
        return
    page.session.store.set(_STORE_KEY, None)
    if bar.open:
        bar.open = False
        with contextlib.suppress(RuntimeError, AttributeError):  # already gone
            bar.update()


def dismiss_when_left(route: str | None) -> None:
    """Called while a screen renders: when the phone now shows another screen than the
    message's, the message goes (after the render: a control is not updated mid-render)."""
    try:
        page = ft.context.page
    except RuntimeError:
        return
    shown = page.session.store.get(_STORE_KEY)
    if not shown or shown[0] == route:
        return
    # Back: the message's screen lies above the one now shown, and is leaving. Forward
    # (a form opened over it), it stays under the new screen: the message goes at once.
    leaving = route is not None and f"{shown[0]}/".startswith(f"{route.rstrip('/')}/")

    async def dismiss() -> None:
        if leaving:
            await asyncio.sleep(AFTER_LEAVING_EXIT)
        # (a message shown meanwhile for the screen now shown stays)
        dismiss_snackbar(page, unless_route=page.route)

    with contextlib.suppress(RuntimeError, AttributeError):
        page.run_task(dismiss)
