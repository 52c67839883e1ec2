"""RULES.md §2-3: the amount each defender pays the attack, and the zero-sum row."""

from __future__ import annotations

import math

from scorepad.domain.model import (
    POINTS_NEEDED,
    DealInput,
    ScoredDeal,
    Side,
    Step,
)
from scorepad.domain.rules import FFT_RULES, RuleSet
from scorepad.domain.validation import validate


def score_deal(deal: DealInput, rules: RuleSet = FFT_RULES, *, check: bool = True) -> ScoredDeal:
    """Score one played deal. With `check` (the default) the deal is validated first and
    InvalidDeal is raised for an impossible one; the warnings are attached."""
    warnings = validate(deal, rules) if check else ()
    steps: list[Step] = []
    needed = POINTS_NEEDED[deal.bouts]
    made = deal.points >= needed
    # The half point goes to the winning side: round the difference up.
    difference = math.ceil(abs(deal.points - needed))
    steps.append(Step("needed", needed, (("bouts", deal.bouts),)))
    steps.append(Step("points", deal.points, (("as_defense", deal.points_entered_as_defense),)))
    steps.append(Step("difference", difference,
                      (("made", made), ("exact", abs(deal.points - needed)))))
    total = _contract_amount(deal, rules, made, difference, steps)
    total += _poignees(deal, rules, made, steps)
    total += _chelem(deal, rules, steps)
    steps.append(Step("per_defender", total))
    scores = _row(deal, total, steps)
    _miseres(deal, rules, scores, steps)
    steps.append(Step("row_sum", sum(scores.values())))
    return ScoredDeal(made=made, needed=needed, difference=difference, per_defender=total,
                      scores=scores, steps=tuple(steps), warnings=warnings)


def _contract_amount(deal: DealInput, rules: RuleSet, made: bool, difference: int,
                     steps: list[Step]) -> int:
    """§2 steps 4-6: (base + difference, signed) and petit au bout, times the coefficient."""
    base_value = rules.base + difference
    contract_part = base_value if made else -base_value
    steps.append(Step("base", contract_part, (("base", rules.base),
                                              ("difference", difference), ("made", made))))
    pab = 0
    if deal.petit_au_bout is Side.ATTACK:
        pab = rules.petit_au_bout
    elif deal.petit_au_bout is Side.DEFENSE:
        pab = -rules.petit_au_bout
    if pab:
        steps.append(Step("petit_au_bout", pab, (
            ("side", deal.petit_au_bout), ("multiplied", rules.petit_au_bout_multiplied))))
    coefficient = rules.coefficient(deal.contract)
    steps.append(Step("coefficient", coefficient, (("contract", deal.contract),)))
    if rules.petit_au_bout_multiplied:
        subtotal = (contract_part + pab) * coefficient
    else:
        subtotal = contract_part * coefficient + pab
    steps.append(Step("multiplied", subtotal, (
        ("contract_part", contract_part), ("pab", pab), ("coefficient", coefficient),
        ("pab_multiplied", rules.petit_au_bout_multiplied))))
    return subtotal


def _poignees(deal: DealInput, rules: RuleSet, made: bool, steps: list[Step]) -> int:
    """§2 step 7: each poignée, not multiplied, to the side that won the deal."""
    sign = 1 if made else -1
    total = 0
    for poignee in deal.poignees:
        value = sign * rules.poignee_value(poignee.size)
        total += value
        steps.append(Step("poignee", value, (("player", poignee.player),
                                             ("size", poignee.size), ("made", made))))
    return total


def _chelem(deal: DealInput, rules: RuleSet, steps: list[Step]) -> int:
    """§2 step 8: the chelem bonus or penalty, not multiplied."""
    chelem = 0
    if deal.chelem is Side.ATTACK:
        chelem = rules.chelem_announced_made if deal.chelem_announced else rules.chelem_made
        steps.append(Step("chelem_attack", chelem, (("announced", deal.chelem_announced),)))
    elif deal.chelem_announced:
        chelem = rules.chelem_announced_failed
        steps.append(Step("chelem_failed", chelem))
    if deal.chelem is Side.DEFENSE:
        chelem -= rules.chelem_defense
        steps.append(Step("chelem_defense", -rules.chelem_defense))
    return chelem


def _row(deal: DealInput, total: int, steps: list[Step]) -> dict[str, int]:
    """§3: every defender pays S, the partner receives S, the taker the rest."""
    partner = deal.partner
    defenders = len(deal.players) - (2 if partner else 1)
    taker_share = defenders * total - (total if partner else 0)
    scores: dict[str, int] = {}
    for player in deal.players:
        if player == deal.taker:
            scores[player] = taker_share
        elif player == partner:
            scores[player] = total
        else:
            scores[player] = -total
    steps.append(Step("score_taker", taker_share, (
        ("player", deal.taker), ("factor", defenders - (1 if partner else 0)))))
    if partner:
        steps.append(Step("score_partner", total, (("player", partner),)))
    steps.append(Step("score_defenders", -total, (
        ("players", tuple(p for p in deal.players if p != deal.taker and p != partner)),)))
    return scores


def _miseres(deal: DealInput, rules: RuleSet, scores: dict[str, int],
             steps: list[Step]) -> None:
    """House rule: each misère earns 10 from every other active player."""
    value = rules.misere_value
    others = len(deal.players) - 1
    for name in deal.miseres:
        for player in deal.players:
            scores[player] += value * others if player == name else -value
        steps.append(Step("misere", value * others, (("player", name), ("each", value),
                                                      ("others", others))))
