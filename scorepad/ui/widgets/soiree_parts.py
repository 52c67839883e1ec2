"""Pieces of the evening's recap: the podium, each player's line, the evening's moments
(best and worst deal, chelems, petits au bout, most-played contract) and the tables."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

import flet as ft
from babel.dates import format_date

from scorepad.collation import name_key
from scorepad.domain.language import word
from scorepad.domain.soiree import (
    DealMoment,
    Highlight,
    SoireePlayer,
    SoireeRecap,
    SoireeTable,
    by_deal,
)
from scorepad.ui.i18n import babel_locale, current_lang, nt, t
from scorepad.ui.models.fmt import contract, deals_count, signed

MEDALS = {1: "#D4AF37", 2: "#A7A9AC", 3: "#C47F3A"}  # gold, silver, bronze


def duration_text(span: timedelta) -> str:
    """"2 h 05", "45 min", "0 min"."""
    minutes = int(span.total_seconds() // 60)
    hours, rest = divmod(minutes, 60)
    if hours:  # the recap's own "{h} h {m:02d}", its minutes always two digits
        return word("soiree.duration", current_lang()).format(h=hours, m=rest)
    return t("soiree_parts.minutes", m=rest)


def day_text(day: date) -> str:
    """"samedi 29/11/2026" / "Sat 29 Nov 2026": the catalog's date pattern, by Babel."""
    return format_date(day, t("soiree_parts.day_pattern"), locale=babel_locale(current_lang()))


def average_text(player: SoireePlayer) -> str:
    average = player.average
    if average is None:
        return "—"
    return t("soiree_parts.average", average=signed(round(average, 1)))


def _step(player: SoireePlayer, height: int) -> ft.Control:
    """One step of the podium: the name, the total, a block of the medal's colour."""
    color = MEDALS.get(player.rank, MEDALS[3])
    return ft.Column([
        ft.Text(player.player, weight=ft.FontWeight.W_700, size=15, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
        ft.Semantics(identifier=f"podium-{player.player}", content=ft.Text(
            signed(player.total), size=18, weight=ft.FontWeight.W_700)),
        ft.Container(ft.Text(str(player.rank), size=22, weight=ft.FontWeight.W_800,
                             color="#1B1B1B"),
                     bgcolor=color, height=height, alignment=ft.Alignment.TOP_CENTER,
                     padding=ft.Padding.only(top=6), border_radius=ft.BorderRadius.only(
                         top_left=10, top_right=10), width=float("inf")),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=2, expand=True,
        alignment=ft.MainAxisAlignment.END)


def podium(players: Sequence[SoireePlayer]) -> ft.Control:
    """Second, first, third side by side (ties share a step's colour and height)."""
    top = list(players[:3])
    if not top:
        return ft.Container()
    heights = {1: 86, 2: 62, 3: 44}
    order = [top[1], top[0], top[2]] if len(top) == 3 else top[:2][::-1] if len(top) == 2 \
        else top
    return ft.Container(ft.Row(
        [_step(p, heights.get(p.rank, 44)) for p in order],
        vertical_alignment=ft.CrossAxisAlignment.END, spacing=8, height=170),
        padding=ft.Padding.symmetric(horizontal=24, vertical=8))


def player_lines(players: Sequence[SoireePlayer]) -> ft.Control:
    """Each player: rank, total, average per deal played, deals played (and tables)."""
    lines: list[ft.Control] = []
    for p in players:
        detail = deals_count(p.deals_played)
        if p.games > 1:
            detail += " · " + nt("soiree_parts.tables", p.games)
        lines.append(ft.Container(ft.Row([
            ft.Text(f"{p.rank}.", width=28, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Column([ft.Text(p.player, weight=ft.FontWeight.W_600, size=15),
                       ft.Text(f"{average_text(p)} · {detail}", size=12,
                               color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=0, expand=True, tight=True),
            ft.Semantics(identifier=f"soiree-total-{p.player}", content=ft.Text(
                signed(p.total), size=17, weight=ft.FontWeight.W_700)),
        ]), padding=ft.Padding.symmetric(horizontal=16, vertical=6),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
    return ft.Column(lines, spacing=0)


def _moments(tied: tuple[DealMoment, ...]) -> str:
    """Every tied best (or worst) deal, the players of one deal named together ("Bruno,
    Cécile et Didier −52 : garde, donne 4 (Mardi)")."""
    return " ; ".join(t("soiree.moment", players=players, score=signed(deal.score),
                        contract=contract(deal.contract), number=str(deal.number),
                        game=deal.game)
                      for deal, players in by_deal(tied))


def _highlight(h: Highlight) -> str:
    # `side` is rendered by the catalog's side.* words ("l'attaque", "the defence").
    return t("soiree_parts.highlight", contract_name=contract(h.contract), taker=h.taker,
             side=h.side, number=h.number, game=h.game)


def _fact(icon: ft.IconData, title: str, text: str, ident: str) -> ft.Control:
    return ft.ListTile(leading=ft.Icon(icon, color=ft.Colors.PRIMARY), dense=True,
                       title=ft.Text(title, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                       subtitle=ft.Semantics(identifier=ident,
                                             content=ft.Text(text, size=15)))


def moments(recap: SoireeRecap) -> ft.Control:
    """The evening's best and worst deal, chelems, petits au bout, favourite contract."""
    facts: list[ft.Control] = []
    if recap.best_deals:
        facts.append(_fact(ft.Icons.TRENDING_UP, t("soiree_parts.best"),
                           _moments(recap.best_deals), "soiree-best"))
    if recap.worst_deals:
        facts.append(_fact(ft.Icons.TRENDING_DOWN, t("soiree_parts.worst"),
                           _moments(recap.worst_deals), "soiree-worst"))
    favourite = recap.most_played_contract
    if favourite is not None:
        facts.append(_fact(ft.Icons.STYLE, t("soiree_parts.contract"),
                           nt("soiree_parts.contract_times", favourite[1],
                              contract_name=contract(favourite[0])), "soiree-contract"))
    chelems = "; ".join(_highlight(h) for h in recap.chelems) or t("common.none")
    facts.append(_fact(ft.Icons.STARS, t("soiree_parts.chelems"), chelems, "soiree-chelems"))
    petits = "; ".join(_highlight(h) for h in recap.petits_au_bout) or t("common.none")
    facts.append(_fact(ft.Icons.EMOJI_EVENTS_OUTLINED, t("soiree_parts.petits"),
                       petits, "soiree-petits"))
    return ft.Column(facts, spacing=0)


def summary_line(recap: SoireeRecap) -> str:
    """"2 tables · 14 donnes (12 jouées) · 2 h 05 de jeu"."""
    tables = nt("soiree_parts.tables", len(recap.tables))
    played = nt("soiree_parts.played", recap.played)
    return t("soiree_parts.summary", tables=tables, deals=deals_count(recap.deals),
             played=played, duration=duration_text(recap.duration))


def table_tiles(tables: Sequence[SoireeTable]) -> ft.Control:
    """Each table of the evening with its totals; a tap opens its sheet."""
    tiles: list[ft.Control] = []
    for table in tables:
        ordered = sorted(table.totals.items(), key=lambda kv: (-kv[1], name_key(kv[0])))
        tiles.append(ft.ListTile(
            title=ft.Text(table.name, weight=ft.FontWeight.W_600),
            subtitle=ft.Text("  ·  ".join(f"{n} {signed(v)}" for n, v in ordered)
                             + f"\n{deals_count(table.deals)} · {duration_text(table.duration)}",
                             size=12),
            is_three_line=True, trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda _, g=table.game_id: ft.context.page.navigate(f"/games/{g}")))
    return ft.Column(tiles, spacing=0)

