"""Back by the phone itself: the bar's arrow, Android's back gesture.

Flet's client takes the screen on top off at once, on the phone, and only then tells the
server (its `view_pop` event); the screen under it is already shown, and a thumb may
already be on it. A screen that comes back on top otherwise gets a new page
(`scorepad.ui.widgets.layout.use_page_key`), which the client builds from nothing: done
after such a Back, it would replace the screen the phone shows, and swallow a tap made in
the frames of that swap (seen on a busy machine, where the server's answer comes after
the phone has finished its own Back). So a screen uncovered by the phone's Back keeps its
page.

The app handles `page.on_view_pop` itself, set before Flet's router mounts (the router
then hands every pop to it, as its documentation says): it notes the screen uncovered,
then moves there as the router would, to the address of the screen under the one popped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import flet as ft

#: the address a Back by the phone itself has just uncovered (its screen keeps its page)
_UNCOVERED = "scorepad.back.uncovered"
#: the suffix `use_page_key` gives a screen's route on each new page
_PAGE_KEY = re.compile(r"~\d+$")


def _taken(pattern: list[str], segments: list[str]) -> int | None:
    """How many of `segments` a route's `pattern` takes (None: it does not match them)."""
    for i, part in enumerate(pattern):
        if part.startswith(":") and part.endswith("*"):
            return len(segments)
        if i >= len(segments) or (not part.startswith(":") and part != segments[i]):
            return None
    return len(pattern)


def _chain(tree: Mapping[str, Any], segments: list[str], done: list[str]) -> list[str] | None:
    for pattern, target in tree.items():
        taken = _taken([s for s in pattern.split("/") if s], segments)
        if taken is None:
            continue
        here, rest = [*done, *segments[:taken]], segments[taken:]
        address = "/" + "/".join(here)
        if not rest:
            return [address]
        below = _chain(target[1] if isinstance(target, tuple) else {}, rest, here)
        if below is not None:
            return [address, *below]
    return None


def screens_at(location: str, tree: Mapping[str, Any]) -> list[str] | None:
    """The addresses of the screens stacked at `location`, from the bottom: the nested
    routes of `tree` (scorepad.ui.app.ROUTES' shape) it matches, the first match winning,
    as Flet's router matches them. None where no route matches."""
    segments = [s for s in urlsplit(location).path.split("/") if s]
    return _chain(tree, segments, [])


def parent_location(route: str, tree: Mapping[str, Any]) -> str | None:
    """The address of the screen under the one at `route` (a page key's suffix ignored);
    None for a screen with none under it."""
    stack = screens_at(_PAGE_KEY.sub("", route), tree)
    return stack[-2] if stack is not None and len(stack) > 1 else None


def follow_back(page: ft.Page, tree: Mapping[str, Any]) -> None:
    """Call before the router is rendered: a Back by the phone moves to the screen under
    the one popped, and that screen keeps the page the phone already shows."""
    def on_view_pop(e: ft.ViewPopEvent) -> None:
        # The popped view's own route: two Backs in a row each pop their own screen,
        # even when the first move has not reached `page.route` yet.
        below = parent_location(e.route, tree) or parent_location(page.route or "/", tree)
        if below is None:
            return
        page.session.store.set(_UNCOVERED, below)
        page.navigate(below)

    page.on_view_pop = on_view_pop


def uncovered_by_back(page: ft.Page, route: str, location: str) -> bool:
    """For `use_page_key`: `route` is back on top because the phone's Back uncovered it
    (it keeps its page); said once."""
    if location != route or page.session.store.get(_UNCOVERED) != route:
        return False
    page.session.store.set(_UNCOVERED, None)
    return True
