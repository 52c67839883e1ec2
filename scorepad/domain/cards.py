"""Counting a pile of won cards (RULES.md §9): its points and the other side's, with every
pile that cannot exist refused in words, in French and English."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.messages import N_, Message
from scorepad.domain.model import TOTAL_POINTS, Contract, Side

CARDS_IN_PACK = 78
#: Cards that are neither a bout nor an honour: 19 plain trumps and 40 pip cards.
LOW_CARDS_IN_PACK = 59
#: The honours a table counts, in the order it counts them: how many the pack holds and
#: what each is worth (a low card is worth 0.5).
HONOURS: dict[str, tuple[int, float]] = {
    "bouts": (3, 4.5),
    "kings": (4, 4.5),
    "queens": (4, 3.5),
    "knights": (4, 2.5),
    "jacks": (4, 1.5),
}
LOW_CARD_VALUE = 0.5


def chien_size(players: int) -> int:
    """6 cards at 3 and 4 players, 3 at 5."""
    return 3 if players == 5 else 6


def pile_holds_chien(side: Side, contract: Contract | None) -> bool:
    """Whether the chien (or the taker's discard) is counted in `side`'s pile: the
    defence's in a garde contre, the attack's otherwise; either when the contract is not
    known yet."""
    if contract is None:
        return True
    chien_side = Side.DEFENSE if contract is Contract.GARDE_CONTRE else Side.ATTACK
    return side is chien_side


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile as the table counts it: its bouts and honours, and either the number of
    cards in it or the number of its low cards (leave the other None)."""

    bouts: int = 0
    kings: int = 0
    queens: int = 0
    knights: int = 0
    jacks: int = 0
    cards: int | None = None
    low_cards: int | None = None

    @property
    def honours(self) -> int:
        """Bouts and honours together (the cards worth more than a half point)."""
        return self.bouts + self.kings + self.queens + self.knights + self.jacks


@dataclass(frozen=True, slots=True)
class PileCount:
    """The pile's points, the other side's (91 minus them), and its cards."""

    points: float
    other: float
    cards: int
    low_cards: int


class InvalidPile(InvalidDeal):
    """A pile that cannot exist; `field` is the count to correct (a Pile field name or
    `players`), the message (catalog key `error.<code>`) says what is allowed."""


#: The name of each count of a pile, as an error names it ("Le jeu n'a que 4 rois").
_COUNT_NAMES = {"bouts": N_("pile.bouts"), "kings": N_("pile.kings"),
                "queens": N_("pile.queens"), "knights": N_("pile.knights"),
                "jacks": N_("pile.jacks"), "cards": N_("pile.cards"),
                "low_cards": N_("pile.low_cards")}


def count_pile(pile: Pile, *, players: int = 4, with_chien: bool = True) -> PileCount:
    """Counts `pile` for a deal of `players` (3, 4 or 5); `with_chien` says whether the
    chien can be in this pile (else the pile holds at most 78 cards less the chien).

    0.5 a card plus 4 more for each bout and king, 3 for a queen, 2 for a knight, 1 for a
    jack: the same as counting the cards by pairs. At 4 players the tricks have 4 cards
    and the chien 6, so a pile always has an even number of cards and whole points: an
    odd count is a miscount and is refused rather than rounded.
    """
    _check_players(players)
    for name, (most, _value) in HONOURS.items():
        _check_whole(name, getattr(pile, name), 0, most,
                     "pile_bouts_range" if name == "bouts" else "pile_honour_range")
    honours = pile.honours
    cards, low, field = _cards_and_low(pile, honours)
    high = CARDS_IN_PACK if with_chien else CARDS_IN_PACK - chien_size(players)
    if field == "cards" and not 0 <= cards <= CARDS_IN_PACK:
        raise InvalidPile("cards", "pile_cards_range", high=CARDS_IN_PACK, got=cards)
    if cards < honours:
        raise InvalidPile("cards", "pile_fewer_than_honours", honours=honours, got=cards)
    if low > LOW_CARDS_IN_PACK:
        raise InvalidPile("cards", "pile_low_too_many", high=honours + LOW_CARDS_IN_PACK,
                          low=LOW_CARDS_IN_PACK, got=cards)
    if cards > high:
        raise InvalidPile(field, "pile_no_chien", high=high, players=players,
                          chien=chien_size(players), got=cards)
    if players == 4 and cards % 2:
        raise InvalidPile(field, "pile_odd_four", got=cards)
    # Halves and whole numbers only: exact in binary floating point.
    points = LOW_CARD_VALUE * cards + sum(
        (value - LOW_CARD_VALUE) * getattr(pile, name) for name, (_, value) in HONOURS.items())
    return PileCount(points=points, other=TOTAL_POINTS - points, cards=cards, low_cards=low)


def _check_players(players: object) -> None:
    if isinstance(players, bool) or players not in (3, 4, 5):
        raise InvalidPile("players", "pile_players", got=players)


def _check_whole(name: str, value: object, low: int, high: int, code: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPile(name, "pile_not_whole", what=Message(_COUNT_NAMES[name]), got=value)
    if not low <= value <= high:
        raise InvalidPile(name, code, what=Message(_COUNT_NAMES[name]), high=high, got=value)


def _cards_and_low(pile: Pile, honours: int) -> tuple[int, int, str]:
    """(cards, low cards, the field the table typed), whichever it typed."""
    if pile.cards is None and pile.low_cards is None:
        raise InvalidPile("cards", "pile_cards_missing")
    if pile.cards is not None and pile.low_cards is not None:
        raise InvalidPile("cards", "pile_cards_both")
    if pile.low_cards is not None:
        _check_whole("low_cards", pile.low_cards, 0, LOW_CARDS_IN_PACK, "pile_low_range")
        return honours + pile.low_cards, pile.low_cards, "low_cards"
    if isinstance(pile.cards, bool) or not isinstance(pile.cards, int):
        raise InvalidPile("cards", "pile_not_whole", what=Message(_COUNT_NAMES["cards"]),
                          got=pile.cards)
    return pile.cards, pile.cards - honours, "cards"
