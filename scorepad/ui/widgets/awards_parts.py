"""The group's awards as the ranking shows them: each award, who holds it and by how
much, and its rule in the catalog's words (the same as docs/STATS.md), also said when
the award is tapped."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.domain.awards import Award, AwardKind
from scorepad.domain.stats_words import award_figure
from scorepad.ui.i18n import nt, t
from scorepad.ui.models.fmt import names, signed
from scorepad.ui.widgets.figures import Explain, pct

ICONS = {AwardKind.MOST_TAKES: ft.Icons.BACK_HAND_OUTLINED,
         AwardKind.BEST_SUCCESS: ft.Icons.VERIFIED_OUTLINED,
         AwardKind.BIGGEST_DEAL: ft.Icons.BOLT,
         AwardKind.LONGEST_STREAK: ft.Icons.LOCAL_FIRE_DEPARTMENT_OUTLINED,
         AwardKind.MOST_IMPROVED: ft.Icons.TRENDING_UP}


def award_value(award: Award) -> str:
    """How much, in words ("12 prises", "83 %", "+588, Mardi donne 3")."""
    if award.kind is AwardKind.MOST_TAKES:
        return nt("awards.takes", int(award.value))
    if award.kind is AwardKind.BEST_SUCCESS:
        return pct(award.value)
    if award.kind is AwardKind.BIGGEST_DEAL:
        where = ", ".join(t("stats_page.deal_at", game=c.game, number=c.number)
                          for c in award.cells)
        more = award.count - len(award.cells)
        return f"{signed(int(award.value))} · {where}" + (
            nt("player_export.more", more) if more > 0 else "")
    if award.kind is AwardKind.LONGEST_STREAK:
        return nt("awards.streak", int(award.value))
    return t("awards.gain", gain=signed(round(award.value, 1)))


def award_lines(awards: Sequence[Award], explain: Explain,
                open_player: Callable[[str], None]) -> ft.Control:
    tiles: list[ft.Control] = []
    for award in awards:
        words = award_figure(award.kind)
        holders = names(list(award.players)) if award.players else t("awards.nobody")
        lines: list[ft.Control] = [
            ft.Semantics(identifier=f"award-{award.kind.value}", content=ft.Text(
                f"{holders} · {award_value(award)}" if award.players else holders,
                size=14, weight=ft.FontWeight.W_600)),
            ft.Text(t(words.how, **dict(words.params)), size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        tiles.append(ft.ListTile(
            leading=ft.Icon(ICONS[award.kind], color=ft.Colors.PRIMARY),
            title=ft.Text(t(words.label), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            subtitle=ft.Column(lines, spacing=2, tight=True),
            trailing=ft.IconButton(
                ft.Icons.PERSON_SEARCH, tooltip=t("awards.open", name=award.players[0]),
                on_click=lambda _e, name=award.players[0]: open_player(name))
            if len(award.players) == 1 else None,
            on_click=lambda _e, kind=award.kind: explain(kind.value)))
    tiles.append(ft.Container(ft.Text(t("awards.where_rules"), size=12,
                                      color=ft.Colors.ON_SURFACE_VARIANT),
                              padding=ft.Padding.symmetric(horizontal=16, vertical=6)))
    return ft.Column(tiles, spacing=0)
