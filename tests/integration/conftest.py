"""Fixtures of the integration tests: a client of the JSON API on the test's database."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.integration.api_helpers import api_app


@pytest.fixture
def client(database: Any) -> Iterator[TestClient]:
    with TestClient(api_app(database)) as test_client:
        yield test_client
