"""A player's page, first half: the summary (games, deals, total, average), the taker's
contracts, the called partner at five, the defence and the bonuses; every figure a tile
that says how it is counted when tapped."""

from __future__ import annotations

import flet as ft

from scorepad.domain.model import PoigneeSize
from scorepad.domain.player_record import PartnerResult, PlayerRecord
from scorepad.ui.i18n import nt, t
from scorepad.ui.models.fmt import contract, number, signed
from scorepad.ui.widgets.figures import Explain, explained_title, figure_tile, pct, tiles


def _avg(value: float | None) -> str:
    return "—" if value is None else signed(round(value, 1))


def summary_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    stats = record.stats
    return [tiles([
        figure_tile("total", signed(stats.total), explain, ident="fig-total"),
        figure_tile("average", _avg(stats.average), explain, ident="fig-average"),
        figure_tile("games", number(record.games), explain, ident="fig-games"),
        figure_tile("won", number(record.games_won), explain, ident="fig-won",
                    detail=pct(record.games_won / record.games) if record.games else None),
        figure_tile("placed", number(record.games_placed), explain, ident="fig-placed"),
        figure_tile("deals", number(stats.deals_played), explain, ident="fig-deals",
                    detail=nt("stats_page.sat_out", stats.deals_sat_out)
                    if stats.deals_sat_out else None),
    ])]


def _contract_table(record: PlayerRecord) -> ft.Control:
    columns = [ft.DataColumn(ft.Text(t("stats_page.contract"))),
               ft.DataColumn(ft.Text(t("stats_page.made_taken")), numeric=True),
               ft.DataColumn(ft.Text("%"), numeric=True),
               ft.DataColumn(ft.Text(t("stats_page.margin")), numeric=True),
               ft.DataColumn(ft.Text(t("stats_page.points")), numeric=True)]
    rows = []
    for c in record.contracts:
        if not c.takes:
            continue
        rows.append(ft.DataRow(cells=[
            ft.DataCell(ft.Text(contract(c.contract.value), size=13)),
            ft.DataCell(ft.Semantics(identifier=f"takes-{c.contract.value}", content=ft.Text(
                f"{c.made}/{c.takes}", size=13))),
            ft.DataCell(ft.Text(pct(c.success_rate), size=13)),
            ft.DataCell(ft.Semantics(identifier=f"margin-{c.contract.value}", content=ft.Text(
                _avg(c.average_margin), size=13))),
            ft.DataCell(ft.Text(_avg(c.points / c.takes), size=13)),
        ]))
    return ft.Row([ft.DataTable(columns=columns, rows=rows, column_spacing=12,
                                horizontal_margin=16, heading_row_height=36,
                                data_row_min_height=36, data_row_max_height=40)],
                  scroll=ft.ScrollMode.AUTO)


def taker_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    taker = record.taker
    margin = sum(c.margin for c in record.contracts)
    controls = [
        explained_title(t("stat.section.taker"), "takes", explain),
        tiles([
            figure_tile("takes", f"{taker.won}/{taker.deals}", explain, ident="fig-takes"),
            figure_tile("success", pct(taker.success_rate), explain, ident="fig-success"),
            figure_tile("margin", _avg(margin / taker.deals if taker.deals else None),
                        explain, ident="fig-margin"),
            figure_tile("taker_points", _avg(taker.average), explain,
                        ident="fig-taker-points"),
        ]),
    ]
    if taker.deals:
        controls.append(_contract_table(record))
    return controls


def _ally_lines(allies: tuple[PartnerResult, ...], prefix: str) -> list[ft.Control]:
    return [ft.ListTile(
        dense=True, title=ft.Text(a.partner, weight=ft.FontWeight.W_600),
        trailing=ft.Semantics(identifier=f"{prefix}-{a.partner}", content=ft.Text(
            t("stats_page.ally_line", deals=nt("stats_page.deals", a.deals), made=a.made,
              rate=pct(a.success_rate), points=signed(a.points)), size=13)))
        for a in allies]


def partner_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    """At five: called by whom, and the partners called (nothing when never at five)."""
    if not record.partner.deals and not record.partners_called:
        return []
    partner = record.partner
    controls: list[ft.Control] = [
        explained_title(t("stat.section.partner"), "called", explain)]
    if partner.deals:
        controls.append(tiles([
            figure_tile("called", number(partner.deals), explain, ident="fig-called",
                        detail=t("stats_page.made_rate", rate=pct(partner.success_rate))),
            figure_tile("called", _avg(partner.average), explain,
                        label=t("stats_page.average_called")),
        ]))
    if record.called_by:
        controls.append(_subtitle(t("stats_page.called_by"), "called", explain))
        controls += _ally_lines(record.called_by, "called-by")
    if record.partners_called:
        controls.append(_subtitle(t("stat.partners"), "partners", explain))
        controls += _ally_lines(record.partners_called, "partner")
    return controls


def _subtitle(text: str, figure_id: str, explain: Explain) -> ft.Control:
    return ft.Container(ft.Text(text, size=13, weight=ft.FontWeight.W_600),
                        padding=ft.Padding.only(left=16, top=8),
                        on_click=lambda _e: explain(figure_id))


def defence_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    defender = record.defender
    return [
        explained_title(t("stat.section.defence"), "defence", explain),
        tiles([
            figure_tile("defence", number(defender.deals), explain, ident="fig-defence",
                        detail=t("stats_page.defence_won", rate=pct(defender.success_rate))),
            figure_tile("defence", _avg(defender.average), explain,
                        label=t("stats_page.average_defence")),
        ]),
    ]


def won_lost(won: int, lost: int) -> str:
    """"1 gagné · 0 perdu": each count with its own plural form."""
    return t("stats_page.won_lost", won=nt("stats_page.won", won),
             lost=nt("stats_page.lost", lost))


def bonuses_section(record: PlayerRecord, explain: Explain) -> list[ft.Control]:
    stats = record.stats
    sizes = {p.size: p for p in record.poignees}
    shown = sum(p.shown for p in record.poignees)
    won = sum(p.won for p in record.poignees)
    detail = " · ".join(t("stats_page.poignee_size", size=s,
                          shown=sizes[s].shown, won=sizes[s].won)
                        for s in PoigneeSize if sizes[s].shown)
    controls = [
        figure_tile("poignees", nt("stats_page.won_of", won, shown=shown), explain,
                    ident="fig-poignees", detail=detail or None),
        figure_tile("petits", won_lost(stats.petits_au_bout_won, stats.petits_au_bout_lost),
                    explain, ident="fig-petits"),
        figure_tile("chelems", won_lost(stats.chelems_won, stats.chelems_lost), explain,
                    ident="fig-chelems",
                    detail=nt("stats_page.announced", stats.chelems_announced)
                    if stats.chelems_announced else None),
    ]
    if stats.miseres:
        controls.append(figure_tile("miseres", number(stats.miseres), explain,
                                    ident="fig-miseres"))
    return [explained_title(t("stat.section.bonuses"), "poignees", explain), tiles(controls)]
