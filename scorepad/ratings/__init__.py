"""Skill ratings: OpenSkill (Plackett-Luce, a maintained multiplayer rating model) fed
with each game's final standings, and what a rating means in players' words.

Imports only the domain (import-linter contract); the services call it."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from scorepad.domain.messages import fmt_number, language
from scorepad.domain.ranking import SkillRating

#: Everyone starts at this level with this uncertainty (OpenSkill's defaults).
START_MU = 25.0
START_SIGMA = 25.0 / 3

_EXPLAIN = {
    "fr": "Niveau estimé {mu} (± {sigma}) après {games} {parties} : son vrai niveau est "
          "presque sûrement au-dessus de {ordinal}, le chiffre qui sert au classement.",
    "en": "Estimated level {mu} (± {sigma}) after {games} {parties}: their true level is "
          "almost surely above {ordinal}, the figure the ranking uses.",
}
_GAMES = {"fr": ("partie", "parties"), "en": ("game", "games")}

#: The rating in a few sentences, for a screen's help or the README.
RATING_EXPLAINED = {
    "fr": "La cote estime le niveau de chacun d'après le classement final de chaque "
          "partie (OpenSkill). Tout le monde part de 25 avec une grande incertitude ; finir "
          "devant des joueurs bien cotés rapporte plus que finir devant des débutants, et "
          "l'incertitude baisse à chaque partie. Le classement utilise le niveau prudent "
          "(niveau moins trois fois l'incertitude) : quelques parties heureuses ne suffisent "
          "pas à passer devant un joueur régulier.",
    "en": "The rating estimates each player's level from the final standings of every game "
          "(OpenSkill). Everyone starts at 25 with a large uncertainty; finishing ahead of "
          "well-rated players counts more than finishing ahead of beginners, and the "
          "uncertainty shrinks with every game. The ranking uses the cautious level (level "
          "minus three times the uncertainty): a few lucky games are not enough to pass a "
          "steady player.",
}


def rate_games(standings: Sequence[Sequence[tuple[int, str]]]) -> dict[str, SkillRating]:
    """Every player's rating after the games, in the order played; each game is its
    final (rank, player) list, rank 1 best, equal ranks for equal totals."""
    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    current: dict[str, tuple[float, float]] = {}
    played: dict[str, int] = {}
    for game in standings:
        if len(game) < 2:
            continue
        names = [player for _, player in game]
        teams = [[model.rating(*current.get(name, (START_MU, START_SIGMA)), name=name)]
                 for name in names]
        rated = model.rate(teams, ranks=[float(place) for place, _ in game])
        for name, team in zip(names, rated, strict=True):
            current[name] = (float(team[0].mu), float(team[0].sigma))
            played[name] = played.get(name, 0) + 1
    return {name: SkillRating(mu, sigma, played[name]) for name, (mu, sigma) in current.items()}


def explain_rating(rating: SkillRating, lang: str = "fr") -> str:
    """One sentence saying what the rating means for the player."""
    lang = language(lang)
    singular, plural = _GAMES[lang]
    return _EXPLAIN[lang].format(
        mu=fmt_number(round(rating.mu, 1), lang), sigma=fmt_number(round(rating.sigma, 1), lang),
        ordinal=fmt_number(round(rating.ordinal, 1), lang), games=rating.games,
        parties=singular if rating.games == 1 else plural)
