"""`show_notice(page, Notice(...))`: what the session says outside any screen (one phone
alone's storage, from a background task), in a dialog hosted by the app's root."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad.ui.dialogs.host import Close, Shown, use_shown

_HOST_KEY = "scorepad.notice-host"


@dataclass(frozen=True)
class Notice:
    """A modal message: `close_label` closes it; with `action`, one more button (its
    label, and what it does once the message is closed)."""

    title: str
    text: str
    close_label: str
    action: tuple[str, Callable[[], None]] | None = None
    #: what a test or a screen reader finds the text by
    identifier: str = "notice"


def _notice_dialog(shown: Shown[Notice], close: Close) -> ft.DialogControl:
    notice = shown.what
    buttons: list[ft.Control] = [
        ft.TextButton(notice.close_label, on_click=lambda _e: close())]
    if notice.action is not None:
        label, then = notice.action

        def act(_e: ft.Event[ft.FilledButton]) -> None:
            close()
            then()

        buttons.append(ft.FilledButton(label, on_click=act))
    return ft.AlertDialog(
        modal=True, title=ft.Text(notice.title),
        content=ft.Semantics(identifier=notice.identifier, content=ft.Text(notice.text)),
        actions=buttons)


def use_notice_host() -> None:
    """Called once, by the app's root component: the session's notices open there (a
    background task has no component of its own to open a dialog from)."""
    ft.context.page.session.store.set(_HOST_KEY, use_shown(_notice_dialog))


def show_notice(page: ft.Page, notice: Notice) -> None:
    """Opens `notice` over whatever screen the session shows."""
    show = page.session.store.get(_HOST_KEY)
    if show is None:
        raise RuntimeError("no notice host: the app's root component is not rendered")
    show(notice)
