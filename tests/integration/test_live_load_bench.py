"""The live load bench itself, small: a real server, 8 phones, every phone in sync at the end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_live_load_run_ends_with_every_phone_showing_the_database_sheet(
        tmp_path: Path) -> None:
    report_file = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "live_load.py"), "--deals", "30",
         "--interval", "0", "--api-only", "--timeout", "120", "--json", str(report_file)],
        cwd=ROOT, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(report_file.read_text())
    assert report["deals_in_database"] == 30
    assert report["phones_in_sync_with_database"] == 8
    assert report["propagation_ms"]["never_arrived"] == 0
    # 3 other phones a game saw each change (some after the Wi-Fi drop)
    assert (report["propagation_ms"]["pairs"] + report["wifi_dropout"]["changes_missed"]
            == 3 * report["changes"])
    assert report["writes_without_code_refused_403"] == 0  # first refusal after 50 deals
    assert report["stale_edits_refused_409"] >= 2
