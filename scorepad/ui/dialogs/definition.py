"""`use_definition()`: how a figure of the statistics is counted, in the words of the
catalog (the same as docs/STATS.md), opened by a tap on the figure."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.domain.stats_words import figure
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t


def _definition_dialog(shown: Shown[str], close: Close) -> ft.DialogControl:
    words = figure(shown.what)
    return ft.AlertDialog(
        title=ft.Text(t(words.label)),
        content=ft.Semantics(identifier="definition", content=ft.Text(
            t(words.how, **dict(words.params)), size=15)),
        actions=[ft.TextButton(t("stats_page.understood"), on_click=lambda _e: close())],
    )


def use_definition() -> Callable[[str], None]:
    """A hook: `explain(figure_id)` opens how that figure is counted."""
    return use_shown(_definition_dialog)
