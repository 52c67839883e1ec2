"""A figure of the statistics as a tile a thumb can tap: its value, its name, and a tap
that says how it is counted (the catalog's definition: scorepad.domain.stats_words)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorepad.domain.stats_words import figure
from scorepad.ui.i18n import t

Explain = Callable[[str], None]


def pct(rate: float | None) -> str:
    return "—" if rate is None else f"{round(rate * 100)} %"


def figure_tile(figure_id: str, value: str, explain: Explain, *, detail: str | None = None,
                ident: str | None = None, label: str | None = None) -> ft.Control:
    """`value` above the figure's name (or `label`), `detail` under it in small; a tap
    opens how it is counted. `ident` names the value for tests and screen readers."""
    # A value in words ("3 parties sans victoire") takes two smaller lines, never cut.
    short = len(value) <= 10
    value_text: ft.Control = ft.Text(value, size=20 if short else 15,
                                     weight=ft.FontWeight.W_700, max_lines=1 if short else 2)
    if ident is not None:
        value_text = ft.Semantics(identifier=ident, content=value_text)
    lines: list[ft.Control] = [
        value_text,
        ft.Row([ft.Text(label or t(figure(figure_id).label), size=12, expand=True,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Icon(ft.Icons.INFO_OUTLINE, size=14, color=ft.Colors.ON_SURFACE_VARIANT)],
               spacing=4)]
    if detail:
        lines.append(ft.Text(detail, size=12))
    return ft.Container(
        ft.Column(lines, spacing=2, tight=True),
        col={"xs": 6, "sm": 4, "md": 3},
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
        on_click=lambda _e: explain(figure_id), ink=True,
    )


def tiles(controls: Sequence[ft.Control]) -> ft.Control:
    """Tiles two a row on a phone, more on a wider screen."""
    return ft.Container(ft.ResponsiveRow(list(controls), spacing=8, run_spacing=8),
                        padding=ft.Padding.symmetric(horizontal=16, vertical=4))


def explained_title(text: str, figure_id: str, explain: Explain) -> ft.Control:
    """A section's title that says, when tapped, how its figures are counted."""
    return ft.Container(
        ft.Row([ft.Text(text.upper(), size=12, weight=ft.FontWeight.W_600,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Icon(ft.Icons.INFO_OUTLINE, size=14, color=ft.Colors.ON_SURFACE_VARIANT)],
               spacing=6),
        padding=ft.Padding.only(left=16, right=16, top=18, bottom=6), height=48,
        on_click=lambda _e: explain(figure_id),
    )
