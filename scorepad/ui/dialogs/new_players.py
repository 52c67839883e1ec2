"""New players on the new-game screen: a name no known player has is marked as new, with
the known names it may be a slip of one tap away, and confirmed before it is created."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

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


def confirm_new_players(found: dict[str, list[str]], use: UsePlayer,
                        create: Callable[[], None], *, create_label: str | None = None
                        ) -> None:
    """Before creating a game with players nobody knows yet (or checking them in to a
    tournament): each new name, the known ones it may be a slip of (one tap uses it), and
    "Créer" (or `create_label`) to create them on purpose."""
    page = ft.context.page

    def use_known(name: str, known: str) -> None:
        page.pop_dialog()
        use(name, known)

    def confirm(_e: object) -> None:
        page.pop_dialog()
        create()

    page.show_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(nt("new_players.title", len(found))),
        content=ft.Column([
            ft.Text(nt("new_players.explained", len(found)), size=14),
            *[_newcomer_line(n, s, use_known) for n, s in found.items()],
        ], tight=True, spacing=14, width=320, scroll=ft.ScrollMode.AUTO),
        actions=[
            ft.TextButton(t("new_players.correct"), on_click=lambda _e: page.pop_dialog()),
            ft.FilledButton(create_label or t("new_players.create"), on_click=confirm),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    ))
