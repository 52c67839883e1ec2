"""A whole game as the JSON document of FORMAT.md §5 (UTF-8, stable key order)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from scorepad.domain import DealKind, DealRecord, GameRecord

FORMAT_NAME = "scorepad-game"
FORMAT_VERSION = 1


def iso_datetime(value: datetime) -> str:
    """ISO 8601 with its offset, to the second; a naive time is taken as UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat(timespec="seconds")


def game_to_dict(game: GameRecord) -> dict[str, Any]:
    """FORMAT.md §5, plus the optional keys `first_dealer` and `status` so that a game
    with no deal yet keeps its rotation and state through an export and an import, and
    `updated_at` (when known) so that an imported game keeps the day it was played, and
    `uid` with each deal's `uid`, `change` and `parents` (when known) so that the game
    is the same game in every home it is restored in (scorepad.domain.sync)."""
    seats = game.seats
    moments = {"created_at": iso_datetime(game.created_at)}
    if game.updated_at is not None:
        moments["updated_at"] = iso_datetime(game.updated_at)
    identity = {"uid": game.uid} if game.uid is not None else {}
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        **identity,
        "name": game.name,
        **moments,
        "status": game.status.value,
        "seats": list(seats),
        "deal_size": game.deal_size,
        "first_dealer": seats[game.table.first_dealer],
        "rules": game.rules.to_dict(),
        "deals": [_deal_to_dict(deal, seats) for deal in game.deals],
        "totals": game.totals(),
    }


def _deal_to_dict(deal: DealRecord, seats: tuple[str, ...]) -> dict[str, Any]:
    # Scores in seat order (then any other name), whatever order they were stored in,
    # so that the same game always gives the same bytes.
    order = {name: i for i, name in enumerate(seats)}
    scores = dict(sorted(deal.scores.items(), key=lambda item: order.get(item[0], len(order))))
    identity: dict[str, Any] = {}
    if deal.uid is not None:
        identity["uid"] = deal.uid
    if deal.change is not None:
        identity.update(change=deal.change, parents=list(deal.parents))
    return {
        **identity,
        "number": deal.number,
        "dealer": deal.dealer,
        "sitting_out": list(deal.sitting_out),
        "kind": deal.kind.value,
        "input": (
            deal.input.to_dict()
            if deal.kind is DealKind.PLAYED and deal.input is not None
            else None
        ),
        "scores": scores,
    }


def render_json(game: GameRecord) -> bytes:
    """The game export, indented, UTF-8 without escaping accented names."""
    text = json.dumps(game_to_dict(game), ensure_ascii=False, indent=2)
    return (text + "\n").encode("utf-8")
