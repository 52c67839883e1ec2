"""Every sentence the domain says to a person, rendered from the gettext catalogs.

Errors and warnings are keys with parameters (`InvalidDeal.code`, `DealWarning.code`);
`error_message` / `warning_message` turn them into French (default) or English. The
texts are in `locale/<lang>/LC_MESSAGES/scorepad.po`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.domain.language import (
    LANGUAGES,
    de_name,
    fmt_list,
    fmt_number,
    fmt_signed,
    is_plural_key,
    language,
    nword,
    word,
)

__all__ = [
    "CONTRACT_NAMES",
    "LANGUAGES",
    "N_",
    "ROLE_NAMES",
    "SIDE_NAMES",
    "SIZE_NAMES",
    "describe",
    "error_message",
    "fmt_list",
    "fmt_number",
    "fmt_signed",
    "language",
    "render",
    "render_count",
    "warning_message",
]


def _names(prefix: str, codes: tuple[str, ...]) -> dict[str, dict[str, str]]:
    return {lang: {c: word(f"{prefix}.{c}", lang) for c in codes} for lang in LANGUAGES}


# Names of things as players say them.
CONTRACT_NAMES = _names("contract", ("prise", "garde", "garde_sans", "garde_contre"))
SIZE_NAMES = _names("size", ("simple", "double", "triple"))
SIDE_NAMES = _names("side", ("attack", "defense"))
ROLE_NAMES = _names("role", ("taker", "partner", "defender"))

# The parameter that chooses the plural form of a message that has several.
COUNTED = {
    "error.points_bouts_low": "bouts",
    "error.points_bouts_high": "bouts",
    "step.needed": "bouts",
    "explain.head": "bouts",
    "explain.needed": "bouts",
}


def _shown(params: Mapping[str, Any], lang: str) -> dict[str, object]:
    """Parameters as words: values described, names of things translated, numbers and
    lists written the language's way; every name also as `de_<key>` (French elision)."""
    shown: dict[str, object] = {}
    for key, value in params.items():
        if key == "got":
            shown[key] = describe(value, lang)
        elif key == "contract":
            shown[key] = CONTRACT_NAMES[lang].get(str(value), value)
        elif key in ("pab", "chelem", "side"):
            shown[key] = SIDE_NAMES[lang].get(str(getattr(value, "value", value)), value)
        elif key == "size":
            shown[key] = SIZE_NAMES[lang].get(str(getattr(value, "value", value)), value)
        elif isinstance(value, list | tuple):
            shown[key] = fmt_list(value, lang)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            shown[key] = fmt_number(value, lang)
        else:
            shown[key] = value
        if isinstance(value, str):
            shown["de_" + key] = de_name(value)
    return shown


def render(key: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    """The catalog's text for `key` with its parameters filled in."""
    lang = language(lang)
    counted = COUNTED.get(key)
    if counted is not None and is_plural_key(key, lang):
        template = nword(key, params.get(counted, 0), lang)
    else:
        template = word(key, lang)
    try:
        return template.format(**_shown(params, lang))
    except (KeyError, IndexError, ValueError):  # pragma: no cover - a catalog bug
        return template


def render_count(key: str, count: int | float, params: Mapping[str, Any],
                 lang: str = "fr") -> str:
    """The catalog's plural entry `key` in the form `count` asks for (the language's
    plural rule), with its parameters and `{n}`, the count written the language's way."""
    lang = language(lang)
    template = nword(key, count, lang)
    try:
        return template.format(**_shown({"n": count, **params}, lang))
    except (KeyError, IndexError, ValueError):  # pragma: no cover - a catalog bug
        return template


def N_(key: str) -> str:  # gettext's own name for a marker
    """Marks a catalog key that is rendered elsewhere (gettext's `gettext_noop`), so that
    the extraction finds it."""
    return key


def error_message(code: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    key = "error." + code
    text = render(key, params, lang)
    return code if text == key else text


def warning_message(code: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    key = "warning." + code
    text = render(key, params, lang)
    return code if text == key else text


def describe(value: object, lang: str = "fr") -> str:
    """A short, safe rendering of a bad value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value[:40]
        return f"« {text} »" if language(lang) == "fr" else f'"{text}"'
    if isinstance(value, int | float):
        return fmt_number(value, lang) if abs(value) < 1e9 else "…"
    fr = language(lang) == "fr"
    if isinstance(value, list):
        return "une liste" if fr else "a list"
    if isinstance(value, dict):
        return "un objet" if fr else "an object"
    return type(value).__name__
