"""A form that leaves see-through, so that the screen under it shows in the very next
frame (one phone alone: the deal form after "Enregistrer la donne").

Flet's client gives every screen but the first a 300 ms page animation, even with page
animations off: a screen taken off the top stays drawn, whole, over the one under it for
that long. `use_page_key` avoids it by giving the screen under it a new page, which the
client then builds from nothing, and shows only at its second frame (Flutter builds a new
page off screen for one frame, for its hero animations). Leaving see-through instead took
a save's median from 243 to 171 ms at full CPU, and from 1,056 to 589 ms at half a core
(bench/phone_compare.py --deals).

Here the form is emptied (nothing drawn, see-through) in the same screen update that
takes it off the top: the screen under it keeps its page, already built, and shows
through the leaving form at the first frame. The two changes must reach the client
together (alone, the emptied form would show an empty screen for a frame), so this is
done only where the session can hold its screen updates: on one phone alone, whose
updates already wait while a commit is being stored (scorepad.phone.storage). A server's
phones keep the new page."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft

#: the session's way to hold its screen updates: a call that holds them and returns
#: the call that lets them go (scorepad.phone.main)
_HOLD = "scorepad.exits.hold"
#: (route, leave) of the form on top that can leave see-through
_LEAVE = "scorepad.exits.leave"
#: (route, release) of the screen under a form that left see-through: it keeps its page
_KEPT = "scorepad.exits.kept"
#: the updates are let go at the latest after this long (seconds), if the screen under
#: the form never drew (it always does; a hold must never outlive its reason)
HOLD_AT_MOST = 1.0

Hold = Callable[[], Callable[[], None]]


def allow_see_through_exits(page: ft.Page, hold: Hold) -> None:
    """This session can hold its screen updates with `hold()`: forms may leave
    see-through."""
    page.session.store.set(_HOLD, hold)


def use_see_through_exit(route: str) -> bool:
    """For a form at `route`: True once it left see-through (`leave_see_through`); the
    form renders `see_through_screen(route, ...)`, its screen until then, None after."""
    # Flet 1.0.5: the component being rendered, whose `update()` renders it and sends
    # its patch at once (a state setter would render it at the next scheduler pass,
    # where the router may already have taken it off). tests/unit/test_exits.py fails
    # if a release moves either.
    from flet.components.utils import current_component

    component = current_component()
    left = ft.use_ref(False)

    def leave() -> None:
        left.current = True
        component.update()

    if not left.current:
        ft.context.page.session.store.set(_LEAVE, (route, leave))
    return bool(left.current)


def see_through_screen(route: str, form: ft.View | None) -> ft.View:
    """The form's screen: `form` (a View as `layout.screen` makes it: an app bar and
    controls, no bottom navigation), or, once it left (None), nothing drawn, the screen
    under it seen through it.

    Both are the same View, see-through, holding one Pagelet (a screen's frame: its own
    app bar and background): leaving changes the Pagelet only, never the View. Flet
    1.0.5's client draws a View taken off the top for its 300 ms exit, and a View that
    changes is drawn again then; it reads its page through references that the client
    holds weakly once the View is off the page, so a garbage collection in between
    turned the whole screen into Flutter's grey error box for the rest of the exit
    (1 save in ~70 on a busy machine; every save with a collection before each frame:
    tests/e2e/test_phone_alone.py)."""
    if form is None:
        frame = ft.Pagelet(content=ft.Container(), bgcolor=ft.Colors.TRANSPARENT,
                           expand=True)
    else:
        frame = ft.Pagelet(appbar=form.appbar, content=ft.Column(
            list(form.controls), spacing=form.spacing, expand=True), expand=True)
    return ft.View(route=route, controls=[frame], padding=0, spacing=0,
                   bgcolor=ft.Colors.TRANSPARENT)


def leave_see_through(page: ft.Page, below: str) -> None:
    """Call right before the router moves to `below` from the form on top: the form is
    emptied and `below` keeps its page, both in one screen update. Does nothing where
    the session cannot hold its updates, when the screen on top is not such a form, or
    when it is not right above `below` (a deal's correction, above the deal's page: that
    page goes too, and would show for its page animation)."""
    hold = page.session.store.get(_HOLD)
    form = page.session.store.get(_LEAVE)
    page.session.store.set(_LEAVE, None)  # (remove() raises for a key never set)
    if hold is None or form is None or form[0] != page.route \
            or form[0].rsplit("/", 1)[0] != below:
        return
    release = _once(hold())
    page.session.store.set(_KEPT, (below, release))
    asyncio.get_running_loop().call_later(HOLD_AT_MOST, release)
    form[1]()


def page_kept(page: ft.Page, route: str, location: str) -> bool:
    """For `use_page_key`: `route` comes back on top from under a form that left
    see-through, and keeps its page; the held updates go once this render is sent."""
    kept = page.session.store.get(_KEPT)
    if kept is None or kept[0] != route or location != route:
        return False
    page.session.store.set(_KEPT, None)
    # After this render: its patch is sent at the end of the render's update.
    asyncio.get_running_loop().call_soon(kept[1])
    return True


def _once(release: Callable[[], None]) -> Callable[[], None]:
    done = [False]

    def once() -> None:
        if not done[0]:
            done[0] = True
            release()

    return once
