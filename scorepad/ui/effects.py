"""An effect whose setup returns what stops it (a subscription, a registration): stopped
when the screen goes away or its dependencies change, however often it rendered."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft


def use_subscription(setup: Callable[[], Callable[[], None]],
                     dependencies: Sequence[Any]) -> None:
    """Runs `setup` when the component mounts and again when `dependencies` change; what it
    returns is called before it runs again and when the component unmounts.

    `ft.use_effect` takes a cleanup returned by its setup, but Flet 1.0.5 forgets it at the
    component's next render: each render sets the hook's cleanup to the `cleanup` argument
    (None when not given). A screen that rendered after it mounted (they all do, once their
    data is read) then stayed subscribed after it was gone: every change of its game woke
    it and it read the database again, for nothing, as long as the session lasted. The
    returned function is kept here and given as the `cleanup` argument, which every render
    gives again. tests/unit/test_flet_internals.py shows Flet's own behaviour, and fails
    when a release changes it (this helper may then go)."""
    stops = ft.use_ref(lambda: [])

    def start() -> None:
        held: list[Callable[[], None]] = stops.current
        held.append(setup())

    def stop() -> None:
        held: list[Callable[[], None]] = stops.current
        while held:
            held.pop()()

    ft.use_effect(start, dependencies=list(dependencies), cleanup=stop)
