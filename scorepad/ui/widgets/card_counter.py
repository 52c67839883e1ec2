"""« Compter les points »: steppers for a pile's bouts, honours and cards, the two sides'
points live, the reason under the field when the pile cannot exist, and "Utiliser ces
points" to fill the deal."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

import flet as ft

from scorepad.domain import Side
from scorepad.domain.cards import (
    CARDS_IN_PACK,
    HONOURS,
    InvalidPile,
    chien_size,
    pile_holds_chien,
)
from scorepad.domain.messages import N_
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.models.deal_form import DealForm
from scorepad.ui.models.pile_counter import CARDS, HONOUR_FIELDS, PileCounter
from scorepad.ui.widgets.deal_controls import applying, choice, error_text, tap_key

OnChange = Callable[[], None]
STEPPER_SIZE = 52  # above the 48 px a thumb needs

_LABELS: dict[str, str] = {
    "bouts": N_("card_counter.bouts"),
    "kings": N_("card_counter.kings"),
    "queens": N_("card_counter.queens"),
    "knights": N_("card_counter.knights"),
    "jacks": N_("card_counter.jacks"),
}


def _stepper_button(ident: str, content: ft.Control, on_tap: OnChange, *,
                    enabled: bool, expand: bool = False) -> ft.Control:
    return tap_key(ident, content, on_tap, enabled=enabled, expand=expand,
                   width=None if expand else STEPPER_SIZE, height=STEPPER_SIZE, radius=14,
                   bgcolor=ft.Colors.SECONDARY_CONTAINER, dimmed=0.3)


def _stepper_row(counter: PileCounter, name: str, label: str, hint: str,
                 changed: OnChange, steps: tuple[int, ...]) -> ft.Control:
    """Label and hint on the left, −/+ around the number on the right; with ±10 too (the
    cards), the label goes above and the buttons share the whole width."""
    value = counter.value(name)

    def step(delta: int) -> OnChange:
        def tap() -> None:
            counter.step(name, delta)
            changed()
        return tap

    def button(delta: int) -> ft.Control:
        sign = "plus" if delta > 0 else "minus"
        ident = f"pile-{name}-{sign}" + ("" if abs(delta) == 1 else str(abs(delta)))
        # "+" and "−" written like "+10" and "−10" beside them (a true minus sign).
        text = ("+" if delta > 0 else "−") + ("" if abs(delta) == 1 else str(abs(delta)))
        content = ft.Text(text, size=26 if abs(delta) == 1 else 17,
                          weight=ft.FontWeight.W_600)
        enabled = 0 <= value + (1 if delta > 0 else -1) <= counter.highest(name)
        return _stepper_button(ident, content, step(delta), enabled=enabled,
                               expand=len(steps) > 1)

    downs = [button(-d) for d in reversed(steps)]
    ups = [button(d) for d in steps]
    shown = ft.Semantics(identifier=f"pile-{name}-value", content=ft.Text(
        str(value), size=24, weight=ft.FontWeight.W_700, width=44,
        text_align=ft.TextAlign.CENTER))
    title = ft.Column([ft.Text(label, size=16, weight=ft.FontWeight.W_600),
                       ft.Text(hint, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=0, expand=len(steps) == 1)
    buttons = [*downs, shown, *ups]
    if len(steps) > 1:
        return ft.Column([title, ft.Row(buttons, spacing=6)], spacing=4)
    return ft.Row([title, *buttons], spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _cards_hint(counter: PileCounter, form: DealForm, with_chien: bool) -> str:
    players = len(form.players)
    most = CARDS_IN_PACK - (0 if with_chien else chien_size(players))
    if counter.by_low_cards:
        return t("card_counter.low_cards_hint")
    if with_chien:
        return t("card_counter.most_with_chien", most=most)
    return t("card_counter.most_without_chien", most=most)


def _side_and_mode(counter: PileCounter, changed: OnChange) -> list[ft.Control]:
    def side(value: Side) -> OnChange:
        return applying(changed, counter.set_side, value)

    def mode(low: bool) -> OnChange:
        return applying(changed, counter.set_by_low_cards, low)

    return [
        ft.Row([
            choice("pile-side-attack", t("card_counter.attack_pile"),
                   counter.side is Side.ATTACK, side(Side.ATTACK), expand=True, size=15,
                   padding=4),
            choice("pile-side-defense", t("card_counter.defense_pile"),
                   counter.side is Side.DEFENSE, side(Side.DEFENSE), expand=True, size=15,
                   padding=4),
        ], spacing=6),
        ft.Row([
            choice("pile-mode-cards", t("card_counter.all_cards"),
                   not counter.by_low_cards, mode(False), expand=True, height=42, size=14,
                   padding=4),
            choice("pile-mode-low", t("card_counter.low_cards_mode"),
                   counter.by_low_cards, mode(True), expand=True, height=42, size=14,
                   padding=4),
        ], spacing=6),
    ]


def _result(counter: PileCounter, form: DealForm) -> tuple[ft.Control, bool]:
    """'Attaque : 47,5 — Défense : 43,5' (or a dash while the pile is impossible)."""
    count = counter.count(form)
    if isinstance(count, InvalidPile):
        text = t("card_counter.result_none")
    else:
        attack, defence = counter.attack_and_defence(count)
        text = t("card_counter.result", attack=attack, defence=defence)
    shown = ft.Semantics(identifier="pile-result", content=ft.Text(
        text, size=20, weight=ft.FontWeight.W_700, text_align=ft.TextAlign.CENTER))
    return ft.Container(shown, alignment=ft.Alignment.CENTER, padding=8, border_radius=14,
                        bgcolor=ft.Colors.PRIMARY_CONTAINER), not isinstance(count,
                                                                           InvalidPile)


def card_counter(counter: PileCounter, form: DealForm, changed: OnChange, *,
                 on_close: OnChange, on_use: OnChange | None = None,
                 laid_out: OnChange | None = None) -> ft.Control:
    """The counter panel; `on_use` (when given) shows "Utiliser ces points"; `laid_out`
    is called each time the phone lays the panel out with a new size."""
    count = counter.count(form)
    error = count if isinstance(count, InvalidPile) else None
    lang = current_lang()
    with_chien = pile_holds_chien(counter.side, form.contract)
    rows: list[ft.Control] = [
        ft.Row([
            ft.Text(t("card_counter.title"), size=18,
                    weight=ft.FontWeight.W_700, expand=True),
            ft.TextButton(t("common.close"), icon=ft.Icons.CLOSE,
                          on_click=lambda _e: on_close()),
        ]),
        *_side_and_mode(counter, changed),
    ]
    for name in HONOUR_FIELDS:
        rows.append(_stepper_row(counter, name, t(_LABELS[name]),
                                 t("card_counter.each", worth=HONOURS[name][1]), changed, (1,)))
        if error is not None and error.field == name:
            rows.append(error_text(error.message(lang), ident="pile-error"))
    label = (t("card_counter.low_cards") if counter.by_low_cards
             else t("card_counter.cards_in_pile"))
    rows.append(_stepper_row(counter, CARDS, label, _cards_hint(counter, form, with_chien),
                             changed, (1, 10)))
    if error is not None and error.field not in HONOUR_FIELDS:
        rows.append(error_text(error.message(lang), ident="pile-error"))
    result, valid = _result(counter, form)
    rows.append(result)
    if on_use is not None:
        rows.append(ft.Row([ft.FilledButton(
            t("card_counter.use"), icon=ft.Icons.CHECK,
            height=52, expand=True, disabled=not valid, on_click=lambda _e: on_use())]))
    return ft.Container(
        ft.Column(rows, spacing=10),
        padding=12, border_radius=16,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        key=ft.ScrollKey(COUNTER_KEY),
        on_size_change=None if laid_out is None else lambda _e: laid_out(),
    )


#: the counter panel's key in its screen's list (see use_counter_in_view)
COUNTER_KEY = "card-counter"


def use_counter_in_view(is_open: bool) -> tuple[ft.Ref[ft.ListView], Callable[[], None]]:
    """The ref to give the screen's list, and the call to give the counter panel
    (`counter_slot(laid_out=...)`): when the counter opens, the list brings it to the top
    of the screen, every stepper clear of the sticky preview at the bottom (left where it
    opened, its lowest "+" sat half under the preview, and a thumb there tapped the
    preview instead)."""
    ref = ft.use_ref(ft.Ref[ft.ListView]).current
    assert ref is not None
    # The scroll needs the panel laid out on the phone (asked before, it moves nothing):
    # it is asked when the phone says the panel has its size, once per opening.
    to_bring = ft.use_ref(False)
    was_open = ft.use_ref(False)
    if is_open and not was_open.current:
        to_bring.current = True
    was_open.current = is_open
    page = ft.context.page

    def laid_out() -> None:
        if not to_bring.current:
            return
        to_bring.current = False

        async def scroll() -> None:
            if ref.current is not None:
                await ref.current.scroll_to(scroll_key=COUNTER_KEY, duration=200)

        page.run_task(scroll)

    return ref, laid_out


class CounterSlot(TypedDict):
    """What `deal_sections` takes to offer the counter: the button's action, and the open
    counter (None while closed)."""

    on_count: OnChange
    counter: ft.Control | None


def counter_slot(form: DealForm, counter: PileCounter | None,
                 set_counter: Callable[[PileCounter | None], None],
                 changed: OnChange, laid_out: OnChange | None = None) -> CounterSlot:
    """The counter for a deal form: opened for the pile the points are typed for, closed
    by "Fermer", and "Utiliser ces points" fills the form's points and bouts."""

    def open_counter() -> None:
        set_counter(PileCounter.for_form(form))

    def close() -> None:
        set_counter(None)

    def use() -> None:
        if counter is not None and counter.use_in(form):
            set_counter(None)
            changed()

    panel = (None if counter is None else
             card_counter(counter, form, changed, on_close=close, on_use=use,
                          laid_out=laid_out))
    return {"on_count": open_counter, "counter": panel}
