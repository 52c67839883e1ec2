"""The test suite stays easy to find one's way in: no two tests share a name, the shared
seatings are defined once (tests/factories.py), and the slow tests the conftest marks exist."""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _test_files() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def test_no_two_tests_anywhere_in_tests_share_a_name() -> None:
    places: dict[str, list[str]] = defaultdict(list)
    for path in _test_files():
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and \
                    node.name.startswith("test"):
                places[node.name].append(f"{path.relative_to(TESTS)}:{node.lineno}")
    shared = {name: where for name, where in places.items() if len(where) > 1}
    assert not shared, shared


def test_the_shared_seatings_are_defined_only_in_the_factories() -> None:
    defined = []
    for path in _test_files():
        if path.name == "factories.py":
            continue
        for node in _tree(path).body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            defined += [f"{path.relative_to(TESTS)}:{node.lineno}" for t in targets
                        if isinstance(t, ast.Name) and t.id in ("FOUR", "FIVE")]
    assert not defined, "import FOUR and FIVE from tests.factories: " + ", ".join(defined)


def test_every_slow_test_named_by_the_conftest_exists() -> None:
    from tests.conftest import ROOT, SLOW

    for entry in SLOW:
        path, _, name = entry.partition("::")
        assert (ROOT / path).is_file(), entry
        if name:
            functions = {node.name for node in ast.walk(_tree((ROOT / path).resolve()))
                         if isinstance(node, ast.FunctionDef)}
            assert name in functions, entry


def test_every_file_the_conftest_runs_first_exists_and_runs_before_the_rest_of_its_group(
) -> None:
    from tests.conftest import LONGEST_FIRST, ROOT, _longest_first

    for path in LONGEST_FIRST:
        assert (ROOT / path).is_file(), path

    class Item:
        def __init__(self, path: str) -> None:
            self.fspath = str(ROOT / path)

    listed = [Item("tests/e2e/test_sheet.py"), Item(LONGEST_FIRST[5]),
              Item("tests/e2e/test_typing.py"), Item(LONGEST_FIRST[4])]
    ordered = _longest_first(listed)  # type: ignore[arg-type]
    assert [i.fspath for i in ordered] == [str(ROOT / p) for p in (
        LONGEST_FIRST[4], LONGEST_FIRST[5], "tests/e2e/test_typing.py",
        "tests/e2e/test_sheet.py")]


def test_a_test_run_after_the_browser_s_session_started_can_still_run_asyncio() -> None:
    import asyncio

    from playwright.sync_api import sync_playwright

    from tests.conftest import _asyncio_free_of_the_browser

    class Request:  # what the fixture reads of a test outside tests/e2e
        class node:
            fspath = __file__

    async def answer() -> int:
        return 42

    with sync_playwright():  # as the browser tests' session fixture holds it
        refused = answer()
        try:
            asyncio.run(refused)
        except RuntimeError:
            refused.close()  # what a crashed worker's test met after the browser tests
        else:
            raise AssertionError("Playwright no longer marks its loop running: the guard "
                                 "in tests/conftest.py can go")
        guard = _asyncio_free_of_the_browser.__wrapped__(Request())  # type: ignore[attr-defined]
        next(guard)
        try:
            assert asyncio.run(answer()) == 42
        finally:
            next(guard, None)
