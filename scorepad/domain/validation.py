"""RULES.md §5: what cannot happen (InvalidDeal) and what is only unusual (warnings)."""

from __future__ import annotations

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.model import (
    POIGNEE_THRESHOLDS,
    POINTS_NEEDED,
    TOTAL_POINTS,
    TRUMPS_IN_DECK,
    Contract,
    DealInput,
    DealWarning,
    Side,
)
from scorepad.domain.rules import RuleSet

#: Winning every trick gives the attack every card (the écart or the chien too) but the
#: excuse, which a defender may keep (4.5) for a low card (0.5): 91 - 4.
CHELEM_MIN_POINTS = TOTAL_POINTS - 4


def validate(deal: DealInput, rules: RuleSet) -> tuple[DealWarning, ...]:
    """Raise InvalidDeal for the first impossibility found, in the order a person fills
    the form; return the warnings of a possible deal."""
    players = deal.players
    count = len(players)
    if not 3 <= count <= 5:
        raise InvalidDeal("players", "players_count", count=count)
    if len(set(players)) != count:
        name = next(p for p in players if players.count(p) > 1)
        raise InvalidDeal("players", "players_duplicate", name=name)
    if deal.taker not in players:
        raise InvalidDeal("taker", "taker_unknown", name=deal.taker, players=tuple(players))
    if deal.partner is not None:
        if count != 5:
            raise InvalidDeal("partner", "partner_not_five", count=count)
        if deal.partner == deal.taker:
            raise InvalidDeal("partner", "partner_is_taker")
        if deal.partner not in players:
            raise InvalidDeal("partner", "partner_unknown", name=deal.partner,
                              players=tuple(players))
    if not 0 <= deal.bouts <= 3:
        raise InvalidDeal("bouts", "bouts_range", got=deal.bouts)

    _validate_points(deal, count)
    _validate_poignees(deal, count)

    needed = POINTS_NEEDED[deal.bouts]
    made = deal.points >= needed
    pab = deal.petit_au_bout
    if pab is Side.ATTACK and deal.bouts == 0:
        raise InvalidDeal("petit_au_bout", "petit_au_bout_no_bout")
    if pab is Side.DEFENSE and deal.bouts == 3:
        raise InvalidDeal("petit_au_bout", "petit_au_bout_three_bouts")
    chelem = deal.chelem
    if chelem is Side.ATTACK and not made:
        raise InvalidDeal("chelem", "chelem_attack_lost", points=deal.points, needed=needed)
    if chelem is Side.ATTACK and deal.points < CHELEM_MIN_POINTS \
            and deal.contract is not Contract.GARDE_CONTRE:
        raise InvalidDeal("chelem", "chelem_attack_low", points=deal.points,
                          low=CHELEM_MIN_POINTS)
    if chelem is Side.DEFENSE and made:
        raise InvalidDeal("chelem", "chelem_defense_made", points=deal.points, needed=needed)
    if pab is not None and chelem is not None and pab is not chelem:
        raise InvalidDeal("petit_au_bout", "petit_au_bout_vs_chelem",
                          pab=pab.value, chelem=chelem.value)

    if deal.miseres:
        if not rules.misere:
            raise InvalidDeal("miseres", "miseres_off")
        seen: set[str] = set()
        for name in deal.miseres:
            if name not in players:
                raise InvalidDeal("miseres", "misere_player", name=name)
            if name in seen:
                raise InvalidDeal("miseres", "misere_twice", name=name)
            seen.add(name)

    warnings: list[DealWarning] = []
    if deal.points == TOTAL_POINTS and chelem is None:
        warnings.append(DealWarning("all_points_no_chelem"))
    if deal.chelem_announced and chelem is Side.DEFENSE:
        warnings.append(DealWarning("announced_lost_defense_chelem"))
    return tuple(warnings)


def _validate_points(deal: DealInput, count: int) -> None:
    field = deal.points_field
    points = deal.points
    shown = TOTAL_POINTS - points if deal.points_entered_as_defense else points
    if not 0 <= points <= TOTAL_POINTS:
        raise InvalidDeal(field, "points_range", got=shown)
    if points * 2 != int(points * 2):
        raise InvalidDeal(field, "points_step", got=shown)
    if count == 4 and points != int(points):
        raise InvalidDeal(field, "points_half_four", got=shown)
    low = 4 * deal.bouts
    high = TOTAL_POINTS - 4 * (3 - deal.bouts)
    if points < low:
        raise InvalidDeal(field, "points_bouts_low", bouts=deal.bouts, low=low, got=points)
    if points > high:
        raise InvalidDeal(field, "points_bouts_high", bouts=deal.bouts, high=high, got=points)
    if deal.contract is Contract.GARDE_CONTRE:
        limit = 89.5 if count == 5 else 88
        if points > limit:
            raise InvalidDeal(field, "points_chien_defense", high=limit, got=points)
    else:
        floor = 1.5 if count == 5 else 3
        if points < floor:
            raise InvalidDeal(field, "points_chien" if deal.contract is Contract.GARDE_SANS
                              else "points_ecart", contract=deal.contract.value, low=floor,
                              got=points)


def _validate_poignees(deal: DealInput, count: int) -> None:
    thresholds = POIGNEE_THRESHOLDS[count]
    declared: set[str] = set()
    total = 0
    for poignee in deal.poignees:
        if poignee.player not in deal.players:
            raise InvalidDeal("poignees", "poignee_player", name=poignee.player)
        if poignee.player in declared:
            raise InvalidDeal("poignees", "poignee_twice", name=poignee.player)
        declared.add(poignee.player)
        total += thresholds[poignee.size]
    if total > TRUMPS_IN_DECK:
        raise InvalidDeal("poignees", "poignees_too_many", total=total, count=count)
