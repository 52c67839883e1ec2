"""The card counter as plain Python: the steppers' numbers, whose pile it is, its count or
the error to show under a field, and what "Utiliser ces points" puts in a deal form."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepad.domain import Side
from scorepad.domain.cards import (
    CARDS_IN_PACK,
    HONOURS,
    LOW_CARDS_IN_PACK,
    InvalidPile,
    Pile,
    PileCount,
    count_pile,
    pile_holds_chien,
)
from scorepad.domain.messages import fmt_number
from scorepad.ui.models.deal_form import DealForm

#: The steppers in the order a table counts: bouts and honours, then the cards.
HONOUR_FIELDS: tuple[str, ...] = tuple(HONOURS)
CARDS = "cards"


@dataclass
class PileCounter:
    """One pile being counted: numbers of bouts and honours, and of cards in the pile (or
    of its low cards when `by_low_cards`), for the attack's or the defence's pile."""

    side: Side = Side.ATTACK
    by_low_cards: bool = False
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(HONOUR_FIELDS, 0))
    cards: int = 0

    def value(self, name: str) -> int:
        return self.cards if name == CARDS else self.counts[name]

    def highest(self, name: str) -> int:
        """The most a stepper goes to: the pack's bouts or honours, its low cards, or the
        whole pack (a pile past what the deal allows is explained, not blocked)."""
        if name == CARDS:
            return LOW_CARDS_IN_PACK if self.by_low_cards else CARDS_IN_PACK
        return HONOURS[name][0]

    def step(self, name: str, delta: int) -> None:
        """+1/−1 (or ±10 on the cards), kept between 0 and `highest(name)`."""
        value = min(max(self.value(name) + delta, 0), self.highest(name))
        if name == CARDS:
            self.cards = value
        elif name in self.counts:
            self.counts[name] = value
        else:
            raise ValueError(name)

    def set_side(self, side: Side | str) -> None:
        self.side = Side(side)

    def set_by_low_cards(self, value: bool) -> None:
        """Switches between counting all the pile's cards and only its low cards, keeping
        the same pile (the number shown changes by the honours counted)."""
        value = bool(value)
        if value == self.by_low_cards:
            return
        honours = sum(self.counts.values())
        self.cards = max(self.cards - honours, 0) if value else self.cards + honours
        self.by_low_cards = value
        self.cards = min(self.cards, self.highest(CARDS))

    def pile(self) -> Pile:
        if self.by_low_cards:
            return Pile(**self.counts, low_cards=self.cards)
        return Pile(**self.counts, cards=self.cards)

    def count(self, form: DealForm) -> PileCount | InvalidPile:
        """The pile's count for the form's deal (its players; its contract says whether
        the chien can be in this pile), or why the pile cannot exist."""
        try:
            return count_pile(self.pile(), players=len(form.players),
                              with_chien=pile_holds_chien(self.side, form.contract))
        except InvalidPile as exc:
            return exc

    def attack_and_defence(self, count: PileCount) -> tuple[float, float]:
        if self.side is Side.ATTACK:
            return count.points, count.other
        return count.other, count.points

    def use_in(self, form: DealForm) -> bool:
        """Puts the count in the form: the pile's points as the attack's or the defence's
        points, and the attack's bouts (the ones counted, or 3 less them for the
        defence's pile). False, and nothing changed, when the pile cannot exist."""
        count = self.count(form)
        if isinstance(count, InvalidPile):
            return False
        bouts = self.counts["bouts"]
        form.set_as_defense(self.side is Side.DEFENSE)
        form.set_points_text(fmt_number(count.points, "fr"))  # as the keypad types it
        form.set_bouts(bouts if self.side is Side.ATTACK else 3 - bouts)
        return True

    @classmethod
    def for_form(cls, form: DealForm) -> PileCounter:
        """A fresh counter for the pile the form's points are typed for."""
        return cls(side=Side.DEFENSE if form.as_defense else Side.ATTACK)
