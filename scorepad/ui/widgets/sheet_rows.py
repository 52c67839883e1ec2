"""The score sheet's pieces: totals header, one line per deal, the next-deal strip."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.domain import DealKind, GameStatus
from scorepad.domain.messages import warning_message
from scorepad.services import GameSheet, SheetDeal
from scorepad.ui.i18n import nt, t
from scorepad.ui.models.fmt import contract, number, outcome, player_labels, signed

POSITIVE = ft.Colors.GREEN_700
NEGATIVE = ft.Colors.RED_700
POSITIVE_DARK = ft.Colors.GREEN_300
NEGATIVE_DARK = ft.Colors.RED_300


def score_color(value: int, dark: bool) -> str | None:
    if value > 0:
        return POSITIVE_DARK if dark else POSITIVE
    if value < 0:
        return NEGATIVE_DARK if dark else NEGATIVE
    return None


def totals_header(sheet: GameSheet, dark: bool,
                  show_names: Callable[[GameSheet], None]) -> ft.Control:
    """Running totals, always visible above the lines; the next dealer is marked. Long
    names are shortened to labels that tell every player apart; a tap on the header
    lists the players with their full names (`show_names`), each opening their page."""
    labels = player_labels(sheet.columns)
    cells: list[ft.Control] = []
    for seat in sheet.columns:
        total = sheet.totals.get(seat, 0)
        dealer = seat == sheet.next.dealer
        # (a departed player's column: greyed, marked as gone)
        gone = seat in sheet.departed
        out = seat in sheet.next.sitting_out or gone
        cells.append(ft.Container(
            ft.Column([
                ft.Row([
                    ft.Icon(ft.Icons.STYLE, size=12, color=ft.Colors.PRIMARY) if dealer
                    else ft.Icon(ft.Icons.LOGOUT, size=12, color=ft.Colors.ON_SURFACE_VARIANT)
                    if gone else ft.Container(width=0),
                    ft.Semantics(identifier=f"name-{seat}", content=ft.Text(
                        labels[seat], size=12,
                        weight=ft.FontWeight.W_600 if dealer else ft.FontWeight.W_500,
                        color=ft.Colors.ON_SURFACE_VARIANT if out else None,
                        max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)),
                ], spacing=2, alignment=ft.MainAxisAlignment.CENTER, tight=True),
                ft.Semantics(identifier=f"total-{seat}", content=ft.Text(
                    signed(total), size=19, weight=ft.FontWeight.W_700,
                    color=score_color(total, dark), max_lines=1)),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
            expand=1, padding=ft.Padding.symmetric(vertical=8),
        ))
    return ft.Container(
        ft.Row(cells, spacing=0),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=8),
        on_click=lambda _e: show_names(sheet),
    )


def _redeal_button(label: str, on_tap: Callable[[], None], disabled: bool) -> ft.Control:
    """A full-size target (48 px high, half the width): a redeal is recorded at once, so
    it must not be hit by a thumb aiming at its neighbour (its message offers "Annuler")."""
    return ft.OutlinedButton(
        label, on_click=lambda _: on_tap(), disabled=disabled, height=48, expand=True,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12)))


def next_deal_strip(sheet: GameSheet, on_passed: Callable[[], None],
                    on_petit_sec: Callable[[], None], *, done: bool,
                    locked: bool = False) -> ft.Control:
    """Who deals next, and the redeal buttons (disabled on a read-only phone); no next
    deal once none may be added (`done`: a finished game, a tournament table whose
    round's deals are played or whose round is closed)."""
    labels = player_labels(sheet.columns)
    dealer = labels.get(sheet.next.dealer, sheet.next.dealer)
    out = [labels.get(p, p) for p in sheet.next.sitting_out]
    if done and sheet.deal_limit is not None:
        text = t("sheet_rows.no_next_deal")
    elif done:
        text = t("sheet_rows.finished")
    elif out:
        text = t("sheet_rows.next_deal_sitting_out", number=sheet.next.number, dealer=dealer,
                 out=out)
    else:
        text = t("sheet_rows.next_deal", number=sheet.next.number, dealer=dealer)
    controls: list[ft.Control] = [ft.Semantics(identifier="next-deal", content=ft.Text(
        text, size=13, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS))]
    if not done:
        controls.append(ft.Row([
            _redeal_button(t("sheet_rows.all_pass"), on_passed, locked),
            _redeal_button(t("sheet_rows.petit_sec"), on_petit_sec, locked),
        ], spacing=12))
    return ft.Container(
        ft.Column(controls, spacing=6, tight=True),
        padding=ft.Padding.only(left=16, right=16, top=6, bottom=8),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )


def round_progress(sheet: GameSheet, *, arbiter: bool = False) -> ft.Control | None:
    """A tournament table's sheet: "Donne 3 sur 4 de la manche", then "Les 4 donnes de la
    manche sont jouées" (the next one would be refused), and once the round is closed
    "Manche 2 close" with who may still change it (the organiser, who reads that each
    change is kept); None for other games."""
    limit = sheet.deal_limit
    if limit is None:
        return None
    number = sheet.next.number
    if sheet.status is GameStatus.FINISHED:
        text = t("tournament_ui.sheet.closed", round=sheet.tournament_round or 0)
        aside = t("tournament_ui.sheet.closed_arbiter") if arbiter else t(
            "tournament_ui.sheet.closed_table", table=sheet.tournament_table or 0)
    else:
        text = nt("tournament_ui.sheet.progress", limit, number=number) \
            if number <= limit else nt("tournament_ui.sheet.round_done", limit)
        aside = t("tournament_ui.sheet.arbiter") if arbiter else ""
    lines: list[ft.Control] = [ft.Semantics(identifier="round-progress", content=ft.Text(
        text, size=14, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))]
    if aside:
        lines.append(ft.Semantics(identifier="round-note", content=ft.Text(
            aside, size=13, color=ft.Colors.ON_SURFACE_VARIANT)))
    return ft.Container(ft.Column(lines, spacing=2, tight=True),
                        padding=ft.Padding.only(left=16, right=16, top=8))


def describe_deal(deal: SheetDeal, labels: dict[str, str] | None = None) -> str:
    if deal.kind == DealKind.PASSED:
        return t("sheet_rows.passed")
    if deal.kind == DealKind.PETIT_SEC:
        return t("sheet_rows.petit_sec_redealt")
    labels = labels or {}
    who = labels.get(deal.taker or "", deal.taker or "")
    if deal.partner:
        who += f" + {labels.get(deal.partner, deal.partner)}"
    return f"{contract(deal.contract)} · {who}"


def _result_chip(deal: SheetDeal, dark: bool) -> ft.Control:
    if deal.made is None:
        return ft.Container()
    diff = number(deal.difference or 0)
    label = outcome(bool(deal.made), diff)
    color = (POSITIVE_DARK if dark else POSITIVE) if deal.made else \
        (NEGATIVE_DARK if dark else NEGATIVE)
    return ft.Container(
        ft.Text(label, size=12, weight=ft.FontWeight.W_600, color=color),
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=10,
        border=ft.Border.all(1, color),
    )


def _warning_mark(deal: SheetDeal, lang: str) -> ft.Control:
    """A small mark on an unusual line; its words on a long press, and listed on the
    deal's page one tap away."""
    if not deal.warnings:
        return ft.Container()
    text = " ".join(warning_message(w.code, dict(w.params), lang) for w in deal.warnings)
    return ft.Semantics(identifier=f"warning-{deal.number}", content=ft.Icon(
        ft.Icons.WARNING_AMBER, size=18, color=ft.Colors.AMBER_800, tooltip=text))


def _zero_sum(deal: SheetDeal) -> ft.Control:
    total = sum(deal.scores.values())
    ok = total == 0
    return ft.Semantics(identifier=f"check-{deal.number}", content=ft.Icon(
        ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR,
        size=16, color=ft.Colors.OUTLINE if ok else ft.Colors.ERROR,
        tooltip=t("sheet_rows.zero_sum") if ok
        else t("sheet_rows.sum_error", total=signed(total))))


@ft.component
def DealLine(deal: SheetDeal, seats: tuple[str, ...], game_id: int, dark: bool,
             lang: str) -> ft.Control:
    """One line of the sheet: what was played, the result, each seat's score."""

    def open_deal(_: ft.Event[ft.Container]) -> None:
        ft.context.page.navigate(f"/games/{game_id}/deals/{deal.id}")

    played = deal.kind == DealKind.PLAYED
    head = ft.Row([
        ft.Container(ft.Text(str(deal.number), size=12, weight=ft.FontWeight.W_700,
                             color=ft.Colors.ON_SECONDARY_CONTAINER),
                     width=26, height=22, border_radius=11, alignment=ft.Alignment.CENTER,
                     bgcolor=ft.Colors.SECONDARY_CONTAINER),
        ft.Semantics(identifier=f"line-{deal.number}", expand=True, content=ft.Text(
            describe_deal(deal, player_labels(seats)), size=14,
            weight=ft.FontWeight.W_500 if played else None,
            italic=not played, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
            color=None if played else ft.Colors.ON_SURFACE_VARIANT)),
        _warning_mark(deal, lang),
        _result_chip(deal, dark),
        _zero_sum(deal) if played else ft.Container(),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    rows: list[ft.Control] = [head]
    if played:
        cells: list[ft.Control] = []
        for seat in seats:
            if seat in deal.scores:
                value = deal.scores[seat]
                role_taker = seat == deal.taker
                role_partner = seat == deal.partner
                shown = signed(value)
                weight = ft.FontWeight.W_700 if role_taker or role_partner else None
                color = score_color(value, dark)
            else:
                shown, weight, color = "—", None, ft.Colors.OUTLINE
                role_taker = role_partner = False
            cells.append(ft.Container(
                ft.Semantics(identifier=f"row-{deal.number}-{seat}", content=ft.Text(
                    shown, size=15, weight=weight, color=color, max_lines=1)),
                expand=1, alignment=ft.Alignment.CENTER, height=26,
                bgcolor=ft.Colors.with_opacity(0.10, ft.Colors.PRIMARY) if role_taker
                else (ft.Colors.with_opacity(0.05, ft.Colors.PRIMARY) if role_partner else None),
                border_radius=6,
            ))
        rows.append(ft.Row(cells, spacing=0))
    if deal.both_sides:
        # Changed on this phone and at the club before either heard of the other: the
        # later version is shown, both are in the deal's history.
        rows.append(ft.Semantics(identifier=f"both-sides-{deal.number}", content=ft.Text(
            t("sheet_rows.both_sides"), size=12, italic=True, color=ft.Colors.TERTIARY)))
    return ft.Container(
        ft.Column(rows, spacing=4, tight=True),
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        on_click=open_deal,
        ink=True,
    )


MemoDealLine = ft.memo(DealLine)
