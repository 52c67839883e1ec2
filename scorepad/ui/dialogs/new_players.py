"""New players on the new-game screen: a name no known player has is marked as new, with
the known names it may be a slip of one tap away, and confirmed before it is created."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import tr

UsePlayer = Callable[[str, str], None]  # (typed name, known name)


def newcomer_hint(name: str, suggestions: list[str], use: UsePlayer) -> ft.Control:
    """Under a seat: "Nouveau joueur" and, for a likely slip, "Gérard ?" to use the known
    player instead."""
    controls: list[ft.Control] = [
        ft.Icon(ft.Icons.PERSON_ADD_ALT, size=16, color=ft.Colors.TERTIARY),
        ft.Text(tr("Nouveau joueur", "New player") + (
            tr(" — vérifier l'orthographe :", " — check the spelling:") if suggestions
            else ""), size=13, color=ft.Colors.TERTIARY),
    ]
    controls += [ft.TextButton(f"{known} ?", tooltip=tr(f"Utiliser {known}", f"Use {known}"),
                               on_click=lambda _e, k=known: use(name, k))
                 for known in suggestions]
    return ft.Semantics(identifier=f"new-player-{name}", container=True, content=ft.Container(
        ft.Row(controls, spacing=6, wrap=True,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=36, right=16, bottom=4)))


def _newcomer_line(name: str, suggestions: list[str], use: UsePlayer) -> ft.Control:
    lines: list[ft.Control] = [ft.Text(
        tr(f"Nouveau joueur : {name} — vérifier l'orthographe",
           f"New player: {name} — check the spelling"), weight=ft.FontWeight.W_600)]
    lines += [ft.OutlinedButton(tr(f"Utiliser {known}", f"Use {known}"),
                                icon=ft.Icons.PERSON, on_click=lambda _e, k=known: use(name, k))
              for known in suggestions]
    return ft.Column(lines, spacing=6, tight=True)


def confirm_new_players(found: dict[str, list[str]], use: UsePlayer,
                        create: Callable[[], None]) -> None:
    """Before creating a game with players nobody knows yet: each new name, the known
    ones it may be a slip of (one tap uses it), and "Créer" to create them on purpose."""
    page = ft.context.page

    def use_known(name: str, known: str) -> None:
        page.pop_dialog()
        use(name, known)

    def confirm(_e: object) -> None:
        page.pop_dialog()
        create()

    many = len(found) > 1
    page.show_dialog(ft.AlertDialog(
        modal=True,
        title=ft.Text(tr("Nouveaux joueurs ?", "New players?") if many
                      else tr("Nouveau joueur ?", "New player?")),
        content=ft.Column([
            ft.Text(tr("Ces noms ne sont pas encore des joueurs connus : ils seront créés "
                       "et suivis dans les statistiques.",
                       "These names are no known players yet: they will be created and "
                       "followed in the statistics.") if many else
                    tr("Ce nom n'est pas encore un joueur connu : il sera créé et suivi "
                       "dans les statistiques.", "This name is no known player yet: it will "
                       "be created and followed in the statistics."), size=14),
            *[_newcomer_line(n, s, use_known) for n, s in found.items()],
        ], tight=True, spacing=14, width=320, scroll=ft.ScrollMode.AUTO),
        actions=[
            ft.TextButton(tr("Corriger", "Correct"), on_click=lambda _e: page.pop_dialog()),
            ft.FilledButton(tr("Créer et commencer", "Create and start"), on_click=confirm),
        ],
        actions_alignment=ft.MainAxisAlignment.END,
    ))
