"""New players on the new-game screen: a name no known player has is marked as new, with
the known names it may be a slip of one tap away, and confirmed before it is created."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import nt, t

UsePlayer = Callable[[str, str], None]  # (typed name, known name)


def newcomer_hint(name: str, suggestions: list[str], use: UsePlayer) -> ft.Control:
    """Under a seat: "Nouveau joueur" and, for a likely slip, "Gérard ?" to use the known
    player instead."""
    controls: list[ft.Control] = [
        ft.Icon(ft.Icons.PERSON_ADD_ALT, size=16, color=ft.Colors.TERTIARY),
        ft.Text(t("new_players.new_check") if suggestions else t("new_players.new"),
                size=13, color=ft.Colors.TERTIARY),
    ]
    controls += [ft.TextButton(t("new_players.suggestion", name=known),
                               tooltip=t("new_players.use", name=known),
                               on_click=lambda _e, k=known: use(name, k))
                 for known in suggestions]
    return ft.Semantics(identifier=f"new-player-{name}", container=True, content=ft.Container(
        ft.Row(controls, spacing=6, wrap=True,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=36, right=16, bottom=4)))


def _newcomer_line(name: str, suggestions: list[str], use: UsePlayer) -> ft.Control:
    lines: list[ft.Control] = [ft.Text(
        t("new_players.line", name=name), weight=ft.FontWeight.W_600)]
    lines += [ft.OutlinedButton(t("new_players.use", name=known),
                                icon=ft.Icons.PERSON, on_click=lambda _e, k=known: use(name, k))
              for known in suggestions]
    return ft.Column(lines, spacing=6, tight=True)


@dataclass(frozen=True)
class NewPlayers:
    """The new names with the known ones each may be a slip of; `use(name, known)` puts
    the known player in the seat, `create()` creates the game with the new ones."""

    found: dict[str, list[str]]
    use: UsePlayer
    create: Callable[[], None]
    #: the button that creates them ("Créer" unless told)
    create_label: str | None = None


def _new_players_dialog(shown: Shown[NewPlayers], close: Close) -> ft.DialogControl:
    ask = shown.what

    def use_known(name: str, known: str) -> None:
        close()
        ask.use(name, known)

    def confirm(_e: object) -> None:
        close()
        ask.create()

    found = ask.found
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(nt("new_players.title", len(found))),
        content=ft.Column([
            ft.Text(nt("new_players.explained", len(found)), size=14),
            *[_newcomer_line(n, s, use_known) for n, s in found.items()],
        ], tight=True, spacing=14, width=320, scroll=ft.ScrollMode.AUTO),
        actions=[
            ft.TextButton(t("new_players.correct"), on_click=lambda _e: close()),
            ft.FilledButton(ask.create_label or t("new_players.create"), on_click=confirm),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    )


def use_new_players_dialog() -> Callable[[NewPlayers], None]:
    """A hook: `confirm(NewPlayers(...))` asks before creating a game with players nobody
    knows yet: each new name, the known ones it may be a slip of (one tap uses it), and
    "Créer" to create them on purpose."""
    return use_shown(_new_players_dialog)
