"""A tournament's page: for its organiser, the night's steps (check-in, the draw and its
table choices, swaps, starting a round with each table's link and QR code, closing it),
the draw to print and the results to download; for everybody else, the rounds drawn.
Nothing is read during a render: the tournament comes live (use_tournament), what only
the organiser sees by use_data, both off the render."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.domain.errors import Refusal
from scorepad.domain.messages import N_
from scorepad.domain.tournament import (
    RankingRule,
    RoundStatus,
    TournamentRefused,
    table_plans,
)
from scorepad.services import tournament as tm
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.confirm import use_confirm, use_error
from scorepad.ui.dialogs.new_players import use_new_players_dialog
from scorepad.ui.dialogs.tournament_dialogs import (
    use_leave_dialog,
    use_table_qr,
    use_tournament_handover,
)
from scorepad.ui.dialogs.tournament_steps import PageDialogs, Steps
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.tournament_view import draw_offered, finish_offered
from scorepad.ui.origin import link_origin, unreachable_reason
from scorepad.ui.screens.not_found import NotFoundView
from scorepad.ui.services_context import UowFactory, use_uow
from scorepad.ui.state import use_app_state
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.layout import (
    empty_state,
    loading_state,
    screen,
    section_title,
    use_page_key,
)
from scorepad.ui.widgets.soiree_parts import day_text
from scorepad.ui.widgets.tournament_checkin import CheckIn
from scorepad.ui.widgets.tournament_round import RoundActions, round_card

#: why the tables' links and printed QR codes would open on no other device
UNREACHABLE = {"loopback": N_("tournament_ui.links.loopback"),
               "no_network": N_("tournament_ui.links.no_network")}
#: the ranking rule in a few words, in the page's header
RULE_WORDS = {RankingRule.SUM: N_("tournament_ui.page.rule_sum"),
              RankingRule.PLACEMENT: N_("tournament_ui.page.rule_placement")}


def results_url(tournament_id: int, fmt: str) -> str:
    """The results download (a plain file from this server, like a game's exports)."""
    return f"/api/tournaments/{tournament_id}/results.{fmt}?lang={current_lang()}"


def _header(view: tm.TournamentView, organiser: bool | None,
            hand_over: Callable[[int, str], None],
            reopen: Callable[[], None] | None = None) -> ft.Control:
    page = ft.context.page
    tid = view.id
    status = t("tournament_ui.list.finished") if view.status is GameStatus.FINISHED else \
        t("tournament_ui.page.rounds", played=len(
            [r for r in view.rounds if r.status is RoundStatus.CLOSED]),
          rounds=view.settings.rounds)
    buttons: list[ft.Control] = [
        ft.FilledTonalButton(t("tournament_ui.page.standings"), icon=ft.Icons.LEADERBOARD,
                             on_click=lambda _e: page.navigate(
                                 f"/tournaments/{tid}/standings")),
        ft.OutlinedButton(t("tournament_ui.page.big_screen"), icon=ft.Icons.TV,
                          action=ft.OpenUrl(  # in the organiser's language
                              f"/tournaments/{tid}/grand-ecran?lang={current_lang()}",
                              target="_blank")),
        ft.OutlinedButton(t("tournament_ui.page.results_csv"), icon=ft.Icons.TABLE_CHART,
                          action=ft.OpenUrl(results_url(tid, "csv"), target="_self")),
        ft.OutlinedButton(t("tournament_ui.page.results_pdf"), icon=ft.Icons.PICTURE_AS_PDF,
                          action=ft.OpenUrl(results_url(tid, "pdf"), target="_self")),
    ]
    if organiser:
        buttons.append(ft.OutlinedButton(
            t("tournament_ui.page.handover"), icon=ft.Icons.SWAP_HORIZ,
            on_click=lambda _e: hand_over(tid, view.name)))
    if organiser and view.status is GameStatus.FINISHED and reopen is not None:
        # Last and outlined: a finished night's page is for its results; reopening is
        # the exception (and "Terminer le tournoi" undoes it).
        buttons.append(ft.Semantics(identifier="reopen", container=True,
                                    content=ft.OutlinedButton(
            t("tournament_ui.page.reopen"), icon=ft.Icons.REPLAY,
            on_click=lambda _e: reopen())))
    lines: list[ft.Control] = [
        ft.Text(f"{day_text(view.day)} · {status}", size=14,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(t("tournament_ui.page.settings", deals_4=view.settings.deals_4,
                  deals_5=view.settings.deals_5,
                  rule=t(RULE_WORDS[view.settings.ranking])),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if organiser is False:  # (None: not known yet)
        lines.append(ft.Text(t("tournament_ui.page.not_organiser"), size=13,
                             color=ft.Colors.TERTIARY))
    return ft.Container(ft.Column([
        *lines, ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)], spacing=8, tight=True),
        padding=ft.Padding.only(left=16, right=16, top=12, bottom=4))


def _draw_section(view: tm.TournamentView, steps: Steps) -> list[ft.Control]:
    """"Tirer la manche N", or one button per honest choice of tables (6, 7, 11); while a
    round is still played, a quieter button under it (closing that round comes first)."""
    number = view.next_round
    try:
        plans = table_plans(len(view.present))
    except TournamentRefused as exc:
        return [ft.Container(ft.Text(exc.message(current_lang()),
                                     color=ft.Colors.ON_SURFACE_VARIANT),
                             padding=ft.Padding.symmetric(horizontal=16))]
    if len(plans) == 1:
        kind = ft.OutlinedButton if view.playing is not None else ft.FilledButton
        buttons: list[ft.Control] = [kind(
            t("tournament_ui.round.draw", number=number), icon=ft.Icons.SHUFFLE, height=48,
            on_click=lambda _e: steps.draw())]
        intro: list[ft.Control] = []
    else:
        intro = [ft.Text(t("tournament_ui.round.choose_plan", count=len(view.present)),
                         size=14)]
        buttons = [ft.Semantics(identifier=f"plan-{plan.key}", container=True,
                                content=ft.OutlinedButton(
            t("tournament_ui.round.draw_plan", number=number,
              plan=plan.describe(current_lang())),
            icon=ft.Icons.SHUFFLE, on_click=lambda _e, key=plan.key: steps.draw(key)))
            for plan in plans]
    return [ft.Container(ft.Column([*intro, *buttons], spacing=8, tight=True),
                         padding=ft.Padding.symmetric(horizontal=16, vertical=8))]


def _known(uow: UowFactory, circle: int | None) -> list[str]:
    """Whom to check in: the circle's players, the most regular first (every known player
    when the tournament has no circle)."""
    if circle is not None:
        try:
            return tm.circle_players(uow(), circle)
        except services.ServiceError:
            pass
    return [p.name for p in sorted(services.list_players(uow()), key=lambda p: -p.games)]


@ft.component
def TournamentPage(tournament_id: int) -> ft.View:
    state = use_app_state()
    uow = use_uow()
    page_key = use_page_key(f"/tournaments/{tournament_id}")
    live = use_tournament(uow, tournament_id)
    results, again = live.results, live.again
    key = state.tournament_key(tournament_id)
    picked, set_picked = ft.use_state(None)
    picker, _ = ft.use_state(lambda: ft.FilePicker())
    dialogs = PageDialogs(use_error(), use_confirm(), use_new_players_dialog(), use_table_qr(),
                          use_tournament_handover(state, uow), use_leave_dialog())
    view = results.tournament if results is not None else None
    started = tuple(table.game_id for r in (view.rounds if view else ())
                    for table in r.tables if table.game_id is not None)
    steps = Steps(uow, state, view, again, dialogs) if view is not None else None
    playing = view.playing if view else None
    origin = link_origin()
    # What only the organiser's page shows, read off the render (use_data): whether this
    # phone holds the key, whom to check in, the links of the round being played.
    circle = view.circle_id if view else None
    extra = use_data(lambda: _organiser_side(uow, tournament_id, key, circle,
                                             playing.number if playing else None, origin),
                     key=[tournament_id, key, circle, len(view.entrants) if view else 0,
                          playing.number if playing else None, origin], own_changes=False)
    side = extra.value if extra.loaded else OrganiserSide(False)
    organiser = side.organiser

    def keep_keys() -> None:
        if organiser and steps is not None and view is not None:
            steps.keep_table_keys(*view.rounds)

    ft.use_effect(keep_keys, dependencies=[organiser, started])
    known, links = side.known, side.links
    route = f"/tournaments/{tournament_id}"
    # A phone holding the tournament's key shows the page once its organiser's side is
    # read for the tournament as shown: drawn without it first, the organiser's buttons
    # and each table's code then came in above and between the tables, moving the
    # buttons under a thumb about to tap one ("Ouvrir la feuille").
    side_shown = ft.use_ref(False)
    if extra.current and live.loaded:
        side_shown.current = True
    if not live.loaded or (key is not None and not side_shown.current):
        return screen("", loading_state(), route=route)
    if view is None or steps is None:
        return screen(t("tournament_ui.page.not_found"), empty_state(
            ft.Icons.SEARCH_OFF, t("tournament_ui.page.not_found"),
            t("tournament_ui.page.not_found_text", id=str(tournament_id))), route=route)

    actions_for = _round_actions(
        steps, dialogs, picker, (picked, set_picked),
        links if playing else {}, playing.number if playing else None) if organiser \
        else (lambda _entry: None)

    controls = [_header(view, organiser if extra.loaded else None, dialogs.hand_over,
                        steps.reopen),
                *_page_sections(view, organiser, steps, known, actions_for)]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32))
    return screen(view.name, body, route=page_key, services=[picker])


def _round_actions(steps: Steps, dialogs: PageDialogs, picker: ft.FilePicker,
                   picking: tuple[str | None, Callable[[str | None], None]],
                   links: dict[int, tm.TableLink], playing: int | None
                   ) -> Callable[[tm.TournamentRound], RoundActions | None]:
    """The organiser's actions on each round: a seat tapped, then another, swaps them."""
    picked, set_picked = picking
    origin = link_origin()
    reason = unreachable_reason(origin)
    unreachable = t(UNREACHABLE[reason], origin=origin) if reason is not None else None

    def on_seat(entry: tm.TournamentRound) -> Callable[[str], None]:
        def tap(name: str) -> None:
            if picked is None:
                set_picked(name)
            elif picked == name:
                set_picked(None)
            else:
                set_picked(None)
                steps.swap(entry, picked, name)
        return tap

    def actions_for(entry: tm.TournamentRound) -> RoundActions | None:
        async def print_it(_e: object) -> None:
            await steps.print_draw(entry, picker)

        return RoundActions(picked=picked, on_seat=on_seat(entry),
                            redraw=lambda: steps.redraw(entry), start=lambda: steps.start(entry),
                            close=lambda: steps.close(entry), print_draw=print_it,
                            show_qr=dialogs.show_qr,
                            links=links if entry.number == playing else {},
                            unreachable=unreachable)

    return actions_for


def _page_sections(view: tm.TournamentView, organiser: bool, steps: Steps, known: list[str],
                   actions_for: Callable[[tm.TournamentRound], RoundActions | None]
                   ) -> list[ft.Control]:
    """The round being played first (closing it comes first), then the next round drawn
    or to draw (the organiser's), the rounds closed from the latest, one more round to
    add once all are played, and the check-in."""
    finished = view.status is GameStatus.FINISHED
    controls: list[ft.Control] = []
    playing = view.playing
    if playing is not None:
        controls.append(round_card(playing, view.settings.rounds, actions_for(playing)))
    statuses = [r.status for r in view.rounds]
    if organiser and draw_offered(statuses, view.settings.rounds, finished):
        controls += _draw_section(view, steps)
    for entry in reversed(view.rounds):
        if entry is not playing:
            controls.append(round_card(entry, view.settings.rounds, actions_for(entry)))
    if organiser and finish_offered(statuses, finished):
        controls.append(_end_section(view, steps))
    if organiser and not finished:
        controls.append(section_title(t("tournament_ui.checkin.title")))
        controls.append(CheckIn(known, view.present, steps.check_in, steps.check_out))
    return controls


def _end_section(view: tm.TournamentView, steps: Steps) -> ft.Control:
    """Every round drawn is closed: once the planned rounds are all played (a reopened
    tournament), one more round or the end again, the end first; before that, the end
    under the next draw (a night cut short)."""
    played = len(view.rounds) >= view.settings.rounds
    finish = ft.Semantics(identifier="finish", container=True, content=(
        ft.FilledButton if played else ft.OutlinedButton)(
            t("tournament_ui.page.finish"), icon=ft.Icons.FLAG, height=48,
            on_click=lambda _e: steps.finish()))
    buttons: list[ft.Control] = [finish]
    if played:
        buttons.append(ft.Semantics(
            identifier="add-round", container=True, content=ft.OutlinedButton(
                t("tournament_ui.page.add_round", number=view.next_round),
                icon=ft.Icons.ADD, height=48, on_click=lambda _e: steps.add_round())))
    return ft.Container(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
                        padding=ft.Padding.symmetric(horizontal=16, vertical=8))


@dataclass(frozen=True, slots=True)
class OrganiserSide:
    """What the organiser's page reads besides the tournament (database reads)."""

    organiser: bool
    #: whom to check in, the most regular first
    known: list[str] = field(default_factory=list)
    #: each table's link of the round being played (the codes write: organiser only)
    links: dict[int, tm.TableLink] = field(default_factory=dict)


def _organiser_side(uow: UowFactory, tournament_id: int, key: str | None,
                    circle: int | None, playing: int | None, origin: str) -> OrganiserSide:
    """Whether `key` is the tournament's organiser's and, if it is, whom to check in and
    the links of the round being played (run off the render, in a worker thread)."""
    try:
        holds = key is not None and tm.check_tournament_organiser(uow(), tournament_id, key)
    except tm.TournamentNotFound:
        holds = False
    if not holds:
        return OrganiserSide(False)
    links: dict[int, tm.TableLink] = {}
    if playing is not None:
        try:
            links = {link.table: link for link in tm.table_links(
                uow(), tournament_id, playing, organiser=services.Organiser(key),
                origin=origin)}
        except Refusal:
            links = {}
    return OrganiserSide(True, _known(uow, circle), links)


@ft.component
def TournamentRoute() -> ft.View:
    value = ft.use_route_params().get("tid", "")
    if not value.isdigit():
        return NotFoundView()
    return TournamentPage(int(value))
