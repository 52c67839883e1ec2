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
    count = len(places)
    if all(places[i] <= places[i + 1] for i in range(count - 1)):
        return _rate_sorted(ratings, places)
    # The library rates the players sorted by place (a stable sort), then puts them back.
    order = sorted(range(count), key=places.__getitem__)
    rated = _rate_sorted([ratings[i] for i in order], [places[i] for i in order])
    back: list[tuple[float, float]] = [(0.0, 0.0)] * count
    for at, i in enumerate(order):
        back[i] = rated[at]
    return back


def _rate_sorted(ratings: Sequence[tuple[float, float]], places: Sequence[int]
                 ) -> list[tuple[float, float]]:
    count = len(places)
    sqrt, tau_squared = math.sqrt, _TAU_SQUARED
    sigmas = [sqrt(sigma * sigma + tau_squared) for _, sigma in ratings]
    squares = [sigma**2 for sigma in sigmas]
    total = 0.0
    for square in squares:
        total += square + _BETA_SQUARED
    c = sqrt(total)
    exp = math.exp
    exps = [exp(mu / c) for mu, _ in ratings]
    if all(places[i] < places[i + 1] for i in range(count - 1)):
        return _rate_untied(ratings, sigmas, squares, exps, c)
    # Sorted by place: the players placed at or after player q are those from the first
    # of q's tie onwards (`first`), and those placed at or before player i are those up
    # to the last of i's tie (`last`); each sum in the library's order.
    first = [places.index(place) for place in places]
    last = [count - 1 - places[::-1].index(place) for place in places]
    sum_q = []
    for q in range(count):
        summed = exps[first[q]]
        for i in range(first[q] + 1, count):
            summed += exps[i]
        sum_q.append(summed)
    tied = [last[q] - first[q] + 1 for q in range(count)]
    rated = []
    for i in range(count):
        omega = 0.0
        delta = 0.0
        mine = exps[i]
        for q in range(last[i] + 1):
            share = mine / sum_q[q]
            delta += share * (1 - share) / tied[q]
            if q == i:
                omega += (1 - share) / tied[q]
            else:
                omega -= share / tied[q]
        square = squares[i]
        omega *= square / c
        delta *= square / c**2
        delta *= sqrt(square) / c
        # The library's (sigma² / team sigma²) and weight are 1 here, exactly.
        rated.append((ratings[i][0] + omega,
                      sigmas[i] * sqrt(max(1 - delta, _KAPPA))))
    return rated


def _rate_untied(ratings: Sequence[tuple[float, float]], sigmas: list[float],
                 squares: list[float], exps: list[float], c: float
                 ) -> list[tuple[float, float]]:
    """`_rate_sorted` for players each in a place of their own (most games): every tie
    is one player, so the sums need no search for a tie's bounds; the same arithmetic in
    the same order."""
    count = len(exps)
    sum_q = []
    for q in range(count):
        summed = exps[q]
        for i in range(q + 1, count):
            summed += exps[i]
        sum_q.append(summed)
    sqrt, c_squared = math.sqrt, c**2
    rated = []
    for i in range(count):
        omega = 0.0
        delta = 0.0
        mine = exps[i]
        for q in range(i + 1):
            share = mine / sum_q[q]
            delta += share * (1 - share)
            if q == i:
                omega += 1 - share
            else:
                omega -= share
        square = squares[i]
        omega *= square / c
        delta *= square / c_squared
        delta *= sqrt(square) / c
        rated.append((ratings[i][0] + omega,
                      sigmas[i] * sqrt(max(1 - delta, _KAPPA))))
    return rated
