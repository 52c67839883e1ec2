"""Plain-Python state of the new-game and rules forms: fields, checks, and what to save."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from scorepad.domain import FFT_RULES, InvalidDeal, RuleSet
from scorepad.domain.messages import N_, render, render_count

MIN_SEATS, MAX_SEATS = 3, 6
MAX_NAME = 40
MAX_GAME_NAME = 200

# Every editable number of FORMAT.md §1's rules object, as (path, label's catalog key).
INT_RULES: tuple[tuple[str, str], ...] = (
    ("coefficients.prise", N_("game_forms.rule_coefficient_prise")),
    ("coefficients.garde", N_("game_forms.rule_coefficient_garde")),
    ("coefficients.garde_sans", N_("game_forms.rule_coefficient_garde_sans")),
    ("coefficients.garde_contre", N_("game_forms.rule_coefficient_garde_contre")),
    ("base", N_("game_forms.rule_base")),
    ("petit_au_bout", N_("game_forms.rule_petit_au_bout")),
    ("poignees.simple", N_("game_forms.rule_poignee_simple")),
    ("poignees.double", N_("game_forms.rule_poignee_double")),
    ("poignees.triple", N_("game_forms.rule_poignee_triple")),
    ("chelem.announced_made", N_("game_forms.rule_chelem_announced_made")),
    ("chelem.made", N_("game_forms.rule_chelem_made")),
    ("chelem.announced_failed", N_("game_forms.rule_chelem_announced_failed")),
    ("chelem.defense", N_("game_forms.rule_chelem_defense")),
    ("misere_value", N_("game_forms.rule_misere_value")),
)
BOOL_RULES: tuple[tuple[str, str], ...] = (
    ("petit_au_bout_multiplied", N_("game_forms.rule_petit_au_bout_multiplied")),
    ("misere", N_("game_forms.rule_misere")),
)


def _get(rules: dict[str, Any], path: str) -> Any:
    value: Any = rules
    for part in path.split("."):
        value = value[part]
    return value


def _set(rules: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    target = rules
    for part in parents:
        target = target.setdefault(part, {})
    target[last] = value


@dataclass(frozen=True)
class RulesForm:
    """The rules of a game as typed: numbers as text (checked one by one), switches."""

    texts: dict[str, str] = field(default_factory=dict)
    flags: dict[str, bool] = field(default_factory=dict)

    @classmethod
    def from_rules(cls, rules: RuleSet = FFT_RULES) -> RulesForm:
        complete = rules.to_dict()
        return cls(texts={p: str(_get(complete, p)) for p, _ in INT_RULES},
                   flags={p: bool(_get(complete, p)) for p, _ in BOOL_RULES})

    def with_text(self, path: str, text: str) -> RulesForm:
        return replace(self, texts={**self.texts, path: text})

    def with_flag(self, path: str, value: bool) -> RulesForm:
        return replace(self, flags={**self.flags, path: value})

    def error(self, path: str, lang: str = "fr") -> str | None:
        """What is wrong with one number, in words (the domain's own rule checks)."""
        text = self.texts.get(path, "").strip().replace("\u2212", "-")
        try:
            value = int(text)
        except ValueError:
            return render("game_forms.whole_number", {"text": text}, lang)
        partial: dict[str, Any] = {}
        _set(partial, path, value)
        try:
            FFT_RULES.merged(partial)
        except InvalidDeal as exc:
            return exc.message(lang)
        return None

    def errors(self, lang: str = "fr") -> dict[str, str]:
        found = {p: self.error(p, lang) for p, _ in INT_RULES}
        return {p: m for p, m in found.items() if m is not None}

    def is_fft(self) -> bool:
        return not self.errors() and self.to_rules() == FFT_RULES

    def to_dict(self) -> dict[str, Any]:
        """The complete rules object (FORMAT.md §1); call only when `errors()` is empty."""
        rules: dict[str, Any] = {}
        for path, _ in INT_RULES:
            _set(rules, path, int(self.texts[path].strip().replace("\u2212", "-")))
        for path, _ in BOOL_RULES:
            _set(rules, path, bool(self.flags.get(path, False)))
        return rules

    def to_rules(self) -> RuleSet:
        return FFT_RULES.merged(self.to_dict())


@dataclass(frozen=True)
class NewGameForm:
    """A game to create: name, seats in table order, first dealer, who sits out, rules."""

    name: str = ""
    #: the name used when none is typed, shown as the field's hint ("Partie du 01/12"):
    #: a default in the field itself would be added to, not replaced, by typing
    default_name: str = ""
    seats: tuple[str, ...] = ()
    first_dealer: int = 0
    dealer_sits_out: bool = False
    house_rules: bool = False
    rules: RulesForm = field(default_factory=RulesForm.from_rules)
    #: the circle the game belongs to (None: no circle)
    circle: int | None = None

    # -- seats ---------------------------------------------------------------------------
    def add_player(self, name: str) -> NewGameForm:
        clean = " ".join(name.split())
        if not clean or clean.casefold() in (s.casefold() for s in self.seats) \
                or len(self.seats) >= MAX_SEATS:
            return self
        return self._reseat((*self.seats, clean))

    def remove_player(self, name: str) -> NewGameForm:
        if name not in self.seats:
            return self
        dealer = self.seats[self.first_dealer] if self.seats else None
        seats = tuple(s for s in self.seats if s != name)
        form = self._reseat(seats)
        if dealer in seats:
            form = replace(form, first_dealer=seats.index(dealer))
        return form

    def replace_player(self, old: str, new: str) -> NewGameForm:
        """Puts `new` in `old`'s seat (a typo replaced by the known player); when `new` is
        already seated, `old` just leaves the table."""
        if old not in self.seats:
            return self
        if new in self.seats:
            return self.remove_player(old)
        return replace(self, seats=tuple(new if s == old else s for s in self.seats))

    def move(self, index: int, step: int) -> NewGameForm:
        """Moves a seat up (-1) or down (+1) the table order; the dealer keeps their seat."""
        target = index + step
        if not (0 <= index < len(self.seats) and 0 <= target < len(self.seats)):
            return self
        seats = list(self.seats)
        dealer = seats[self.first_dealer]
        seats[index], seats[target] = seats[target], seats[index]
        return replace(self, seats=tuple(seats), first_dealer=seats.index(dealer))

    def with_dealer(self, index: int) -> NewGameForm:
        if not 0 <= index < len(self.seats):
            return self
        return replace(self, first_dealer=index)

    def _reseat(self, seats: tuple[str, ...]) -> NewGameForm:
        dealer = min(self.first_dealer, max(len(seats) - 1, 0))
        return replace(self, seats=seats, first_dealer=dealer,
                       dealer_sits_out=self.dealer_sits_out if self.can_choose_sit_out_for(
                           len(seats)) else len(seats) == MAX_SEATS)

    # -- table ---------------------------------------------------------------------------
    @staticmethod
    def can_choose_sit_out_for(seats: int) -> bool:
        return seats in (4, 5)

    @property
    def can_choose_sit_out(self) -> bool:
        return self.can_choose_sit_out_for(len(self.seats))

    def with_sit_out(self, value: bool) -> NewGameForm:
        if not self.can_choose_sit_out:
            return self
        return replace(self, dealer_sits_out=value)

    @property
    def deal_size(self) -> int:
        seats = len(self.seats)
        if seats == MAX_SEATS:
            return seats - 1
        return seats - 1 if self.dealer_sits_out and self.can_choose_sit_out else seats

    @property
    def game_name(self) -> str:
        """The name typed, or the default one when nothing is typed."""
        return self.name.strip() or self.default_name.strip()

    # -- checks and result ---------------------------------------------------------------
    def errors(self, lang: str = "fr") -> dict[str, str]:
        found: dict[str, str] = {}
        if not self.game_name:
            found["name"] = render("game_forms.name_missing", {}, lang)
        elif len(self.game_name) > MAX_GAME_NAME:
            found["name"] = render("game_forms.name_too_long", {"most": MAX_GAME_NAME}, lang)
        n = len(self.seats)
        if not MIN_SEATS <= n <= MAX_SEATS:
            found["seats"] = render_count("game_forms.seats_count", n,
                                          {"fewest": MIN_SEATS, "most": MAX_SEATS}, lang)
        elif any(len(s) > MAX_NAME for s in self.seats):
            found["seats"] = render("game_forms.player_name_too_long", {"most": MAX_NAME}, lang)
        if self.house_rules:
            found.update({f"rules.{p}": m for p, m in self.rules.errors(lang).items()})
        return found

    def to_create_kwargs(self) -> dict[str, Any]:
        """Arguments of `services.create_game` (after `errors()` came back empty)."""
        return {
            "name": self.game_name,
            "seats": list(self.seats),
            "deal_size": self.deal_size,
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_dict() if self.house_rules else None,
            "circle": self.circle,
        }
