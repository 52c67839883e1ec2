"""One phone alone's read-only copy of its club circle's season: the ranking and the
group's awards drawn by the club's own screens (scorepad.ui.screens.ranking), each
member's page (their season: totals, contracts, partners, rating), with the date of the
last refresh; readable offline."""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import quote

import flet as ft

from scorepad.domain.awards import Award
from scorepad.domain.ranking import RankedPlayer, SeasonRanking
from scorepad.services.ports.sync import MembershipRow
from scorepad.services.sync import phone as club_side
from scorepad.ui.data import use_data
from scorepad.ui.dialogs.definition import use_definition
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.live import CLUB_TOPIC
from scorepad.ui.models.fmt import signed, when
from scorepad.ui.screens.ranking import ranking_controls
from scorepad.ui.services_context import use_uow
from scorepad.ui.widgets.layout import empty_state, loading_state, screen, section_title
from scorepad.ui.widgets.ranking_parts import contract_table, partner_lines, rating_lines


@dataclass(frozen=True)
class _Copy:
    """The season as last read from the club (None: none yet, or unreadable)."""

    membership: MembershipRow | None
    ranking: SeasonRanking | None = None
    awards: tuple[Award, ...] = ()


def _read(row: MembershipRow | None) -> _Copy:
    if row is None or row.season_json is None:
        return _Copy(row)
    try:
        data = json.loads(row.season_json)
    except ValueError:
        return _Copy(row)
    ranking = club_side.read_season(SeasonRanking, data.get("ranking"))
    awards = club_side.read_season(tuple[Award, ...], data.get("awards", []))
    return _Copy(row, ranking, awards or ())


def _refreshed(row: MembershipRow) -> ft.Control:
    return ft.Container(ft.Semantics(identifier="club-copy-date", content=ft.Text(
        t("club.copy_of", circle=row.circle, club=row.club,
          moment=when(row.refreshed_at)) if row.refreshed_at else t("club.never_refreshed"),
        size=12, color=ft.Colors.ON_SURFACE_VARIANT)),
        padding=ft.Padding.only(left=16, right=16, top=10))


def _use_copy() -> tuple[bool, _Copy | None]:
    uow = use_uow()
    data = use_data(lambda: _read(club_side.membership(uow())), topics=[CLUB_TOPIC])
    return data.loaded, data.value if data.loaded else None


@ft.component
def ClubSeasonView() -> ft.View:
    page = ft.context.page
    explain = use_definition()
    loaded, copy = _use_copy()
    if not loaded or copy is None:
        controls: list[ft.Control] = [loading_state()]
    elif copy.membership is None or copy.ranking is None:
        controls = [empty_state(ft.Icons.LEADERBOARD, t("club.no_copy_title"),
                                t("club.no_copy_text"))]
    else:
        ranking = copy.ranking
        label = ranking.period.label(current_lang()) if ranking.period else ""
        controls = [_refreshed(copy.membership), *ranking_controls(
            ranking, label, copy.awards, explain,
            lambda name: page.navigate(f"/club/season/player/{quote(name, safe='')}"))]
    title = t("club.season")
    if copy is not None and copy.membership is not None:
        title += f" · {copy.membership.circle}"
    return screen(title, ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32)),
                  route="/club/season")


def _member(entry: RankedPlayer) -> list[ft.Control]:
    stats = entry.stats
    figures = [
        (t("club.member_rank"), str(entry.rank)),
        (t("club.member_total"), signed(entry.total)),
        (t("club.member_games"), f"{stats.games} · {t('club.member_won', n=entry.games_won)}"),
        (t("club.member_deals"), str(entry.deals_played)),
        (t("club.member_average"), f"{entry.average:.1f}" if entry.average is not None
         else "—"),
    ]
    lines: list[ft.Control] = [ft.ListTile(
        title=ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        trailing=ft.Semantics(identifier=f"member-{i}", content=ft.Text(
            value, size=15, weight=ft.FontWeight.W_600)))
        for i, (label, value) in enumerate(figures)]
    lines += [section_title(t("ranking.section_contracts")), contract_table([entry])]
    partners = partner_lines([entry])
    if partners is not None:
        lines += [section_title(t("ranking.section_partners")), partners]
    lines += [section_title(t("ranking.section_rating")), rating_lines([entry])]
    return lines


@ft.component
def ClubMemberView() -> ft.View:
    name = ft.use_route_params().get("name", "")
    loaded, copy = _use_copy()
    found = None
    if copy is not None and copy.ranking is not None:
        found = next((p for p in copy.ranking.players if p.player == name), None)
    if not loaded:
        controls: list[ft.Control] = [loading_state()]
    elif copy is None or copy.membership is None or found is None:
        controls = [empty_state(ft.Icons.PERSON_SEARCH, t("club.no_member_title", name=name),
                                t("club.no_member_text"))]
    else:
        controls = [_refreshed(copy.membership), *_member(found)]
    return screen(name, ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=32)),
                  route=f"/club/season/player/{quote(name, safe='')}")
