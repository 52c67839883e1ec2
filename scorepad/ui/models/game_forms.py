"""Plain-Python state of the new-game and rules forms: fields, checks, and what to save."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from scorepad.domain import FFT_RULES, InvalidDeal, RuleSet

MIN_SEATS, MAX_SEATS = 3, 6
MAX_NAME = 40
MAX_GAME_NAME = 200

# Every editable number of FORMAT.md §1's rules object, as (path, French label, English label).
INT_RULES: tuple[tuple[str, str, str], ...] = (
    ("coefficients.prise", "Coefficient prise", "Prise multiplier"),
    ("coefficients.garde", "Coefficient garde", "Garde multiplier"),
    ("coefficients.garde_sans", "Coefficient garde sans", "Garde sans multiplier"),
    ("coefficients.garde_contre", "Coefficient garde contre", "Garde contre multiplier"),
    ("base", "Base du contrat", "Contract base"),
    ("petit_au_bout", "Petit au bout", "Petit au bout"),
    ("poignees.simple", "Poignée simple", "Single poignée"),
    ("poignees.double", "Poignée double", "Double poignée"),
    ("poignees.triple", "Poignée triple", "Triple poignée"),
    ("chelem.announced_made", "Chelem annoncé fait", "Chelem announced, made"),
    ("chelem.made", "Chelem non annoncé", "Chelem not announced"),
    ("chelem.announced_failed", "Chelem annoncé chuté", "Chelem announced, lost"),
    ("chelem.defense", "Chelem en défense", "Chelem by the defence"),
    ("misere_value", "Misère", "Misère value"),
)
BOOL_RULES: tuple[tuple[str, str, str], ...] = (
    ("petit_au_bout_multiplied", "Petit au bout multiplié par le contrat",
     "Petit au bout multiplied by the contract"),
    ("misere", "Misère (règle maison)", "Misère (house rule)"),
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


def _lang_message(fr: str, en: str, lang: str) -> str:
    return en if lang == "en" else fr


@dataclass(frozen=True)
class RulesForm:
    """The rules of a game as typed: numbers as text (checked one by one), switches."""

    texts: dict[str, str] = field(default_factory=dict)
    flags: dict[str, bool] = field(default_factory=dict)

    @classmethod
    def from_rules(cls, rules: RuleSet = FFT_RULES) -> RulesForm:
        complete = rules.to_dict()
        return cls(texts={p: str(_get(complete, p)) for p, _, _ in INT_RULES},
                   flags={p: bool(_get(complete, p)) for p, _, _ in BOOL_RULES})

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
            return _lang_message(f"Entrez un nombre entier (reçu « {text} »).",
                                 f"Enter a whole number (got '{text}').", lang)
        partial: dict[str, Any] = {}
        _set(partial, path, value)
        try:
            FFT_RULES.merged(partial)
        except InvalidDeal as exc:
            return exc.message(lang)
        return None

    def errors(self, lang: str = "fr") -> dict[str, str]:
        found = {p: self.error(p, lang) for p, _, _ in INT_RULES}
        return {p: m for p, m in found.items() if m is not None}

    def is_fft(self) -> bool:
        return not self.errors() and self.to_rules() == FFT_RULES

    def to_dict(self) -> dict[str, Any]:
        """The complete rules object (FORMAT.md §1); call only when `errors()` is empty."""
        rules: dict[str, Any] = {}
        for path, _, _ in INT_RULES:
            _set(rules, path, int(self.texts[path].strip().replace("\u2212", "-")))
        for path, _, _ in BOOL_RULES:
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

    def toggle_player(self, name: str) -> NewGameForm:
        return self.remove_player(name) if name in self.seats else self.add_player(name)

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
            found["name"] = _lang_message("Donnez un nom à la partie (ex. « Mardi soir »).",
                                          "Give the game a name (e.g. “Tuesday night”).", lang)
        elif len(self.game_name) > MAX_GAME_NAME:
            found["name"] = _lang_message(
                f"Le nom fait au plus {MAX_GAME_NAME} caractères.",
                f"The name has at most {MAX_GAME_NAME} characters.", lang)
        n = len(self.seats)
        if not MIN_SEATS <= n <= MAX_SEATS:
            found["seats"] = _lang_message(
                f"Il faut de 3 à 6 joueurs à la table ({n} choisi{'s' if n > 1 else ''}).",
                f"A table has 3 to 6 players ({n} chosen).", lang)
        elif any(len(s) > MAX_NAME for s in self.seats):
            found["seats"] = _lang_message(
                f"Un nom de joueur fait au plus {MAX_NAME} caractères.",
                f"A player's name has at most {MAX_NAME} characters.", lang)
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
