"""Shared fixtures: a real database per test (a SQLite file, and PostgreSQL when
SCOREPAD_TEST_POSTGRES_URL names a throwaway server)."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# The stacks of a test that hangs, in the run's summary (its hooks, registered here).
from tests.hangs import (  # noqa: F401
    pytest_configure,
    pytest_runtest_protocol,
    pytest_terminal_summary,
)

# No deadline for a Hypothesis example: a deadline is a timing assertion, and on a loaded
# machine (three test workers, browsers) an example's first call, cold, took 312 ms
# against Hypothesis's default 200 ms. Speed is measured by bench/, never by tests.
settings.register_profile("scorepad", deadline=None)
settings.load_profile("scorepad")

POSTGRES_URL = os.environ.get("SCOREPAD_TEST_POSTGRES_URL")
ROOT = Path(__file__).resolve().parents[1]

#: What the fast loop (`pytest -m "not e2e and not slow"`) leaves out besides the browser
#: tests: the benchmarks' smoke runs, the API fuzzing, the Hypothesis suites and the real
#: servers that take seconds, anything else measured over about 5 s. A path marks every
#: test of the file, "path::name" one test (tests/unit/test_suite_shape.py checks them).
SLOW = (
    "tests/e2e/test_tournament.py",
    "tests/integration/test_club_night_smoke.py",
    "tests/integration/test_live_load_bench.py",
    "tests/integration/test_postgres_serve.py"
    "::test_serve_on_postgresql_answers_health_and_export_downloads",
    "tests/integration/test_postgres_test_server.py",
    "tests/integration/test_pseudo_locale.py"
    "::test_the_downloads_and_the_server_s_refusals_come_from_the_catalogs",
    "tests/integration/test_serve_start.py",
    "tests/integration/test_sheet_cache.py::test_the_cached_sheet_is_the_sheet_read_from_scratch",
    "tests/integration/test_stats_stored.py"
    "::test_whatever_changed_between_two_starts_a_start_reads_what_nothing_stored_reads",
    "tests/integration/test_storage_durability.py"
    "::test_every_acknowledged_deal_survives_a_sigkill_mid_stream",
    "tests/integration/test_tournament_bench_smoke.py",
    "tests/security/test_api_fuzz.py",
    "tests/security/test_connections.py::test_silent_half_sent_and_slow_requests_are_closed",
    "tests/security/test_connections.py::test_the_server_raises_its_open_files_limit_to_the_hard_one",
    "tests/security/test_cross_site.py"
    "::test_no_answer_grants_every_origin_and_every_answer_forbids_sniffing",
    "tests/security/test_heavy_work.py"
    "::test_many_phones_exporting_one_pdf_do_not_keep_the_games_list_waiting",
    "tests/unit/test_catalog.py::test_pybabel_extract_reads_the_same_configuration",
    "tests/unit/test_hangs.py",
    "tests/unit/test_importer.py"
    "::test_a_randomly_corrupted_export_is_refused_or_imported_never_crashes",
    "tests/unit/test_importer.py::test_any_json_value_is_refused_cleanly",
    "tests/unit/test_period_and_soiree.py::test_soiree_totals_are_the_sum_of_its_games_totals",
    "tests/unit/test_scoring_properties.py",
    "tests/unit/test_sync_merge.py"
    "::test_any_interleaving_keeps_every_change_once_and_both_sides_agree",
    "tests/unit/test_screenshots.py::test_each_picture_shows_its_screen_s_title",
    "tests/unit/test_web_client.py"
    "::test_the_preparation_compresses_every_heavy_file_once_and_keeps_one_version",
)


#: The files whose tests take longest (--durations=0 of a full run: phone-site starts,
#: builds, club nights at protocol level), first of their group, longest first: the run
#: ends when its last test does, and short tests then fill the workers' gaps instead of a
#: long one starting last on a worker while the others have nothing left to do.
LONGEST_FIRST = (
    "tests/integration/test_phone_build.py",
    "tests/integration/test_club_night_smoke.py",
    "tests/integration/test_tournament_bench_smoke.py",
    "tests/security/test_api_fuzz.py",
    "tests/e2e/test_phone_alone.py",
    "tests/e2e/test_phone_tabs.py",
    "tests/e2e/test_phone_store.py",
    "tests/e2e/test_wifi.py",
    "tests/e2e/test_tournament_club.py",
    "tests/e2e/test_typing.py",
    "tests/e2e/test_pseudo_locale.py",
    "tests/e2e/test_thumb_typing.py",
    "tests/e2e/test_tournament.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks by place, so that no test can forget its marker: every test under tests/e2e
    is `e2e`, every test named in SLOW (or in a file named there) is `slow`.

    The browser tests run last: Playwright's sync API keeps an event loop running in the
    main thread until the session ends, and `asyncio.run()` refuses to start there, so
    the tests that drive an in-process Flet session or the phone's loop must come first
    (they passed alone and failed after the e2e tests). With two workers (pytest-xdist),
    each worker still takes its tests in this order: xdist hands them out from the front
    of this list."""
    browser: list[pytest.Item] = []
    for item in items:
        path = Path(os.path.relpath(item.fspath, ROOT)).as_posix()
        if path.startswith("tests/e2e/"):
            item.add_marker(pytest.mark.e2e)
            browser.append(item)
        name = getattr(item, "originalname", item.name)
        if path in SLOW or f"{path}::{name}" in SLOW:
            item.add_marker(pytest.mark.slow)
    chosen = set(map(id, browser))
    items[:] = _longest_first([i for i in items if id(i) not in chosen]) + \
        _longest_first(browser)


def _longest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """`items` with those of LONGEST_FIRST's files first, in its order (stable)."""
    rank = {path: n for n, path in enumerate(LONGEST_FIRST)}

    def key(item: pytest.Item) -> int:
        path = Path(os.path.relpath(item.fspath, ROOT)).as_posix()
        return rank.get(path, len(rank))

    return sorted(items, key=key)


@pytest.fixture(autouse=True)
def _asyncio_free_of_the_browser(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test outside tests/e2e runs with no event loop marked running in its thread.

    Playwright's sync API (the browser tests' session fixture) keeps its event loop
    marked as running in the worker's main thread until the session ends, and
    `asyncio.run()` refuses to start there. The browser tests run last for that reason
    (pytest_collection_modifyitems), but a worker that crashes (a test past its timeout)
    has its unrun tests handed by pytest-xdist to the others at the end of their lists,
    after their browser tests: each then failed on its `asyncio.run()`, one crash
    becoming dozens of failures. The mark (asyncio's private `_set_running_loop`, no
    public API sets it) is lifted while such a test runs, when Playwright is not called,
    and put back after. tests/unit/test_suite_shape.py fails if an upgrade changes it."""
    import asyncio.events

    running = asyncio.events._get_running_loop()
    path = Path(os.path.relpath(request.node.fspath, ROOT)).as_posix()
    if running is None or path.startswith("tests/e2e/"):
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)


def _reset_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A database of this test run's own on the throwaway server, so that two runs
    (or two developers) sharing the server never reset each other's tables."""
    if not POSTGRES_URL:
        pytest.skip("SCOREPAD_TEST_POSTGRES_URL is not set")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"scorepad_test_{os.getpid()}"
    admin = create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    yield url
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database (the storage suites run once per backend)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'scorepad.db'}"
    url: str = request.getfixturevalue("postgres_url")
    _reset_postgres(url)
    return url


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file brought to the latest schema once a run: every test's SQLite database
    starts as a copy of it (migrating a new file takes a second on a busy machine)."""
    import sqlite3

    from scorepad.storage import open_database

    path = tmp_path_factory.mktemp("migrated") / "scorepad.db"
    open_database(f"sqlite:///{path}").dispose()
    with contextlib.closing(sqlite3.connect(path)) as conn:  # everything in the file
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture
def database(db_url: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """The test's database, opened (and migrated) as an entry point opens it."""
    from scorepad.storage import open_database

    if db_url.startswith("sqlite:///"):
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"),
                        db_url.removeprefix("sqlite:///"))
    db = open_database(db_url)
    yield db
    db.dispose()


@pytest.fixture
def uow(database: object) -> Callable[[], object]:
    """The unit-of-work factory the entry points hand to the services."""
    return database.uow  # type: ignore[attr-defined, no-any-return]
