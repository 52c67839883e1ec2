"""The Calculette's inputs as plain Python, kept for the browser session (switching tabs
and coming back finds them): the deal typed, the rules (a preset, or the rules of the
game it was opened from), the card counter and the open sections."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from scorepad.domain import FFT_RULES, RuleSet
from scorepad.domain.messages import N_
from scorepad.ui.i18n import t
from scorepad.ui.models.deal_form import DealForm
from scorepad.ui.models.pile_counter import PileCounter

#: Rule presets of the calculator: key -> (its label's catalog key, partial rules object).
PRESETS: dict[str, tuple[str, dict[str, object]]] = {
    "fft": (N_("calculator_state.preset_fft"), {}),
    "pab_flat": (N_("calculator_state.preset_pab_flat"), {"petit_au_bout_multiplied": False}),
    "misere": (N_("calculator_state.preset_misere"), {"misere": True}),
    "gc8": (N_("calculator_state.preset_gc8"), {"coefficients": {"garde_contre": 8}}),
}
#: The preset key of "the rules of the game the calculator was opened from".
GAME_PRESET = "game"
_STORE_KEY = "scorepad.calculator"


def default_names(count: int) -> tuple[str, ...]:
    return tuple(t("calculator_state.default_player", n=i) for i in range(1, count + 1))


def preset_rules(key: str) -> RuleSet:
    return FFT_RULES.merged(PRESETS.get(key, PRESETS["fft"])[1])


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


@dataclass(frozen=True, slots=True)
class GameRules:
    """What the calculator takes from a game: its name, the players of its next deal and
    its rules (house rules included)."""

    game_id: int
    name: str
    players: tuple[str, ...]
    rules: RuleSet


@dataclass
class CalculatorSession:
    """Everything the Calculette shows, kept while the browser session lasts."""

    form: DealForm = field(default_factory=lambda: DealForm(players=default_names(4)))
    preset: str = "fft"
    game: GameRules | None = None
    counter: PileCounter | None = None
    extras_open: bool = False
    names_open: bool = False

    def rules_for(self, key: str) -> RuleSet:
        if key == GAME_PRESET and self.game is not None:
            return self.game.rules
        return preset_rules(key)

    def preset_options(self) -> list[tuple[str, str]]:
        """(key, label) of every choice: the game's rules first when opened from a game,
        then the presets."""
        options = [(key, t(label)) for key, (label, _) in PRESETS.items()]
        if self.game is not None:
            options.insert(0, (GAME_PRESET, t("calculator_state.game_rules",
                                              name=self.game.name)))
        return options

    def pick_preset(self, key: str) -> None:
        """Other rules for the same deal (what was typed is kept)."""
        if key != GAME_PRESET or self.game is None:
            key = key if key in PRESETS else "fft"
        self.preset = key
        self.form = rebuild_form(self.form, self.form.players, self.rules_for(key))

    def use_game(self, game: GameRules) -> None:
        """Opened from a game: its players and its rules, keeping what was typed by seat."""
        self.game = game
        self.preset = GAME_PRESET
        self.form = rebuild_form(self.form, game.players, game.rules)

    def set_count(self, count: int) -> None:
        self.form = with_count(self.form, count)

    def rename(self, index: int, value: str | None) -> None:
        form = renamed(self.form, index, value)
        if form is not None:
            self.form = form

    def clear(self) -> None:
        """A blank deal for the same players and rules."""
        self.form = DealForm(players=self.form.players, rules=self.form.rules)
        self.counter = None


class SessionStore(Protocol):
    """The browser session's key-value store (Flet's `page.session.store`)."""

    def get(self, key: str) -> object: ...

    def set(self, key: str, value: object) -> None: ...


def calculator_session(store: SessionStore | None = None) -> CalculatorSession:
    """This browser session's calculator, made on first use; the current Flet session's
    store unless one is given."""
    if store is None:
        import flet as ft

        store = ft.context.page.session.store
    found = store.get(_STORE_KEY)
    if isinstance(found, CalculatorSession):
        return found
    created = CalculatorSession()
    store.set(_STORE_KEY, created)
    return created
