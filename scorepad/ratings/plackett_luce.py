"""OpenSkill's Plackett-Luce update for a game of single players, written for that case.

OpenSkill's `PlackettLuce.rate` takes teams of any size, weights, scores, options, and
copies every rating it is given: about 70 µs a game of four in CPython, and several times
that in the phone's Python, where the library runs uncompiled. A club's 2,200 games took
160 ms to rate; a player's page opened first after a start waited for it. Every game here
is a few players each on their own, ranked by their totals, with the model's defaults,
so the update is a few sums of exponentials a game. It is the library's own arithmetic,
step for step in the same order (its parameters read from the library's model), and
tests/unit/test_ratings_fast.py compares the two over random seasons with ties.

One quirk of the library is kept: players tied for a place are meant to share their
change of level, but the library averages each player's change against the rating it
has already updated, so the average is always 0 and each keeps their own change."""

from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

#: the library's model with scorepad's start: its beta, kappa and tau are the defaults
MODEL = PlackettLuce(mu=25.0, sigma=25.0 / 3)
_BETA_SQUARED = MODEL.beta**2
_TAU_SQUARED = MODEL.tau * MODEL.tau
_KAPPA = MODEL.kappa


def rate_game(ratings: Sequence[tuple[float, float]], places: Sequence[int]
              ) -> list[tuple[float, float]]:
    """Each player's (mu, sigma) after a game, from their (mu, sigma) before it and their
    place (1 best; equal places for a tie), in the order given."""
    # The library rates the players sorted by place (a stable sort), then puts them back.
    order = sorted(range(len(places)), key=places.__getitem__)
    if order != list(range(len(places))):
        rated = _rate_sorted([ratings[i] for i in order], [places[i] for i in order])
        back: list[tuple[float, float]] = [(0.0, 0.0)] * len(order)
        for at, i in enumerate(order):
            back[i] = rated[at]
        return back
    return _rate_sorted(ratings, places)


def _rate_sorted(ratings: Sequence[tuple[float, float]], places: Sequence[int]
                 ) -> list[tuple[float, float]]:
    count = len(ratings)
    sigmas = [math.sqrt(sigma * sigma + _TAU_SQUARED) for _, sigma in ratings]
    squares = [sigma**2 for sigma in sigmas]
    total = 0.0
    for square in squares:
        total += square + _BETA_SQUARED
    c = math.sqrt(total)
    exps = [math.exp(mu / c) for mu, _ in ratings]
    sum_q = [0.0] * count
    started = [False] * count
    for i in range(count):
        for q in range(count):
            if places[i] >= places[q]:
                sum_q[q] = sum_q[q] + exps[i] if started[q] else exps[i]
                started[q] = True
    tied = [sum(1 for other in places if other == place) for place in places]
    rated = []
    for i in range(count):
        omega = 0.0
        delta = 0.0
        for q in range(count):
            share = exps[i] / sum_q[q]
            if places[q] <= places[i]:
                delta += share * (1 - share) / tied[q]
                if q == i:
                    omega += (1 - share) / tied[q]
                else:
                    omega -= share / tied[q]
        square = squares[i]
        omega *= square / c
        delta *= square / c**2
        delta *= math.sqrt(square) / c
        sigma = sigmas[i]
        # The library's (sigma² / team sigma²) and weight are 1 here, exactly.
        mu = ratings[i][0] + omega
        sigma *= math.sqrt(max(1 - delta, _KAPPA))
        rated.append((mu, sigma))
    return rated
