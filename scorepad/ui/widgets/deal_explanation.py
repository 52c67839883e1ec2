"""A scored deal explained: the table of steps with their values and the paragraph."""

from __future__ import annotations

import flet as ft

from scorepad.domain import DealInput, ScoredDeal, explain_text, scored_to_dict
from scorepad.domain.messages import fmt_number, fmt_signed
from scorepad.ui.i18n import current_lang, t

# Steps whose value is a plain quantity, not points won or lost.
_PLAIN = {"needed", "points", "difference", "coefficient", "row_sum"}
# Steps that conclude a part of the calculation: shown in bold.
_STRONG = {"multiplied", "per_defender", "score_taker", "row_sum"}


def _card(content: ft.Control) -> ft.Control:
    return ft.Container(
        content=content,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10),
        border_radius=16,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def steps_table(scored: ScoredDeal) -> ft.Control:
    lang = current_lang()
    data = scored_to_dict(scored, lang)
    rows: list[ft.Control] = []
    for index, step in enumerate(data["steps"]):
        code = step["code"]
        value = step["value"]
        if code == "coefficient":
            shown = f"× {fmt_number(value, lang)}"
        elif code in _PLAIN:
            shown = fmt_number(value, lang)
        else:
            shown = fmt_signed(value, lang)
        strong = code in _STRONG
        if index and code in ("per_defender", "score_taker", "row_sum"):
            rows.append(ft.Divider(height=1))
        rows.append(
            ft.Semantics(
                identifier=f"step-{index}",
                content=ft.Row(
                    [
                        ft.Text(step["label"], size=14, expand=True,
                                weight=ft.FontWeight.W_600 if strong else None),
                        ft.Text(shown, size=15, weight=ft.FontWeight.W_700 if strong
                                else ft.FontWeight.W_500, text_align=ft.TextAlign.RIGHT),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            )
        )
    return _card(ft.Column(rows, spacing=8))


def explanation_block(deal: DealInput, scored: ScoredDeal) -> ft.Control:
    """Title, steps, warnings and the paragraph that settles a dispute."""
    lang = current_lang()
    items: list[ft.Control] = [
        ft.Text(t("deal_explanation.steps_title"), size=16,
                weight=ft.FontWeight.W_700),
        steps_table(scored),
    ]
    for warning in scored_to_dict(scored, lang)["warnings"]:
        items.append(
            ft.Container(
                content=ft.Row(
                    [ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=ft.Colors.AMBER_800),
                     ft.Text(warning["message"], size=14, expand=True)],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                padding=10,
                border_radius=12,
                bgcolor=ft.Colors.with_opacity(0.12, ft.Colors.AMBER),
            )
        )
    items.append(ft.Text(t("deal_explanation.in_words"), size=16,
                         weight=ft.FontWeight.W_700))
    items.append(
        _card(ft.Semantics(identifier="explain-text",
                           content=ft.Text(explain_text(deal, scored, lang), size=14)))
    )
    return ft.Column(items, spacing=10)
