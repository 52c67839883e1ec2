"""A skill rating as the statistics show it (computed by scorepad.ratings, outside the
domain): the level, its uncertainty, and the conservative estimate rankings sort by."""

from __future__ import annotations

from dataclasses import dataclass

#: The conservative skill estimate is mu minus this many sigmas.
ORDINAL_SIGMAS = 3.0


@dataclass(frozen=True, slots=True)
class SkillRating:
    """A skill estimate: `mu` the most likely level, `sigma` the uncertainty (it shrinks
    as games are played), `ordinal` = mu - 3 sigma, a level the player is almost surely
    above (what rankings sort by)."""

    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - ORDINAL_SIGMAS * self.sigma
