"""RULES.md §6: the dealer moves one seat a deal; with one seat too many the dealer sits out."""

from __future__ import annotations

import pytest

from scorepad.domain import InvalidDeal, Table
from tests.factories import FIVE


def test_the_dealer_moves_one_seat_every_deal_and_wraps_around() -> None:
    table = Table(FIVE, 5, first_dealer=3)
    assert [table.dealer(n) for n in range(1, 7)] == [
        "Didier", "Élodie", "André", "Bruno", "Cécile", "Didier"]


def test_five_seated_playing_four_the_dealer_sits_out() -> None:
    table = Table(FIVE, 4)
    assert table.sitting_out(1) == ("André",)
    assert table.active_players(1) == ("Bruno", "Cécile", "Didier", "Élodie")
    assert table.active_players(2) == ("André", "Cécile", "Didier", "Élodie")


def test_six_seated_playing_five_the_dealer_sits_out() -> None:
    table = Table((*FIVE, "Fanny"), 5, first_dealer=5)
    assert table.sitting_out(1) == ("Fanny",)
    assert len(table.active_players(1)) == 5


def test_with_as_many_seats_as_players_nobody_sits_out() -> None:
    assert Table(FIVE[:4], 4).sitting_out(7) == ()


@pytest.mark.parametrize(
    ("seats", "deal_size", "field"),
    [
        (FIVE[:2], 3, "seats"),
        ((*FIVE, "Fanny", "Gaston"), 5, "seats"),
        (("André", "André", "Bruno"), 3, "seats"),
        (FIVE, 3, "deal_size"),
        ((*FIVE, "Fanny"), 6, "deal_size"),
        (FIVE[:3], 2, "deal_size"),
    ],
)
def test_impossible_tables_are_refused(seats: tuple[str, ...], deal_size: int,
                                       field: str) -> None:
    with pytest.raises(InvalidDeal) as info:
        Table(seats, deal_size)
    assert info.value.field == field
    assert info.value.message("fr")
