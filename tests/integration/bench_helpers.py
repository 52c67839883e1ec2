"""A benchmark's smoke run in a test: the script in a subprocess, its JSON report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def smoke(script: str, tmp_path: Path, *extra: str) -> dict[str, Any]:
    """Runs `bench/<script> --smoke --grace 20 [extra]` and returns its report; the run
    must succeed (exit 0: no error)."""
    report_file = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--smoke", "--grace", "20",
         "--json", str(report_file), *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    report: dict[str, Any] = json.loads(report_file.read_text())
    return report
