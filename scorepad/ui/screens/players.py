"""Players: every name with its games, hidden ones apart (a tap opens the player's page);
rename, merge two names of the same person (undone by "Séparer"), hide from the pickers
without losing any history."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import flet as ft

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.services import MergedPlayer, PlayerRow
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.confirm import ShowError, use_error
from scorepad.ui.dialogs.merge import AskMerge, use_merge_dialog
from scorepad.ui.dialogs.name import AskName, use_name_dialog
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.live import ALL_TOPIC, GAMES_TOPIC
from scorepad.ui.models.stats_filter import player_path
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.widgets.layout import empty_state, loading_state, screen, section_title
from scorepad.ui.widgets.snackbar import show_snackbar


class PlayerActions:
    """What the screen does to players; every refusal in words, every success confirmed."""

    def __init__(self, uow: UowFactory, changed: Callable[[Callable[[], None]], None],
                 show_error: ShowError, ask_name: Callable[[AskName], None],
                 ask_merge: Callable[[AskMerge], None]) -> None:
        self.uow = uow
        #: reads the list again, then calls its argument (once the list shows the change)
        self.changed = changed
        self.show_error = show_error
        self.ask_name = ask_name
        self.ask_merge = ask_merge

    def _run(self, action: Callable[[], object], said: Callable[[], None]) -> None:
        """Does `action`; refused, says why; done, `said()` once the list shows it."""
        try:
            action()
        except (services.ServiceError, InvalidDeal) as exc:
            self.show_error(t("common.not_possible"), exc.message(current_lang()))
            return
        self.changed(said)

    def rename(self, name: str) -> None:
        def submit(new: str) -> str | None:
            try:
                services.rename_player(self.uow(), name, new)
            except (services.ServiceError, InvalidDeal) as exc:
                return exc.message(current_lang())
            return None

        def done(new: str) -> None:
            self.changed(lambda: show_snackbar(t("players.renamed", name=name, new=new)))

        self.ask_name(AskName(t("players.rename_title", name=name),
                              t("players.new_name"), name, t("common.rename"), submit,
                              help_text=t("players.rename_help"), max_length=40, done=done))

    def ask_merge_with(self, name: str, others: Sequence[str]) -> None:
        """"Fusionner avec…": the other player and the name kept, then the confirmation."""
        self.ask_merge(AskMerge(name, others, self.merge))

    def hide(self, name: str, hidden: bool) -> None:
        if hidden:
            self._run(lambda: services.unhide_player(self.uow(), name),
                      lambda: show_snackbar(t("players.offered_again", name=name)))
            return
        self._run(lambda: services.hide_player(self.uow(), name),
                  lambda: show_snackbar(t("players.hidden_done", name=name),
                                        undo=lambda: self.hide(name, True)))

    def merge(self, keep: str, merge: str) -> None:
        self._run(lambda: services.merge_players(self.uow(), keep, merge),
                  lambda: show_snackbar(t("players.merged", merge=merge, keep=keep),
                                        undo=lambda: self.split(merge)))

    def split(self, name: str) -> None:
        self._run(lambda: services.unmerge_player(self.uow(), name),
                  lambda: show_snackbar(t("players.split_done", name=name)))


def _menu_item(icon: ft.IconData, label: str, on_click: Callable[[], None]) -> ft.PopupMenuItem:
    return ft.PopupMenuItem(content=ft.Row([ft.Icon(icon), ft.Text(label)]),
                            on_click=lambda _: on_click())


def _player_tile(p: PlayerRow, others: Sequence[str], actions: PlayerActions) -> ft.Control:
    items = [
        _menu_item(ft.Icons.EDIT_OUTLINED, t("common.rename"),
                   lambda: actions.rename(p.name)),
        # Only the players never seated with this one (services.merge_options): two
        # people at one table are not the same person, so nobody is offered to refuse.
        *([_menu_item(ft.Icons.MERGE_TYPE, t("players.merge_with"),
                      lambda: actions.ask_merge_with(p.name, others))]
          if others else []),
        _menu_item(ft.Icons.VISIBILITY if p.hidden else ft.Icons.VISIBILITY_OFF_OUTLINED,
                   t("players.offer_again") if p.hidden
                   else t("players.hide"),
                   lambda: actions.hide(p.name, p.hidden)),
    ]
    return ft.ListTile(
        leading=ft.CircleAvatar(content=ft.Text(p.name[:1].upper()),
                                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if p.hidden
                                else ft.Colors.PRIMARY_CONTAINER),
        title=ft.Semantics(identifier=f"player-{p.name}", content=ft.Text(
            p.name, weight=ft.FontWeight.W_600)),
        subtitle=ft.Text(nt("games.count", p.games),
                         size=12),
        trailing=ft.Semantics(identifier=f"player-menu-{p.name}", container=True,
                              content=ft.PopupMenuButton(
                                  icon=ft.Icons.MORE_VERT, items=items,
                                  tooltip=t("players.actions", name=p.name))),
        key=f"player-{p.id}",  # a player renamed or hidden above moves, not this line
        # A tap opens the player's page (their record); the menu holds the changes.
        on_click=lambda _e, name=p.name: ft.context.page.navigate(player_path("/players", name)),
    )


def _merged_tile(m: MergedPlayer, actions: PlayerActions) -> ft.Control:
    return ft.ListTile(
        leading=ft.Icon(ft.Icons.MERGE_TYPE, color=ft.Colors.ON_SURFACE_VARIANT),
        title=ft.Semantics(identifier=f"merged-{m.name}", content=ft.Text(
            t("players.merged_title", name=m.name, into=m.into))),
        subtitle=ft.Text(t("players.merged_means", name=m.name, into=m.into), size=12),
        trailing=ft.OutlinedButton(t("players.split"), icon=ft.Icons.CALL_SPLIT,
                                   height=48, on_click=lambda _: actions.split(m.name)),
    )


def player_sections(players: list[PlayerRow], merged: list[MergedPlayer],
                    actions: PlayerActions,
                    options: Mapping[str, Sequence[str]]) -> list[ft.Control]:
    shown = [p for p in players if not p.hidden]
    hidden = [p for p in players if p.hidden]
    controls: list[ft.Control] = [ft.Container(ft.Text(
        t("players.open_help") + " " + t("players.hide_help"),
        size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        padding=ft.Padding.only(left=16, right=16, top=12))]
    controls.append(section_title(t("players.section_shown")))
    controls += [_player_tile(p, options.get(p.name, ()), actions) for p in shown]
    if hidden:
        controls.append(section_title(t("players.section_hidden")))
        controls += [_player_tile(p, options.get(p.name, ()), actions) for p in hidden]
    if merged:
        controls.append(section_title(t("players.section_merged")))
        controls += [_merged_tile(m, actions) for m in merged]
    return controls


@ft.component
def PlayersView() -> ft.View:
    uow = use_uow()

    def load() -> tuple[list[PlayerRow], list[MergedPlayer], dict[str, tuple[str, ...]]]:
        return (services.list_players(uow(), include_hidden=True), services.list_merged(uow()),
                services.merge_options(uow()))

    data = use_data(load, topics=[GAMES_TOPIC, ALL_TOPIC])
    actions = PlayerActions(uow, data.again_then, use_error(), use_name_dialog(),
                            use_merge_dialog())
    if not data.loaded:
        return screen(t("nav.players"), loading_state(), route="/players")
    players, merged, options = data.value
    if not players and not merged:
        body: ft.Control = empty_state(
            ft.Icons.PEOPLE_OUTLINE, t("players.empty_title"),
            t("players.empty_text"))
    else:
        # Room at the bottom: the last rows scroll above a snackbar's "Annuler".
        body = ft.ListView(player_sections(players, merged, actions, options), expand=True,
                           padding=ft.Padding.only(bottom=96))
    return screen(t("nav.players"), body, route="/players")
