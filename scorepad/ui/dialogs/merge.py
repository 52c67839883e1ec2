"""Merging two players who are the same person: choose the other name and the name kept,
then a confirmation that says what happens (and that "Séparer" undoes it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import flet as ft

from scorepad.ui.dialogs.confirm import Confirm, use_confirm
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import t


def merge_text(keep: str, merge: str) -> str:
    """What a merge does, in the players' words."""
    return t("merge.text", merge=merge, keep=keep)


@dataclass(frozen=True)
class AskMerge:
    """"Fusionner `player` avec…" one of `others`; `on_merge(keep, merge)` does it."""

    player: str
    others: Sequence[str]
    on_merge: Callable[[str, str], None]


@dataclass(frozen=True)
class _Choice:
    """What the phone chose in one opening: the other player, the name kept, and whether
    "Continuer" was tapped with no other player."""

    opening: int
    other: str | None = None
    keep: str | None = None
    missing: bool = False


def _radios(names: Sequence[str], label: Callable[[str], str], value: str | None,
            on_change: Callable[[str], None]) -> ft.RadioGroup:
    return ft.RadioGroup(
        value=value, on_change=lambda e: on_change(str(e.control.value or "")),
        content=ft.Column([ft.Radio(value=n, label=label(n)) for n in names],
                          spacing=0, tight=True))


def use_merge_dialog() -> Callable[[AskMerge], None]:
    """A hook: `merge(AskMerge(...))` opens the choice, then the confirmation."""
    confirm = use_confirm()
    # The phone's choice: handlers read it as it is now (a tap can arrive before the
    # render that followed the previous one), a render shows it.
    choice = ft.use_ref(lambda: _Choice(0))
    _, set_renders = ft.use_state(0)

    def build(shown: Shown[AskMerge], close: Close) -> ft.DialogControl:
        ask, player = shown.what, shown.what.player

        def current() -> _Choice:
            now = choice.current
            return now if now is not None and now.opening == shown.opening \
                else _Choice(shown.opening)

        def choose(**changes: object) -> None:
            choice.current = replace(current(), **changes)
            set_renders(lambda n: n + 1)

        def go_on(_e: object) -> None:
            now = current()
            if not now.other:
                choose(missing=True)
                return
            keep = now.keep or player
            merge = now.other if keep == player else player
            close()
            confirm(Confirm(t("merge.confirm_title"), merge_text(keep, merge),
                            t("merge.confirm"), lambda: ask.on_merge(keep, merge)))

        now = current()
        kept = [player] + ([now.other] if now.other else [])
        return ft.AlertDialog(
            title=ft.Text(t("merge.title", name=player)),
            content=ft.Column([
                ft.Text(t("merge.help"), size=14),
                # Another player: the name kept is the player's again, as offered.
                _radios(ask.others, str, now.other,
                        lambda name: choose(other=name, keep=player, missing=False)),
                ft.Text(t("merge.choose_other"), color=ft.Colors.ERROR, size=13,
                        visible=now.missing),
                ft.Divider(height=1),
                _radios(kept, lambda n: t("merge.keep", name=n), now.keep or player,
                        lambda name: choose(keep=name)),
            ], tight=True, spacing=8, width=320, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: close()),
                     ft.FilledButton(t("merge.continue"), on_click=go_on)],
        )

    return use_shown(build)
