"""The draw of a round: every present player seated once at tables of the plan, the same
seed giving the same draw, pairs who met kept apart, swaps keeping all of that."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.domain.tournament import (
    Draw,
    TablePlan,
    TournamentRefused,
    draw_round,
    pair_meetings,
    random_draw,
    repeated_pairs,
    table_plans,
)

NAMES = [f"Joueur {i:02d}" for i in range(60)]


def _rounds(players: list[str], count: int, seed: int, plan: TablePlan | None = None
            ) -> list[Draw]:
    chosen = plan or table_plans(len(players))[-1]
    draws: list[Draw] = []
    for number in range(count):
        draws.append(draw_round(players, chosen, seed + number, [d.tables for d in draws]))
    return draws


@st.composite
def _draw_case(draw: st.DrawFn) -> tuple[list[str], TablePlan, int, int]:
    count = draw(st.integers(3, 40))
    players = draw(st.permutations(NAMES[:count]))
    plan = draw(st.sampled_from(table_plans(count)))
    return list(players), plan, draw(st.integers(0, 2**40)), draw(st.integers(1, 4))


@settings(max_examples=60, deadline=None)
@given(_draw_case())
def test_every_present_player_is_seated_exactly_once_a_round_at_the_plans_tables(
        case: tuple[list[str], TablePlan, int, int]) -> None:
    players, plan, seed, rounds = case
    for drawn in _rounds(players, rounds, seed, plan):
        assert sorted(drawn.players) == sorted(players)
        assert drawn.plan == plan
        assert all(len(table) in (3, 4, 5, 6) for table in drawn.tables)


@settings(max_examples=40, deadline=None)
@given(_draw_case())
def test_the_same_seed_and_history_give_the_same_draw_whatever_the_order_of_names(
        case: tuple[list[str], TablePlan, int, int]) -> None:
    players, plan, seed, rounds = case
    history = [d.tables for d in _rounds(players, rounds, seed + 1, plan)]
    first = draw_round(players, plan, seed, history)
    again = draw_round(list(reversed(players)), plan, seed, history)
    assert first == again
    assert first.seed == seed


@settings(max_examples=40, deadline=None)
@given(_draw_case(), st.data())
def test_a_swap_keeps_everybody_seated_once_and_exchanges_only_the_two_seats(
        case: tuple[list[str], TablePlan, int, int], data: st.DataObject) -> None:
    players, plan, seed, _ = case
    drawn = draw_round(players, plan, seed)
    first, second = data.draw(st.lists(st.sampled_from(players), min_size=2, max_size=2,
                                       unique=True))
    swapped = drawn.swapped(first, second)
    assert sorted(swapped.players) == sorted(players)
    assert swapped.plan == drawn.plan
    assert swapped.seat_of(first) == drawn.seat_of(second)
    assert swapped.seat_of(second) == drawn.seat_of(first)
    others = [p for p in players if p not in (first, second)]
    assert all(swapped.seat_of(p) == drawn.seat_of(p) for p in others)


def test_forty_players_over_five_rounds_meet_again_far_less_than_from_a_hat() -> None:
    players = NAMES[:40]
    plan = table_plans(40)[0]
    ours = repeated_pairs(d.tables for d in _rounds(players, 5, 7, plan))
    hat = repeated_pairs(random_draw(players, plan, 7 + n).tables for n in range(5))
    assert ours * 3 <= hat
    assert ours == 0  # 10 tables of 4 leave room for everybody to meet new players


def test_a_second_round_of_eight_keeps_first_round_tablemates_apart_where_it_can() -> None:
    players = NAMES[:8]
    plan = TablePlan((4, 4))
    first = draw_round(players, plan, 1)
    second = draw_round(players, plan, 2, [first.tables])
    met = pair_meetings([first.tables])
    again = [pair for pair, n in pair_meetings([second.tables]).items() if pair in met]
    # Two tables of 4 then two tables of 4: each table must hold two of each first-round
    # table, so 4 pairs (2 per table) meet again, and no draw does better.
    assert len(again) == 4


def test_a_draw_refuses_a_player_twice_and_a_plan_that_does_not_seat_everybody() -> None:
    with pytest.raises(TournamentRefused) as twice:
        draw_round(["Anne", "Anne", "Bruno", "Cécile"], TablePlan((4,)), 1)
    assert twice.value.message("fr").startswith("Anne a deux places dans la manche")
    with pytest.raises(TournamentRefused) as short:
        draw_round(NAMES[:9], TablePlan((4, 4)), 1)
    assert short.value.message("fr") == ("Les tables « 4,4 » ont 8 places pour 9 joueurs "
                                         "présents.")


def test_a_draw_holds_no_player_twice_nor_a_table_of_seven() -> None:
    with pytest.raises(TournamentRefused):
        Draw((("A", "B", "C", "D"), ("A", "E", "F", "G")), 1)
    with pytest.raises(TournamentRefused) as size:
        Draw((tuple("ABCDEFG"),), 1)
    assert size.value.field == "tables"


def test_swapping_an_unknown_player_or_a_player_with_themselves_is_refused() -> None:
    drawn = draw_round(NAMES[:8], TablePlan((4, 4)), 3)
    with pytest.raises(TournamentRefused) as unknown:
        drawn.swapped(NAMES[0], "Zoé")
    assert unknown.value.message("fr").startswith("Zoé n'est pas placé dans ce tirage")
    with pytest.raises(TournamentRefused) as same:
        drawn.swapped(NAMES[0], NAMES[0])
    assert "deux joueurs différents" in same.value.message("fr")


def test_seat_of_counts_tables_and_seats_from_one() -> None:
    drawn = Draw((("A", "B", "C", "D"), ("E", "F", "G", "H", "I")), 5)
    assert drawn.seat_of("A") == (1, 1)
    assert drawn.seat_of("I") == (2, 5)
    assert drawn.seat_of("Z") is None
