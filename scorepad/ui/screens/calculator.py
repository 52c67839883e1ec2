"""`/calculator`: check a disputed calculation with the deal form, count a pile of cards;
nothing is saved, and the inputs stay for the browser session."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.calculator_state import CalculatorSession, calculator_session
from scorepad.ui.models.deal_form import DealForm, Preview
from scorepad.ui.models.pile_counter import PileCounter
from scorepad.ui.widgets.card_counter import counter_slot, use_counter_in_view
from scorepad.ui.widgets.deal_controls import (
    choice,
    section,
)
from scorepad.ui.widgets.deal_explanation import explanation_block
from scorepad.ui.widgets.deal_preview import preview_bar
from scorepad.ui.widgets.deal_sections import deal_sections
from scorepad.ui.widgets.layout import screen
from scorepad.ui.widgets.text_input import kept_field


def _players_section(count: int, set_count: Callable[[int], None],
                     toggle_names: Callable[[], None]) -> ft.Control:
    return section(
        t("calculator.players"),
        ft.Row(
            [choice(f"count-{n}", str(n), count == n, lambda n=n: set_count(n), expand=True,
                    height=42) for n in (3, 4, 5)]
            + [ft.IconButton(
                icon=ft.Icons.EDIT_OUTLINED,
                tooltip=t("calculator.names"),
                on_click=lambda _e: toggle_names(),
            )],
            spacing=6,
        ),
    )


def _name_fields(players: tuple[str, ...],
                 rename: Callable[[int], Callable[[ft.Event[ft.TextField]], None]]
                 ) -> ft.Control:
    return ft.ResponsiveRow(
        [kept_field(label=t("calculator.player", n=i + 1), value=name,
                    reset=len(players), dense=True, col={"xs": 6, "md": 4},
                    on_blur=rename(i), on_submit=rename(i))
         for i, name in enumerate(players)],
        spacing=8, run_spacing=8,
    )


def _preset_dropdown(session: CalculatorSession,
                     pick_preset: Callable[[ft.Event[ft.Dropdown]], None]) -> ft.Control:
    return ft.Semantics(
        identifier="rules-preset",
        content=ft.Dropdown(
            label=t("calculator.rules"),
            value=session.preset,
            options=[ft.DropdownOption(key=key, text=label)
                     for key, label in session.preset_options()],
            on_select=pick_preset,
            dense=True,
            expand=True,
            width=float("inf"),
        ),
    )


def _outcome_or_hint(form: DealForm, preview: Preview) -> ft.Control:
    """The calculation step by step, or what is needed before it shows."""
    if preview.scored is not None:
        return explanation_block(form.deal_input(), preview.scored)
    return ft.Text(
        t("calculator.hint"),
        size=13, color=ft.Colors.ON_SURFACE_VARIANT, italic=True,
    )


@ft.component
def CalculatorView() -> ft.View:
    # The same object for the whole browser session: what is typed survives a tab switch.
    session = ft.use_memo(calculator_session, dependencies=[])
    _tick, set_tick = ft.use_state(0)

    def changed() -> None:
        set_tick(lambda n: n + 1)

    def update(action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            action()
            changed()
        return run

    def rename(index: int) -> Callable[[ft.Event[ft.TextField]], None]:
        def on_change(e: ft.Event[ft.TextField]) -> None:
            update(lambda: session.rename(index, e.control.value))()
        return on_change

    def pick_preset(e: ft.Event[ft.Dropdown]) -> None:
        update(lambda: session.pick_preset(e.control.value or "fft"))()

    def set_counter(counter: PileCounter | None) -> None:
        session.counter = counter
        changed()

    list_ref, counter_laid_out = use_counter_in_view(session.counter is not None)

    def toggle(name: str) -> Callable[[], None]:
        return update(lambda: setattr(session, name, not getattr(session, name)))

    form = session.form
    preview = form.preview(current_lang())
    setup = ft.Column([
        _players_section(len(form.players), lambda n: update(lambda: session.set_count(n))(),
                         toggle("names_open")),
        *([_name_fields(form.players, rename)] if session.names_open else []),
        _preset_dropdown(session, pick_preset),
    ], spacing=12)
    body: list[ft.Control] = [
        setup,
        ft.Divider(height=1),
        *deal_sections(form, preview, changed, extras_open=session.extras_open,
                       toggle_extras=toggle("extras_open"),
                       **counter_slot(form, session.counter, set_counter, changed,
                                       counter_laid_out)),
        _outcome_or_hint(form, preview),
    ]
    return screen(
        t("nav.calculator"),
        ft.ListView(body, expand=True, spacing=18, ref=list_ref,
                    padding=ft.Padding.only(left=14, right=14, top=12, bottom=24)),
        route="/calculator",
        nav="/calculator",
        actions=[ft.TextButton(t("common.clear"), on_click=lambda _e: update(
            session.clear)())],
        bottom=preview_bar(form.players, preview, None, save_label="",
                           taker=form.taker, partner=form.partner),
    )
