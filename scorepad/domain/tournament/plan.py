"""How many tables of how many seats a count of players makes: tables of 4 and 5 whenever
the count allows (8 to 10, and every count from 12 on), otherwise the honest choices (a
6-seat table where the dealer sits out, or tables of 3), each said in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorepad.domain.language import fmt_list, nword, word
from scorepad.domain.messages import error_message
from scorepad.domain.tournament.errors import TournamentRefused
from scorepad.domain.tournament.settings import TABLE_SIZES

MIN_PLAYERS = 3
MAX_PLAYERS = 400


@dataclass(frozen=True, slots=True)
class TablePlan:
    """The sizes of a round's tables, largest first (table 1 is the first)."""

    sizes: tuple[int, ...]

    @property
    def players(self) -> int:
        return sum(self.sizes)

    @property
    def key(self) -> str:
        """"5,4,4": how a plan is written in a request and stored."""
        return ",".join(str(s) for s in self.sizes)

    @property
    def usual(self) -> bool:
        """Only tables of 4 and 5."""
        return all(s in (4, 5) for s in self.sizes)

    def describe(self, lang: str = "fr") -> str:
        """"2 tables de 4 et 1 table de 3", "1 table de 6 (le donneur ne joue pas) et
        1 table de 5"."""
        parts = []
        for size in sorted(set(self.sizes), reverse=True):
            count = self.sizes.count(size)
            text = nword("tournament.plan.tables", count, lang).format(count=count, size=size)
            if size == 6:
                text += word("tournament.plan.dealer_out", lang)
            parts.append(text)
        return fmt_list(parts, lang)

    @classmethod
    def parse(cls, value: object) -> TablePlan:
        """A plan from "6,5" or [6, 5] (any order); sizes outside 3 to 6 refused."""
        if isinstance(value, str):
            items: list[object] = [p.strip() for p in value.split(",")]
            try:
                sizes = [int(str(p)) for p in items]
            except ValueError:
                raise TournamentRefused("plan", "tournament_plan_format",
                                        got=value) from None
        elif isinstance(value, list | tuple):
            sizes = list(value)
        else:
            raise TournamentRefused("plan", "tournament_plan_format", got=value)
        if not sizes or any(isinstance(s, bool) or not isinstance(s, int)
                            or s not in TABLE_SIZES for s in sizes):
            raise TournamentRefused("plan", "tournament_plan_format", got=str(value)[:40])
        return cls(tuple(sorted(sizes, reverse=True)))


def _fours_and_fives(count: int) -> tuple[int, ...] | None:
    """`count` as tables of 4 and 5, as few of 5 as possible (a 5-seat table plays with a
    called partner, a different game), or None when it cannot be split so."""
    fives = count % 4
    if count < 5 * fives or count == 0:
        return None
    return (5,) * fives + (4,) * ((count - 5 * fives) // 4)


def table_plans(count: int) -> tuple[TablePlan, ...]:
    """The plans a round of `count` players may use, the usual one first: one plan of 4s
    and 5s when the count allows it; else a 6-seat table (the dealer sits out each deal)
    with 4s and 5s, and tables of 3 (as few as possible) with 4s and 5s, when each
    exists. Fewer than 3 players make no table."""
    if count < MIN_PLAYERS:
        raise TournamentRefused("players", "tournament_too_few", count=count,
                                low=MIN_PLAYERS)
    if count > MAX_PLAYERS:
        raise TournamentRefused("players", "tournament_too_many", count=count,
                                high=MAX_PLAYERS)
    usual = _fours_and_fives(count)
    if usual is not None:
        return (TablePlan(usual),)
    plans: list[TablePlan] = []
    rest = _fours_and_fives(count - 6) if count > 6 else (() if count == 6 else None)
    if rest is not None:
        plans.append(TablePlan((6, *rest)))
    for threes in range(1, count // 3 + 1):
        left = count - 3 * threes
        others = () if left == 0 else _fours_and_fives(left)
        if others is not None:
            plans.append(TablePlan((*others, *(3,) * threes)))
            break
    return tuple(plans)


class PlanRefused(TournamentRefused):
    """A draw whose tables must be chosen (or were chosen among plans not offered): the
    message lists the plans offered, each as its key and in words."""

    def __init__(self, code: str, plans: Sequence[TablePlan], **params: object) -> None:
        super().__init__("plan", code, **params)
        self.plans = tuple(plans)

    def message(self, lang: str = "fr") -> str:
        choices = word("tournament.plan.separator", lang).join(
            word("tournament.plan.choice", lang).format(key=p.key, text=p.describe(lang))
            for p in self.plans)
        return error_message(self.code, {**self.params, "choices": choices}, lang)


def choose_plan(count: int, wanted: object = None) -> TablePlan:
    """The plan a draw of `count` players uses: the only one there is, or the one asked
    for (`wanted`: "6,5" or a list), which must be one of `table_plans(count)`. With
    several choices and none asked for, the refusal lists them in words."""
    plans = table_plans(count)
    if wanted is None:
        if len(plans) == 1:
            return plans[0]
        raise PlanRefused("tournament_plan_needed", plans, count=count)
    plan = TablePlan.parse(wanted)
    if plan not in plans:
        raise PlanRefused("tournament_plan_not_offered", plans, count=count, got=plan.key)
    return plan
