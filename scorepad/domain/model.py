"""Value objects of a tarot deal: the input the table enters and the scored result."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Contract(StrEnum):
    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


class Side(StrEnum):
    ATTACK = "attack"
    DEFENSE = "defense"


class PoigneeSize(StrEnum):
    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


class Role(StrEnum):
    TAKER = "taker"
    PARTNER = "partner"
    DEFENDER = "defender"


CONTRACTS: tuple[Contract, ...] = tuple(Contract)

#: Points the attack needs, by the number of bouts it holds (RULES.md §2.1).
POINTS_NEEDED: tuple[int, int, int, int] = (56, 51, 41, 36)

#: Trumps to show for a poignée, by active players then size (RULES.md §4).
POIGNEE_THRESHOLDS: dict[int, dict[PoigneeSize, int]] = {
    3: {PoigneeSize.SIMPLE: 13, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 18},
    4: {PoigneeSize.SIMPLE: 10, PoigneeSize.DOUBLE: 13, PoigneeSize.TRIPLE: 15},
    5: {PoigneeSize.SIMPLE: 8, PoigneeSize.DOUBLE: 10, PoigneeSize.TRIPLE: 13},
}

#: 21 trumps and the excuse.
TRUMPS_IN_DECK = 22
TOTAL_POINTS = 91


@dataclass(frozen=True, slots=True)
class Poignee:
    player: str
    size: PoigneeSize


@dataclass(frozen=True, slots=True)
class DealInput:
    """What the table entered for one played deal (FORMAT.md §1, without the rules).

    `points` are always the attack's points; an entry by the defence's points is
    converted on parsing (`points_entered_as_defense` remembers it for messages and
    for exporting the deal as it was entered).
    """

    players: tuple[str, ...]
    taker: str
    contract: Contract
    bouts: int
    points: float
    partner: str | None = None
    poignees: tuple[Poignee, ...] = ()
    petit_au_bout: Side | None = None
    chelem_announced: bool = False
    chelem: Side | None = None
    miseres: tuple[str, ...] = ()
    points_entered_as_defense: bool = False

    @property
    def points_field(self) -> str:
        return "defense_points" if self.points_entered_as_defense else "points"

    def role_of(self, player: str) -> Role:
        if player == self.taker:
            return Role.TAKER
        if player == self.partner:
            return Role.PARTNER
        return Role.DEFENDER

    def to_dict(self) -> dict[str, object]:
        """The deal as FORMAT.md §1 (without `rules`), as the table entered it."""
        data: dict[str, object] = {
            "players": list(self.players),
            "taker": self.taker,
            "partner": self.partner,
            "contract": self.contract.value,
            "bouts": self.bouts,
        }
        if self.points_entered_as_defense:
            data["defense_points"] = _plain_number(TOTAL_POINTS - self.points)
        else:
            data["points"] = _plain_number(self.points)
        data.update(
            {
                "poignees": [{"player": p.player, "size": p.size.value} for p in self.poignees],
                "petit_au_bout": self.petit_au_bout.value if self.petit_au_bout else None,
                "chelem_announced": self.chelem_announced,
                "chelem": self.chelem.value if self.chelem else None,
                "miseres": list(self.miseres),
            }
        )
        return data


def _plain_number(value: float) -> int | float:
    return int(value) if value == int(value) else value


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a calculation: a code (rendered in the reader's language), its
    parameters and its value."""

    code: str
    value: int | float
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class DealWarning:
    """Something unusual but possible: saved, and shown to the table."""

    code: str
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """The result of scoring one deal: the zero-sum row and how it was obtained."""

    made: bool
    needed: int
    difference: int
    per_defender: int
    scores: dict[str, int]
    steps: tuple[Step, ...] = field(default=())
    warnings: tuple[DealWarning, ...] = field(default=())
