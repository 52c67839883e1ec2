"""Every section of the deal form in screen order, shared by the deal entry and the
calculator."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.models.deal_form import DealForm, Preview
from scorepad.ui.widgets.deal_controls import (
    bouts_section,
    contract_section,
    extras_section,
    extras_toggle,
    partner_section,
    taker_section,
)
from scorepad.ui.widgets.keypad import points_section


def deal_sections(form: DealForm, preview: Preview, changed: Callable[[], None], *,
                  extras_open: bool, toggle_extras: Callable[[], None],
                  on_count: Callable[[], None] | None = None,
                  counter: ft.Control | None = None) -> list[ft.Control]:
    """Taker, partner (at 5), contract, bouts, points, and the "Annonces et primes";
    `on_count` offers the card counter, and `counter` (the open counter) takes the place
    of the points keypad."""
    sections = [taker_section(form, preview, changed)]
    if form.needs_partner:
        sections.append(partner_section(form, preview, changed))
    sections += [
        contract_section(form, preview, changed),
        bouts_section(form, preview, changed),
        counter if counter is not None else points_section(form, preview, changed, on_count),
        extras_toggle(form, extras_open, toggle_extras),
    ]
    if extras_open:
        sections.append(extras_section(form, preview, changed))
    return sections
