"""The sticky bottom bar of the deal form: the row previewed live and the save button."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from scorepad.domain import ScoredDeal
from scorepad.domain.messages import fmt_signed, warning_message
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.deal_form import Preview, outcome_text
from scorepad.ui.models.fmt import player_labels
from scorepad.ui.widgets.deal_controls import score_color


def score_cells(players: tuple[str, ...], scores: dict[str, int] | None, *,
                ident_prefix: str = "preview", roles: dict[str, str] | None = None
                ) -> ft.Control:
    """One compact cell a player: name over signed score (the sheet's row)."""
    lang = current_lang()
    labels = player_labels(players)
    cells: list[ft.Control] = []
    for player in players:
        value = scores.get(player) if scores is not None else None
        role = (roles or {}).get(player, "")
        cells.append(
            ft.Container(
                content=ft.Column(
                    [
                        ft.Text(labels[player], size=12, no_wrap=True,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                tooltip=player if labels[player] != player else None,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                                weight=ft.FontWeight.W_700 if role else None),
                        ft.Semantics(
                            identifier=f"{ident_prefix}-{player}",
                            content=ft.Text(
                                fmt_signed(value, lang) if value is not None else "·",
                                size=17,
                                weight=ft.FontWeight.W_700,
                                color=score_color(value) if value is not None else None,
                            ),
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                expand=True,
                padding=ft.Padding.symmetric(vertical=4),
                border_radius=10,
                bgcolor=ft.Colors.with_opacity(0.08, ft.Colors.PRIMARY) if role == "taker"
                else None,
            )
        )
    return ft.Row(cells, spacing=2)


def _scored_status(scored: ScoredDeal) -> ft.Control:
    """Made or failed, with the points needed, once the deal is complete."""
    return ft.Row(
        [
            ft.Icon(ft.Icons.CHECK_CIRCLE if scored.made else ft.Icons.CANCEL,
                    color=ft.Colors.GREEN_600 if scored.made else ft.Colors.RED_400,
                    size=20),
            ft.Semantics(
                identifier="preview-outcome",
                content=ft.Text(outcome_text(scored, current_lang()), size=16,
                                weight=ft.FontWeight.W_700),
            ),
            ft.Text(
                t("deal_preview.needed", needed=scored.needed)
                if sum(scored.scores.values()) == 0 else "",
                size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True, no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
        ],
        spacing=6,
    )


def _warnings(scored: ScoredDeal) -> list[ft.Control]:
    """What is unusual (RULES.md §5 warnings), said before saving."""
    lang = current_lang()
    return [ft.Row([
        ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.AMBER_800, size=20),
        ft.Semantics(identifier="preview-warning", expand=True, content=ft.Text(
            warning_message(w.code, dict(w.params), lang), size=13,
            color=ft.Colors.ON_SURFACE)),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START) for w in scored.warnings]


def _pending_status(preview: Preview) -> ft.Control:
    """Why the deal cannot be saved yet: what is missing, or the error."""
    is_error = preview.error is not None
    status = ft.Row(
        [
            ft.Icon(ft.Icons.ERROR_OUTLINE if is_error else ft.Icons.EDIT_NOTE,
                    color=ft.Colors.ERROR if is_error else ft.Colors.ON_SURFACE_VARIANT,
                    size=20),
            ft.Semantics(
                identifier="save-reason",
                # A refusal is read whole (what to correct, or why nothing can be
                # saved); what is still missing fits two lines.
                content=ft.Text(preview.reason, size=14, max_lines=None if is_error else 2,
                                overflow=None if is_error else ft.TextOverflow.ELLIPSIS,
                                color=ft.Colors.ERROR if is_error
                                else ft.Colors.ON_SURFACE_VARIANT),
            ),
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.START,
        wrap=False,
    )
    status.controls[1] = ft.Container(status.controls[1], expand=True)
    return status


def _save_button(label: str, on_save: Callable[[], Awaitable[None]], disabled: bool
                 ) -> ft.Control:
    async def click(_e: ft.Event[ft.FilledButton]) -> None:
        await on_save()

    return ft.FilledButton(
        content=label,
        icon=ft.Icons.CHECK,
        disabled=disabled,
        on_click=click,
        height=52,
        width=float("inf"),
        style=ft.ButtonStyle(
            shape=ft.RoundedRectangleBorder(radius=14),
            text_style=ft.TextStyle(size=17, weight=ft.FontWeight.W_600),
        ),
    )


def preview_bar(
    players: tuple[str, ...],
    preview: Preview,
    on_save: Callable[[], Awaitable[None]] | None,
    *,
    save_label: str,
    taker: str | None = None,
    partner: str | None = None,
) -> ft.Control:
    """Outcome + row + Save. Without `on_save` (the calculator) there is no button."""
    scored = preview.scored
    status = _scored_status(scored) if scored is not None else _pending_status(preview)
    roles = {}
    if taker:
        roles[taker] = "taker"
    if partner:
        roles[partner] = "partner"
    items: list[ft.Control] = [
        status,
        *(_warnings(scored) if scored is not None else []),
        score_cells(players, scored.scores if scored else None, roles=roles),
    ]
    if on_save is not None:
        items.append(_save_button(save_label, on_save, not preview.can_save))
    return ft.Container(
        content=ft.Column(items, spacing=8),
        padding=ft.Padding.only(left=14, right=14, top=10, bottom=12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        shadow=ft.BoxShadow(blur_radius=12, color=ft.Colors.with_opacity(0.12, ft.Colors.BLACK),
                            offset=ft.Offset(0, -2)),
    )
