"""A circle's ranking over a period with each player's skill rating, and the group's
awards, from the sums the database makes (scorepad.services.stats.reads): a season of a
hundred games is a few aggregates and the ratings, not every deal read again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import tzinfo

from scorepad import ratings
from scorepad.collation import name_key
from scorepad.domain.awards import Award, Improvement, group_awards
from scorepad.domain.period import Period
from scorepad.domain.ranking import SeasonRanking, SkillRating, ranking_of
from scorepad.ratings import START_MU
from scorepad.services.ports import UnitOfWork
from scorepad.services.ports.stats import Asked, ScopeGame, StatsScope
from scorepad.services.stats.reads import (
    KEPT,
    RATINGS,
    ScopeFacts,
    derived,
    find_player,
    game_line,
    scope_facts,
    scope_games,
    stats_scope,
)
from scorepad.services.stats.stored import Stored, ratings_name


def _ranking(read: ScopeFacts, period: Period | None) -> SeasonRanking:
    def work() -> SeasonRanking:
        result = ranking_of(read.facts, [game_line(g) for g in read.games],
                            sum(g.deals for g in read.games), period=period,
                            circle=read.circle, name_key=name_key)
        return result.with_ratings(read.ratings)

    return derived(read, ("ranking", period), work)


def ranking(uow: UnitOfWork, *, circle: int | None = None, period: Period | None = None,
            tz: tzinfo | None = None) -> SeasonRanking:
    """The ranking of `circle` (None: every game) over `period` (None: all time), best
    total first, each player with a skill rating from the games' final standings."""
    return _ranking(scope_facts(uow, circle=circle, period=period, tz=tz, takes=False,
                                extremes="none"), period)


def rating_sentence(rating: SkillRating, lang: str = "fr") -> str:
    """What a player's rating means, in one sentence (French or English)."""
    return ratings.explain_rating(rating, lang)


def _awards(uow: UnitOfWork, read: ScopeFacts, scope: StatsScope) -> tuple[Award, ...]:
    if scope.start is None:  # every game they are read from is in the facts' scope
        return derived(read, "awards", lambda: _work_awards(uow, read, scope))
    # A period's awards also read the games before it (a level earned before it): kept
    # with the facts while every one of those games is as it was (their revisions). A
    # season's ranking opened again on a family's years worked them out each time: 17 ms
    # of a 20 ms read in CPython, more on a phone.
    with uow:
        before = tuple(g.stamp for g in uow.repo.scope_index(replace(scope, start=None)))
    kept = read.worked.get("awards")
    if isinstance(kept, tuple) and kept[0] == before:
        return kept[1]  # type: ignore[no-any-return]
    found = _work_awards(uow, read, scope)
    read.worked["awards"] = (before, found)
    return found


def _work_awards(uow: UnitOfWork, read: ScopeFacts, scope: StatsScope
                 ) -> tuple[Award, ...]:
    improvements = []
    facts = list(read.facts.values())
    if read.games:
        top = max((f.best.score for f in facts if f.best is not None), default=None)
        stored = Stored(uow)
        with uow:
            # The circle's games before the period too: a level earned before it.
            history_games = (list(read.games) if scope.start is None
                             else list(scope_games(uow, replace(scope, start=None))))
            # The biggest deal's holders, with their cells named and counted.
            index = uow.repo.scope_index(scope)
            for at, known in enumerate(facts):
                if known.best is not None and known.best.score == top:
                    found = find_player(uow, known.player)
                    cells = KEPT.scope_sums(uow, scope, index, found,
                                            Asked(takes=False, extremes="cells"), stored)
                    facts[at] = replace(known, best=cells[found.name].best)
            history = RATINGS.history(history_games,
                                      (stored, ratings_name(replace(scope, start=None))))
        stored.write()
        improvements = _improvements(history_games, history, {g.id for g in read.games})
    return group_awards(facts, improvements, name_key)


def awards(uow: UnitOfWork, *, circle: int | None = None, period: Period | None = None,
           tz: tzinfo | None = None) -> tuple[Award, ...]:
    """The group's awards over the games of `circle` in `period` (docs/STATS.md). The
    rating's progress is read over the circle's games up to the period's end, so that a
    player's level when the period starts is the one they earned before it."""
    read = scope_facts(uow, circle=circle, period=period, tz=tz, extremes="scores")
    return _awards(uow, read, stats_scope(circle, period, tz))


def ranking_and_awards(uow: UnitOfWork, *, circle: int | None = None,
                       period: Period | None = None, tz: tzinfo | None = None
                       ) -> tuple[SeasonRanking, tuple[Award, ...]]:
    """`ranking` and `awards` from one read (the ranking screen shows both)."""
    read = scope_facts(uow, circle=circle, period=period, tz=tz, extremes="scores")
    return _ranking(read, period), _awards(uow, read, stats_scope(circle, period, tz))


def _improvements(games: Sequence[ScopeGame], history: Sequence[dict[str, SkillRating]],
                  inside: set[int]) -> list[Improvement]:
    level: dict[str, float] = {}
    before: dict[str, float] = {}
    counted: dict[str, int] = {}
    for game, rated in zip(games, history, strict=True):
        for who, rating in rated.items():
            if game.id in inside:
                before.setdefault(who, level.get(who, START_MU))
                counted[who] = counted.get(who, 0) + 1
            level[who] = rating.mu
    return [Improvement(who, before[who], level[who], counted[who]) for who in before]
