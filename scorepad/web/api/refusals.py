"""FastAPI's validation errors as the API's own refusals: FORMAT.md §3 naming the field,
in words from the catalog that say what is allowed (never FastAPI's 422 body)."""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from scorepad.domain.errors import Refusal
from scorepad.domain.messages import N_, render
from scorepad.domain.messages import describe as described
from scorepad.services import ServiceError
from scorepad.web.api.common import BadRequest, describe
from scorepad.web.api.params import NotAWholeNumber, clip

#: where a parameter comes from, in the order a refusal names them
_PLACES = ("path", "query", "header", "cookie", "body")

#: pydantic's error types, by the catalog's word for what is allowed
_EXPECTED = {
    N_("api.expect_text"): ("string_type", "string_unicode", "bytes_type"),
    N_("api.expect_integer"): ("int_type", "int_parsing", "int_from_float", "int_parsing_size"),
    N_("api.expect_number"): ("float_type", "float_parsing", "finite_number", "decimal_type",
                          "decimal_parsing"),
    N_("api.expect_boolean"): ("bool_type", "bool_parsing"),
    N_("api.expect_list"): ("list_type", "tuple_type", "set_type", "frozen_set_type",
                        "iterable_type"),
    N_("api.expect_object"): ("dict_type", "model_type", "model_attributes_type",
                          "dataclass_type"),
}
_WORD = {kind: key for key, kinds in _EXPECTED.items() for kind in kinds}
#: pydantic's error types that carry a bound, with the word and the bound's name
_BOUNDS = {
    "greater_than_equal": (N_("api.expect_at_least"), "ge"),
    "greater_than": (N_("api.expect_more_than"), "gt"),
    "less_than_equal": (N_("api.expect_at_most"), "le"),
    "less_than": (N_("api.expect_less_than"), "lt"),
    "multiple_of": (N_("api.expect_multiple"), "multiple_of"),
    "string_too_short": (N_("api.expect_text_min"), "min_length"),
    "string_too_long": (N_("api.expect_text_max"), "max_length"),
    "too_short": (N_("api.expect_items_min"), "min_length"),
    "too_long": (N_("api.expect_items_max"), "max_length"),
    "string_pattern_mismatch": (N_("api.expect_pattern"), "pattern"),
}


def refusal_of(errors: Sequence[Mapping[str, Any]], body: type[BaseModel] | None,
               lang: str) -> Refusal:
    """The refusal a person should read first among FastAPI's `errors` (a path before a
    query, a header then the body; in a body an unknown key first, as `check_keys`);
    `body` is the route's body model (its keys are the allowed ones)."""
    def order(error: Mapping[str, Any]) -> tuple[int, int]:
        place = str(error["loc"][0]) if error["loc"] else "body"
        rank = _PLACES.index(place) if place in _PLACES else len(_PLACES)
        return rank, 0 if error["type"] == "extra_forbidden" else 1

    error = min(errors, key=order)
    place, *path = [*error["loc"]] or ["body"]
    if place == "body" and not path:
        got = "null" if error["type"] == "missing" else describe(error.get("input"))
        return BadRequest("body", "body", sent=got)
    name = ".".join(str(p) for p in path)
    if place == "path":
        name = name.removesuffix("_id")  # /games/{game_id}: "game" is what is wrong
    field = str(path[0]).removesuffix("_id") if place == "path" else str(path[0])
    kind, ctx = error["type"], error.get("ctx") or {}
    if isinstance(ctx.get("error"), NotAWholeNumber):
        return BadRequest(field, "number", name=clip(name), sent=ctx["error"].sent)
    if place == "body" and kind in ("extra_forbidden", "missing"):
        key = str(path[-1])[:40]
        allowed = ", ".join(_keys(body, path[:-1]))
        return ServiceError(field[:40], "unknown_key" if kind == "extra_forbidden"
                            else "missing_key", key=key, allowed=allowed)
    if kind == "missing":
        return BadRequest(field, "missing", name=clip(name))
    return BadRequest(clip(field), "invalid", name=clip(name),
                      allowed=_allowed(kind, ctx, lang),
                      got=error.get("input"))


def _keys(model: type[BaseModel] | None, path: Sequence[object]) -> list[str]:
    """The keys of the (nested) model at `path` of the body."""
    for step in path:
        if model is None:
            return []
        if isinstance(step, str):  # an index (a list's item) stays on the same model
            info = model.model_fields.get(step)
            model = _model_in(info.annotation) if info is not None else None
    if model is None:
        return []
    return [info.alias or name for name, info in model.model_fields.items()]


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds: itself, or in a list, an optional or a dict's values."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next((m for arg in typing.get_args(annotation)
                 if (m := _model_in(arg)) is not None), None)


def _allowed(kind: str, ctx: Mapping[str, Any], lang: str) -> str:
    """What is allowed, in words, from a pydantic error's type and context."""
    if kind in _WORD:
        return render(_WORD[kind], {}, lang)
    if kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected", ""))
        choices = re.findall(r"'((?:[^'\\]|\\.)*)'", expected) or re.split(
            r", | or ", expected)
        return render("api.expect_choice", {
            "choices": ", ".join(described(c, lang) for c in choices)}, lang)
    if kind in _BOUNDS:
        word, bound = _BOUNDS[kind]
        return render(word, {"limit": ctx.get(bound, "?")}, lang)
    return render("api.expect_valid", {}, lang)
