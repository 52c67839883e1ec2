"""Games: in progress first, then finished ones by month; a search by game or player;
open, start a new one, import, move to the bin; the bin's entry at the end."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import flet as ft
from babel.dates import format_date
from flet.components.hooks.use_ref import MutableRef

from scorepad import services
from scorepad.collation import name_key
from scorepad.domain import GameStatus
from scorepad.services import GameSummary
from scorepad.services.base.access import new_secret
from scorepad.ui.data import Data, use_data
from scorepad.ui.dialogs.backup import BackupReminder, restore_backup
from scorepad.ui.dialogs.confirm import AskConfirm, Confirm, ShowError, use_confirm, use_error
from scorepad.ui.i18n import babel_locale, current_lang, nt, t
from scorepad.ui.live import GAMES_TOPIC, game_topic
from scorepad.ui.models.fmt import deals_count, game_title, signed, when
from scorepad.ui.models.game_list import Month, game_list
from scorepad.ui.services_context import UowFactory, use_uow, wiring
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.downloads import use_file_picker
from scorepad.ui.widgets.layout import (
    empty_state,
    loading_state,
    screen,
    section_title,
    use_page_key,
)
from scorepad.ui.widgets.snackbar import navigate_then_show, show_snackbar
from scorepad.ui.widgets.text_input import kept_field


def _leader_line(game: GameSummary) -> str:
    if not game.deals:
        return ", ".join(game.seats)
    ordered = sorted(game.totals.items(), key=lambda kv: (-kv[1], name_key(kv[0])))
    return "  ·  ".join(f"{name} {signed(total)}" for name, total in ordered)


def _game_tile(game: GameSummary,
               on_delete: ft.ControlEventHandler[ft.PopupMenuItem] | None) -> ft.Control:
    finished = game.status == GameStatus.FINISHED

    def open_game(_: ft.Event[ft.ListTile]) -> None:
        ft.context.page.navigate(f"/games/{game.id}")

    seats = len(game.seats)
    table = t("games.seats", seats=seats) if seats == game.deal_size else \
        t("games.seats_and_deal", seats=seats, deal_size=game.deal_size)
    # Keyed: a search or a month opened moves the tiles, each stays its game's.
    return ft.Card(
        key=f"game-{game.id}",
        content=ft.ListTile(
            leading=ft.CircleAvatar(
                content=ft.Icon(ft.Icons.FLAG if finished else ft.Icons.STYLE, size=20),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if finished
                else ft.Colors.PRIMARY_CONTAINER,
                color=ft.Colors.ON_SURFACE_VARIANT if finished else ft.Colors.ON_PRIMARY_CONTAINER,
            ),
            title=ft.Row([
                *([ft.Icon(ft.Icons.LOCK_OUTLINE, size=16, color=ft.Colors.ON_SURFACE_VARIANT,
                           tooltip=t("games.protected"))]
                  if game.protected else []),
                # The name's identifier lets a test (and bench/phone.py) find one game
                # among many; a tournament table's game is called by its table.
                ft.Semantics(identifier=f"game-{game.id}", expand=True, content=ft.Text(
                    game_title(game), weight=ft.FontWeight.W_600, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS)),
            ], spacing=4),
            subtitle=ft.Column([
                # A tournament table's game: its title says which table; its name (the
                # tournament's) comes here.
                *([ft.Text(game.name, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                           color=ft.Colors.ON_SURFACE_VARIANT)]
                  if game.tournament_table is not None else []),
                ft.Text(f"{table} · {deals_count(game.deals)} · {when(game.updated_at)}",
                        size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Text(_leader_line(game), size=13, max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS),
            ], spacing=2, tight=True),
            # Only the organiser's phone (or anybody's, for a game from before organisers
            # without a code) gets the menu: the server refuses the others anyway.
            trailing=ft.PopupMenuButton(
                icon=ft.Icons.MORE_VERT,
                tooltip=t("games.actions", name=game.name),
                items=[ft.PopupMenuItem(
                    content=ft.Row([ft.Icon(ft.Icons.DELETE_OUTLINE, color=ft.Colors.ERROR),
                                    ft.Text(t("common.move_to_bin"))]),
                    on_click=on_delete)],
            ) if on_delete is not None else None,
            on_click=open_game,
            is_three_line=True,
            content_padding=ft.Padding.only(left=12, right=4, top=4, bottom=4),
        ),
        margin=ft.Margin.symmetric(horizontal=12, vertical=4),
        elevation=0,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    )


def _confirm_bin(uow: UowFactory, state: AppState, game: GameSummary,
                 on_binned: Callable[[Callable[[], None]], None], confirm: AskConfirm,
                 show_error: ShowError) -> None:
    """Asks first, then moves the game to the bin; a refusal is shown in words;
    `on_binned(then)` reads the list again, then says so once it shows it."""
    organiser = services.Organiser(state.organiser_key(game.id))

    def confirmed() -> None:
        try:
            services.delete_game(uow(), game.id, organiser=organiser)
        except services.ServiceError as exc:
            show_error(t("games.bin_refused"), exc.message(current_lang()))
            return
        on_binned(lambda: show_snackbar(t("games.binned", name=game.name)))

    days = services.BIN_DAYS
    confirm(Confirm(
        t("games.bin_title"),
        t("games.bin_text", name=game.name, days=days),
        t("common.move_to_bin"), confirmed, destructive=True))


async def _import_picked(uow: UowFactory, state: AppState, e: ft.FilePickerResultEvent,
                         show_error: ShowError) -> None:
    """Takes the picked file: a backup of every game (restored with its progress shown,
    as in Settings), or one game, opened on its sheet (a game already there is opened,
    never added twice); why a file was refused, said. The phone that adds a game becomes
    its organiser."""
    if not e.files:
        return
    data = e.files[0].bytes or b""
    if services.is_backup(data):
        await restore_backup(ft.context.page, uow, data)
        return
    key = new_secret()
    try:
        report = services.import_game_once(uow(), data, organiser_key=key)
    except services.ServiceError as exc:
        show_error(t("games.import_refused"), exc.message(current_lang()))
        return
    [game_id] = report.games
    if report.added:
        state.remember_organiser(game_id, key)
    said = t("games.imported") if report.added else t(
        "games.import_extended") if report.extended else t("games.import_already")
    navigate_then_show(f"/games/{game_id}", said)


def _bin_entry(binned: int) -> ft.Control:
    return ft.Semantics(identifier="bin-entry", container=True, content=ft.ListTile(
        leading=ft.Icon(ft.Icons.DELETE_OUTLINE),
        title=ft.Text(t("nav.bin") + (f" ({binned})" if binned else "")),
        subtitle=ft.Text(t("games.bin_entry", days=services.BIN_DAYS),
                         size=12),
        on_click=lambda _: ft.context.page.navigate("/bin")))


#: From this many games on, the list offers its search.
SEARCH_FROM = 8


#: the group of the games in progress not played for a month (its toggle's key)
OLDER = "in-progress-older"


def _month_label(month: Month) -> str:
    label = format_date(date(month.year, month.month, 1), t("games.month_pattern"),
                        locale=babel_locale(current_lang()))
    return label[:1].upper() + label[1:]


def _group_header(key: str, label: str, count: int, opened: bool,
                  toggle: Callable[[str], None]) -> ft.Control:
    """A month's (or the older games in progress') line: a tap opens or closes it."""
    return ft.Semantics(key=f"month-{key}", identifier=f"month-{key}",
                        container=True, content=ft.ListTile(
        title=ft.Text(label, weight=ft.FontWeight.W_600),
        trailing=ft.Row([
            ft.Text(nt("games.count", count), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE)],
            tight=True, spacing=4),
        dense=True, on_click=lambda _: toggle(key)))


class Built:
    """The tiles and headers built for the list last time, handed back when what they
    show has not changed: Flet's diff passes over a control it is given back, where a
    new one is compared field by field (a phone's years: every month's header and the
    newest month's tiles at each return to the list)."""

    def __init__(self) -> None:
        self._kept: dict[object, tuple[object, ft.Control]] = {}
        self._used: dict[object, tuple[object, ft.Control]] = {}

    def get(self, key: object, shown: object, build: Callable[[], ft.Control]) -> ft.Control:
        known = self._kept.get(key)
        control = known[1] if known is not None and known[0] == shown else build()
        self._used[key] = (shown, control)
        return control

    def done(self) -> None:
        """The list is built: what it did not use is dropped."""
        self._kept, self._used = self._used, {}


def _game_list(games: list[GameSummary], binned: int, state: AppState,
               delete: Callable[[GameSummary], None], view: GameListView,
               built: Built | None = None) -> list[ft.Control]:
    """In progress first (those not played for a month a tap away), then finished ones by
    month (the newest month open, the others a tap away), then the bin; the search
    (above the list) narrows them and opens every group; an empty list says how to
    start. Only the organiser's phone gets a game's menu (or anybody's, for a game from
    before organisers without a code): the server refuses the others anyway. `built`:
    the controls of the list's last build, handed back where unchanged."""
    built = built or Built()
    lang = current_lang()

    def on_delete(game: GameSummary) -> ft.ControlEventHandler[ft.PopupMenuItem] | None:
        if state.organiser_key(game.id) is None and not game.open_to_all:
            return None
        return lambda _: delete(game)

    def tile(game: GameSummary) -> ft.Control:
        deletable = state.organiser_key(game.id) is not None or game.open_to_all
        return built.get(("game", game.id), (game, deletable, lang),
                         lambda: _game_tile(game, on_delete(game)))

    def header(key: str, label: Callable[[], str], count: int, opened: bool) -> ft.Control:
        return built.get(("month", key), (count, opened, lang),
                         lambda: _group_header(key, label(), count, opened, view.toggle))

    listed = game_list(games, view.search)
    items: list[ft.Control] = [] if wiring().server else [BackupReminder()]
    if not games:
        items.append(empty_state(
            ft.Icons.STYLE, t("games.empty_title"),
            t("games.empty_text")))
    elif view.search.strip():
        items.append(ft.Semantics(identifier="search-found", content=ft.Container(ft.Text(
            nt("games.search_found", listed.found) if listed.found
            else t("games.search_none", search=view.search.strip()),
            color=ft.Colors.ON_SURFACE_VARIANT), padding=ft.Padding.symmetric(horizontal=16))))
    if listed.in_progress or listed.older:
        items.append(section_title(t("games.in_progress")))
        items += [tile(g) for g in listed.in_progress]
    if listed.older:
        opened = view.opened(OLDER, first=False)
        items.append(header(OLDER, lambda: t("games.in_progress_older"), len(listed.older),
                            opened))
        if opened:
            items += [tile(g) for g in listed.older]
    if listed.months:
        items.append(section_title(t("games.finished")))
    for n, month in enumerate(listed.months):
        opened = view.opened(month.key, first=n == 0)
        items.append(header(month.key, lambda m=month: _month_label(m), len(month.games),
                            opened))
        if opened:
            items += [tile(g) for g in month.games]
    items.append(_bin_entry(binned))
    built.done()
    return items


@dataclass
class GameListView:
    """What the person did to the list: the search typed, the months opened or closed
    (the newest is open until closed; a search opens them all)."""

    search: str
    toggled: frozenset[str]
    toggle: Callable[[str], None]
    field: ft.Control

    def opened(self, key: str, *, first: bool) -> bool:
        return bool(self.search.strip()) or (first != (key in self.toggled))


def _use_list_view() -> GameListView:
    search, set_search = ft.use_state("")
    toggled, set_toggled = ft.use_state(frozenset[str]())

    def toggle(key: str) -> None:
        set_toggled(toggled ^ {key})

    field = ft.Semantics(identifier="games-search", container=True, content=ft.Container(
        kept_field(label=t("games.search"), prefix_icon=ft.Icons.SEARCH, dense=True,
                   on_change=lambda e: set_search(e.control.value or "")),
        padding=ft.Padding.only(left=12, right=12, top=8, bottom=4)))
    return GameListView(search, toggled, toggle, field)


def _import_button(picker: ft.FilePicker) -> ft.Control:
    return ft.IconButton(
        ft.Icons.FILE_UPLOAD_OUTLINED, tooltip=t("games.import_tooltip"),
        action=ft.PickFiles(picker, allowed_extensions=["json"], with_data=True,
                            file_type=ft.FilePickerFileType.CUSTOM,
                            dialog_title=t("games.import_title")))


def _people_buttons() -> list[ft.Control]:
    """Circles, players and tournaments: who plays, in the bar of the games they play. A
    tournament needs a server (a phone a table, the big screen): left out on one phone."""
    page = ft.context.page
    buttons: list[ft.Control] = [
        ft.IconButton(ft.Icons.GROUPS_OUTLINED, tooltip=t("nav.circles"),
                      on_click=lambda _: page.navigate("/circles")),
        ft.IconButton(ft.Icons.PEOPLE_OUTLINE, tooltip=t("nav.players"),
                      on_click=lambda _: page.navigate("/players")),
    ]
    if wiring().server:
        buttons.append(ft.IconButton(
            ft.Icons.EMOJI_EVENTS_OUTLINED, tooltip=t("tournament_ui.list.title"),
            on_click=lambda _: page.navigate("/tournaments")))
    return buttons


_GAME_ROUTE = re.compile(r"^/games/(\d+)(?:/|$)")


def _use_games(uow: UowFactory, location: str) -> Data[tuple[list[GameSummary], int]]:
    """The games and the bin's count. Under a sheet (a table's phones), the list waits
    until it is back on top rather than reading and drawing every game again for each
    deal of every table; it reads again each time it is back. But for the game whose
    screens cover it (from the route): its line is read again a moment after each change
    (a deal saved), so that Back shows it current at once, not the old line until the
    read asked on the way back lands."""
    on_top = location == "/"
    found = _GAME_ROUTE.match(location)
    covering = [game_topic(int(found.group(1)))] if found else []
    return use_data(lambda: (services.list_games(uow()), len(services.list_bin(uow()))),
                    topics=[GAMES_TOPIC], check_on=[on_top], active=on_top,
                    held_topics=covering)


@ft.component
def GamesView() -> ft.View:
    state = use_app_state()
    uow = use_uow()
    location = ft.use_route_location()
    page_key = use_page_key("/")
    on_top = location == "/"
    data = _use_games(uow, location)

    confirm, show_error = use_confirm(), use_error()

    def delete(game: GameSummary) -> None:
        _confirm_bin(uow, state, game, data.again_then, confirm, show_error)

    async def picked(e: ft.FilePickerResultEvent) -> None:
        await _import_picked(uow, state, e, show_error)

    picker = use_file_picker(picked)

    def new_game(_: ft.Event[ft.FloatingActionButton]) -> None:
        ft.context.page.navigate("/new")

    view = _use_list_view()
    # Under another screen the list is not seen: what it showed last is handed back as
    # it is (the very same control), which Flet's diff passes over without a look,
    # rather than building and comparing every game's tile again at each change of the
    # session (each deal saved on the sheet above). Back on top, it is built afresh.
    shown: MutableRef[ft.Control] = ft.use_ref()
    body = shown.current
    # Back on top, the first render hands back what was shown too: the read asked on the
    # way back has not landed yet, and building the list from the same (last) read would
    # draw the same thing. The new read builds it (with 9,000 deals, that is one build
    # and diff of every month's header less each time the phone comes back to the list).
    # A read made while covered (the covering game changed) is built at once.
    was_on_top: MutableRef[bool] = ft.use_ref(on_top)
    built: MutableRef[Built] = ft.use_ref(Built)
    lang = current_lang()
    built_in: MutableRef[str] = ft.use_ref(lang)
    built_from: MutableRef[object] = ft.use_ref(None)
    read_meanwhile = data.loaded and data.value is not built_from.current
    coming_back = (on_top and not was_on_top.current and built_in.current == lang
                   and not read_meanwhile)
    was_on_top.current = on_top
    if (on_top and not coming_back) or body is None:
        body = loading_state()
        if data.loaded:
            games, binned = data.value
            body = ft.ListView(controls=_game_list(games, binned, state, delete, view,
                                                   built.current),
                               expand=True, padding=ft.Padding.only(top=4, bottom=96))
            if len(games) >= SEARCH_FROM:  # above the list: at hand however far it scrolled
                # Stretched: the field as wide as the tiles (a field sizes to its own
                # default width, 80 % of a phone's, in a column that does not stretch).
                body = ft.Column([view.field, body], spacing=0, expand=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            shown.current = body
            built_in.current = lang
            built_from.current = data.value
    return screen(
        t("nav.games"), body, route=page_key, nav="/",
        actions=[*_people_buttons(), _import_button(picker)],
        services=[picker],
        fab=ft.FloatingActionButton(icon=ft.Icons.ADD, content=t("games.new"),
                                    on_click=new_game),
    )
