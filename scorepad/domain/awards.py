"""The group's records and awards over a circle and a period: most takes, best success
rate (with a minimum of takes), biggest deal, longest run of contracts made, most improved
rating. Each award has its rule (docs/STATS.md, "Awards"), shown beside it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorepad.domain.model import Role
from scorepad.domain.player_record import EXTREME_CELLS, Cell, PlayerFacts
from scorepad.domain.soiree import NameKey
from scorepad.domain.stats import rate
from scorepad.domain.streaks import longest

#: The best success rate is awarded among players with at least this many takes.
MIN_TAKES = 10
#: The most improved rating is awarded among players with at least this many games in
#: the period.
MIN_GAMES_IMPROVED = 3


class AwardKind(StrEnum):
    MOST_TAKES = "most_takes"
    BEST_SUCCESS = "best_success"
    BIGGEST_DEAL = "biggest_deal"
    LONGEST_STREAK = "longest_streak"
    MOST_IMPROVED = "most_improved"


@dataclass(frozen=True, slots=True)
class Improvement:
    """A player's level (the rating's mu) before their first game of the period and
    after their last, and their games in the period."""

    player: str
    before: float
    after: float
    games: int

    @property
    def gain(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Award:
    """Who holds an award (every player tied; none when nobody qualifies) and the value;
    for the biggest deal, the first cells holding it and how many do."""

    kind: AwardKind
    players: tuple[str, ...]
    value: float
    cells: tuple[Cell, ...] = ()
    count: int = 0


def _best(kind: AwardKind, values: Mapping[str, float], name_key: NameKey) -> Award:
    if not values:
        return Award(kind, (), 0)
    top = max(values.values())
    return Award(kind, tuple(sorted((p for p, v in values.items() if v == top), key=name_key)),
                 top)


def _takes(facts: PlayerFacts) -> tuple[int, int]:
    takes = [t for t in facts.tallies if t.role is Role.TAKER]
    return sum(t.deals for t in takes), sum(t.deals for t in takes if t.key.made)


def _biggest(facts: Sequence[PlayerFacts], game_order: Callable[[int], int],
             name_key: NameKey) -> Award:
    bests = [f.best for f in facts if f.best is not None]
    if not bests:
        return Award(AwardKind.BIGGEST_DEAL, (), 0)
    top = max(b.score for b in bests)
    held = [b for b in bests if b.score == top]
    cells = sorted((c for b in held for c in b.cells),
                   key=lambda c: (game_order(c.game_id), c.number, name_key(c.player)))
    players = sorted({c.player for b in held for c in b.cells}, key=name_key)
    return Award(AwardKind.BIGGEST_DEAL, tuple(players), top, tuple(cells[:EXTREME_CELLS]),
                 sum(b.count for b in held))


def group_awards(facts: Sequence[PlayerFacts], improvements: Sequence[Improvement],
                 name_key: NameKey = str) -> tuple[Award, ...]:
    """Every award over the players' facts (one PlayerFacts a player, over the same
    games), in the order of AwardKind."""
    takes = {f.player: _takes(f) for f in facts}
    order = {g.id: index for index, g in enumerate(sorted(
        {g.id: g for f in facts for g in f.games}.values(), key=lambda g: g.order()))}
    success = {p: rate(made, count) or 0.0 for p, (count, made) in takes.items()
               if count >= MIN_TAKES}
    streaks = {f.player: longest("".join(f.takes.get(g.id, "") for g in
                                         sorted(f.games, key=lambda g: g.order())))
               for f in facts}
    gains = {i.player: i.gain for i in improvements if i.games >= MIN_GAMES_IMPROVED}
    return (
        _best(AwardKind.MOST_TAKES, {p: c for p, (c, _) in takes.items() if c}, name_key),
        _best(AwardKind.BEST_SUCCESS, success, name_key),
        _biggest(facts, lambda game: order.get(game, 0), name_key),
        _best(AwardKind.LONGEST_STREAK, {p: s for p, s in streaks.items() if s}, name_key),
        _best(AwardKind.MOST_IMPROVED, {p: g for p, g in gains.items() if g > 0}, name_key),
    )
