"""The package stays readable: every module says what it provides, none grows past ~400
lines, and no function past ~60 lines unless it is a table of data."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorepad"
MAX_MODULE_LINES = 420
MAX_FUNCTION_LINES = 65
# Migrations declare whole tables at once: a table of data, not logic.
DATA_TABLES = {"storage/migrations/versions/0001_initial.py"}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_has_a_docstring_and_stays_short(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    if source.strip():
        assert ast.get_docstring(tree), f"{path.name} needs a one-line module docstring"
    assert len(source.splitlines()) <= MAX_MODULE_LINES, f"{path} is too long: split it"


def test_no_function_is_too_long_to_read() -> None:
    long_ones = []
    for path in _modules():
        rel = str(path.relative_to(PACKAGE))
        if rel in DATA_TABLES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    long_ones.append(f"{rel}:{node.lineno} {node.name} ({length} lines)")
    assert not long_ones, "functions to split:\n" + "\n".join(long_ones)


def test_the_entry_points_are_packages_that_show_the_architecture() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "config.py"]
    for package in ("domain", "services", "storage", "exports", "ui", "web", "cli"):
        assert (PACKAGE / package / "__init__.py").exists()
