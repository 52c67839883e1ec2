"""A tournament's settings: its rounds, the deals a table plays in a round (by its number
of seats), an optional round duration and the ranking rule, checked with clear refusals;
and the steps a round goes through."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorepad.domain.tournament.errors import SettingRefused, TournamentRefused

#: The seats a table of a tournament may have (a 6-seat table: the dealer sits out).
TABLE_SIZES = (3, 4, 5, 6)
MAX_ROUNDS = 20
MAX_DEALS = 40
MAX_MINUTES = 600
MAX_NAME = 120
SETTING_KEYS = ("rounds", "deals_3", "deals_4", "deals_5", "deals_6", "round_minutes",
                "ranking")


class RankingRule(StrEnum):
    #: the sum of each player's table scores over the rounds
    SUM = "sum"
    #: placement points per table (docs/RULES.md, "Tournoi")
    PLACEMENT = "placement"


class RoundStatus(StrEnum):
    #: drawn: the seats may still be swapped or drawn again
    DRAWN = "drawn"
    #: started: one game per table, the phones record the deals
    PLAYING = "playing"
    #: closed: the tables' scores are final (the organiser may still correct a deal)
    CLOSED = "closed"


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise SettingRefused(key, "tournament_whole", low=low, high=high, got=value)


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """How the tournament is played. `deals_3` and `deals_6` default to one deal per
    seat for each time a table of 4 goes round (4 deals: 3 and 6; 8 deals: 6 and 12), so
    that at every table everybody deals alike."""

    rounds: int = 5
    deals_4: int = 4
    deals_5: int = 5
    deals_3: int | None = None
    deals_6: int | None = None
    #: minutes a round lasts (None: no clock; the organiser closes it)
    round_minutes: int | None = None
    ranking: RankingRule = RankingRule.SUM

    def deals_at(self, seats: int) -> int:
        """The deals a table of `seats` plays in a round."""
        turns = max(1, self.deals_4 // 4)
        counts = {3: self.deals_3 if self.deals_3 is not None else 3 * turns,
                  4: self.deals_4, 5: self.deals_5,
                  6: self.deals_6 if self.deals_6 is not None else 6 * turns}
        if seats not in counts:
            raise TournamentRefused("tables", "tournament_table_size", size=seats)
        return counts[seats]

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "deals_3": self.deals_3, "deals_4": self.deals_4,
                "deals_5": self.deals_5, "deals_6": self.deals_6,
                "round_minutes": self.round_minutes, "ranking": self.ranking.value}

    @classmethod
    def from_dict(cls, data: object, base: TournamentSettings | None = None
                  ) -> TournamentSettings:
        """Settings from a request object: every key optional, missing ones taken from
        `base` (the defaults when None), an unknown key or a bad value refused."""
        if not isinstance(data, dict):
            raise TournamentRefused("settings", "tournament_not_object", got=data)
        for key in data:
            if key not in SETTING_KEYS:
                raise TournamentRefused(str(key)[:40], "tournament_setting_key",
                                        key=str(key)[:40], allowed=", ".join(SETTING_KEYS))
        start = (base or cls()).to_dict()
        merged = {**start, **data}
        ranking = merged["ranking"]
        if ranking not in {r.value for r in RankingRule}:
            raise TournamentRefused("ranking", "tournament_ranking", got=ranking)
        rounds = _whole(merged, "rounds", 1, MAX_ROUNDS)
        deals = {key: _whole(merged, key, 1, MAX_DEALS)
                 for key in ("deals_3", "deals_4", "deals_5", "deals_6")}
        for key in ("rounds", "deals_4", "deals_5"):
            if merged[key] is None:
                raise SettingRefused(key, "tournament_whole", low=1,
                                     high=MAX_ROUNDS if key == "rounds" else MAX_DEALS,
                                     got=None)
        return cls(rounds=rounds or 1, deals_4=deals["deals_4"] or 1,
                   deals_5=deals["deals_5"] or 1, deals_3=deals["deals_3"],
                   deals_6=deals["deals_6"],
                   round_minutes=_whole(merged, "round_minutes", 1, MAX_MINUTES),
                   ranking=RankingRule(ranking))


def tournament_name(name: object) -> str:
    """A tournament's name, trimmed: 1 to 120 characters (a table's game is named after
    it, its round and its table)."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise TournamentRefused("name", "tournament_name", high=MAX_NAME, got=name)
    return " ".join(name.split())
