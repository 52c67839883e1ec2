"""The group's awards on a season worked out by hand: who holds each, with ties, and the
minimum of takes for the success rate."""

from __future__ import annotations

from datetime import timedelta

from scorepad.domain.awards import MIN_TAKES, AwardKind, Improvement, group_awards
from scorepad.domain.game import PlayedGame
from scorepad.domain.record_facts import players_facts
from tests.factories import CREATED, make_game

MADE = {"contract": "prise", "bouts": 1, "points": 55}
LOST = {"contract": "prise", "bouts": 1, "points": 40}
BIG = {"contract": "garde_sans", "bouts": 3, "points": 60}


def _season() -> list[PlayedGame]:
    # André: 12 takes, 10 made (a run of 7); Bruno: 3 takes, all made, and the one garde
    # sans (the biggest deal: (25 + 24) x 4 = 196 from each defender, 588).
    andre = ([{"taker": "André", **MADE}] * 7 + [{"taker": "André", **LOST}]
             + [{"taker": "André", **MADE}] * 3 + [{"taker": "André", **LOST}])
    bruno = [{"taker": "Bruno", **MADE}] * 2 + [{"taker": "Bruno", **BIG}]
    return [PlayedGame(1, make_game(andre, name="Un")),
            PlayedGame(2, make_game(bruno, name="Deux",
                                    created_at=CREATED + timedelta(days=1)))]


def test_each_award_goes_to_the_player_its_rule_names() -> None:
    facts = list(players_facts(_season()).values())
    improvements = [Improvement("Cécile", 25.0, 27.5, 3), Improvement("Didier", 25.0, 30.0, 2)]
    awards = {a.kind: a for a in group_awards(facts, improvements)}
    assert awards[AwardKind.MOST_TAKES].players == ("André",)
    assert awards[AwardKind.MOST_TAKES].value == 12
    # Bruno made all three of his, but under the minimum of takes.
    assert MIN_TAKES == 10
    assert awards[AwardKind.BEST_SUCCESS].players == ("André",)
    assert awards[AwardKind.BEST_SUCCESS].value == 10 / 12
    biggest = awards[AwardKind.BIGGEST_DEAL]
    assert (biggest.players, biggest.value, biggest.count) == (("Bruno",), 588, 1)
    assert (biggest.cells[0].game, biggest.cells[0].number) == ("Deux", 3)
    assert awards[AwardKind.LONGEST_STREAK].players == ("André",)
    assert awards[AwardKind.LONGEST_STREAK].value == 7
    # Didier gained more, but in two games: under the minimum of three.
    assert awards[AwardKind.MOST_IMPROVED].players == ("Cécile",)


def test_nobody_qualifies_on_an_empty_season() -> None:
    awards = group_awards([], [])
    assert all(a.players == () for a in awards)
    assert [a.kind for a in awards] == list(AwardKind)
