"""Text fields the phone owns: what is typed stays on the phone, never written back.

A controlled field (value from state, state from `on_change`) echoes a stale value to the
phone whenever a re-render lands between two keys, which drops the key typed meanwhile.
`KeptField` keeps, across re-renders, the text the phone last reported; the screen sets
the text only on an explicit reset (a new `reset` token). `NameEntry` adds names one
after the other without ever clearing the field under a typing thumb: Enter starts a new
line (the field keeps the focus) and each finished line is a name. The finished lines
are cleared once the thumb has paused (`QUIET_SECONDS` without a key) or the field lost
the focus, keeping the line being typed: the field shows the name being typed, not the
names already added, and fast typing is never written over. (A key typed in the instant
the clearing travels to the phone, just after such a pause, can still be lost: Flet's
input filter, which would do it on the phone itself, emptied the field when tried
(Flet 1.0.5).)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from scorepad.ui.i18n import t

#: the layout a field's wrapper takes from the field (see `KeptField`)
_WRAPPER_LAYOUT = ("expand", "col")
_NOT_YET = object()  # no token applied yet: the first render puts the value in


@ft.component
def KeptField(*, reset: int | str = 0, value: str = "", **kwargs: Any) -> ft.Control:
    """A TextField whose text belongs to the phone: the first render and a render with a
    new `reset` token put `value` in it; any other render leaves the phone's text alone.

    Flet's own uncontrolled field does it (checked with Flet 1.0.5): a TextField rendered
    with `value=None` takes over the text the phone last reported for the field it
    replaces (`TextField._migrate_state`), so the diff sends nothing back. Flet cannot
    do so for the top control a component returns (Flet freezes it, and the take-over
    then raises), hence the Container around it, which takes the field's place in its
    row (`expand`, `col`). tests/unit/test_flet_internals.py fails when a Flet release
    changes this."""
    applied = ft.use_ref(lambda: _NOT_YET)
    fresh = applied.current != reset
    applied.current = reset
    layout = {k: kwargs.pop(k) for k in _WRAPPER_LAYOUT if k in kwargs}
    return ft.Container(ft.TextField(value=value if fresh else None, **kwargs), **layout)


def kept_field(*, reset: int | str = 0, **kwargs: Any) -> ft.Control:
    """A `KeptField`; pass a new `reset` to put `value` in it (e.g. clear it)."""
    return KeptField(reset=reset, **kwargs)


#: how long a thumb pauses before the server clears a finished name it left in the field
QUIET_SECONDS = 1.2


def clean_name(text: str) -> str:
    """A typed name as it is kept: spaces collapsed."""
    return " ".join(text.split())


class LineNames:
    """Reads names out of a field's successive texts: each line ended by Enter is a name,
    taken once, when it is ended; the last line is the name being typed."""

    def __init__(self) -> None:
        self.text = ""
        self.taken = 0  # finished lines already taken

    def changed(self, text: str) -> list[str]:
        """The names finished by this change (usually none, or one after Enter)."""
        finished = text.split("\n")[:-1]
        names = [n for n in (clean_name(line) for line in finished[self.taken:]) if n]
        self.text, self.taken = text, len(finished)
        return names

    @property
    def typing(self) -> str:
        """The line being typed (after the last Enter)."""
        return self.text.rsplit("\n", 1)[-1]

    def reset(self, text: str = "") -> None:
        self.text, self.taken = text, 0


@ft.component
def NameEntry(label: str, on_add: Callable[[str], None], *, disabled: bool = False,
              button_label: str | None = None, on_typing: Callable[[str], None] | None = None,
              clear: int = 0) -> ft.Control:
    """A field and an "Ajouter" button that add names one after the other: Enter adds the
    line typed and the next name goes on the next line at once; the button adds the line
    being typed. The field is emptied from the server only once it lost the focus (a tap
    elsewhere, such as on the button), when no thumb can be typing in it, or when the
    screen passes a new `clear` (a suggestion tapped instead of the name typed).
    `on_typing` hears the line being typed after every change."""
    lines = ft.use_ref(LineNames)
    cleared = ft.use_ref(lambda: clear)
    changes = ft.use_ref(lambda: 0)  # counts the phone's reports, to see it pause
    page = ft.context.page
    reset, set_reset = ft.use_state(0)
    shown, set_shown = ft.use_state("")
    reader: LineNames = lines.current
    if cleared.current != clear:  # the screen took what was typed another way
        cleared.current = clear
        reader.reset("")
        shown = ""

    def typing() -> None:
        if on_typing is not None:
            on_typing(reader.typing)

    def put(text: str) -> None:
        reader.reset(text)
        set_shown(text)
        set_reset(lambda r: r + 1)
        typing()

    def changed(e: ft.Event[ft.TextField]) -> None:
        for name in reader.changed(str(e.data if isinstance(e.data, str) else "")):
            on_add(name)
        typing()
        changes.current += 1
        if "\n" in reader.text:
            page.run_task(clear_when_quiet, changes.current)

    async def clear_when_quiet(seen: int) -> None:
        await asyncio.sleep(QUIET_SECONDS)
        if changes.current == seen and "\n" in reader.text:  # nothing typed since
            put(reader.typing)

    def blurred(_: object = None) -> None:
        if "\n" in reader.text:
            put(reader.typing)

    def add(_: object = None) -> None:
        name = clean_name(reader.typing)
        if name:
            on_add(name)
            put("")

    return ft.Row([
        kept_field(label=label, reset=f"{reset}/{clear}", value=shown, expand=True,
                   dense=True, multiline=True, min_lines=1, max_lines=2, shift_enter=False,
                   capitalization=ft.TextCapitalization.WORDS, disabled=disabled,
                   on_change=changed, on_blur=blurred),
        ft.FilledTonalButton(button_label or t("text_input.add"), icon=ft.Icons.PERSON_ADD,
                             on_click=add, disabled=disabled),
    ], vertical_alignment=ft.CrossAxisAlignment.START)
