"""Hypothesis properties of the scoring engine (DESIGN.md habit 11)."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorepad.domain import (
    POIGNEE_THRESHOLDS,
    POINTS_NEEDED,
    InvalidDeal,
    loads_deal,
    parse_deal,
    score_deal,
)

NAMES = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny"]
CONTRACTS = ["prise", "garde", "garde_sans", "garde_contre"]


@st.composite
def valid_deals(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(3, 5))
    players = draw(st.permutations(NAMES))[:count]
    taker = draw(st.sampled_from(players))
    partner = None
    if count == 5:
        partner = draw(st.one_of(st.none(), st.sampled_from([p for p in players if p != taker])))
    contract = draw(st.sampled_from(CONTRACTS))
    bouts = draw(st.integers(0, 3))
    low = 4 * bouts
    high = 91 - 4 * (3 - bouts)
    if contract == "garde_contre":
        high = min(high, 89.5 if count == 5 else 88)
    else:
        low = max(low, 1.5 if count == 5 else 3)
    step = 1 if count == 4 else 0.5
    halves = draw(st.integers(int(low / step), int(high / step)))
    points = halves * step
    made = points >= POINTS_NEEDED[bouts]

    poignees = []
    used = 0
    for player in draw(st.permutations(players))[: draw(st.integers(0, 3))]:
        size = draw(st.sampled_from(["simple", "double", "triple"]))
        need = POIGNEE_THRESHOLDS[count][size]  # type: ignore[index]
        if used + need <= 22:
            used += need
            poignees.append({"player": player, "size": size})

    # RULES.md §5: an attack chelem holds every card but maybe the excuse (87 points),
    # except in garde contre where the chien is the defence's.
    attack_chelem = made and (points >= 87 or contract == "garde_contre")
    chelem = draw(st.sampled_from([None, "attack" if attack_chelem else
                                   (None if made else "defense")]))
    pab_choices: list[str | None] = [None]
    if bouts > 0 and chelem != "defense":
        pab_choices.append("attack")
    if bouts < 3 and chelem != "attack":
        pab_choices.append("defense")
    misere_on = draw(st.booleans())
    miseres = draw(st.lists(st.sampled_from(players), unique=True, max_size=2)) if misere_on \
        else []
    data: dict[str, Any] = {
        "players": players,
        "taker": taker,
        "partner": partner,
        "contract": contract,
        "bouts": bouts,
        "points": points,
        "poignees": poignees,
        "petit_au_bout": draw(st.sampled_from(pab_choices)),
        "chelem_announced": draw(st.booleans()),
        "chelem": chelem,
        "miseres": miseres,
    }
    if misere_on:
        data["rules"] = {"misere": True}
    if draw(st.booleans()):
        data["rules"] = {
            **data.get("rules", {}),
            "coefficients": {"garde_contre": draw(st.integers(1, 10))},
            "base": draw(st.integers(0, 50)),
            "petit_au_bout_multiplied": draw(st.booleans()),
        }
    return data


def _score(data: dict[str, Any]) -> dict[str, int]:
    parsed, rules = parse_deal(data)
    return score_deal(parsed, rules).scores


@given(valid_deals())
def test_every_valid_deal_scores_a_row_of_integers_summing_to_zero(data: dict[str, Any]) -> None:
    scores = _score(data)
    assert set(scores) == set(data["players"])
    assert all(isinstance(v, int) for v in scores.values())
    assert sum(scores.values()) == 0


@given(valid_deals(), st.integers(1, 20))
def test_more_attack_points_never_lower_the_takers_score(data: dict[str, Any],
                                                         extra_halves: int) -> None:
    more = dict(data, points=data["points"] + extra_halves * (1 if len(data["players"]) == 4
                                                              else 0.5))
    try:
        after = _score(more)
    except InvalidDeal:
        assume(False)
        raise
    before = _score(data)
    assert after[data["taker"]] >= before[data["taker"]]


@given(valid_deals())
def test_an_attack_chelem_below_87_points_outside_garde_contre_is_never_accepted(
        data: dict[str, Any]) -> None:
    assume(data["contract"] != "garde_contre" and data["points"] < 87)
    data = dict(data, chelem="attack", petit_au_bout=None)
    try:
        _score(data)
    except InvalidDeal as error:
        assert error.field in ("chelem", "points")
        if data["points"] >= POINTS_NEEDED[data["bouts"]]:
            assert error.field == "chelem"
            assert "87" in error.message("fr") and "87" in error.message("en")
    else:
        raise AssertionError(f"accepted: {data}")


@given(valid_deals())
def test_scoring_is_deterministic(data: dict[str, Any]) -> None:
    assert _score(data) == _score(json.loads(json.dumps(data)))


@given(valid_deals())
def test_the_taker_wins_exactly_when_the_contract_is_made_without_extras(
        data: dict[str, Any]) -> None:
    plain = dict(data, poignees=[], petit_au_bout=None, chelem=None, chelem_announced=False,
                 miseres=[])
    plain.pop("rules", None)
    parsed, rules = parse_deal(plain)
    result = score_deal(parsed, rules)
    assert (result.scores[data["taker"]] > 0) == result.made


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@st.composite
def mangled_deals(draw: st.DrawFn) -> object:
    """A valid deal with some keys replaced by arbitrary JSON, dropped, or added."""
    data: dict[str, Any] = draw(valid_deals())
    keys = [*data, "defense_points", "rules", "junk"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=3)):
        action = draw(st.integers(0, 2))
        if action == 0:
            data.pop(key, None)
        else:
            data[key] = draw(json_values)
    return data


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(json_values, mangled_deals()))
def test_no_input_raises_anything_but_the_domains_own_error(data: object) -> None:
    try:
        parsed, rules = parse_deal(data)
        result = score_deal(parsed, rules)
    except InvalidDeal as error:
        assert error.field
        assert error.message("fr") and error.message("en")
        sent = repr(data)
        for lang in ("fr", "en"):
            # A placeholder left unfilled, unless it is the input itself quoted back.
            left = [m for m in re.findall(r"\{[a-z_]+\}", error.message(lang)) if m not in sent]
            assert not left, error.message(lang)
    else:
        assert sum(result.scores.values()) == 0


@given(st.text(max_size=60))
def test_no_text_on_stdin_raises_anything_but_the_domains_own_error(text: str) -> None:
    try:
        loads_deal(text)
    except InvalidDeal as error:
        assert error.field


@given(st.integers(0, 3), st.integers(0, 182), st.sampled_from(CONTRACTS),
       st.integers(3, 5))
def test_validation_never_lets_impossible_points_through(bouts: int, halves: int,
                                                         contract: str, count: int) -> None:
    points = halves / 2
    data = {"players": NAMES[:count], "taker": NAMES[0], "contract": contract,
            "bouts": bouts, "points": points}
    try:
        _score(data)
    except InvalidDeal as error:
        assert error.field == "points"
        return
    assert 4 * bouts <= points <= 91 - 4 * (3 - bouts)
    assert count != 4 or points == int(points)
    if contract == "garde_contre":
        assert points <= (89.5 if count == 5 else 88)
    else:
        assert points >= (1.5 if count == 5 else 3)
