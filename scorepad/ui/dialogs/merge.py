"""Merging two players who are the same person: choose the other name and the name kept,
then a confirmation that says what happens (and that "Séparer" undoes it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.ui.dialogs.confirm import show_confirm_dialog
from scorepad.ui.i18n import t


def merge_text(keep: str, merge: str) -> str:
    """What a merge does, in the players' words."""
    return t("merge.text", merge=merge, keep=keep)


def show_merge_dialog(player: str, others: Sequence[str],
                      on_merge: Callable[[str, str], None]) -> None:
    """"Fusionner X avec…": the other player, the name kept, then the confirmation;
    `on_merge(keep, merge)` does it."""
    page = ft.context.page
    other = ft.RadioGroup(content=ft.Column(
        [ft.Radio(value=name, label=name) for name in others], spacing=0, tight=True))
    error = ft.Text("", color=ft.Colors.ERROR, size=13, visible=False)

    def kept_choice(name: str | None) -> ft.RadioGroup:
        names = [player] + ([name] if name else [])
        return ft.RadioGroup(value=player, content=ft.Column(
            [ft.Radio(value=n, label=t("merge.keep", name=n)) for n in names],
            spacing=0, tight=True))

    kept_holder = ft.Container(kept_choice(None))

    def other_chosen(_e: object) -> None:
        kept_holder.content = kept_choice(other.value)
        kept_holder.update()
        if error.visible:
            error.visible = False
            error.update()

    other.on_change = other_chosen

    def go_on(_e: object) -> None:
        merged_with = other.value
        if not merged_with:
            error.value = t("merge.choose_other")
            error.visible = True
            error.update()
            return
        group = kept_holder.content
        keep = group.value if isinstance(group, ft.RadioGroup) and group.value else player
        merge = merged_with if keep == player else player
        page.pop_dialog()
        show_confirm_dialog(t("merge.confirm_title"),
                            merge_text(keep, merge), t("merge.confirm"),
                            lambda: on_merge(keep, merge))

    page.show_dialog(ft.AlertDialog(
        title=ft.Text(t("merge.title", name=player)),
        content=ft.Column([
            ft.Text(t("merge.help"), size=14),
            other, error, ft.Divider(height=1), kept_holder,
        ], tight=True, spacing=8, width=320, scroll=ft.ScrollMode.AUTO),
        actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: page.pop_dialog()),
                 ft.FilledButton(t("merge.continue"), on_click=go_on)],
    ))
