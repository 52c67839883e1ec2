"""Text fields the phone owns: what is typed stays on the phone, never written back.

A controlled field (value from state, state from `on_change`) echoes a stale value to the
phone whenever a re-render lands between two keys, which drops the key typed meanwhile.
`KeptField` keeps, across re-renders, the text the phone last reported; the screen sets
the text only on an explicit reset (a new `reset` token), never under a typing thumb.
`NameEntry` adds names one after the other: Enter ends a name. Its field is the app's
one multi-line field, and the page's script (scorepad.web.client.NAME_LINES) keeps in it
only the line being typed, on the phone, in the same key press: the server reads the
finished line from the text the phone reports ("Wanda\n") and never writes the field
while it may have the focus (a text written from the server replaces the whole text
when it lands, and a key typed during the round trip would be lost).
"""

from __future__ import annotations

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


def clean_name(text: str) -> str:
    """A typed name as it is kept: spaces collapsed."""
    return " ".join(text.split())


class LineNames:
    """Reads names out of a field's successive texts: each line ended by Enter is a name,
    taken once, when it is ended; the last line is the name being typed. (The phone drops
    a finished line at once, so a text holds one finished line at most, or several
    pasted at once.)"""

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
    line typed and the field, on the phone, keeps only the next one (see the module's
    docstring); the button adds the line being typed. The server empties the field only
    once it lost the focus (a tap elsewhere, such as on the button), when no thumb can be
    typing in it, or when the screen passes a new `clear` (a suggestion tapped instead of
    the name typed). `on_typing` hears the line being typed after every change."""
    lines = ft.use_ref(LineNames)
    cleared = ft.use_ref(lambda: clear)
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

    def blurred(_: object = None) -> None:
        if "\n" in reader.text:  # a phone without the page's script (never, but safe)
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
