"""The moments of a deal's save, told to whoever listens: the phone alone prints them in
the browser's console, where bench/phone.py reads where a save's time goes (as it reads
a start's). Nobody listens on the server: a mark then costs one test."""

from __future__ import annotations

from collections.abc import Callable

#: what hears each mark (scorepad.phone.main sets it); empty: nobody
_listener: list[Callable[[str], None]] = []


def listen(heard: Callable[[str], None]) -> None:
    """From now on, `heard(step)` at each mark (one listener: a new one replaces it)."""
    _listener[:] = [heard]


def mark(step: str) -> None:
    """A step of a save ended: `tapped`, `stored`, `sheet read`, `sent` (a message to
    the screen), `copied` (the commit in IndexedDB), `done`."""
    for heard in _listener:
        heard(step)
