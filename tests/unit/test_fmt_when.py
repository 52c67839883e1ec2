"""The date of a game as the lists show it: in the local time of the phone or server,
not in the UTC the storage keeps."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from scorepad.ui.models.fmt import when


@pytest.fixture
def in_paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_game_saved_at_20_48_utc_shows_21_48_in_paris(in_paris: None) -> None:
    assert when(datetime(2026, 11, 24, 20, 48, tzinfo=UTC)) == "24/11/2026 21:48"


def test_a_game_saved_just_before_midnight_utc_shows_the_next_day_in_paris(
    in_paris: None
) -> None:
    assert when(datetime(2026, 11, 24, 23, 30, tzinfo=UTC)) == "25/11/2026 00:30"
