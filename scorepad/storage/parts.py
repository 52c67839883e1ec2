"""A score row's part columns (role, contract, outcome, margin, ally, bonuses) derived
from the deal with the domain's `deal_parts`, and their codes in the tables; the one
place the storage writes them (recording, editing, importing, copying, migration 0010)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.domain.model import Contract, PoigneeSize, Role
from scorepad.domain.parsing import trusted_deal
from scorepad.domain.parts import deal_parts
from scorepad.storage.tables import TAKER_ROLE

ROLE_CODES = {Role.TAKER: TAKER_ROLE, Role.PARTNER: 2, Role.DEFENDER: 3}
CONTRACT_CODES = {Contract.PRISE: 1, Contract.GARDE: 2, Contract.GARDE_SANS: 3,
                  Contract.GARDE_CONTRE: 4}
POIGNEE_CODES = {None: 0, PoigneeSize.SIMPLE: 1, PoigneeSize.DOUBLE: 2,
                 PoigneeSize.TRIPLE: 3}
ROLES = {code: role for role, code in ROLE_CODES.items()}
CONTRACTS = {code: contract for contract, code in CONTRACT_CODES.items()}
#: "no ally" in `ally_id` (a key column of player_tally: never null)
NO_ALLY = 0
#: the part columns of a row without a part (a deal without its input: never written by
#: the app, kept so that every row has every column)
NO_PART: dict[str, Any] = {"role": 0, "contract": 0, "made": False, "margin": 0,
                           "ally_id": NO_ALLY, "poignee": 0, "petit": 0, "chelem": 0,
                           "announced": False, "misere": False}


def score_rows(deal_id: int, game_id: int, data: Mapping[str, Any] | None,
               scores: Mapping[Any, int], ids: Mapping[Any, int]) -> list[dict[str, Any]]:
    """The deal_score rows of one live deal: `data` its input (FORMAT.md §1, None unless
    played) and `scores` its row, both naming players as `ids` maps them to player ids
    (names, or the ids themselves)."""
    if not scores:
        return []
    rows = {player: {"deal_id": deal_id, "player_id": ids[player], "game_id": game_id,
                     "points": points, **NO_PART} for player, points in scores.items()}
    if data is not None:
        for part in deal_parts(trusted_deal(dict(data)), scores):
            row = rows.get(part.player)
            if row is None:
                continue
            row.update(
                role=ROLE_CODES[part.role], contract=CONTRACT_CODES[part.contract],
                made=part.made, margin=part.margin,
                ally_id=ids[part.ally] if part.ally is not None else NO_ALLY,
                poignee=POIGNEE_CODES[part.poignee], petit=part.petit, chelem=part.chelem,
                announced=part.announced, misere=part.misere)
    return list(rows.values())
