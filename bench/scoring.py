"""Deals scored per second on one core: parse + validate + score (+ explanation).

Run: .venv/bin/python bench/scoring.py
Goal (issue #2): scoring with validation at 20,000 deals per second or more.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from scorepad.domain import (
    explain_text,
    loads_deal,
    parse_deal,
    score_deal,
    scored_to_dict,
)

NAMES = ["André", "Bruno", "Cécile", "Didier", "Élodie"]


def sample_deals(count: int, seed: int = 7) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        players = NAMES[: rng.choice((3, 4, 4, 4, 5))]
        bouts = rng.randint(0, 3)
        low, high = max(4 * bouts, 3), 88 - 4 * (3 - bouts) if bouts < 3 else 88
        points = rng.randint(low, high)
        deal: dict[str, Any] = {
            "players": players, "taker": rng.choice(players),
            "contract": rng.choice(["prise", "garde", "garde", "garde_sans", "garde_contre"]),
            "bouts": bouts, "points": points,
        }
        if len(players) == 5 and rng.random() < 0.8:
            deal["partner"] = rng.choice([p for p in players if p != deal["taker"]])
        if rng.random() < 0.15:
            deal["poignees"] = [{"player": rng.choice(players), "size": "simple"}]
        if rng.random() < 0.1 and bouts > 0:
            deal["petit_au_bout"] = "attack"
        deals.append(deal)
    return deals


def rate(label: str, fn: Callable[[], int], repeat: int = 3) -> float:
    best = float("inf")
    count = 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = fn()
        best = min(best, time.perf_counter() - start)
    per_second = count / best
    print(f"{label:<52} {per_second:>10,.0f} deals/s  ({best * 1e6 / count:6.1f} µs/deal)")
    return per_second


def main() -> None:
    deals = sample_deals(20_000)
    parsed = [parse_deal(d) for d in deals]
    texts = [json.dumps(d) for d in deals]

    def score_only() -> int:
        for deal, rules in parsed:
            score_deal(deal, rules, check=False)
        return len(parsed)

    def validate_and_score() -> int:
        for deal, rules in parsed:
            score_deal(deal, rules)
        return len(parsed)

    def parse_validate_score() -> int:
        for data in deals:
            deal, rules = parse_deal(data)
            score_deal(deal, rules)
        return len(deals)

    def full_cli_path() -> int:
        for text in texts:
            deal, rules = loads_deal(text)
            scored = score_deal(deal, rules)
            json.dumps(scored_to_dict(scored), ensure_ascii=False)
        return len(texts)

    def with_explanation() -> int:
        for deal, rules in parsed:
            explain_text(deal, score_deal(deal, rules))
        return len(parsed)

    print(f"{len(deals):,} sample deals (3 to 5 players, all contracts), best of 3, one core")
    rate("score only (no validation)", score_only)
    with_validation = rate("validate + score", validate_and_score)
    rate("parse dict + validate + score", parse_validate_score)
    rate("CLI path: JSON text -> scored JSON with labels", full_cli_path)
    rate("validate + score + French explanation", with_explanation)
    goal = 20_000
    verdict = "met" if with_validation >= goal else "NOT met"
    print(f"goal: validate + score >= {goal:,} deals/s -> "
          f"{with_validation / goal:.1f}x the goal ({verdict})")


if __name__ == "__main__":
    main()
