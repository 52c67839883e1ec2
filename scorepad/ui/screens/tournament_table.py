"""`/tournaments/{tid}/tables/{round}/{table}?code=CODE`: the address a table's QR code
opens. With the table's right code, this phone may write the table's sheet (the table
code flow of any game: the code is kept for the browser session), and the sheet opens.

The page follows the tournament live: opened before the round starts, it says so and
opens the table's sheet by itself the moment the organiser starts the round (a reload
or a phone back from sleep looks again: nothing here is decided once for all)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import flet as ft

from scorepad import services
from scorepad.services import tournament as tm
from scorepad.ui.access import client_key
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory, code_attempts, off_loop, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.layout import empty_state, screen


def code_of(address: str | None) -> str:
    """The `code` of an address's query ("" without one)."""
    values = parse_qs(urlsplit(address or "").query).get("code", [])
    return values[0].strip() if values else ""


@dataclass(frozen=True, slots=True)
class Joined:
    """Where the link leads: the table's game once its code is right, or why not
    (`waiting`: the round has not started yet; the page opens the sheet when it does)."""

    game_id: int | None
    problem: str = ""
    waiting: bool = False


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
    key = client_key()
    try:
        code_attempts().check(key)
    except services.TooManyCodes as exc:
        return Joined(None, exc.message(current_lang()))
    if not services.check_table_code(uow(), game_id, code):
        code_attempts().failed(key)
        return Joined(None, t("tournament_ui.join.wrong_code", table=table))
    state.remember_code(game_id, code)
    return Joined(game_id)


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
    refused, set_refused = ft.use_state("")
    route = "/tournaments/{}/tables/{}/{}".format(
        *(params.get(k, "") for k in ("tid", "round", "table")))
    found = table_game(live.results.tournament if live.results else None, tid, number,
                       table) if live.loaded and numbers else Joined(None)
    code = code_of(page.route) or code_of(page.url)

    async def join() -> None:
        if found.game_id is None:
            return
        joined = await off_loop(join_table, uow, state, found.game_id, table, code)
        if joined.game_id is None:
            set_refused(joined.problem)
            return
        page.navigate(f"/games/{joined.game_id}")

    # Again when the round starts (the table's game appears in the live tournament).
    ft.use_effect(join, dependencies=[tid, number, table, found.game_id, code])
    problem = refused or found.problem
    if numbers is None:
        problem = t("tournament_ui.join.bad_link")
    body: ft.Control
    if found.waiting and not refused:
        body = ft.Semantics(identifier="table-waiting", container=True, content=empty_state(
            ft.Icons.HOURGLASS_TOP, t("tournament_ui.join.waiting_title", table=table),
            found.problem))
    elif problem:
        body = empty_state(ft.Icons.LINK_OFF, t("tournament_ui.join.failed"), problem)
    else:
        body = ft.Container(ft.ProgressRing(), alignment=ft.Alignment.CENTER, padding=40)
    return screen(t("tournament_ui.join.title"), body, route=route, nav="/")
