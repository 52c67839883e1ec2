"""The tournament bench, small (16 players on 4 tables, 2 rounds of 2 deals): every deal
reaches the standings of every big screen (the app's page, Flet sessions) and its
table's phone (opened by the table's link), the standings end as the tables' totals,
without an error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.integration.bench_helpers import smoke


def _smoke(tmp_path: Path, *extra: str) -> dict[str, Any]:
    return smoke("tournament.py", tmp_path, *extra)


def _check(report: dict[str, Any], servers: int) -> None:
    assert report["errors"] == []
    assert report["tables"] == 4 and report["phones_per_round"] == 4
    assert len(report["screens"]) == servers
    assert report["deals"] == 2 * 4 * 2  # 2 rounds, 4 tables, 2 deals each
    assert report["save_to_screens_ms"]["pairs"] == servers * report["deals"]
    assert report["save_to_phone_ms"]["pairs"] == report["deals"]
    assert report["draw_ms"]["draws"] == 2 * 2
    # Each server has its share of the phones, which came by their table's link, and
    # its big screen, the app's page.
    assert report["screen_kind"].startswith("Flet sessions on /tournaments/")
    assert report["phones_open"].startswith("the table's link")
    assert report["memory"]["sessions"] == [4 // servers + 1] * servers


def test_every_deal_of_a_small_tournament_reaches_the_big_screen_and_its_table(
        tmp_path: Path) -> None:
    _check(_smoke(tmp_path), servers=1)


@pytest.mark.postgres
def test_with_two_servers_every_deal_reaches_both_big_screens(
        tmp_path: Path, postgres_url: str) -> None:
    from tests.conftest import _reset_postgres

    _reset_postgres(postgres_url)
    report = _smoke(tmp_path, "--db", postgres_url)
    _check(report, servers=2)
    assert report["save_to_other_server_screen_ms"]["pairs"] == report["deals"]
