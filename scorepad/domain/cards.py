"""Counting a pile of won cards (RULES.md §9): its points and the other side's, with every
pile that cannot exist refused in words, in French and English."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorepad.domain.errors import InvalidDeal
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
    `players`), the message says what is allowed."""

    def message(self, lang: str = "fr") -> str:
        return pile_message(self.code, self.params, lang)


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
        _check_whole(name, getattr(pile, name), 0, most, "pile_honour_range")
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
        raise InvalidPile(name, "pile_not_whole", what=name, got=value)
    if not low <= value <= high:
        raise InvalidPile(name, code, what=name, high=high, got=value)


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
        raise InvalidPile("cards", "pile_not_whole", what="cards", got=pile.cards)
    return pile.cards, pile.cards - honours, "cards"


# -- the words ------------------------------------------------------------------------

_NAMES = {
    "fr": {"bouts": "bouts", "kings": "rois", "queens": "dames", "knights": "cavaliers",
           "jacks": "valets", "cards": "cartes", "low_cards": "petites cartes"},
    "en": {"bouts": "bouts", "kings": "kings", "queens": "queens", "knights": "knights",
           "jacks": "jacks", "cards": "cards", "low_cards": "low cards"},
}

_MESSAGES = {
    "fr": {
        "pile_players": "Une donne se joue à 3, 4 ou 5 joueurs (reçu {got}).",
        "pile_not_whole": "Le nombre de {what} est un nombre entier (reçu {got}).",
        "pile_honour_range": "Le jeu n'a que {high} {what} : de 0 à {high} (reçu {got}).",
        "pile_honour_range_bouts": "Le jeu n'a que 3 bouts (le petit, le 21 et l'excuse) : "
                                   "de 0 à 3 (reçu {got}).",
        "pile_cards_missing": "Indiquez le nombre de cartes de la pile (ou de ses petites "
                              "cartes).",
        "pile_cards_both": "Donnez le nombre de cartes de la pile ou celui de ses petites "
                           "cartes, pas les deux.",
        "pile_cards_range": "Une pile a de 0 à {high} cartes, tout le jeu (reçu {got}).",
        "pile_low_range": "Le jeu n'a que 59 petites cartes (ni bout ni honneur) : de 0 à 59 "
                          "(reçu {got}).",
        "pile_fewer_than_honours": "Bouts et honneurs comptés : {honours} ; la pile a au "
                                   "moins autant de cartes (reçu {got}).",
        "pile_low_too_many": "Avec les bouts et honneurs comptés, la pile a au plus {high} "
                             "cartes : le jeu n'a que {low} petites cartes (reçu {got}).",
        "pile_no_chien": "Sans le chien, une pile a au plus {high} cartes à {players} "
                         "joueurs, 78 moins les {chien} du chien ; celle-ci en a {got}.",
        "pile_odd_four": "À 4 joueurs, une pile a un nombre pair de cartes (plis de 4, chien "
                         "de 6) : recomptez ; celle-ci en a {got} (la carte donnée en "
                         "échange de l'excuse manque-t-elle ?).",
    },
    "en": {
        "pile_players": "A deal is played by 3, 4 or 5 players (got {got}).",
        "pile_not_whole": "The number of {what} is a whole number (got {got}).",
        "pile_honour_range": "The pack holds only {high} {what}: 0 to {high} (got {got}).",
        "pile_honour_range_bouts": "The pack holds only 3 bouts (the petit, the 21 and the "
                                   "excuse): 0 to 3 (got {got}).",
        "pile_cards_missing": "Give the number of cards in the pile (or of its low cards).",
        "pile_cards_both": "Give the number of cards in the pile or of its low cards, "
                           "not both.",
        "pile_cards_range": "A pile holds 0 to {high} cards, the whole pack (got {got}).",
        "pile_low_range": "The pack holds only 59 low cards (neither bout nor honour): 0 to "
                          "59 (got {got}).",
        "pile_fewer_than_honours": "Counted bouts and honours: {honours}; the pile has at "
                                   "least as many cards (got {got}).",
        "pile_low_too_many": "With the counted bouts and honours the pile holds at most "
                             "{high} cards: the pack has only {low} low cards (got {got}).",
        "pile_no_chien": "Without the chien a pile holds at most {high} cards with {players} "
                         "players, 78 less the {chien} of the chien; this one has {got}.",
        "pile_odd_four": "With 4 players a pile holds an even number of cards (tricks of 4, "
                         "a chien of 6): count again; this one has {got} (is the card given "
                         "for the excuse missing?).",
    },
}


def pile_message(code: str, params: dict[str, Any], lang: str = "fr") -> str:
    """The sentence for an InvalidPile, in `lang` (French unless "en")."""
    lang = "en" if lang == "en" else "fr"
    if code == "pile_honour_range" and params.get("what") == "bouts":
        code = "pile_honour_range_bouts"
    shown = {key: _shown(key, value, lang) for key, value in params.items()}
    return _MESSAGES[lang].get(code, code).format(**shown)


def _shown(key: str, value: object, lang: str) -> str:
    if key == "what":
        return _NAMES[lang].get(str(value), str(value))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return format_points(value, lang)
    text = str(value)[:40]
    return f"« {text} »" if lang == "fr" else f'"{text}"'


def format_points(value: float, lang: str = "fr") -> str:
    """47,5 in French, 47.5 in English, 47 when whole; a true minus sign."""
    text = f"{abs(value):g}" if value != int(value) else str(abs(int(value)))
    if lang != "en":
        text = text.replace(".", ",")
    return ("−" if value < 0 else "") + text
