"""Skill ratings: OpenSkill (Plackett-Luce, a maintained multiplayer rating model) fed
with each game's final standings (its update for single players: `plackett_luce`), and
what a rating means in players' words.

Imports only the domain (import-linter contract); the services call it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorepad.domain.language import word
from scorepad.domain.messages import ByLanguage, render_count
from scorepad.domain.rating import SkillRating
from scorepad.ratings.plackett_luce import MODEL, rate_game

#: Everyone starts at this level with this uncertainty (OpenSkill's defaults).
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
#: The rating in a few sentences, for a screen's help or the README.
RATING_EXPLAINED = ByLanguage(lambda lang: word("rating.explained", lang))


def rating_history(standings: Sequence[Sequence[tuple[int, str]]],
                   start: Mapping[str, SkillRating] | None = None
                   ) -> list[dict[str, SkillRating]]:
    """The ratings of each game's players right after it, game by game in the order
    played; each game is its final (rank, player) list, rank 1 best, equal ranks for
    equal totals (a game of one player changes nobody's rating). `start`: every player's
    rating before the first of these games (what earlier games gave), else none."""
    current = {name: (r.mu, r.sigma) for name, r in (start or {}).items()}
    played = {name: r.games for name, r in (start or {}).items()}
    history: list[dict[str, SkillRating]] = []
    fresh = (START_MU, START_SIGMA)
    for game in standings:
        if len(game) < 2:
            history.append({})
            continue
        names = [player for _, player in game]
        rated = rate_game([current.get(name, fresh) for name in names],
                          [int(place) for place, _ in game])
        after = {}
        for name, rating in zip(names, rated, strict=True):
            current[name] = rating
            played[name] = played.get(name, 0) + 1
            after[name] = SkillRating(*rating, played[name])
        history.append(after)
    return history


def rate_games(standings: Sequence[Sequence[tuple[int, str]]]) -> dict[str, SkillRating]:
    """Every player's rating after the games, in the order played (`rating_history`)."""
    final: dict[str, SkillRating] = {}
    for after in rating_history(standings):
        final.update(after)
    return final


def explain_rating(rating: SkillRating, lang: str = "fr") -> str:
    """One sentence saying what the rating means for the player."""
    return render_count("rating.meaning", rating.games, {
        "mu": round(rating.mu, 1), "sigma": round(rating.sigma, 1),
        "ordinal": round(rating.ordinal, 1)}, lang)
