"""The tournament's big screen (`/tournaments/{tid}/grand-ecran`, `?lang=en|fr`): the
standings of the whole field, the round's clock, the tables of the round being played
(or the next round's draw once made), the tie-break stated, and the QR code of
"Trouver ma table"; read-only, live after every deal saved anywhere, in type legible
across the room.

The whole field shows whatever its count: the standings fill as many columns as the
screen holds, then pages that turn by themselves (scorepad.ui.models.tournament_view
`board_layout`). The lines stay one keyed list wrapped into columns, each shown on its
page only: a deal moves lines within that list, a page turning changes which are shown.
The screen speaks the language of `?lang=` (the organiser's page opens it so), else the
one chosen in this browser, else the browser's.

Each standings row holds a text keyed `standing-{player id}` whose value is the player's
total (bench/tournament.py measures when a deal's new total reaches it); the rows and the
tables' cards are memoized components, keyed, so that a deal redraws and sends only what
it changed."""

from __future__ import annotations

import asyncio
import dataclasses
from urllib.parse import parse_qs, urlsplit

import flet as ft

from scorepad.domain.language import asked_language, languages
from scorepad.domain.tournament import RankingRule, RoundStatus, StandingLine
from scorepad.services import tournament as tm
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.models.tournament_view import (
    CARD_GAP,
    CARD_HEAD,
    CARD_SEAT,
    GAP,
    HEADER,
    LINE,
    PAGE_SECONDS,
    PANE_GAP,
    BoardLayout,
    Pages,
    board_layout,
    round_text,
    total_text,
)
from scorepad.ui.origin import link_origin
from scorepad.ui.screens.big_screen import BACKGROUND, INK, PANEL, SOFT, rank_badge
from scorepad.ui.services_context import use_uow
from scorepad.ui.state import AppState, use_app_state
from scorepad.ui.tournament_live import use_tournament
from scorepad.ui.widgets.layout import loading_state
from scorepad.ui.widgets.qr import qr_code
from scorepad.ui.widgets.tournament_parts import (
    RoundClock,
    progress_text,
    round_title,
    table_heading,
    tie_break,
)


@ft.component
def StandingCells(line: StandingLine, rule: RankingRule, rounds: tuple[int, ...],
                  player_id: int | str, s: float, lang: str) -> ft.Control:
    """A player's name, each round's score and total (drawn again when they change)."""
    total = total_text(line, rule, lang)
    cells = "  ".join(t("tournament_ui.big.round_cell", round=n, score=round_text(
        line.round(n), rule, lang)) for n in rounds)
    return ft.Row([
        ft.Column([ft.Text(line.player, size=26 * s, weight=ft.FontWeight.W_700, color=INK,
                           max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   ft.Text(cells, size=14 * s, color=SOFT, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=0, expand=True, tight=True,
                  alignment=ft.MainAxisAlignment.CENTER),
        ft.Semantics(identifier=f"big-total-{line.player}", content=ft.Text(
            total, size=32 * s, weight=ft.FontWeight.W_800, color=INK,
            key=f"standing-{player_id}")),
    ], spacing=12 * s, expand=True)


@ft.component
def RankBadge(rank: int, diameter: float) -> ft.Control:
    return rank_badge(rank, diameter)


MemoStandingCells = ft.memo(StandingCells)
MemoRankBadge = ft.memo(RankBadge)


@ft.component
def StandingRow(rank: int, line: StandingLine, rule: RankingRule, rounds: tuple[int, ...],
                player_id: int | str, s: float, lang: str, shown: bool = True,
                width: float | None = None) -> ft.Control:
    """One player's line: rank, name, each round's score, total; `shown` on the page on
    screen, `width` its column's. Memoized (MemoStandingRow) and keyed by the player, so
    that after a deal only the lines whose rank or scores moved are drawn again and
    sent; a line moved a place by another table's deal draws its rank again, not its
    scores (`line` comes with its rank at 0: see `_standings`)."""
    return ft.Container(ft.Row([
        MemoRankBadge(rank, 40 * s),
        MemoStandingCells(line, rule, rounds, player_id, s, lang),
    ], spacing=12 * s), height=LINE * s, width=width, visible=shown,
        padding=ft.Padding.symmetric(horizontal=8 * s))


MemoStandingRow = ft.memo(StandingRow)


@ft.component
def TableCard(table: tm.TournamentTable, s: float, lang: str, shown: bool = True,
              width: float | None = None) -> ft.Control:
    """A table of a round: seats in order, and how far it is while it plays. Memoized
    (MemoTableCard): a deal draws its own table's card again, not the others."""
    lines: list[ft.Control] = [ft.Row([
        ft.Text(table_heading(table), size=24 * s, weight=ft.FontWeight.W_700, color=INK,
                expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        *([ft.Text(progress_text(table), size=16 * s, color=SOFT)]
          if table.game_id is not None else []),
    ])]
    lines += [ft.Text(f"{seat}. {name}", size=20 * s, color=INK, max_lines=1,
                      overflow=ft.TextOverflow.ELLIPSIS)
              for seat, name in enumerate(table.seats, 1)]
    return ft.Container(ft.Container(ft.Column(lines, spacing=2 * s, tight=True),
                                     bgcolor=PANEL, border_radius=14 * s, padding=12 * s),
                        padding=ft.Padding.only(bottom=CARD_GAP * s), visible=shown,
                        width=width)


MemoTableCard = ft.memo(TableCard)


def _paged(items: list[ft.Control], layout: Pages, name: str, s: float, height: float,
           page: int) -> ft.Control:
    """`items` (keyed, each shown only on its page), column by column (`layout.per_column`
    lines of `height` pixels, then the next column), and "Page 1 sur 3" under them.

    The items stay one keyed list, wrapped into columns, whatever the page: a deal that
    moves a player up or down moves their line in that list (a few moves sent), where
    columns of their own would take the line out of one and build it anew in another;
    turning a page changes whose lines are shown, nothing else."""
    controls: list[ft.Control] = [ft.Column(
        items, wrap=True, spacing=0, run_spacing=GAP * s,
        height=min(layout.per_column, max(len(items), 1)) * height)]
    if layout.pages > 1:
        controls.append(ft.Semantics(identifier=f"{name}-page", content=ft.Text(
            t("tournament_ui.big.page", page=page % layout.pages + 1, pages=layout.pages),
            size=16 * s, color=SOFT)))
    return ft.Column(controls, spacing=6 * s, tight=True)


def _on_page(index: int, layout: Pages, page: int) -> bool:
    return index // layout.per_page == page % layout.pages


def _column_width(pages: Pages, layout: BoardLayout, share: float) -> float:
    """The width of one column of a pane taking `share` of the screen's width."""
    pane = layout.inner * share - (PANE_GAP * layout.scale if share < 1 else 0)
    return (pane - GAP * layout.scale * (pages.columns - 1)) / pages.columns


def _standings(results: tm.TournamentResults, ids: dict[str, int], layout: BoardLayout,
               lang: str, page: int) -> ft.Control:
    view, standings, s = results.tournament, results.standings, layout.scale
    width = _column_width(layout.standings, layout, layout.standings_share)
    rows: list[ft.Control] = [
        MemoStandingRow(line.rank, dataclasses.replace(line, rank=0), standings.rule,
                        standings.rounds, pid, s, lang, _on_page(i, layout.standings, page),
                        width, key=f"standing-row-{pid}")
        for i, line in enumerate(standings.lines)
        for pid in [ids.get(line.player, line.player)]]
    body: ft.Control = _paged(rows, layout.standings, "big-standings", s, LINE * s,
                              page) if rows else ft.Text(
        nt("tournament_ui.checkin.present", len(view.present)), size=28 * s, color=SOFT)
    return ft.Column([
        ft.Text(t("tournament_ui.standings.title"), size=28 * s, color=SOFT,
                weight=ft.FontWeight.W_600),
        body,
        ft.Semantics(identifier="big-tie-break", content=ft.Text(
            tie_break(standings), size=16 * s, color=SOFT)),
    ], spacing=6 * s, expand=True)


def _tables(entry: tm.TournamentRound, title: str, layout: BoardLayout, lang: str,
            identifier: str, page: int) -> ft.Control:
    """A round's tables, a card each, in columns and pages like the standings."""
    s = layout.scale
    width = _column_width(layout.tables, layout, 1 - layout.standings_share)
    cards: list[ft.Control] = [
        MemoTableCard(table, s, lang, _on_page(i, layout.tables, page), width,
                      key=f"big-r{entry.number}-t{table.number}")
        for i, table in enumerate(entry.tables)]
    tallest = max((len(x.seats) for x in entry.tables), default=4)
    return ft.Column([
        ft.Semantics(identifier=identifier, content=ft.Text(
            title, size=28 * s, color=SOFT, weight=ft.FontWeight.W_600)),
        _paged(cards, layout.tables, f"{identifier}-tables", s,
               (CARD_HEAD + CARD_SEAT * tallest + CARD_GAP) * s, page),
    ], spacing=6 * s, expand=True)


def _find_my_table(tid: int, s: float) -> ft.Control:
    """The QR code of the standings' page, where a player types their name to find their
    table and seat, with its name under it."""
    url = f"{link_origin()}/tournaments/{tid}/standings"
    return ft.Column([
        ft.Semantics(identifier="big-find-qr",
                     content=qr_code(url, 76 * s, padding=4 * s, radius=6 * s)),
        ft.Text(t("tournament_ui.seat.title"), size=15 * s, color=SOFT),
    ], spacing=2 * s, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def board(results: tm.TournamentResults, ids: dict[str, int], width: float | None,
          height: float | None = None, page: int = 0) -> ft.Control:
    view = results.tournament
    lang = current_lang()
    playing = view.playing
    last = view.rounds[-1] if view.rounds else None
    drawn = last if last is not None and last.status is RoundStatus.DRAWN else None
    # The side shows the next draw once made (the players look for their seats), else
    # the round being played.
    side = drawn or playing
    layout = board_layout(len(results.standings.lines),
                          [len(x.seats) for x in side.tables] if side else [], width, height)
    s = layout.scale
    status: list[ft.Control] = []
    if playing is not None:
        status.append(ft.Text(round_title(playing, view.settings.rounds), size=24 * s,
                              color=SOFT))
        if playing.ends_at is not None:
            status.append(RoundClock(playing.ends_at, size=40 * s, color=INK,
                                     identifier="big-clock"))
    head = ft.Row([
        ft.Text(view.name, size=44 * s, weight=ft.FontWeight.W_800, color=INK, expand=True,
                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Column(status, horizontal_alignment=ft.CrossAxisAlignment.END, spacing=0,
                  tight=True),
        _find_my_table(view.id, s),
    ], spacing=24 * s, vertical_alignment=ft.CrossAxisAlignment.CENTER, height=HEADER * s)
    panes: list[ft.Control] = [ft.Container(_standings(results, ids, layout, lang, page),
                                            expand=round(layout.standings_share * 100))]
    if side is not None:
        title = t("tournament_ui.big.next_draw", number=side.number) if side is drawn \
            else t("tournament_ui.big.tables", number=side.number)
        ident = "big-next-draw" if side is drawn else "big-tables"
        panes.append(ft.Container(_tables(side, title, layout, lang, ident, page),
                                  expand=round((1 - layout.standings_share) * 100)))
    return ft.Column([
        head,
        ft.Row(panes, spacing=PANE_GAP * s, expand=True,
               vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=8 * s, expand=True)


def asked_lang(route: str | None) -> str | None:
    """The language a big screen's address asks for (`?lang=en`), if any."""
    values = parse_qs(urlsplit(route or "").query).get("lang", [])
    return values[0] if values and values[0] in languages() else None


def use_screen_language(state: AppState) -> None:
    """The big screen speaks the language its address asks for; else the one chosen in
    this browser; else the browser's own (a TV nobody set up)."""
    page = ft.context.page
    asked = asked_lang(page.route)

    async def follow() -> None:
        if asked is not None:
            state.show_in(asked)
            return
        if state.lang_chosen:
            return
        try:
            info = await page.get_device_info()
        except (RuntimeError, TimeoutError):  # the TV went away meanwhile
            return
        languages = getattr(info, "languages", None) or [getattr(info, "language", None)]
        spoken = ",".join(str(x) for x in languages if x)
        if spoken:
            state.show_in(asked_language(None, spoken))

    ft.use_effect(follow, dependencies=[asked])


@ft.component
def TournamentBigScreen(tournament_id: int) -> ft.View:
    state = use_app_state()
    use_screen_language(state)
    live = use_tournament(use_uow(), tournament_id)
    page = ft.context.page
    width, height = page.width, page.height
    # The pages turn by themselves (a whole board's render every PAGE_SECONDS: each
    # memoized line redraws only if it comes or goes).
    turned, set_turned = ft.use_state(0)

    async def turn() -> None:
        while True:
            await asyncio.sleep(PAGE_SECONDS)
            set_turned(lambda n: n + 1)

    # The cleanup makes Flet cancel the turning task when the screen goes away.
    ft.use_effect(turn, dependencies=[], cleanup=lambda: None)
    s = board_layout(0, [], width, height).scale
    content: ft.Control
    if not live.loaded:
        content = loading_state()
    elif live.results is None:
        content = ft.Text(t("tournament_ui.page.not_found_text", id=str(tournament_id)),
                          size=40, color=INK)
    else:
        content = board(live.results, live.player_ids, width, height, turned)
    return ft.View(route=f"/tournaments/{tournament_id}/grand-ecran", bgcolor=BACKGROUND,
                   padding=ft.Padding.all(28 * s), controls=[content])


@ft.component
def TournamentBigScreenRoute() -> ft.View:
    value = ft.use_route_params().get("tid", "")
    return TournamentBigScreen(int(value) if value.isdigit() else 0)
