"""The club-night bench, small (3 games of 5 phones, 20 s): every phone session, speaking
Flet's websocket protocol, shows every deal recorded at its table, without an error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.integration.bench_helpers import smoke


def _smoke(tmp_path: Path, *extra: str) -> dict[str, Any]:
    return smoke("club_night.py", tmp_path, *extra)


def _check(report: dict[str, object]) -> None:
    assert report["errors"] == []
    assert report["sessions"] == 15
    deals = report["deals"]
    assert isinstance(deals, int) and deals >= 3  # at least one deal a table
    # Every phone of each table showed every deal of its table.
    assert report["save_to_phone_ms"]["pairs"] == 5 * deals  # type: ignore[index]


def test_every_phone_session_of_a_small_club_night_shows_every_deal(tmp_path: Path) -> None:
    _check(_smoke(tmp_path))


@pytest.mark.postgres
def test_with_two_server_processes_every_phone_shows_every_deal(
        tmp_path: Path, postgres_url: str) -> None:
    from tests.conftest import _reset_postgres

    _reset_postgres(postgres_url)
    _check(_smoke(tmp_path, "--servers", "2", "--db", postgres_url))
