"""`/tournaments/{tid}/tables/{round}/{table}?code=CODE`: the address a table's QR code
opens. With the table's right code, this phone may write the table's sheet (the table
code flow of any game: the code is kept for the browser session), and the sheet opens."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import flet as ft

from scorepad import services
from scorepad.services import tournament as tm
from scorepad.ui.access import client_key
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory, code_attempts, use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.widgets.layout import empty_state, screen


def code_of(address: str | None) -> str:
    """The `code` of an address's query ("" without one)."""
    values = parse_qs(urlsplit(address or "").query).get("code", [])
    return values[0].strip() if values else ""


@dataclass(frozen=True, slots=True)
class Joined:
    """Where the link leads: the table's game once its code is right, or why not."""

    game_id: int | None
    problem: str = ""


def join_table(uow: UowFactory, state: AppState, tid: int, number: int, table: int,
               code: str) -> Joined:
    """Finds the table's game, checks the code (wrong codes count per phone, as for any
    game) and keeps it for this session."""
    try:
        view = tm.get_tournament(uow(), tid)
    except tm.TournamentNotFound:
        return Joined(None, t("tournament_ui.page.not_found_text", id=str(tid)))
    entry = view.round(number)
    if entry is None or not 1 <= table <= len(entry.tables):
        return Joined(None, t("tournament_ui.join.no_table", round=number, table=table))
    game_id = entry.tables[table - 1].game_id
    if game_id is None:
        return Joined(None, t("tournament_ui.join.not_started", round=number))
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


@ft.component
def TableLinkView() -> ft.View:
    state = use_app_state()
    uow = use_uow()
    params = ft.use_route_params()
    page = ft.context.page
    numbers = [params.get(k, "") for k in ("tid", "round", "table")]
    problem, set_problem = ft.use_state("")
    route = "/tournaments/{}/tables/{}/{}".format(*numbers)

    def join() -> None:
        if not all(n.isdigit() for n in numbers):
            set_problem(t("tournament_ui.join.bad_link"))
            return
        code = code_of(page.route) or code_of(page.url)
        tid, number, table = (int(n) for n in numbers)
        joined = join_table(uow, state, tid, number, table, code)
        if joined.game_id is None:
            set_problem(joined.problem)
            return
        page.navigate(f"/games/{joined.game_id}")

    ft.use_effect(join, dependencies=numbers)
    body = empty_state(ft.Icons.LINK_OFF, t("tournament_ui.join.failed"), problem) \
        if problem else ft.Container(ft.ProgressRing(), alignment=ft.Alignment.CENTER,
                                     padding=40)
    return screen(t("tournament_ui.join.title"), body, route=route, nav="/")
