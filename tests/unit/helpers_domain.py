"""Small builders for domain tests: a deal dict with sensible defaults."""

from __future__ import annotations

from typing import Any

from scorepad.domain import ScoredDeal, parse_deal, score_deal
from tests.factories import FOUR

THREE = ["André", "Bruno", "Cécile"]


def deal(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": list(FOUR),
        "taker": "André",
        "contract": "prise",
        "bouts": 1,
        "points": 51,
    }
    data.update(overrides)
    if isinstance(data["players"], tuple):  # the shared seatings; a deal lists its players
        data["players"] = list(data["players"])
    return data


def score(**overrides: Any) -> ScoredDeal:
    parsed, rules = parse_deal(deal(**overrides))
    return score_deal(parsed, rules)
