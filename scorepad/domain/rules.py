"""The rule set a game is played under: FFT defaults and every house-rule override."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.model import Contract, PoigneeSize

_CHELEM_KEYS = ("announced_made", "made", "announced_failed", "defense")
_LIMIT = 100_000


@dataclass(frozen=True, slots=True)
class RuleSet:
    coefficients: tuple[tuple[Contract, int], ...] = (
        (Contract.PRISE, 1),
        (Contract.GARDE, 2),
        (Contract.GARDE_SANS, 4),
        (Contract.GARDE_CONTRE, 6),
    )
    base: int = 25
    petit_au_bout: int = 10
    petit_au_bout_multiplied: bool = True
    poignees: tuple[tuple[PoigneeSize, int], ...] = (
        (PoigneeSize.SIMPLE, 20),
        (PoigneeSize.DOUBLE, 30),
        (PoigneeSize.TRIPLE, 40),
    )
    chelem_announced_made: int = 400
    chelem_made: int = 200
    chelem_announced_failed: int = -200
    chelem_defense: int = 200
    misere: bool = False
    misere_value: int = 10

    def coefficient(self, contract: Contract) -> int:
        for key, value in self.coefficients:
            if key is contract:
                return value
        raise KeyError(contract)  # pragma: no cover - every contract has a coefficient

    def poignee_value(self, size: PoigneeSize) -> int:
        for key, value in self.poignees:
            if key is size:
                return value
        raise KeyError(size)  # pragma: no cover

    @property
    def is_default(self) -> bool:
        return self == FFT_RULES

    def to_dict(self) -> dict[str, Any]:
        """The complete rules object of FORMAT.md §1."""
        return {
            "coefficients": {c.value: v for c, v in self.coefficients},
            "base": self.base,
            "petit_au_bout": self.petit_au_bout,
            "petit_au_bout_multiplied": self.petit_au_bout_multiplied,
            "poignees": {s.value: v for s, v in self.poignees},
            "chelem": {
                "announced_made": self.chelem_announced_made,
                "made": self.chelem_made,
                "announced_failed": self.chelem_announced_failed,
                "defense": self.chelem_defense,
            },
            "misere": self.misere,
            "misere_value": self.misere_value,
        }

    def merged(self, overrides: object) -> RuleSet:
        """These rules with `overrides` (a partial rules object) merged key by key.

        Raises InvalidDeal(field="rules") naming the key and what is allowed.
        """
        if overrides is None:
            return self
        if not isinstance(overrides, Mapping):
            raise InvalidDeal("rules", "rules_not_object")
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key == "coefficients":
                current = dict(self.coefficients)
                for name, coef in _sub_mapping(key, value).items():
                    contract = _member(Contract, name, "rules.coefficients")
                    current[contract] = _int(f"rules.coefficients.{name}", coef, 1, 1000)
                changes[key] = tuple((c, current[c]) for c in Contract)
            elif key == "poignees":
                sizes = dict(self.poignees)
                for name, amount in _sub_mapping(key, value).items():
                    size = _member(PoigneeSize, name, "rules.poignees")
                    sizes[size] = _int(f"rules.poignees.{name}", amount, 0, _LIMIT)
                changes[key] = tuple((s, sizes[s]) for s in PoigneeSize)
            elif key == "chelem":
                for name, amount in _sub_mapping(key, value).items():
                    if name not in _CHELEM_KEYS:
                        raise InvalidDeal(
                            "rules", "rules_unknown_key",
                            key=f"rules.chelem.{name}", allowed=", ".join(_CHELEM_KEYS),
                        )
                    low, high = (-_LIMIT, 0) if name == "announced_failed" else (0, _LIMIT)
                    changes[f"chelem_{name}"] = _int(f"rules.chelem.{name}", amount, low, high)
            elif key in ("base", "petit_au_bout", "misere_value"):
                changes[key] = _int(f"rules.{key}", value, 0, _LIMIT)
            elif key in ("petit_au_bout_multiplied", "misere"):
                if not isinstance(value, bool):
                    raise InvalidDeal("rules", "rules_not_bool", key=f"rules.{key}")
                changes[key] = value
            else:
                raise InvalidDeal(
                    "rules", "rules_unknown_key", key=f"rules.{key}", allowed=", ".join(_RULE_KEYS)
                )
        return replace(self, **changes) if changes else self

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        return FFT_RULES.merged(data)


_RULE_KEYS = (
    "coefficients", "base", "petit_au_bout", "petit_au_bout_multiplied",
    "poignees", "chelem", "misere", "misere_value",
)


def _sub_mapping(key: str, value: object) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise InvalidDeal("rules", "rules_not_object_key", key=f"rules.{key}")
    return value


_E = TypeVar("_E", Contract, PoigneeSize)


def _member(enum: type[_E], name: object, where: str) -> _E:
    for member in enum:
        if member.value == name:
            return member
    raise InvalidDeal(
        "rules", "rules_unknown_key", key=f"{where}.{name}",
        allowed=", ".join(m.value for m in enum),
    )


def _int(key: str, value: object, low: int, high: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not low <= value <= high
        or value != int(value)
    ):
        raise InvalidDeal("rules", "rules_not_int", key=key, low=low, high=high)
    return int(value)


FFT_RULES = RuleSet()
