"""A player's page, second half: records and streaks (a best or worst deal opens its
calculation, a best or worst game its sheet), head-to-head, and the evolution of the
score and of the rating game after game."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.domain.player_record import Extreme, GameResult, PlayerRecord
from scorepad.domain.stats_words import GAMES_STREAK, TAKES_STREAK
from scorepad.domain.streaks import Streak
from scorepad.ui.i18n import nt, t
from scorepad.ui.models.fmt import contract, number, signed, when
from scorepad.ui.widgets.charts import score_chart
from scorepad.ui.widgets.figures import Explain, explained_title, figure_tile, tiles

Go = Callable[[str], None]


def _deal_lines(extreme: Extreme | None, kind: str, explain: Explain, go: Go
                ) -> list[ft.Control]:
    if extreme is None:
        return []
    head = figure_tile(f"{kind}_deal", signed(extreme.score), explain, ident=f"fig-{kind}-deal",
                       detail=nt("stats_page.deals_holding", extreme.count)
                       if extreme.count > 1 else None)
    lines: list[ft.Control] = [tiles([head])]
    for cell in extreme.cells:
        target = (f"/games/{cell.game_id}/deals/{cell.deal_id}" if cell.deal_id is not None
                  else f"/games/{cell.game_id}")
        lines.append(ft.ListTile(
            dense=True, leading=ft.Icon(ft.Icons.CALCULATE_OUTLINED),
            title=ft.Semantics(identifier=f"{kind}-deal-link", content=ft.Text(
                t("stats_page.deal_at", game=cell.game, number=cell.number))),
            subtitle=ft.Text(t("stats_page.deal_what", contract=contract(cell.contract.value),
                               role=_role(cell.role.value)), size=12),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda _e, target=target: go(target)))
    return lines


def _role(role: str) -> str:
    return {"taker": t("stats_page.as_taker"), "partner": t("stats_page.as_partner"),
            "defender": t("stats_page.as_defender")}[role]


def _game_tile(result: GameResult | None, kind: str, explain: Explain, go: Go
               ) -> ft.Control | None:
    if result is None:
        return None
    return ft.ListTile(
        dense=True, leading=ft.Icon(ft.Icons.TABLE_CHART_OUTLINED),
        title=ft.Semantics(identifier=f"{kind}-game", content=ft.Text(
            t("stats_page.game_line", name=result.game.name, total=signed(result.total),
              place=result.place))),
        subtitle=ft.Text(f"{_game_label(kind)} · {when(result.game.created_at)}", size=12),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=lambda _e: go(f"/games/{result.game.id}"))


def _game_label(kind: str) -> str:
    return t("stat.best_game") if kind == "best" else t("stat.worst_game")


def _streak(streak: Streak | None, made: str, lost: str) -> str:
    if streak is None:
        return "—"
    return nt(made if streak.won else lost, streak.length)


def records_section(record: PlayerRecord, explain: Explain, go: Go) -> list[ft.Control]:
    controls: list[ft.Control] = [
        explained_title(t("stat.section.records"), "best_deal", explain)]
    controls += _deal_lines(record.best_deal, "best", explain, go)
    controls += _deal_lines(record.worst_deal, "worst", explain, go)
    for kind, result in (("best", record.best_game), ("worst", record.worst_game)):
        tile = _game_tile(result, kind, explain, go)
        if tile is not None:
            controls.append(tile)
    controls.append(tiles([
        figure_tile("longest_made", number(record.longest_made), explain,
                    ident="fig-longest-made"),
        figure_tile("longest_won", number(record.longest_won), explain,
                    ident="fig-longest-won"),
        figure_tile("streak", _streak(record.current_takes, *TAKES_STREAK), explain,
                    ident="fig-streak-takes", label=t("stats_page.streak_takes")),
        figure_tile("streak", _streak(record.current_games, *GAMES_STREAK), explain,
                    ident="fig-streak-games", label=t("stats_page.streak_games")),
    ]))
    return controls


def head_to_head_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    if not record.head_to_head:
        return []
    rows = [ft.DataRow(cells=[
        ft.DataCell(ft.Text(h.opponent, size=13, weight=ft.FontWeight.W_600)),
        ft.DataCell(ft.Text(number(h.games), size=13)),
        ft.DataCell(ft.Semantics(identifier=f"ahead-{h.opponent}", content=ft.Text(
            number(h.ahead), size=13))),
        ft.DataCell(ft.Text(number(h.behind), size=13)),
    ]) for h in record.head_to_head]
    table = ft.DataTable(
        columns=[ft.DataColumn(ft.Text(t("stats_page.opponent"))),
                 ft.DataColumn(ft.Text(t("stats_page.together")), numeric=True),
                 ft.DataColumn(ft.Text(t("stats_page.ahead")), numeric=True),
                 ft.DataColumn(ft.Text(t("stats_page.behind")), numeric=True)],
        rows=rows, column_spacing=16, horizontal_margin=16, heading_row_height=36,
        data_row_min_height=36, data_row_max_height=40)
    return [explained_title(t("stat.head_to_head"), "head_to_head", explain),
            ft.Row([table], scroll=ft.ScrollMode.AUTO)]


def evolution_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    if len(record.evolution) < 2:
        return []
    totals = [0, *(p.total for p in record.evolution)]
    levels = [p.rating.mu for p in record.evolution if p.rating is not None]
    controls: list[ft.Control] = [
        explained_title(t("stat.evolution"), "evolution", explain),
        ft.Container(ft.Text(t("stats_page.total_after"), size=12,
                             color=ft.Colors.ON_SURFACE_VARIANT),
                     padding=ft.Padding.only(left=16)),
        score_chart({record.player: totals}, t("stats.axis_game"), legend=False, height=200),
    ]
    if len(levels) >= 2:
        controls += [
            ft.Container(ft.Text(t("stats_page.level_after"), size=12,
                                 color=ft.Colors.ON_SURFACE_VARIANT),
                         padding=ft.Padding.only(left=16, top=8)),
            score_chart({record.player: [round(v, 1) for v in levels]},
                        t("stats.axis_game"), first_x=1, legend=False, height=180,
                        zero=False),
        ]
    return controls
