"""Counting a pile from its cards (RULES.md §9): the values, the impossible piles, and the
other side always having the rest of the 91 points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain import Contract, InvalidDeal, Side
from scorepad.domain.cards import (
    CARDS_IN_PACK,
    InvalidPile,
    Pile,
    count_pile,
    pile_holds_chien,
)

WHOLE_PACK = Pile(bouts=3, kings=4, queens=4, knights=4, jacks=4, cards=78)


def by_pairs(pile: Pile) -> float:
    """The table's way, as an independent check: each honour with a low card (bout or
    king 5, queen 4, knight 3, jack 2), then the remaining low cards two by two (1)."""
    pairs = 5 * (pile.bouts + pile.kings) + 4 * pile.queens + 3 * pile.knights + 2 * pile.jacks
    cards = pile.cards if pile.cards is not None else pile.honours + (pile.low_cards or 0)
    remaining_low = cards - 2 * pile.honours
    return pairs + remaining_low / 2


def test_the_78_cards_make_91_points_and_leave_nothing_to_the_other_side() -> None:
    count = count_pile(WHOLE_PACK)
    assert (count.points, count.other, count.low_cards) == (91, 0, 59)


def test_the_empty_pile_is_worth_nothing() -> None:
    count = count_pile(Pile(cards=0))
    assert (count.points, count.other) == (0, 91)


def test_each_card_has_its_value() -> None:
    assert count_pile(Pile(bouts=1, cards=1), players=3).points == 4.5
    assert count_pile(Pile(kings=1, cards=1), players=3).points == 4.5
    assert count_pile(Pile(queens=1, cards=1), players=3).points == 3.5
    assert count_pile(Pile(knights=1, cards=1), players=3).points == 2.5
    assert count_pile(Pile(jacks=1, cards=1), players=3).points == 1.5
    assert count_pile(Pile(cards=1), players=3).points == 0.5


def test_a_typical_attack_pile_counted_by_cards_or_by_low_cards() -> None:
    # 2 bouts, 3 kings, 2 queens, 1 knight, 1 jack in 44 cards: 22 + 20 + 6 + 2 + 1 = 51.
    by_cards = count_pile(Pile(bouts=2, kings=3, queens=2, knights=1, jacks=1, cards=44))
    by_low = count_pile(Pile(bouts=2, kings=3, queens=2, knights=1, jacks=1, low_cards=35))
    assert by_cards == by_low
    assert (by_cards.points, by_cards.other) == (51, 40)


def test_a_half_point_at_five_players() -> None:
    count = count_pile(Pile(bouts=1, kings=2, cards=33), players=5)
    assert (count.points, count.other) == (28.5, 62.5)


@pytest.mark.parametrize(("pile", "field", "fr", "en"), [
    (Pile(kings=5, cards=10), "kings",
     "Le jeu n'a que 4 rois : de 0 à 4 (reçu 5).",
     "The pack holds only 4 kings: 0 to 4 (got 5)."),
    (Pile(bouts=4, cards=10), "bouts",
     "Le jeu n'a que 3 bouts (le petit, le 21 et l'excuse) : de 0 à 3 (reçu 4).",
     "The pack holds only 3 bouts (the petit, the 21 and the excuse): 0 to 3 (got 4)."),
    (Pile(queens=-1, cards=10), "queens",
     "Le jeu n'a que 4 dames : de 0 à 4 (reçu −1).",
     "The pack holds only 4 queens: 0 to 4 (got −1)."),
    (Pile(cards=80), "cards",
     "Une pile a de 0 à 78 cartes, tout le jeu (reçu 80).",
     "A pile holds 0 to 78 cards, the whole pack (got 80)."),
    (Pile(bouts=3, kings=4, cards=6), "cards",
     "Bouts et honneurs comptés : 7 ; la pile a au moins autant de cartes (reçu 6).",
     "Counted bouts and honours: 7; the pile has at least as many cards (got 6)."),
    (Pile(kings=1, cards=62), "cards",
     "Avec les bouts et honneurs comptés, la pile a au plus 60 cartes : le jeu n'a que 59 "
     "petites cartes (reçu 62).",
     "With the counted bouts and honours the pile holds at most 60 cards: the pack has only "
     "59 low cards (got 62)."),
    (Pile(low_cards=60), "low_cards",
     "Le jeu n'a que 59 petites cartes (ni bout ni honneur) : de 0 à 59 (reçu 60).",
     "The pack holds only 59 low cards (neither bout nor honour): 0 to 59 (got 60)."),
    (Pile(kings=1, cards=43), "cards",
     "À 4 joueurs, une pile a un nombre pair de cartes (plis de 4, chien de 6) : recomptez ; "
     "celle-ci en a 43 (la carte donnée en échange de l'excuse manque-t-elle ?).",
     "With 4 players a pile holds an even number of cards (tricks of 4, a chien of 6): count "
     "again; this one has 43 (is the card given for the excuse missing?)."),
    (Pile(kings=2), "cards",
     "Indiquez le nombre de cartes de la pile (ou de ses petites cartes).",
     "Give the number of cards in the pile (or of its low cards)."),
    (Pile(cards=10, low_cards=10), "cards",
     "Donnez le nombre de cartes de la pile ou celui de ses petites cartes, pas les deux.",
     "Give the number of cards in the pile or of its low cards, not both."),
    (Pile(jacks="2", cards=10), "jacks",  # type: ignore[arg-type]
     "Le nombre de valets est un nombre entier (reçu « 2 »).",
     "The number of jacks is a whole number (got \"2\")."),
])
def test_an_impossible_pile_is_refused_in_words(pile: Pile, field: str, fr: str, en: str
                                                ) -> None:
    with pytest.raises(InvalidPile) as caught:
        count_pile(pile)
    assert caught.value.field == field
    assert caught.value.message("fr") == fr
    assert caught.value.message("en") == en
    assert isinstance(caught.value, InvalidDeal)  # the API's and the UI's error handling


def test_without_the_chien_a_pile_holds_78_cards_less_the_chien() -> None:
    honours = {"bouts": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4}
    # Every card but the 6 of the chien, all low ones: 91 − 3.
    assert count_pile(Pile(**honours, cards=72), with_chien=False).points == 88
    with pytest.raises(InvalidPile) as caught:
        count_pile(Pile(**honours, cards=74), with_chien=False)
    assert caught.value.message("fr") == (
        "Sans le chien, une pile a au plus 72 cartes à 4 joueurs, 78 moins les 6 du chien ; "
        "celle-ci en a 74.")
    with pytest.raises(InvalidPile) as five:
        count_pile(Pile(**honours, low_cards=57), players=5, with_chien=False)
    assert five.value.field == "low_cards"
    assert "75 cartes à 5 joueurs, 78 moins les 3 du chien" in five.value.message("fr")


def test_a_deal_has_3_4_or_5_players() -> None:
    with pytest.raises(InvalidPile) as caught:
        count_pile(Pile(cards=0), players=6)
    assert caught.value.field == "players"
    assert caught.value.message("en") == "A deal is played by 3, 4 or 5 players (got 6)."


def test_the_chien_is_the_defences_only_in_a_garde_contre() -> None:
    assert pile_holds_chien(Side.ATTACK, Contract.GARDE)
    assert not pile_holds_chien(Side.DEFENSE, Contract.GARDE_SANS)
    assert pile_holds_chien(Side.DEFENSE, Contract.GARDE_CONTRE)
    assert not pile_holds_chien(Side.ATTACK, Contract.GARDE_CONTRE)
    assert pile_holds_chien(Side.DEFENSE, None)


@st.composite
def piles(draw: st.DrawFn) -> tuple[Pile, Pile, int]:
    """A possible pile, its complement (the rest of the pack) and the players."""
    players = draw(st.sampled_from((3, 4, 5)))
    counts = {name: draw(st.integers(0, most)) for name, most in
              (("bouts", 3), ("kings", 4), ("queens", 4), ("knights", 4), ("jacks", 4))}
    low = draw(st.integers(0, 59))
    if players == 4 and (sum(counts.values()) + low) % 2:
        low = low - 1 if low else 1
    by_low = draw(st.booleans())
    pile = Pile(**counts, low_cards=low) if by_low else Pile(
        **counts, cards=sum(counts.values()) + low)
    rest = {"bouts": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4}
    other = Pile(**{k: rest[k] - v for k, v in counts.items()}, low_cards=59 - low)
    return pile, other, players


@given(piles())
def test_a_pile_and_the_rest_of_the_pack_always_make_91(case: tuple[Pile, Pile, int]) -> None:
    pile, rest, players = case
    counted, other = count_pile(pile, players=players), count_pile(rest, players=players)
    assert counted.points + other.points == 91
    assert counted.other == other.points
    assert counted.cards + other.cards == CARDS_IN_PACK
    assert counted.points == by_pairs(pile)
    # At 4 players both sides' totals are whole: the sheet takes them as they are.
    if players == 4:
        assert counted.points == int(counted.points)


@given(st.integers(-3, 90), st.sampled_from(("kings", "cards", "low_cards")))
def test_counting_never_raises_anything_but_an_invalid_pile(value: int, field: str) -> None:
    pile = (Pile(kings=value, cards=10) if field == "kings" else
            Pile(cards=value) if field == "cards" else Pile(low_cards=value))
    try:
        count = count_pile(pile, players=3)
    except InvalidPile as exc:
        assert exc.message("fr") and exc.message("en")
    else:
        assert 0 <= count.points <= 91
