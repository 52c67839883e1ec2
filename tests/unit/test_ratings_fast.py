"""The ratings' update for single players (scorepad.ratings.plackett_luce) gives what
OpenSkill's own PlackettLuce.rate gives, game after game, ties and unsorted places
included."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from scorepad.ratings import START_MU, START_SIGMA, rating_history
from scorepad.ratings.plackett_luce import rate_game

PEOPLE = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny", "Gaston"]


def _library(standings: list[list[tuple[int, str]]]) -> list[dict[str, tuple[float, float]]]:
    """The ratings as the library rates them (scorepad's code before the fast update)."""
    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    current: dict[str, tuple[float, float]] = {}
    history = []
    for game in standings:
        names = [player for _, player in game]
        teams = [[model.rating(*current.get(n, (START_MU, START_SIGMA)), name=n)]
                 for n in names]
        rated = model.rate(teams, ranks=[float(place) for place, _ in game])
        after = {}
        for name, team in zip(names, rated, strict=True):
            current[name] = after[name] = (float(team[0].mu), float(team[0].sigma))
        history.append(after)
    return history


def _season(seed: int, games: int) -> list[list[tuple[int, str]]]:
    draw = random.Random(seed)
    season = []
    for _ in range(games):
        seated = draw.sample(PEOPLE, draw.choice((2, 3, 4, 5)))
        places = sorted(draw.choice((1, 1, 2, 3, 4)) for _ in seated)
        # Places as standings give them: 1 for the best, ties sharing one.
        ranked = [places[0]]
        for place in places[1:]:
            ranked.append(ranked[-1] if place == ranked[-1] else len(ranked) + 1)
        season.append(list(zip(ranked, seated, strict=True)))
    return season


@pytest.mark.parametrize("seed", range(12))
def test_a_season_is_rated_as_the_library_rates_it(seed: int) -> None:
    season = _season(seed, 150)
    ours = [{who: (r.mu, r.sigma) for who, r in after.items()}
            for after in rating_history(season)]
    theirs = _library(season)
    for game, (mine, library) in enumerate(zip(ours, theirs, strict=True)):
        assert mine.keys() == library.keys()
        for who, (mu, sigma) in mine.items():
            assert mu == pytest.approx(library[who][0], rel=1e-13, abs=1e-12), (game, who)
            assert sigma == pytest.approx(library[who][1], rel=1e-13, abs=1e-12), (game, who)


def test_places_out_of_order_are_rated_as_the_library_sorts_them() -> None:
    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    before = [(27.0, 7.5), (24.0, 8.0), (25.5, 6.0), (22.0, 8.3)]
    places = [3, 1, 2, 2]
    expected = model.rate([[model.rating(mu, sigma)] for mu, sigma in before],
                          ranks=[float(p) for p in places])
    for (mu, sigma), [team] in zip(rate_game(before, places), expected, strict=True):
        assert mu == pytest.approx(team.mu, rel=1e-13)
        assert sigma == pytest.approx(team.sigma, rel=1e-13)
