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
    add = steps.append

    needed = POINTS_NEEDED[deal.bouts]
    points = deal.points
    made = points >= needed
    # The half point goes to the winning side: round the difference up.
    difference = math.ceil(abs(points - needed))
    add(Step("needed", needed, (("bouts", deal.bouts),)))
    add(Step("points", points, (("as_defense", deal.points_entered_as_defense),)))
    add(Step("difference", difference, (("made", made), ("exact", abs(points - needed)))))

    base_value = rules.base + difference
    contract_part = base_value if made else -base_value
    add(Step("base", contract_part, (("base", rules.base), ("difference", difference),
                                     ("made", made))))

    pab = 0
    if deal.petit_au_bout is Side.ATTACK:
        pab = rules.petit_au_bout
    elif deal.petit_au_bout is Side.DEFENSE:
        pab = -rules.petit_au_bout
    if pab:
        add(Step("petit_au_bout", pab, (("side", deal.petit_au_bout),
                                         ("multiplied", rules.petit_au_bout_multiplied))))

    coefficient = rules.coefficient(deal.contract)
    add(Step("coefficient", coefficient, (("contract", deal.contract),)))
    if rules.petit_au_bout_multiplied:
        subtotal = (contract_part + pab) * coefficient
    else:
        subtotal = contract_part * coefficient + pab
    add(Step("multiplied", subtotal, (("contract_part", contract_part), ("pab", pab),
                                      ("coefficient", coefficient),
                                      ("pab_multiplied", rules.petit_au_bout_multiplied))))

    total = subtotal
    sign = 1 if made else -1
    for poignee in deal.poignees:
        value = sign * rules.poignee_value(poignee.size)
        total += value
        add(Step("poignee", value, (("player", poignee.player), ("size", poignee.size),
                                     ("made", made))))

    chelem = 0
    if deal.chelem is Side.ATTACK:
        chelem = rules.chelem_announced_made if deal.chelem_announced else rules.chelem_made
        add(Step("chelem_attack", chelem, (("announced", deal.chelem_announced),)))
    elif deal.chelem_announced:
        chelem = rules.chelem_announced_failed
        add(Step("chelem_failed", chelem))
    if deal.chelem is Side.DEFENSE:
        chelem -= rules.chelem_defense
        add(Step("chelem_defense", -rules.chelem_defense))
    total += chelem
    add(Step("per_defender", total))

    # The row: every defender pays S, the partner receives S, the taker the rest.
    scores: dict[str, int] = {}
    partner = deal.partner
    defenders = len(deal.players) - (2 if partner else 1)
    taker_share = defenders * total - (total if partner else 0)
    for player in deal.players:
        if player == deal.taker:
            scores[player] = taker_share
        elif player == partner:
            scores[player] = total
        else:
            scores[player] = -total
    role_steps = [Step("score_taker", taker_share, (("player", deal.taker),
                                                    ("factor", defenders - (1 if partner else 0))))]
    if partner:
        role_steps.append(Step("score_partner", total, (("player", partner),)))
    role_steps.append(Step("score_defenders", -total, (
        ("players", tuple(p for p in deal.players if p != deal.taker and p != partner)),)))
    steps.extend(role_steps)

    if deal.miseres:
        value = rules.misere_value
        others = len(deal.players) - 1
        for name in deal.miseres:
            for player in deal.players:
                scores[player] += value * others if player == name else -value
            add(Step("misere", value * others, (("player", name), ("each", value),
                                                 ("others", others))))
    add(Step("row_sum", sum(scores.values())))

    return ScoredDeal(
        made=made,
        needed=needed,
        difference=difference,
        per_defender=total,
        scores=scores,
        steps=tuple(steps),
        warnings=warnings,
    )
