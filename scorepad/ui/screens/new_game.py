"""New game (players, seat order, first dealer, who sits out, rules) and a game's rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import flet as ft
from babel.dates import format_date

from scorepad import services
from scorepad.collation import name_key, sorted_names
from scorepad.domain import InvalidDeal
from scorepad.domain.names import matching
from scorepad.services import CircleRow, PlayerRow
from scorepad.ui.access import can_edit, forbidden
from scorepad.ui.data import Data, use_data
from scorepad.ui.dialogs.confirm import ShowError, use_error
from scorepad.ui.dialogs.game_actions import undo_change
from scorepad.ui.dialogs.new_players import NewPlayers, newcomer_hint, use_new_players_dialog
from scorepad.ui.dialogs.table_code import use_unlock_dialog
from scorepad.ui.i18n import babel_locale, current_lang, t
from scorepad.ui.models.game_forms import BOOL_RULES, INT_RULES, MAX_SEATS, NewGameForm, RulesForm
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.filters import circle_dropdown
from scorepad.ui.widgets.form_keeper import restored_banner, use_new_game_keeper
from scorepad.ui.widgets.layout import (
    game_not_found_screen,
    loading_state,
    primary_action,
    screen,
    section_title,
)
from scorepad.ui.widgets.read_only_banner import read_only_banner
from scorepad.ui.widgets.snackbar import navigate_then_show
from scorepad.ui.widgets.text_input import NameEntry, kept_field

SetForm = Callable[[Callable[[NewGameForm], NewGameForm]], None]


def default_game_name() -> str:
    today = format_date(datetime.now(), t("new_game.default_name_pattern"),
                        locale=babel_locale(current_lang()))
    return t("new_game.default_name", today=today)


@ft.component
def RulesEditor(form: RulesForm, on_change: Callable[[Callable[[RulesForm], RulesForm]], None],
                reset: int = 0) -> ft.Control:
    """Every value of the rules object, editable, each checked as it is typed. The values
    belong to the phone while typed; a new `reset` puts the form's values back in."""
    lang = current_lang()
    fields: list[ft.Control] = []
    for path, label in INT_RULES:
        fields.append(ft.Container(kept_field(
            label=t(label), value=form.texts.get(path, ""), reset=reset,
            keyboard_type=ft.KeyboardType.NUMBER, dense=True,
            error=form.error(path, lang),
            on_change=lambda e, p=path: on_change(
                lambda f, text=str(e.data or ""): f.with_text(p, text)),
        ), col={"xs": 6, "md": 4}))
    switches = [ft.Switch(label=t(label), value=form.flags.get(path, False),
                          on_change=lambda e, p=path: on_change(
                              lambda f, v=bool(e.control.value): f.with_flag(p, v)))
                for path, label in BOOL_RULES]
    return ft.Column([ft.ResponsiveRow(fields, spacing=8, run_spacing=10), *switches],
                     spacing=12)


def _seat_row(form: NewGameForm, index: int, name: str, set_form: SetForm) -> ft.Control:
    dealer = index == form.first_dealer
    return ft.Container(
        ft.Row([
            ft.Text(str(index + 1), width=20, color=ft.Colors.ON_SURFACE_VARIANT,
                    weight=ft.FontWeight.W_600),
            ft.Semantics(identifier=f"seat-{name}", expand=True, content=ft.Text(
                name, size=16, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)),
            ft.Semantics(label=t("new_game.deals_first", name=name),
                         button=True, selected=dealer, content=ft.Chip(
                             label=ft.Text(t("new_game.dealer_chip")),
                             selected=dealer, show_checkmark=False,
                             leading=ft.Icon(ft.Icons.STYLE, size=16),
                             on_select=lambda _: set_form(lambda f: f.with_dealer(index)))),
            ft.IconButton(ft.Icons.ARROW_UPWARD, tooltip=t("new_game.move_up", name=name),
                          disabled=index == 0, icon_size=20,
                          on_click=lambda _: set_form(lambda f: f.move(index, -1))),
            ft.IconButton(ft.Icons.ARROW_DOWNWARD,
                          tooltip=t("new_game.move_down", name=name),
                          disabled=index == len(form.seats) - 1, icon_size=20,
                          on_click=lambda _: set_form(lambda f: f.move(index, 1))),
            ft.IconButton(ft.Icons.CLOSE, tooltip=t("new_game.remove", name=name),
                          icon_size=20,
                          on_click=lambda _: set_form(lambda f: f.remove_player(name))),
        ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.only(left=16, right=4),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        key=f"seat-{name}",  # a seat moved up or down moves with its name
    )


def _name_field(form: NewGameForm, name_error: str | None, set_form: SetForm,
                reset: int = 0) -> ft.Control:
    return ft.Container(kept_field(
        label=t("new_game.name"), value=form.name, reset=reset,
        hint_text=form.default_name,
        helper=None if form.name.strip() or name_error
        else t("new_game.default_name_hint", name=form.default_name),
        error=name_error,
        on_change=lambda e: set_form(lambda f, text=str(e.data or ""): replace(f, name=text)),
    ), padding=ft.Padding.only(left=16, right=16, top=16))


#: the known players offered as chips before anything is typed (the most regular first)
OFFERED = 12


def regular_first(players: Sequence[PlayerRow]) -> list[str]:
    """The known players' names, most games first, ties in French order: the pickers'
    order, whose first OFFERED are offered before anything is typed."""
    return [p.name for p in sorted(players, key=lambda p: (-p.games, name_key(p.name)))]


@dataclass(frozen=True)
class Pickers:
    """What the players' pickers show: the line being typed, whether every known name is
    shown, and the token that empties the field."""

    typed: str = ""
    show_all: bool = False
    clear: int = 0

    def offered(self, known: list[str], seats: tuple[str, ...]) -> list[str]:
        """The chips: the `known` names (most games first) matching what is typed; else the
        most regular ones (every one when asked), with the seated ones always among them,
        in French order (scorepad.collation: "Émile" beside "Emma", not after "Zoé")."""
        if self.typed.strip():
            return matching(self.typed, known, OFFERED)
        if self.show_all:
            return sorted_names(known)
        first = known[:OFFERED]
        return sorted_names([*first, *(n for n in known if n in seats and n not in first)])


def _player_pickers(form: NewGameForm, known: list[str], pickers: Pickers,
                    set_pickers: Callable[[Callable[[Pickers], Pickers]], None],
                    set_form: SetForm) -> list[ft.Control]:
    """The field and button that add a player, then the known players as chips: the ones
    matching the letters typed, or the most regular ones and a button for all."""
    def add_typed(name: str) -> None:
        # A functional update: names added quickly one after the other all count.
        set_form(lambda f: f.add_player(name))

    def chip_selected(name: str, selected: bool) -> None:
        # Idempotent: the chip reports its state, which may arrive more than once.
        set_form(lambda f: (f.add_player(name) if name not in f.seats else f) if selected
                 else f.remove_player(name))
        if pickers.typed.strip():  # the suggestion replaces the letters typed
            set_pickers(lambda p: replace(p, typed="", clear=p.clear + 1))

    def toggle_all(_: object) -> None:
        set_pickers(lambda p: replace(p, show_all=not p.show_all))

    controls: list[ft.Control] = [ft.Container(
        NameEntry(t("new_game.new_player"), add_typed,
                  disabled=len(form.seats) >= MAX_SEATS, clear=pickers.clear,
                  on_typing=lambda typed: set_pickers(
                      lambda p: p if p.typed == typed else replace(p, typed=typed))),
        padding=ft.Padding.only(left=16, right=16, top=4))]
    names = pickers.offered(known, form.seats)
    if names:
        controls.append(ft.Container(ft.Row([
            ft.Chip(label=ft.Text(name), selected=name in form.seats,
                    on_select=lambda e, n=name: chip_selected(n, bool(e.control.selected)))
            for name in names], wrap=True, spacing=8, run_spacing=4),
            padding=ft.Padding.only(left=16, right=16, top=8)))
    hidden = len(known) - OFFERED
    if not pickers.typed.strip() and hidden > 0:
        controls.append(ft.Container(ft.TextButton(
            t("new_game.fewer_players") if pickers.show_all else
            t("new_game.all_players", count=len(known)),
            icon=ft.Icons.EXPAND_LESS if pickers.show_all else ft.Icons.EXPAND_MORE,
            on_click=toggle_all), padding=ft.Padding.symmetric(horizontal=8)))
    return controls


def _circle_choice(form: NewGameForm, circles: list[CircleRow],
                   set_form: SetForm) -> list[ft.Control]:
    """The circle the game belongs to (optional): its ranking and its evenings."""
    if not circles:
        return [ft.Container(ft.TextButton(
            t("new_game.create_circle"),
            icon=ft.Icons.GROUP_ADD, on_click=lambda _: ft.context.page.navigate("/circles")),
            padding=ft.Padding.symmetric(horizontal=8))]
    return [ft.Container(circle_dropdown(
        circles, form.circle, lambda c: set_form(lambda f: replace(f, circle=c)),
        identifier="new-game-circle", none_label=t("new_game.no_circle")),
        padding=ft.Padding.only(left=16, right=16, top=4))]


def _table_order(form: NewGameForm, seat_error: str | None, set_form: SetForm,
                 newcomers: dict[str, list[str]]) -> list[ft.Control]:
    """The seats in order (dealer, move, remove; a new player marked), a seat error, the
    deal size, sitting out."""
    def use(name: str, known_name: str) -> None:
        set_form(lambda f: f.replace_player(name, known_name))

    controls: list[ft.Control] = []
    for i, name in enumerate(form.seats):
        controls.append(_seat_row(form, i, name, set_form))
        if name in newcomers:
            controls.append(newcomer_hint(name, newcomers[name], use))
    if not form.seats:
        controls.append(ft.Container(ft.Text(
            t("new_game.add_in_order"), color=ft.Colors.ON_SURFACE_VARIANT),
            padding=ft.Padding.symmetric(horizontal=16, vertical=8)))
    n = len(form.seats)
    if seat_error:
        controls.append(ft.Container(ft.Text(seat_error, color=ft.Colors.ERROR),
                                     padding=ft.Padding.symmetric(horizontal=16, vertical=6)))
    if n >= 3:
        size_text = t("new_game.deal_size_dealer_out" if n == MAX_SEATS
                      else "new_game.deal_size", seats=n, per_deal=form.deal_size)
        controls.append(ft.Container(ft.Text(size_text, color=ft.Colors.ON_SURFACE_VARIANT),
                                     padding=ft.Padding.only(left=16, right=16, top=8)))
    if form.can_choose_sit_out:
        controls.append(ft.Container(ft.Switch(
            label=t("new_game.dealer_sits_out", per_deal=n - 1),
            value=form.dealer_sits_out,
            on_change=lambda e: set_form(lambda f: f.with_sit_out(bool(e.control.value)))),
            padding=ft.Padding.symmetric(horizontal=16, vertical=4)))
    return controls


def _rules_choice(form: NewGameForm, set_form: SetForm) -> list[ft.Control]:
    """FFT or house rules; house rules open the editor of every value."""
    controls: list[ft.Control] = [ft.Container(ft.SegmentedButton(
        segments=[ft.Segment(value="fft", label=ft.Text(t("new_game.fft_rules"))),
                  ft.Segment(value="house", label=ft.Text(t("new_game.house_rules")))],
        selected=["house" if form.house_rules else "fft"],
        on_change=lambda e: set_form(lambda f: replace(
            f, house_rules="house" in (e.control.selected or []))),
    ), padding=ft.Padding.symmetric(horizontal=16))]
    if form.house_rules:
        controls.append(ft.Container(RulesEditor(
            form.rules, lambda change: set_form(lambda f: replace(f, rules=change(f.rules)))),
            padding=ft.Padding.only(left=16, right=16, top=12)))
    return controls


def _create_game(uow: UowFactory, state: AppState, form: NewGameForm, lang: str,
                 show_error: ShowError, created: Callable[[], None]) -> None:
    """Creates the game and opens its sheet, or says why it was not created. This browser
    becomes the organiser: the key stays in its own storage, never in a URL."""
    try:
        made = services.new_game(uow(), **form.to_create_kwargs())
    except (services.ServiceError, InvalidDeal) as exc:
        show_error(t("new_game.not_created"), exc.message(lang))
        return
    created()
    if made.organiser_key is not None:
        state.remember_organiser(made.id, made.organiser_key)
    # The role lives in this browser: said when it is given, with how to hand it over.
    navigate_then_show(f"/games/{made.id}",
                       t("new_game.created_organiser", name=form.game_name))


@ft.component
def NewGameView() -> ft.View:
    state = use_app_state()
    uow = use_uow()
    kept = use_new_game_keeper(lambda: NewGameForm(default_name=default_game_name()))
    form, set_form = kept.form, kept.set_form
    tried, set_tried = ft.use_state(False)
    pickers, set_pickers = ft.use_state(Pickers)
    def read() -> tuple[list[str], list[CircleRow], services.PlayerNames]:
        offered, names = services.new_game_players(uow())
        return regular_first(offered), services.list_circles(uow()), names

    # Read once as the screen opens: the known players (most games first, ties in French
    # order), the circles, every player's name.
    known: Data[tuple[list[str], list[CircleRow], services.PlayerNames]] = use_data(
        read, own_changes=False)
    # Names nobody has yet, each with the known ones it may be a slip of: found in the
    # render that adds the seat, so the seat and its line are drawn together and nothing
    # below them moves a moment later, under a thumb reaching for the rules.
    names = known.value[2] if known.loaded else None
    newcomers = ft.use_memo(lambda: names.newcomers(form.seats) if names else {},
                            [form.seats, names])
    show_error = use_error()
    confirm_new_players = use_new_players_dialog()
    lang = current_lang()
    errors = form.errors(lang)

    def create(_: ft.Event[ft.FilledButton]) -> None:
        set_tried(True)
        # The form with every change made, even one the screen has not shown yet.
        latest = kept.latest()
        if latest.errors(lang):
            return
        found = services.new_players(uow(), list(latest.seats))
        if not found:
            _create_game(uow, state, latest, lang, show_error, kept.created)
            return
        confirm_new_players(NewPlayers(
            found, lambda name, k: set_form(lambda f: f.replace_player(name, k)),
            lambda: _create_game(uow, state, kept.latest(), lang, show_error,
                                 kept.created)))

    if not known.loaded:
        return screen(t("new_game.title"), loading_state(), route="/new")
    seat_error = errors.get("seats") if tried or len(form.seats) > MAX_SEATS else None
    players, circles, _names = known.value
    controls: list[ft.Control] = [
        *([ft.Container(restored_banner(t("new_game.restored"), kept.clear,
                                        "new-game-restored"),
                        margin=ft.Margin.symmetric(horizontal=12, vertical=4))]
          if kept.restored else []),
        _name_field(form, errors.get("name") if tried else None, set_form, kept.again),
        section_title(t("new_game.players")),
        *_player_pickers(form, players, pickers, set_pickers, set_form),
        section_title(t("new_game.table_order")),
        *_table_order(form, seat_error, set_form, newcomers),
        section_title(t("new_game.circle")),
        *_circle_choice(form, circles, set_form),
        section_title(t("new_game.rules")),
        *_rules_choice(form, set_form),
    ]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=24))
    bottom = primary_action(t("new_game.start"), ft.Icons.PLAY_ARROW, create)
    return screen(t("new_game.title"), body, route="/new", bottom=bottom)


def _save_rules(uow: UowFactory, state: AppState, game_id: int, code: str | None,
                form: RulesForm, lang: str, show_error: ShowError) -> None:
    """Saves the rules (every deal rescored) and goes back to the sheet, with "Annuler"."""
    done: list[services.Change] = []
    try:
        services.change_rules(uow(), game_id, form.to_dict(), code=code, on_done=done.append)
    except (services.ServiceError, InvalidDeal) as exc:
        if isinstance(exc, services.ServiceError):
            forbidden(exc, state, game_id)
        show_error(t("new_game.rules_refused"), exc.message(lang))
        return
    text = t("new_game.rules_saved")
    if not done:  # the same rules: nothing changed, nothing to undo
        navigate_then_show(f"/games/{game_id}", text)
        return
    navigate_then_show(f"/games/{game_id}", text,
                       undo=lambda: undo_change(state, uow, done[0], show_error))


@ft.component
def GameRulesView(game_id: int) -> ft.View:
    state = use_app_state()
    uow = use_uow()
    lang = current_lang()
    route = f"/games/{game_id}/rules"
    code = state.code_for(game_id)

    def load() -> tuple[str, RulesForm, bool] | None:
        try:
            sheet = services.get_sheet(uow(), game_id, lang=lang)
        except services.GameNotFound:
            return None
        return sheet.name, RulesForm.from_rules(sheet.rules), can_edit(uow, game_id, state)

    # Read as the screen opens (and again for a code entered here): the values typed
    # then belong to this phone.
    data = use_data(load, key=[game_id, code], own_changes=False)
    if not data.loaded or data.key[0] != game_id:
        return screen("", loading_state(), route=route)
    loaded = data.value
    if loaded is None:
        return game_not_found_screen(game_id, route)
    name, first, editable = loaded
    return RulesScreen(game_id, name, first, editable)


@ft.component
def RulesScreen(game_id: int, name: str, first: RulesForm, editable: bool) -> ft.View:
    """The rules' form, opened with the game's rules as read (`first`)."""
    state = use_app_state()
    uow = use_uow()
    lang = current_lang()
    route = f"/games/{game_id}/rules"
    code = state.code_for(game_id)
    form, set_form = ft.use_state(first)
    reset, set_reset = ft.use_state(0)
    show_error = use_error()
    unlock = use_unlock_dialog(game_id, state, uow)
    errors = form.errors(lang)

    def save(_: ft.Event[ft.FilledButton]) -> None:
        if not errors:
            _save_rules(uow, state, game_id, code, form, lang, show_error)

    body = ft.ListView([
        *([] if editable else [read_only_banner(unlock)]),
        ft.Container(ft.Text(t("new_game.rescore_warning"), color=ft.Colors.ON_SURFACE_VARIANT),
                     padding=ft.Padding.only(bottom=12)),
        ft.Row([ft.TextButton(t("new_game.back_to_fft"),
                              icon=ft.Icons.RESTART_ALT,
                              on_click=lambda _: (set_form(RulesForm.from_rules()),
                                                  set_reset(reset + 1)))]),
        RulesEditor(form, set_form, reset),
    ], expand=True, padding=ft.Padding.all(16))
    bottom = primary_action(t("new_game.save_rules"), ft.Icons.CHECK,
                            save, disabled=bool(errors) or not editable)
    return screen(t("new_game.rules_title", name=name), body, route=route,
                  bottom=bottom)
