"""A player's part in a deal (role, contract, outcome, margin, ally, bonuses) and the
tallies of alike parts every statistic is summed from (docs/STATS.md).

A part is derived from the deal's input and row, never entered: the storage keeps it
beside each score cell so that a player's whole history is summed by the database, and
the same tallies come from games held in memory (`tally_parts`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

from scorepad.domain.model import POINTS_NEEDED, Contract, DealInput, PoigneeSize, Role, Side

#: Won by the player's side, lost by it, or nothing of the kind in the deal.
WON, LOST, NONE = 1, -1, 0


def attack_made(entry: DealInput) -> bool:
    """The contract is made when the attack has at least the points its bouts need
    (RULES.md §2.2: exactly the points needed is made by 0)."""
    return entry.points >= POINTS_NEEDED[entry.bouts]


def margin(entry: DealInput) -> int:
    """Points over what was needed, signed from the attack's side: +4 made by 4, -3 lost
    by 3; the half point goes to the winning side (RULES.md §2.3)."""
    difference = entry.points - POINTS_NEEDED[entry.bouts]
    return math.ceil(difference) if difference >= 0 else -math.ceil(-difference)


@dataclass(frozen=True, slots=True)
class DealPart:
    """What one player did in one played deal."""

    player: str
    role: Role
    contract: Contract
    #: the attack made the contract (for a defender: the defence lost)
    made: bool
    #: the attack's margin (`margin`), whatever the player's side
    margin: int
    #: the taker's called partner, or the partner's taker (None: defence, or alone)
    ally: str | None
    points: int
    #: the poignée this player showed, if any
    poignee: PoigneeSize | None = None
    #: petit au bout and chelem from the player's side: WON, LOST or NONE
    petit: int = NONE
    chelem: int = NONE
    #: the taker announced a chelem
    announced: bool = False
    misere: bool = False

    @property
    def side_won(self) -> bool:
        """The player's side won the deal."""
        return self.made if self.role is not Role.DEFENDER else not self.made


def _outcome(side: Side | None, mine: Side) -> int:
    return NONE if side is None else WON if side is mine else LOST


def deal_parts(entry: DealInput, scores: Mapping[str, int]) -> tuple[DealPart, ...]:
    """Every active player's part in a played deal, in the deal's order of players."""
    made, signed = attack_made(entry), margin(entry)
    shown = {p.player: p.size for p in entry.poignees}
    parts = []
    for player in entry.players:
        role = entry.role_of(player)
        ally = (entry.partner if role is Role.TAKER else
                entry.taker if role is Role.PARTNER else None)
        mine = Side.DEFENSE if role is Role.DEFENDER else Side.ATTACK
        parts.append(DealPart(
            player=player, role=role, contract=entry.contract, made=made, margin=signed,
            ally=ally, points=scores.get(player, 0), poignee=shown.get(player),
            petit=_outcome(entry.petit_au_bout, mine), chelem=_outcome(entry.chelem, mine),
            announced=role is Role.TAKER and entry.chelem_announced,
            misere=player in entry.miseres))
    return tuple(parts)


@dataclass(frozen=True, slots=True)
class PartKey:
    """What makes two parts alike: a player's role, the contract, whether the attack made
    it, and the ally."""

    role: Role
    contract: Contract
    made: bool
    ally: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PartTally:
    """A player's parts alike in `key`: how many, their points and margins summed, and
    the bonuses among them (poignées by size, petits au bout and chelems won or lost by
    the player's side, chelems announced, misères)."""

    key: PartKey
    deals: int = 0
    points: int = 0
    margin: int = 0
    poignees_simple: int = 0
    poignees_double: int = 0
    poignees_triple: int = 0
    petits_won: int = 0
    petits_lost: int = 0
    chelems_won: int = 0
    chelems_lost: int = 0
    announced: int = 0
    miseres: int = 0

    @property
    def role(self) -> Role:
        return self.key.role

    @property
    def side_won(self) -> bool:
        """The player's side won these deals (they are alike in role and outcome)."""
        return self.key.made if self.key.role is not Role.DEFENDER else not self.key.made

    def poignees(self, size: PoigneeSize) -> int:
        return {PoigneeSize.SIMPLE: self.poignees_simple, PoigneeSize.DOUBLE:
                self.poignees_double, PoigneeSize.TRIPLE: self.poignees_triple}[size]

    def __add__(self, other: PartTally) -> PartTally:
        if other.key != self.key:
            raise ValueError("tallies of different parts")
        return PartTally(key=self.key, **{name: getattr(self, name) + getattr(other, name)
                                          for name in COUNTS})


#: the counters of a tally, in the order the storage reads them
COUNTS: tuple[str, ...] = tuple(f.name for f in fields(PartTally) if f.name != "key")


def _counts(part: DealPart) -> tuple[int, ...]:
    size = part.poignee
    return (1, part.points, part.margin, size is PoigneeSize.SIMPLE,
            size is PoigneeSize.DOUBLE, size is PoigneeSize.TRIPLE, part.petit == WON,
            part.petit == LOST, part.chelem == WON, part.chelem == LOST, part.announced,
            part.misere)


_ROLE_ORDER = {role: at for at, role in enumerate(Role)}
_CONTRACT_ORDER = {contract: at for at, contract in enumerate(Contract)}


def key_order(key: PartKey) -> tuple[int, int, bool, str]:
    """A fixed order of keys, so that equal tallies compare equal whatever their source:
    the roles' and the contracts' own order."""
    return (_ROLE_ORDER[key.role], _CONTRACT_ORDER[key.contract], key.made, key.ally or "")


def tally_parts(parts: Iterable[DealPart]) -> tuple[PartTally, ...]:
    """The parts (of one player) summed by key, in `key_order`."""
    sums: dict[PartKey, list[int]] = {}
    for part in parts:
        key = PartKey(part.role, part.contract, part.made, part.ally)
        counts = sums.get(key)
        if counts is None:
            counts = sums[key] = [0] * len(COUNTS)
        for index, value in enumerate(_counts(part)):
            counts[index] += value
    return tuple(PartTally(key=key, **dict(zip(COUNTS, sums[key], strict=True)))
                 for key in sorted(sums, key=key_order))


def merge_tallies(tallies: Iterable[PartTally]) -> tuple[PartTally, ...]:
    """Tallies of one player (from several games, say) summed by key, in `key_order`."""
    merged: dict[PartKey, PartTally] = {}
    for tally in tallies:
        known = merged.get(tally.key)
        merged[tally.key] = tally if known is None else known + tally
    return tuple(merged[key] for key in sorted(merged, key=key_order))
