"""The tournament's big screen (`/tournaments/{tid}/grand-ecran`, `?lang=en|fr`): the
standings of the whole field, the round's clock, the tables of the round being played
(or the next round's draw once made) with who replaced whom, the tie-break stated, the
QR code of "Trouver ma table" big enough to scan from a chair, and, once the tournament
is over, that it is, over its final standings; read-only, live after every deal saved
anywhere, in type legible across the room.

The whole field shows whatever its count, and every table of the round: the standings
and the tables' cards fill as many columns as their pane holds, then pages that turn by
themselves (scorepad.ui.models.tournament_board `board_layout`, which fixes the height
of every line and card: each is drawn at exactly that height). The lines stay one keyed
list wrapped into columns, each shown on its page only: a deal moves lines within that
list, a page turning changes which are shown. The screen speaks the language of `?lang=`
(the organiser's page opens it so), else the night's (the server's, `scorepad serve
--lang`): a club's TV does not follow its browser's language.

Each standings row holds a text keyed `standing-{player id}` whose value is the player's
total (bench/tournament.py measures when a deal's new total reaches it); the rows and the
tables' cards are memoized components, keyed, so that a deal redraws and sends only what
it changed."""

from __future__ import annotations

import asyncio
import dataclasses
from urllib.parse import parse_qs, urlsplit

import flet as ft

from scorepad.domain import GameStatus
from scorepad.domain.language import languages
from scorepad.domain.tournament import RankingRule, RoundStatus, StandingLine
from scorepad.services import tournament as tm
from scorepad.ui.i18n import current_lang, nt, server_language, t
from scorepad.ui.models.tournament_board import (
    CARD_GAP,
    CARD_HEAD,
    CARD_PAD,
    CARD_SEAT,
    GAP,
    HEAD_GAP,
    HEADER,
    INFO,
    INFO_GAP,
    LINE,
    MARGIN,
    PAGE_SECONDS,
    PANE_GAP,
    QR,
    QR_FRAME,
    TITLE,
    BoardLayout,
    Pages,
    board_layout,
)
from scorepad.ui.models.tournament_view import round_text, seats_now, total_text
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
    seat_name,
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
              width: float | None = None, height: float = 0) -> ft.Control:
    """A table of a round: seats in order, who sits there now (a substitute with "remplace
    Léa", a player who left struck through), and how far it is while it plays; drawn at
    exactly `height` (the layout counted it so). Memoized (MemoTableCard): a deal draws
    its own table's card again, not the others."""
    lines: list[ft.Control] = [ft.Container(ft.Row([
        ft.Text(table_heading(table), size=26 * s, weight=ft.FontWeight.W_700, color=INK,
                expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        *([ft.Text(progress_text(table), size=17 * s, color=SOFT)]
          if table.game_id is not None else []),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER), height=CARD_HEAD * s)]
    lines += [ft.Semantics(identifier=f"big-seat-{seat.name}", container=True, content=(
        ft.Container(ft.Row([
            ft.Text(f"{seat.number}.", size=22 * s, color=SOFT, width=30 * s),
            *seat_name(seat, 22 * s, color=SOFT if seat.gone else INK, note_color=SOFT),
        ], spacing=6 * s, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            height=CARD_SEAT * s))) for seat in seats_now(table)]
    return ft.Container(ft.Semantics(
        identifier=f"big-table-{table.number}", container=True, content=ft.Container(
            ft.Column(lines, spacing=0, tight=True), bgcolor=PANEL, border_radius=14 * s,
            padding=ft.Padding.symmetric(horizontal=14 * s, vertical=CARD_PAD * s),
            height=height or None, clip_behavior=ft.ClipBehavior.HARD_EDGE)),
        padding=ft.Padding.only(bottom=CARD_GAP * s), visible=shown, width=width)


MemoTableCard = ft.memo(TableCard)


def _paged(items: list[ft.Control], layout: Pages, name: str, s: float, height: float,
           turned: int) -> ft.Control:
    """`items` (keyed, each shown only on its page), column by column (`layout.per_column`
    items of `height` pixels, then the next column), and "Page 1 sur 3" under them.

    The items stay one keyed list, wrapped into columns, whatever the page: a deal that
    moves a player up or down moves their line in that list (a few moves sent), where
    columns of their own would take the line out of one and build it anew in another;
    turning a page changes whose lines are shown, nothing else. (A pixel to spare: a
    column holding exactly its items must not wrap the last one for a rounding.)"""
    controls: list[ft.Control] = [ft.Column(
        items, wrap=True, spacing=0, run_spacing=GAP * s,
        height=min(layout.per_column, max(len(items), 1)) * height + 1)]
    if layout.pages > 1:
        controls.append(ft.Semantics(identifier=f"{name}-page", content=ft.Text(
            t("tournament_ui.big.page", page=turned % layout.pages + 1, pages=layout.pages),
            size=16 * s, color=SOFT)))
    return ft.Column(controls, spacing=6 * s, tight=True)


def _title(text: str, s: float, identifier: str | None = None) -> ft.Control:
    """A pane's title, at the height the layout counts for it."""
    shown = ft.Text(text, size=28 * s, color=SOFT, weight=ft.FontWeight.W_600, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS)
    return ft.Container(ft.Semantics(identifier=identifier, content=shown)
                        if identifier else shown, height=TITLE * s,
                        alignment=ft.Alignment.BOTTOM_LEFT)


def _standings(results: tm.TournamentResults, ids: dict[str, int], layout: BoardLayout,
               lang: str, turned: int) -> ft.Control:
    view, standings, s = results.tournament, results.standings, layout.scale
    width = layout.standings_column()
    rows: list[ft.Control] = [
        MemoStandingRow(line.rank, dataclasses.replace(line, rank=0), standings.rule,
                        standings.rounds, pid, s, lang, layout.standings.on_page(i, turned),
                        width, key=f"standing-row-{pid}")
        for i, line in enumerate(standings.lines)
        for pid in [ids.get(line.player, line.player)]]
    body: ft.Control = _paged(rows, layout.standings, "big-standings", s, LINE * s,
                              turned) if rows else ft.Text(
        nt("tournament_ui.checkin.present", len(view.present)), size=28 * s, color=SOFT)
    finished = view.status is GameStatus.FINISHED
    return ft.Column([
        _title(t("tournament_ui.big.final") if finished
               else t("tournament_ui.standings.title"), s, "big-standings-title"),
        body,
        ft.Container(ft.Semantics(identifier="big-tie-break", content=ft.Text(
            tie_break(standings), size=16 * s, color=SOFT)), padding=ft.Padding.only(
                top=4 * s)),
    ], spacing=0, width=layout.standings_width)


def _tables(entry: tm.TournamentRound, title: str, layout: BoardLayout, lang: str,
            identifier: str, turned: int) -> list[ft.Control]:
    """A round's tables, a card each, in columns and pages like the standings."""
    s = layout.scale
    width = layout.card_width()
    cards: list[ft.Control] = [
        MemoTableCard(table, s, lang, layout.tables.on_page(i, turned), width, layout.card,
                      key=f"big-r{entry.number}-t{table.number}")
        for i, table in enumerate(entry.tables)]
    return [_title(title, s, identifier),
            _paged(cards, layout.tables, f"{identifier}-tables", s,
                   layout.card + CARD_GAP * s, turned)]


def _find_my_table(tid: int, s: float) -> ft.Control:
    """The QR code of the standings' page, where a player types their name to find their
    table and seat: big enough to scan from a chair across the room."""
    url = f"{link_origin()}/tournaments/{tid}/standings"
    return ft.Semantics(identifier="big-find-qr", container=True, content=qr_code(
        url, QR * s, padding=QR_FRAME * s, radius=10 * s))


def _info(view: tm.TournamentView, layout: BoardLayout) -> list[ft.Control]:
    """What goes with the QR code: its name and what it does, the round and its clock."""
    s = layout.scale
    playing = view.playing
    words: list[ft.Control] = [
        ft.Text(t("tournament_ui.seat.title"), size=30 * s, weight=ft.FontWeight.W_700,
                color=INK),
        ft.Text(t("tournament_ui.big.find_hint"), size=17 * s, color=SOFT),
    ]
    if playing is not None:
        words.append(ft.Container(height=8 * s))
        words.append(ft.Text(round_title(playing, view.settings.rounds), size=22 * s,
                             color=SOFT))
        if playing.ends_at is not None:
            words.append(RoundClock(playing.ends_at, size=40 * s, color=INK,
                                    identifier="big-clock"))
    return words


def _beside(view: tm.TournamentView, layout: BoardLayout, lang: str, turned: int
          ) -> ft.Control:
    """Beside the standings: the QR code with its words, the round and its clock, then
    the tables of the next draw once made (the players look for their seats), else of
    the round being played; the QR code and its words alone when no table is shown."""
    s = layout.scale
    last = view.rounds[-1] if view.rounds else None
    drawn = last if last is not None and last.status is RoundStatus.DRAWN else None
    side = drawn or view.playing
    if side is None or not layout.with_tables:
        return ft.Column([_find_my_table(view.id, s), *_info(view, layout)],
                         spacing=6 * s, width=layout.side_width,
                         horizontal_alignment=ft.CrossAxisAlignment.START)
    title = t("tournament_ui.big.next_draw", number=side.number) if side is drawn \
        else t("tournament_ui.big.tables", number=side.number)
    ident = "big-next-draw" if side is drawn else "big-tables"
    info = ft.Container(ft.Row([
        _find_my_table(view.id, s),
        ft.Column(_info(view, layout), spacing=2 * s, expand=True, tight=True),
    ], spacing=16 * s, vertical_alignment=ft.CrossAxisAlignment.START),
        height=(INFO + INFO_GAP) * s, padding=ft.Padding.only(bottom=INFO_GAP * s))
    return ft.Column([info, *_tables(side, title, layout, lang, ident, turned)],
                     spacing=0, width=layout.side_width)


def board(results: tm.TournamentResults, ids: dict[str, int], width: float | None,
          height: float | None = None, turned: int = 0) -> ft.Control:
    view = results.tournament
    lang = current_lang()
    last = view.rounds[-1] if view.rounds else None
    drawn = last if last is not None and last.status is RoundStatus.DRAWN else None
    side = drawn or view.playing
    layout = board_layout(len(results.standings.lines),
                          [len(x.seats) for x in side.tables] if side else [], width, height)
    s = layout.scale
    head: list[ft.Control] = [
        ft.Text(view.name, size=44 * s, weight=ft.FontWeight.W_800, color=INK, expand=True,
                max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)]
    if view.status is GameStatus.FINISHED:
        # Said at once, over the final standings: the night is over.
        head.append(ft.Semantics(identifier="big-finished", content=ft.Container(
            ft.Text(t("tournament_ui.big.finished"), size=30 * s, weight=ft.FontWeight.W_700,
                    color=INK), bgcolor=PANEL, border_radius=12 * s,
            padding=ft.Padding.symmetric(horizontal=18 * s, vertical=6 * s))))
    return ft.Column([
        ft.Container(ft.Row(head, spacing=24 * s,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER),
                     height=HEADER * s),
        ft.Row([_standings(results, ids, layout, lang, turned),
                _beside(view, layout, lang, turned)], spacing=PANE_GAP * s,
               vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=HEAD_GAP * s)


def asked_lang(route: str | None) -> str | None:
    """The language a big screen's address asks for (`?lang=en`), if any."""
    values = parse_qs(urlsplit(route or "").query).get("lang", [])
    return values[0] if values and values[0] in languages() else None


def use_screen_language(state: AppState) -> None:
    """The big screen speaks the language its address asks for, else the night's (the
    server's): a TV in a club speaks the night's language, not its browser's."""
    asked = asked_lang(ft.context.page.route)

    def follow() -> None:
        state.show_in(asked or server_language())

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
                   padding=ft.Padding.all(MARGIN * s), controls=[content])


@ft.component
def TournamentBigScreenRoute() -> ft.View:
    value = ft.use_route_params().get("tid", "")
    return TournamentBigScreen(int(value) if value.isdigit() else 0)
