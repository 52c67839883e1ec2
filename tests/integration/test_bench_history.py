"""bench/phone.py compares a phone with years of games with a new one: both must know
the same players, or a screen listing them compares six players with five, not years
with days (the ratios of a player's page and the ranking once did)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from phone import NEW_PHONE, NEW_PHONE_EVENING, TONIGHT
from phone_history import history_backup


def _players(backup: bytes) -> set[str]:
    games = json.loads(backup)["games"]
    return {name for game in games for name in game["seats"]}


def _deals(backup: bytes) -> int:
    return sum(len(game["deals"]) for game in json.loads(backup)["games"])


def test_the_new_phone_knows_the_same_players_as_the_phone_with_years() -> None:
    new = history_backup(NEW_PHONE, current=TONIGHT, per_game=NEW_PHONE_EVENING)
    years = history_backup(600, current=TONIGHT)
    assert _deals(new) == NEW_PHONE
    assert _players(new) == _players(years)
    assert len(_players(new)) == 6
