"""`/calculator`: check a disputed calculation with the deal form; nothing is saved."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.domain import FFT_RULES, RuleSet
from scorepad.ui.components.deal_controls import (
    choice,
    section,
)
from scorepad.ui.components.deal_explanation import explanation_block
from scorepad.ui.components.deal_preview import preview_bar
from scorepad.ui.components.deal_sections import deal_sections
from scorepad.ui.components.layout import screen
from scorepad.ui.components.text_input import kept_field
from scorepad.ui.deal_form import DealForm, Preview
from scorepad.ui.i18n import current_lang, tr

#: Rule presets of the calculator: key -> (French, English, partial rules object).
PRESETS: dict[str, tuple[str, str, dict[str, object]]] = {
    "fft": ("Règles officielles (FFT)", "Official rules (FFT)", {}),
    "pab_flat": ("Petit au bout non multiplié", "Petit au bout not multiplied",
                 {"petit_au_bout_multiplied": False}),
    "misere": ("FFT avec misère (10)", "FFT with misère (10)", {"misere": True}),
    "gc8": ("Garde contre × 8", "Garde contre × 8", {"coefficients": {"garde_contre": 8}}),
}


def default_names(count: int) -> tuple[str, ...]:
    return tuple(tr(f"Joueur {i}", f"Player {i}") for i in range(1, count + 1))


def preset_rules(key: str) -> RuleSet:
    return FFT_RULES.merged(PRESETS.get(key, PRESETS["fft"])[2])


def rebuild_form(old: DealForm, players: tuple[str, ...], rules: RuleSet) -> DealForm:
    """A form for other players or rules keeping what was entered, by seat position."""
    rename = dict(zip(old.players, players, strict=False))
    form = DealForm(players=players, rules=rules)
    if old.taker in rename:
        form.set_taker(rename[old.taker])
    if form.needs_partner and old.partner_chosen and old.needs_partner:
        form.set_partner(rename.get(old.partner) if old.partner else None)
    form.contract = old.contract
    form.bouts = old.bouts
    form.as_defense = old.as_defense
    form.points_text = old.points_text
    for name, size in old.poignees.items():
        if name in rename:
            form.set_poignee(rename[name], size)
    form.petit_au_bout = old.petit_au_bout
    form.chelem_announced = old.chelem_announced
    form.chelem = old.chelem
    if rules.misere:
        form.miseres = [rename[m] for m in old.miseres if m in rename]
    if not form.half_points_allowed and "," in form.points_text:
        form.points_text = form.points_text.split(",")[0]
    return form


def with_count(form: DealForm, count: int) -> DealForm:
    """The form for `count` players: the first names kept, default names added."""
    names = list(form.players[:count])
    defaults = default_names(count)
    while len(names) < count:
        candidate = defaults[len(names)]
        names.append(candidate if candidate not in names else f"{candidate}·")
    return rebuild_form(form, tuple(names), form.rules)


def renamed(form: DealForm, index: int, value: str | None) -> DealForm | None:
    """The form with player `index` renamed, or None to keep the old name: a player needs
    a distinct, non-empty name."""
    name = (value or "").strip()[:20]
    names = list(form.players)
    if not name or name in names[:index] + names[index + 1:]:
        return None
    names[index] = name
    return rebuild_form(form, tuple(names), form.rules)


def _players_section(count: int, set_count: Callable[[int], None],
                     toggle_names: Callable[[], None]) -> ft.Control:
    return section(
        tr("Joueurs de la donne", "Players in the deal"),
        ft.Row(
            [choice(f"count-{n}", str(n), count == n, lambda n=n: set_count(n), expand=True,
                    height=42) for n in (3, 4, 5)]
            + [ft.IconButton(
                icon=ft.Icons.EDIT_OUTLINED,
                tooltip=tr("Noms des joueurs", "Player names"),
                on_click=lambda _e: toggle_names(),
            )],
            spacing=6,
        ),
    )


def _name_fields(players: tuple[str, ...],
                 rename: Callable[[int], Callable[[ft.Event[ft.TextField]], None]]
                 ) -> ft.Control:
    return ft.ResponsiveRow(
        [kept_field(label=tr(f"Joueur {i + 1}", f"Player {i + 1}"), value=name,
                    reset=len(players), dense=True, col={"xs": 6, "md": 4},
                    on_blur=rename(i), on_submit=rename(i))
         for i, name in enumerate(players)],
        spacing=8, run_spacing=8,
    )


def _preset_dropdown(preset: str,
                     pick_preset: Callable[[ft.Event[ft.Dropdown]], None]) -> ft.Control:
    return ft.Semantics(
        identifier="rules-preset",
        content=ft.Dropdown(
            label=tr("Règles", "Rules"),
            value=preset,
            options=[ft.DropdownOption(key=k, text=tr(v[0], v[1]))
                     for k, v in PRESETS.items()],
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
        tr("Le calcul détaillé s'affiche dès que la donne est complète.",
           "The detailed calculation appears as soon as the deal is complete."),
        size=13, color=ft.Colors.ON_SURFACE_VARIANT, italic=True,
    )


@ft.component
def CalculatorView() -> ft.View:
    form, set_form = ft.use_state(lambda: DealForm(players=default_names(4)))
    _tick, set_tick = ft.use_state(0)
    preset, set_preset = ft.use_state("fft")
    extras_open, set_extras_open = ft.use_state(False)
    names_open, set_names_open = ft.use_state(False)

    def rename(index: int) -> Callable[[ft.Event[ft.TextField]], None]:
        def on_change(e: ft.Event[ft.TextField]) -> None:
            new_form = renamed(form, index, e.control.value)
            if new_form is not None:
                set_form(new_form)
        return on_change

    def pick_preset(e: ft.Event[ft.Dropdown]) -> None:
        key = e.control.value or "fft"
        set_preset(key)
        set_form(rebuild_form(form, form.players, preset_rules(key)))

    preview = form.preview(current_lang())
    setup = ft.Column([
        _players_section(len(form.players), lambda n: set_form(with_count(form, n)),
                         lambda: set_names_open(not names_open)),
        *([_name_fields(form.players, rename)] if names_open else []),
        _preset_dropdown(preset, pick_preset),
    ], spacing=12)
    body: list[ft.Control] = [
        setup,
        ft.Divider(height=1),
        *deal_sections(form, preview, lambda: set_tick(lambda t: t + 1),
                       extras_open=extras_open,
                       toggle_extras=lambda: set_extras_open(not extras_open)),
        _outcome_or_hint(form, preview),
    ]
    return screen(
        tr("Calculette", "Calculator"),
        ft.ListView(body, expand=True, spacing=18,
                    padding=ft.Padding.only(left=14, right=14, top=12, bottom=24)),
        route="/calculator",
        nav="/calculator",
        actions=[ft.TextButton(
            tr("Effacer", "Clear"),
            on_click=lambda _e: set_form(DealForm(players=form.players, rules=form.rules)),
        )],
        bottom=preview_bar(form.players, preview, None, save_label="",
                           taker=form.taker, partner=form.partner),
    )
