"""The ratings kept per list of games: a list read again is not rated again, and a list
that begins like a kept one (tonight's game changed, a game added) is rated on from where
they part, to the same ratings as rating every game from the first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.services.ports.stats import ScopeGame
from scorepad.services.stats.reads import RatingsKept

NAMES = ("André", "Bruno", "Cécile", "Didier", "Élodie")
START = datetime(2026, 9, 1, 20, tzinfo=UTC)


@st.composite
def _games(draw: st.DrawFn) -> list[ScopeGame]:
    games = []
    for index in range(draw(st.integers(1, 8))):
        seats = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
        totals = {name: draw(st.integers(-300, 300)) for name in seats}
        games.append(ScopeGame(id=index + 1, name=f"Partie {index}",
                               created_at=START + timedelta(days=index), revision=1,
                               circle=None, seats=tuple(seats), totals=totals, deals=4))
    return games


@settings(max_examples=40, deadline=None)
@given(_games(), st.data())
def test_a_list_changed_from_some_game_on_is_rated_as_if_from_the_first(
        games: list[ScopeGame], data: st.DataObject) -> None:
    kept = RatingsKept()
    first = kept.history(games)
    assert kept.history(list(games)) is first  # read again: the same list, kept
    changed_from = data.draw(st.integers(0, len(games) - 1))
    later = list(games)
    for index in range(changed_from, len(games)):
        game = later[index]
        winner = data.draw(st.sampled_from(game.seats))
        later[index] = ScopeGame(
            id=game.id, name=game.name, created_at=game.created_at, revision=game.revision + 1,
            circle=None, seats=game.seats, deals=game.deals,
            totals={**game.totals, winner: game.totals[winner] + 500})
    assert kept.history(later) == RatingsKept().history(later)
