"""`use_shown(build)`: a dialog that a component renders while its state says what the
dialog shows (Flet's `ft.use_dialog` underneath); every dialog of the app opens this way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import flet as ft
from flet.components.hooks.use_ref import MutableRef

T = TypeVar("T")
Close = Callable[[], None]


@dataclass(frozen=True)
class Shown(Generic[T]):
    """What an open dialog shows, and which opening of it this is: a field gets its first
    text back at a new opening only, and the late dismissal of an earlier opening closes
    nothing."""

    what: T
    opening: int


def use_shown(build: Callable[[Shown[T], Close], ft.DialogControl]) -> Callable[[T], None]:
    """A hook: returns `show(what)`, which opens the dialog `build(shown, close)` over the
    screen. The dialog is built again at each render of the calling component, so it
    follows what the screen shows (a live change from another phone) and its fields keep
    what the phone typed (Flet patches the open dialog in place). It closes when `close()`
    is called, when the component unmounts, or on the phone (Back, a tap beside it): the
    state then follows."""
    shown, set_shown = ft.use_state(cast("Shown[T] | None", None))
    openings = ft.use_ref(0)

    def close() -> None:
        set_shown(None)

    def dismissed(opening: int) -> None:
        set_shown(lambda now: None if now is not None and now.opening == opening else now)

    dialog: ft.DialogControl | None = None
    if shown is not None:
        dialog = build(shown, close)
        dialog.on_dismiss = lambda _e, opening=shown.opening: dismissed(opening)
    ft.use_dialog(dialog)

    def show(what: T) -> None:
        openings.current = (openings.current or 0) + 1
        set_shown(Shown(what, openings.current))

    return show


@dataclass(frozen=True)
class Entry:
    """The one text field of an open dialog, for one opening: what the phone typed in it
    (the phone owns the text) and the refusal written
    under it, shown by a new render."""

    opening: int
    first: str
    typed: MutableRef[tuple[int, str]]
    error: str | None
    set_error: Callable[[tuple[int, str] | None], None]

    def text(self) -> str:
        """What the field shows now: the phone's text, else the first one."""
        opening, text = self.typed.current or (0, "")
        return text if opening == self.opening else self.first

    def refuse(self, message: str) -> None:
        self.set_error((self.opening, message))

    def field(self, *, on_submit: Callable[[], None], **kwargs: Any) -> ft.TextField:
        """The field: its text is the phone's once the phone typed in it, and typing
        clears the refusal under it (one render, when there is one).

        A plain TextField, not a `kept_field`: a component inside a dialog is rendered
        again, and its field sent with a new id, whenever the page's dialog list is sent
        (a snackbar, another dialog closing; Flet 1.0.5), and the phone then types into
        a field the server no longer has. The dialog itself is patched frozen at each
        render (`ft.use_dialog`), so `value=None` takes over the phone's text, as
        `KeptField` does (tests/unit/test_dialog_host.py)."""
        def changed(e: ft.Event[ft.TextField]) -> None:
            self.typed.current = (self.opening, str(e.data if isinstance(e.data, str) else ""))
            if self.error is not None:
                self.set_error(None)

        typed = (self.typed.current or (0, ""))[0] == self.opening
        return ft.TextField(value=None if typed else self.first, error=self.error,
                            error_max_lines=3, autofocus=True, on_change=changed,
                            on_submit=lambda _e: on_submit(), **kwargs)


def use_entry_dialog(first: Callable[[T], str],
                     build: Callable[[Shown[T], Close, Entry], ft.DialogControl]
                     ) -> Callable[[T], None]:
    """`use_shown` for a dialog with one text field (`first(what)` is its first text)."""
    refused, set_refused = ft.use_state(cast("tuple[int, str] | None", None))
    typed = ft.use_ref(cast("tuple[int, str]", (0, "")))

    def built(shown: Shown[T], close: Close) -> ft.DialogControl:
        error = refused[1] if refused is not None and refused[0] == shown.opening else None
        return build(shown, close, Entry(shown.opening, first(shown.what), typed, error,
                                         set_refused))

    return use_shown(built)
