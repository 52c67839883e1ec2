"""`/tournaments/{tid}/tables/{round}/{table}?code=CODE`: the address a table's QR code
opens. With the table's right code, this phone may write the table's sheet (the table
code flow of any game: the code is kept for the browser session), and the sheet opens.

The page follows the tournament live: opened before the round starts, it says so and
opens the table's sheet by itself the moment the organiser starts the round (a reload
or a phone back from sleep looks again: nothing here is decided once for all). A link
without its code asks for it (nothing was tried, nothing is counted); a wrong code says
so, with the tries left when they are few, and asks again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import flet as ft

from scorepad import services
from scorepad.services import tournament as tm
from scorepad.ui.access import client_key, wrong_code
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory, code_attempts, off_loop, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.layout import empty_state, screen
from scorepad.ui.widgets.text_input import kept_field


def code_of(address: str | None) -> str:
    """The `code` of an address's query ("" without one)."""
    values = parse_qs(urlsplit(address or "").query).get("code", [])
    return values[0].strip() if values else ""


@dataclass(frozen=True, slots=True)
class Joined:
    """Where the link leads: the table's game once its code is right, or why not
    (`waiting`: the round has not started yet; the page opens the sheet when it does;
    `ask`: the code was wrong, or there is none: the page asks for it)."""

    game_id: int | None
    problem: str = ""
    waiting: bool = False
    ask: bool = False


def table_game(view: tm.TournamentView | None, tid: int, number: int, table: int) -> Joined:
    """The table's game in the tournament as read (no database read): its id once the
    round has started, else why the link cannot lead there yet, or at all."""
    if view is None:
        return Joined(None, t("tournament_ui.page.not_found_text", id=str(tid)))
    entry = view.round(number)
    if entry is None or not 1 <= table <= len(entry.tables):
        return Joined(None, t("tournament_ui.join.no_table", round=number, table=table))
    game_id = entry.tables[table - 1].game_id
    if game_id is None:
        return Joined(None, t("tournament_ui.join.waiting", round=number, table=table),
                      waiting=True)
    return Joined(game_id)


def join_table(uow: UowFactory, state: AppState, game_id: int, table: int, code: str
               ) -> Joined:
    """Checks the table's code (wrong codes count per phone, as for any game) and keeps
    it for this session (database reads)."""
    try:
        code_attempts().check(client_key())
    except services.TooManyCodes as exc:
        return Joined(None, exc.message(current_lang()), ask=True)
    if not services.check_table_code(uow(), game_id, code):
        return Joined(None, wrong_code(t("tournament_ui.join.wrong_code", table=table)),
                      ask=True)
    state.remember_code(game_id, code)
    return Joined(game_id)


def _ask_code(table: int, refused: str, typed: str, set_typed: Callable[[str], None],
              submit: Callable[[], None]) -> ft.Control:
    """The table's code asked for: a link opened without it, or with a wrong one."""
    return ft.Container(ft.Column([
        ft.Icon(ft.Icons.PIN_OUTLINED, size=56, color=ft.Colors.PRIMARY),
        ft.Semantics(identifier="join-code-title", content=ft.Text(
            t("tournament_ui.join.code_title", table=table), size=18,
            weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER)),
        ft.Text(t("tournament_ui.join.code_help"), color=ft.Colors.ON_SURFACE_VARIANT,
                text_align=ft.TextAlign.CENTER),
        ft.Semantics(identifier="join-code", container=True, content=kept_field(
            label=t("table_code.field"), max_length=12, error=refused or None,
            error_max_lines=4, capitalization=ft.TextCapitalization.CHARACTERS,
            on_change=lambda e: set_typed(str(e.data or "")),
            on_submit=lambda _e: submit())),
        ft.FilledButton(t("tournament_ui.table.open_sheet"), icon=ft.Icons.LOCK_OPEN,
                        height=48, disabled=not typed.strip(), on_click=lambda _e: submit()),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=12),
        padding=ft.Padding.symmetric(horizontal=24, vertical=32))


def _numbers(params: dict[str, str]) -> tuple[int, int, int] | None:
    values = [params.get(k, "") for k in ("tid", "round", "table")]
    if not all(v.isdigit() for v in values):
        return None
    tid, number, table = (int(v) for v in values)
    return tid, number, table


@ft.component
def TableLinkView() -> ft.View:
    state = use_app_state()
    uow = use_uow()
    params = ft.use_route_params()
    page = ft.context.page
    numbers = _numbers(params)
    tid, number, table = numbers or (0, 0, 0)
    live = use_tournament(uow, tid)
    refused, set_refused = ft.use_state(Joined(None))
    typed, set_typed = ft.use_state("")
    # The code typed on this page, and how many times it was sent (the same code sent
    # again is tried again).
    sent, set_sent = ft.use_state(("", 0))
    route = "/tournaments/{}/tables/{}/{}".format(
        *(params.get(k, "") for k in ("tid", "round", "table")))
    found = table_game(live.results.tournament if live.results else None, tid, number,
                       table) if live.loaded and numbers else Joined(None)
    code = sent[0] or code_of(page.route) or code_of(page.url)

    async def join() -> None:
        if found.game_id is None or not code:
            return  # no code yet: the page asks for it, nothing is counted
        joined = await off_loop(join_table, uow, state, found.game_id, table, code)
        if joined.game_id is None:
            set_refused(joined)
            return
        page.navigate(f"/games/{joined.game_id}")

    # Again when the round starts (the table's game appears in the live tournament).
    ft.use_effect(join, dependencies=[tid, number, table, found.game_id, code, sent[1]])

    def submit() -> None:
        if typed.strip():
            set_sent(lambda old: (typed.strip(), old[1] + 1))

    problem = refused.problem or found.problem
    if numbers is None:
        problem = t("tournament_ui.join.bad_link")
    body: ft.Control
    if found.waiting and not refused.problem:
        body = ft.Semantics(identifier="table-waiting", container=True, content=empty_state(
            ft.Icons.HOURGLASS_TOP, t("tournament_ui.join.waiting_title", table=table),
            found.problem))
    elif found.game_id is not None and (refused.ask or not code):
        body = _ask_code(table, refused.problem, typed, set_typed, submit)
    elif problem:
        body = empty_state(ft.Icons.LINK_OFF, t("tournament_ui.join.failed"), problem)
    else:
        body = ft.Container(ft.ProgressRing(), alignment=ft.Alignment.CENTER, padding=40)
    return screen(t("tournament_ui.join.title"), ft.ListView([body], expand=True),
                  route=route, nav="/")
