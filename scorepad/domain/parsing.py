"""From untrusted JSON-like data to a DealInput: every malformed value is an InvalidDeal."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.model import (
    TOTAL_POINTS,
    Contract,
    DealInput,
    Poignee,
    PoigneeSize,
    Side,
)
from scorepad.domain.rules import FFT_RULES, RuleSet

DEAL_KEYS = (
    "players", "taker", "partner", "contract", "bouts", "points", "defense_points",
    "poignees", "petit_au_bout", "chelem_announced", "chelem", "miseres", "rules",
)
_CONTRACTS = {c.value: c for c in Contract}
_SIDES = {s.value: s for s in Side}
_SIZES = {s.value: s for s in PoigneeSize}
MAX_NAME = 40


def loads_deal(text: str) -> tuple[DealInput, RuleSet]:
    """Parse a deal from JSON text (e.g. the CLI's stdin)."""
    if not text.strip():
        raise InvalidDeal("deal", "empty_input")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidDeal("deal", "bad_json", line=exc.lineno, col=exc.colno,
                          detail=exc.msg) from None
    except (ValueError, RecursionError):
        raise InvalidDeal("deal", "bad_json", line=1, col=1, detail="?") from None
    return parse_deal(data)


def parse_deal(
    data: object, base_rules: RuleSet = FFT_RULES, *, allow_rules: bool = True
) -> tuple[DealInput, RuleSet]:
    """A deal of FORMAT.md §1 as a DealInput and the rules it is scored under.

    Only the shape is checked here (types, known keys, allowed words); the rules of
    the game (RULES.md §5) are checked by `validate`.
    """
    if not isinstance(data, Mapping):
        raise InvalidDeal("deal", "not_object", got=data)
    keys = DEAL_KEYS if allow_rules else DEAL_KEYS[:-1]
    for key in data:
        if key not in keys:
            raise InvalidDeal(str(key) or "deal", "unknown_key", key=str(key)[:40],
                              allowed=", ".join(keys))
    rules = base_rules.merged(data.get("rules")) if allow_rules else base_rules

    players = _players(data)
    taker = data.get("taker")
    if taker is None and "taker" not in data:
        raise InvalidDeal("taker", "missing", what="taker")
    if not isinstance(taker, str) or not taker.strip():
        raise InvalidDeal("taker", "taker_type", got=taker)
    taker = taker.strip()
    partner = data.get("partner")
    if partner is not None:
        if not isinstance(partner, str):
            raise InvalidDeal("partner", "partner_type", got=partner)
        partner = partner.strip() or None

    if "contract" not in data:
        raise InvalidDeal("contract", "missing", what="contract")
    contract = _CONTRACTS.get(data["contract"]) if isinstance(data["contract"], str) else None
    if contract is None:
        raise InvalidDeal("contract", "contract_unknown", got=data["contract"])

    if "bouts" not in data:
        raise InvalidDeal("bouts", "missing", what="bouts")
    bouts = data["bouts"]
    if isinstance(bouts, bool) or not isinstance(bouts, int | float) or bouts not in (0, 1, 2, 3):
        raise InvalidDeal("bouts", "bouts_range", got=bouts)

    points, as_defense = _points(data)

    return (
        DealInput(
            players=players,
            taker=taker,
            partner=partner,
            contract=contract,
            bouts=int(bouts),
            points=points,
            poignees=_poignees(data.get("poignees")),
            petit_au_bout=_side(data, "petit_au_bout", "petit_au_bout_value"),
            chelem_announced=_bool(data, "chelem_announced"),
            chelem=_side(data, "chelem", "chelem_value"),
            miseres=_miseres(data.get("miseres")),
            points_entered_as_defense=as_defense,
        ),
        rules,
    )


def _players(data: Mapping[str, Any]) -> tuple[str, ...]:
    if "players" not in data:
        raise InvalidDeal("players", "missing", what="players")
    raw = data["players"]
    if not isinstance(raw, list):
        raise InvalidDeal("players", "players_type", got=raw)
    if not 3 <= len(raw) <= 5:
        raise InvalidDeal("players", "players_count", count=len(raw))
    names: list[str] = []
    for item in raw:
        if not isinstance(item, str) or not item.strip() or len(item.strip()) > MAX_NAME:
            raise InvalidDeal("players", "player_name", got=item)
        name = item.strip()
        if name in names:
            raise InvalidDeal("players", "players_duplicate", name=name)
        names.append(name)
    return tuple(names)


def _number(field: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidDeal(field, "points_type", got=value)
    if isinstance(value, int) and not -1000 <= value <= 1000:
        raise InvalidDeal(field, "points_range", got=value)
    if not math.isfinite(value):
        raise InvalidDeal(field, "points_type", got=value)
    return float(value)


def _points(data: Mapping[str, Any]) -> tuple[float, bool]:
    has_points = data.get("points") is not None
    has_defense = data.get("defense_points") is not None
    if not has_points and not has_defense:
        raise InvalidDeal("points", "missing", what="points / defense_points")
    if has_points:
        points = _number("points", data["points"])
        if has_defense:
            defense = _number("defense_points", data["defense_points"])
            if points + defense != TOTAL_POINTS:
                raise InvalidDeal("defense_points", "points_both", points=points,
                                  defense=defense)
        return points, False
    defense = _number("defense_points", data["defense_points"])
    if not 0 <= defense <= TOTAL_POINTS:
        raise InvalidDeal("defense_points", "points_range", got=defense)
    return TOTAL_POINTS - defense, True


def _poignees(raw: object) -> tuple[Poignee, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InvalidDeal("poignees", "poignees_type", got=raw)
    result: list[Poignee] = []
    for item in raw:
        if not isinstance(item, Mapping) or set(item) - {"player", "size"}:
            raise InvalidDeal("poignees", "poignees_type", got=item)
        player = item.get("player")
        if not isinstance(player, str) or not player.strip():
            raise InvalidDeal("poignees", "poignees_type", got=item)
        size = _SIZES.get(item["size"]) if isinstance(item.get("size"), str) else None
        if size is None:
            raise InvalidDeal("poignees", "poignee_size", got=item.get("size"))
        result.append(Poignee(player.strip(), size))
    return tuple(result)


def _side(data: Mapping[str, Any], key: str, code: str) -> Side | None:
    value = data.get(key)
    if value is None:
        return None
    side = _SIDES.get(value) if isinstance(value, str) else None
    if side is None:
        raise InvalidDeal(key, code, got=value)
    return side


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InvalidDeal(key, "chelem_announced_type", got=value)
    return value


def _miseres(raw: object) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(n, str) and n.strip() for n in raw):
        raise InvalidDeal("miseres", "miseres_type", got=raw)
    return tuple(n.strip() for n in raw)


def trusted_deal(data: dict[str, Any]) -> DealInput:
    """A deal stored by scorepad (validated when it was written) read back without
    checking it again: statistics over hundreds of games stay fast. Never use it on
    input from outside."""
    points = float(data["points"]) if "points" in data else TOTAL_POINTS - float(
        data["defense_points"])
    pab = data.get("petit_au_bout")
    chelem = data.get("chelem")
    poignees = data.get("poignees")
    return DealInput(
        players=tuple(data["players"]), taker=data["taker"],
        contract=_CONTRACT_OF[data["contract"]], bouts=int(data["bouts"]), points=points,
        partner=data.get("partner"),
        poignees=tuple(Poignee(p["player"], PoigneeSize(p["size"]))
                       for p in poignees) if poignees else (),
        petit_au_bout=_SIDE_OF[pab] if pab else None,
        chelem_announced=bool(data.get("chelem_announced", False)),
        chelem=_SIDE_OF[chelem] if chelem else None,
        miseres=tuple(data.get("miseres") or ()),
        points_entered_as_defense="points" not in data,
    )


def map_players(data: dict[str, Any], to: Callable[[Any], Any]) -> dict[str, Any]:
    """The deal `data` (FORMAT.md §1) with every reference to a player (players, taker,
    partner, poignées, misères) replaced by `to(reference)`, in place: the one place that
    knows where a deal names its players, for storage's codecs, merges, imports and
    copies."""
    data["players"] = list(map(to, data.get("players", ())))
    data["taker"] = to(data["taker"])
    partner = data.get("partner")
    data["partner"] = to(partner) if partner is not None else None
    # Most deals have neither poignée nor misère: a season reads thousands of them.
    poignees = data.get("poignees")
    data["poignees"] = [{**p, "player": to(p["player"])} for p in poignees] if poignees else []
    miseres = data.get("miseres")
    data["miseres"] = list(map(to, miseres)) if miseres else []
    return data


#: the enumerations by their stored value (a dict lookup, not an Enum call per deal)
_CONTRACT_OF = {contract.value: contract for contract in Contract}
_SIDE_OF = {side.value: side for side in Side}
