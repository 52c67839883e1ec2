"""The JSON API described as OpenAPI (served at `/api/openapi.json`): the routes read raw
bodies (FORMAT.md §1, §3) so their bodies, headers and answers are declared here, good
enough for a client generator or a fuzzer (Schemathesis) to use."""

from __future__ import annotations

from typing import Any

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {
    "type": "object", "required": ["field", "message"],
    "properties": {"field": {"type": "string"}, "message": {"type": "string"}}}}}
SHEET = {"type": "object", "required": ["id", "name", "status", "revision", "protected",
                                        "seats", "deals", "totals", "next"],
         "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
                        "status": {"type": "string"}, "revision": {"type": "integer"},
                        "protected": {"type": "boolean"},
                        "seats": {"type": "array", "items": {"type": "string"}},
                        "deals": {"type": "array", "items": {"type": "object"}},
                        "totals": {"type": "object",
                                   "additionalProperties": {"type": "integer"}},
                        "next": {"type": "object"}}}
GAMES = {"type": "object", "required": ["games"], "properties": {"games": {
    "type": "array", "items": {"type": "object", "required": ["id", "name", "revision"]}}}}
_NAME = {"type": "string", "maxLength": 40}
DEAL = {"type": "object", "properties": {
    "kind": {"type": "string", "enum": ["played", "passed", "petit_sec"]},
    "players": {"type": "array", "items": _NAME, "minItems": 3, "maxItems": 5},
    "taker": _NAME, "partner": {"anyOf": [_NAME, {"type": "null"}]},
    "contract": {"type": "string", "enum": ["prise", "garde", "garde_sans", "garde_contre"]},
    "bouts": {"type": "integer"}, "points": {"type": "number"},
    "poignees": {"type": "array", "items": {"type": "object"}},
    "petit_au_bout": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    "chelem_announced": {"type": "boolean"},
    "chelem": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    "miseres": {"type": "array", "items": _NAME},
    "expected_version": {"type": "integer"}}}
CODE = {"type": "object", "properties": {"code": {
    "anyOf": [{"type": "string", "maxLength": 12}, {"type": "null"}]}}}

_HEADERS = [
    {"name": "X-Table-Code", "in": "header", "required": False, "schema": {"type": "string"}},
    {"name": "X-Author", "in": "header", "required": False, "schema": {"type": "string"}},
]
_LANG = {"name": "lang", "in": "query", "required": False,
         "schema": {"type": "string", "enum": ["fr", "en"]}}
_VERSION = {"name": "expected_version", "in": "query", "required": False,
            "schema": {"type": "string"}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _refusals(*statuses: int) -> dict[str, Any]:
    names = {400: "Invalid request", 403: "Protected: table code missing or wrong",
             404: "Unknown game or deal", 409: "Conflict or finished game",
             413: "Body too large", 429: "Too many wrong codes"}
    return {str(s): _json(ERROR, names[s]) for s in statuses}


def _result(*fields: str, sheet: bool = True) -> dict[str, Any]:
    props: dict[str, Any] = {f: {} for f in fields}
    if sheet:
        props["sheet"] = SHEET
    return {"type": "object", "required": list(props), "properties": props}


# (path, method) -> (request body, extra parameters, success status, success schema)
_OPERATIONS: dict[tuple[str, str], tuple[dict[str, Any] | None, list[dict[str, Any]],
                                         str, dict[str, Any]]] = {
    ("/api/games", "get"): (None, [], "200", GAMES),
    ("/api/games/{game_id}/sheet", "get"): (None, [], "200", SHEET),
    ("/api/games/{game_id}/deals", "post"): (DEAL, _HEADERS, "201", _result("deal_id")),
    ("/api/games/{game_id}/deals/{deal_id}", "put"): (
        DEAL, [*_HEADERS, _VERSION], "200", _result("version")),
    ("/api/games/{game_id}/deals/{deal_id}", "delete"): (
        None, [*_HEADERS, _VERSION], "200", _result()),
    ("/api/games/{game_id}/undo", "post"): (None, _HEADERS, "200", _result("label")),
    ("/api/games/{game_id}/redo", "post"): (None, _HEADERS, "200", _result("label")),
    ("/api/games/{game_id}/code", "put"): (
        CODE, _HEADERS[:1], "200", _result("protected", sheet=False)),
    ("/api/games/{game_id}/access", "get"): (
        None, _HEADERS[:1], "200", _result("protected", "can_edit", sheet=False)),
}


_TEXT = {"content": {"text/plain": {"schema": {"type": "string"}}}}
_DOWNLOAD = {"200": {"description": "The file"},
             "400": {"description": "Bad format, date or number", **_TEXT},
             "404": {"description": "Not found", **_TEXT},
             "503": {"description": "Too many exports at once", **_TEXT}}


def _describe(operation: dict[str, Any], spec: tuple[Any, ...]) -> None:
    body, params, status, result = spec
    known = {p["name"] for p in operation.get("parameters", [])}
    operation.setdefault("parameters", []).extend(
        p for p in [*params, _LANG] if p["name"] not in known)
    if body is not None:
        operation["requestBody"] = {"required": False,
                                    "content": {"application/json": {"schema": body}}}
    responses = {status: _json(result, "Done"),
                 **_refusals(400, 403, 404, 409, 413, 429)}
    operation["responses"] = responses


def describe_api(app: Any) -> None:
    """Completes the schema FastAPI derives from the routes with the bodies and answers
    the raw-body routes cannot declare themselves."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return dict(app.openapi_schema)
        schema: dict[str, Any] = build()
        for path, methods in schema.get("paths", {}).items():
            for method, operation in methods.items():
                spec = _OPERATIONS.get((path, method))
                if spec is not None:
                    _describe(operation, spec)
                elif path.startswith("/api/"):
                    operation.setdefault("responses", {}).update(
                        _refusals(400, 403, 404, 409, 413, 429))
                elif path.startswith("/export/"):
                    operation["responses"] = _DOWNLOAD
        app.openapi_schema = schema
        return schema

    app.openapi = openapi
