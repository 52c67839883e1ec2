"""A tournament's standings: the sum of table scores or placement points, each round's
score, place and table, ties shared at a table, and the stated tie-break."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain.tournament import (
    RankingRule,
    TableScore,
    place_points,
    table_places,
    tournament_standings,
)


def _table(round_number: int, table: int, totals: dict[str, int], deals: int = 4,
           due: int = 4) -> TableScore:
    return TableScore(round_number, table, tuple(totals), totals, deals, due)


def test_placement_points_give_sixty_to_the_winner_and_nothing_to_the_last() -> None:
    assert [place_points(p, 4) for p in range(1, 5)] == [60, 40, 20, 0]
    assert [place_points(p, 5) for p in range(1, 6)] == [60, 45, 30, 15, 0]
    assert [place_points(p, 3) for p in range(1, 4)] == [60, 30, 0]
    assert [place_points(p, 6) for p in range(1, 7)] == [60, 48, 36, 24, 12, 0]


def test_equal_scores_at_a_table_share_their_places_points() -> None:
    places = table_places(_table(1, 1, {"A": 100, "B": 100, "C": -50, "D": -150}))
    assert places == {"A": (1, True, Fraction(50)), "B": (1, True, Fraction(50)),
                      "C": (3, False, Fraction(20)), "D": (4, False, Fraction(0))}
    five = table_places(_table(1, 1, {"A": 90, "B": 0, "C": 0, "D": -40, "E": -50}))
    assert five["B"] == (2, True, Fraction(75, 2))  # (45 + 30) / 2: a half point


@given(st.lists(st.integers(-500, 500), min_size=3, max_size=6))
def test_a_tables_placement_points_always_add_up_to_the_same(scores: list[int]) -> None:
    totals = {f"P{i}": v for i, v in enumerate(scores)}
    places = table_places(_table(1, 1, totals))
    assert sum(p for _, _, p in places.values()) == 30 * len(scores)


def test_the_sum_rule_adds_each_round_and_lists_the_tables_played() -> None:
    tables = [
        _table(1, 1, {"André": 120, "Bruno": -40, "Cécile": -40, "Didier": -40}),
        _table(1, 2, {"Élodie": 30, "Fanny": 10, "Gilles": -20, "Hélène": -20}),
        _table(2, 1, {"André": -60, "Élodie": 90, "Bruno": -15, "Gilles": -15}),
        _table(2, 2, {"Cécile": 0, "Fanny": 0, "Didier": 0, "Hélène": 0}, deals=2),
    ]
    standings = tournament_standings(RankingRule.SUM, tables)
    assert [(x.rank, x.player, x.score) for x in standings.lines[:3]] == [
        (1, "Élodie", 120), (2, "André", 60), (3, "Fanny", 10)]
    andre = standings.line("André")
    assert andre.tables == ((1, 1), (2, 1))
    assert [(r.round, r.score, r.place) for r in andre.rounds] == [(1, 120, 1), (2, -60, 4)]
    assert standings.rounds == (1, 2)
    assert not standings.line("Cécile").round(2).done  # type: ignore[union-attr]
    assert not standings.final


def test_equal_sums_are_parted_by_tables_won_then_by_the_best_round() -> None:
    tables = [
        _table(1, 1, {"A": 50, "B": 40, "C": -40, "D": -50}),
        _table(2, 1, {"A": -50, "B": 60, "C": -5, "D": -5}),
        _table(1, 2, {"E": 30, "F": 10, "G": -20, "H": -20}),
        _table(2, 2, {"E": -20, "F": 10, "G": 10, "H": 0}),
    ]
    lines = {x.player: x for x in tournament_standings(RankingRule.SUM, tables).lines}
    # B (100, one table won) before A (0)... and G/H at -10 / -20: G won table 2 (shared).
    assert lines["B"].rank == 1
    assert (lines["E"].score, lines["F"].score) == (10, 20)
    assert lines["F"].rank < lines["E"].rank
    assert lines["G"].wins == 1 and lines["G"].rank < lines["H"].rank


def test_equal_lines_share_a_rank_and_are_listed_by_name() -> None:
    tables = [_table(1, 1, {"Zoé": 0, "anne": 0, "Bruno": 0, "Émile": 0})]
    lines = tournament_standings(RankingRule.SUM, tables).lines
    assert [(x.rank, x.player) for x in lines] == [(1, "anne"), (1, "Bruno"), (1, "Émile"),
                                                    (1, "Zoé")]


def test_the_placement_rule_ranks_on_points_then_on_the_scores() -> None:
    tables = [
        _table(1, 1, {"A": 400, "B": -100, "C": -100, "D": -200}),
        _table(2, 1, {"A": -10, "B": 50, "C": -20, "D": -20}),
        _table(1, 2, {"E": 10, "F": 5, "G": -5, "H": -10}),
        _table(2, 2, {"E": 10, "F": 5, "G": -5, "H": -10}),
    ]
    by_points = tournament_standings(RankingRule.PLACEMENT, tables)
    assert by_points.line("E").points == 120
    assert by_points.line("A").points == 100  # first (60), then second (40)
    assert by_points.lines[0].player == "E"  # two tables won beat one big score
    by_sum = tournament_standings(RankingRule.SUM, tables)
    assert by_sum.lines[0].player == "A"


def test_players_present_who_have_not_played_stand_at_zero() -> None:
    tables = [_table(1, 1, {"A": 10, "B": -10, "C": 0})]
    standings = tournament_standings(RankingRule.SUM, tables, ["A", "Late"])
    late = standings.line("Late")
    assert (late.score, late.rounds, late.best_round) == (0, (), None)
