"""Schemathesis fuzzes the JSON API from its own OpenAPI schema (`/api/openapi.json`):
whatever it sends, no answer is a 5xx and every answer is one the schema describes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.integration.api_helpers import server_app
from tests.security.conftest import FOUR, GARDE

EXAMPLES = {"positive": 20, "negative": 10}  # per operation


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from scorepad import services
    from scorepad.storage import open_database

    tmp: Path = tmp_path_factory.mktemp("fuzz")
    database = open_database(f"sqlite:///{tmp / 'fuzz.db'}")
    for name in ("Un", "Deux"):
        gid = services.create_game(database.uow(), name=name, seats=FOUR, deal_size=4)
        services.record_deal(database.uow(), gid, GARDE)
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", server_app(database))
    # The change stream never ends by design: it is tested on its own elsewhere.
    yield schema.exclude(path_regex=r"/events$")
    database.dispose()


@pytest.mark.parametrize("mode", ["positive", "negative"])
def test_no_request_makes_the_api_fail_or_answer_outside_its_schema(api_schema: Any,
                                                                   mode: str) -> None:
    """Valid requests (as the schema describes them) and invalid ones alike."""
    generation = GenerationMode.POSITIVE if mode == "positive" else GenerationMode.NEGATIVE
    checks = [not_a_server_error, status_code_conformance, content_type_conformance]
    if generation is GenerationMode.POSITIVE:
        checks.append(response_schema_conformance)
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:

        @given(case=operation.as_strategy(generation))
        @settings(max_examples=EXAMPLES[mode], deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def fuzz(case: Any) -> None:
            case.call_and_validate(checks=checks)

        try:
            fuzz()
        except Unsatisfiable:
            # Nothing to make invalid (no parameters, or only free text): nothing to test.
            assert generation is GenerationMode.NEGATIVE


def test_the_api_describes_itself_at_a_stable_address(api_schema: Any) -> None:
    paths = set(api_schema.raw_schema["paths"])
    assert {"/api/games", "/api/games/{game_id}/deals", "/api/games/{game_id}/code",
            "/export/games/{game_id}.{fmt}"} <= paths
    deals = api_schema.raw_schema["paths"]["/api/games/{game_id}/deals"]["post"]
    assert "taker" in _resolved(api_schema.raw_schema, deals["requestBody"]["content"][
        "application/json"]["schema"])["properties"]


def _resolved(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """`schema`, or the component its `$ref` names (FastAPI names each model once)."""
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema
