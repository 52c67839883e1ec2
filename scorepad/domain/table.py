"""RULES.md §6: seats in table order, who deals each deal, who sits out."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.domain.errors import InvalidDeal


@dataclass(frozen=True, slots=True)
class Table:
    """The seated players of a game, in table order, and how many play each deal."""

    seats: tuple[str, ...]
    deal_size: int
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if not 3 <= len(self.seats) <= 6:
            raise InvalidDeal("seats", "seats_count", count=len(self.seats))
        if len(set(self.seats)) != len(self.seats):
            raise InvalidDeal("seats", "seats_duplicate")
        if self.deal_size not in (3, 4, 5) or self.deal_size not in (
            len(self.seats), len(self.seats) - 1
        ):
            raise InvalidDeal("deal_size", "deal_size", seats=len(self.seats))
        if not 0 <= self.first_dealer < len(self.seats):
            raise InvalidDeal("first_dealer", "first_dealer")

    @property
    def dealer_sits_out(self) -> bool:
        return self.deal_size < len(self.seats)

    def dealer(self, deal_number: int) -> str:
        """The dealer of deal `deal_number` (1-based). The deal moves one seat every deal,
        passed deals and redeals included."""
        return self.seats[(self.first_dealer + deal_number - 1) % len(self.seats)]

    def sitting_out(self, deal_number: int) -> tuple[str, ...]:
        return (self.dealer(deal_number),) if self.dealer_sits_out else ()

    def active_players(self, deal_number: int) -> tuple[str, ...]:
        """The players of the deal, in table order."""
        out = self.sitting_out(deal_number)
        return tuple(p for p in self.seats if p not in out)
