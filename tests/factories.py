"""Builders of domain objects for tests: whole games from short deal specs, and a
Hypothesis strategy of valid games."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

from hypothesis import strategies as st

from scorepad.domain import (
    FFT_RULES,
    DealKind,
    DealRecord,
    GameRecord,
    GameStatus,
    InvalidDeal,
    RuleSet,
    Table,
    parse_deal,
    score_deal,
)

FOUR = ("André", "Bruno", "Cécile", "Didier")
FIVE = ("André", "Bruno", "Cécile", "Didier", "Élodie")
SIX = ("André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny")
PARIS = timezone(timedelta(hours=1))
CREATED = datetime(2026, 11, 29, 20, 15, tzinfo=PARIS)

#: A deal spec is either a partial FORMAT §1 dict (players default to the active
#: players of that deal) or the kind of a deal that scores nothing.
DealSpec = dict[str, Any] | DealKind


def deal_record(table: Table, number: int, spec: DealSpec, rules: RuleSet) -> DealRecord:
    """One deal of a game, scored with the game's rules as the app would record it."""
    if isinstance(spec, DealKind):
        return DealRecord(number, table.dealer(number), table.sitting_out(number), spec, None, {})
    data = {"players": list(table.active_players(number)), **spec}
    parsed, _ = parse_deal(data, rules, allow_rules=False)
    scored = score_deal(parsed, rules)
    return DealRecord(
        number, table.dealer(number), table.sitting_out(number), DealKind.PLAYED, parsed,
        dict(scored.scores),
    )


def make_game(
    deals: Sequence[DealSpec] = (),
    *,
    seats: Sequence[str] = FOUR,
    deal_size: int | None = None,
    rules: RuleSet = FFT_RULES,
    first_dealer: int = 0,
    name: str = "Mardi soir",
    created_at: datetime = CREATED,
    status: GameStatus = GameStatus.IN_PROGRESS,
) -> GameRecord:
    table = Table(tuple(seats), deal_size or len(seats), first_dealer)
    records = tuple(deal_record(table, n, spec, rules) for n, spec in enumerate(deals, 1))
    return GameRecord(name, created_at, table, rules, records, status)


def sample_game() -> GameRecord:
    """Five seated, four a deal (the dealer sits out), every kind of deal and bonus."""
    return make_game(
        [
            {"taker": "Cécile", "contract": "garde", "bouts": 2, "points": 49,
             "poignees": [{"player": "Cécile", "size": "simple"}],
             "petit_au_bout": "attack"},
            DealKind.PASSED,
            {"taker": "André", "contract": "prise", "bouts": 1, "points": 47},
            {"taker": "Bruno", "contract": "garde_sans", "bouts": 3, "defense_points": 41},
            DealKind.PETIT_SEC,
            {"taker": "Didier", "contract": "garde_contre", "bouts": 0, "points": 30,
             "petit_au_bout": "defense"},
            {"taker": "Élodie", "contract": "prise", "bouts": 2, "points": 41},
        ],
        seats=FIVE,
        deal_size=4,
    )


def five_player_game() -> GameRecord:
    """Five at the table, all five playing: called partners and a taker alone."""
    return make_game(
        [
            {"taker": "André", "partner": "Cécile", "contract": "garde", "bouts": 2,
             "points": 44.5},
            {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 48.5},
            {"taker": "Élodie", "partner": "Didier", "contract": "garde_sans", "bouts": 3,
             "points": 91, "chelem": "attack", "chelem_announced": True},
        ],
        seats=FIVE,
        name="Vendredi à cinq",
    )


# -- Hypothesis: valid games of every shape ------------------------------------------

_SEATINGS = [(FOUR[:3], 3), (FOUR, 4), (FOUR, 3), (FIVE, 5), (FIVE, 4), (SIX, 5)]


@st.composite
def _deal_spec(draw: st.DrawFn, players: Sequence[str]) -> DealSpec:
    kind = draw(st.sampled_from([DealKind.PLAYED] * 6 + [DealKind.PASSED, DealKind.PETIT_SEC]))
    if kind is not DealKind.PLAYED:
        return kind
    count = len(players)
    taker = draw(st.sampled_from(players))
    partner = None
    if count == 5:
        partner = draw(st.one_of(st.none(), st.sampled_from([p for p in players if p != taker])))
    bouts = draw(st.integers(0, 3))
    step = 1 if count == 4 else 2
    low, high = 4 * bouts, 91 - 4 * (3 - bouts)
    points = draw(st.integers(low * step, high * step)) / step
    spec: dict[str, Any] = {
        "taker": taker, "partner": partner,
        "contract": draw(st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"])),
        "bouts": bouts, "points": points,
        "petit_au_bout": draw(st.sampled_from([None, None, "attack", "defense"])),
    }
    if draw(st.booleans()):
        spec["poignees"] = [{"player": draw(st.sampled_from(players)), "size": "simple"}]
    return spec


@st.composite
def games(draw: st.DrawFn, max_deals: int = 8) -> GameRecord:
    """A valid game: random seating, rules and deals; an impossible drawn deal is
    recorded as passed so that every game is one the app could hold."""
    seats, size = draw(st.sampled_from(_SEATINGS))
    table = Table(seats, size, draw(st.integers(0, len(seats) - 1)))
    rules = draw(st.sampled_from([
        FFT_RULES,
        RuleSet.from_dict({"coefficients": {"garde_contre": 8}, "petit_au_bout": 20,
                           "petit_au_bout_multiplied": False}),
    ]))
    records = []
    for number in range(1, draw(st.integers(0, max_deals)) + 1):
        spec = draw(_deal_spec(table.active_players(number)))
        try:
            records.append(deal_record(table, number, spec, rules))
        except InvalidDeal:
            records.append(deal_record(table, number, DealKind.PASSED, rules))
    name = draw(st.sampled_from(["Mardi soir", "Club =1", "Noël"]))
    return GameRecord(name, CREATED, table, rules, tuple(records),
                      draw(st.sampled_from(list(GameStatus))))
