"""Every sentence scorepad says to a person, rendered from the gettext catalogs.

Code holds keys and parameters: `render(key, params, lang)` (and `render_count` for a
plural entry, its count's digits grouped, as a `Count`'s) fills a catalog text in; a
`Message` is a key and its parameters not yet rendered (a refusal's reason, a change's
name), rendered in the reader's language when shown. Errors and warnings are codes with
parameters (`Refusal.code`, `DealWarning.code`) whose key is `<area>.<code>`. The texts
are in `locale/<lang>/LC_MESSAGES/scorepad.po`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

from scorepad.domain.language import (
    N_,
    NP_,
    Count,
    day_text,
    de_name,
    fmt_count,
    fmt_list,
    fmt_number,
    fmt_signed,
    is_plural_key,
    language,
    languages,
    nword,
    word,
)

T = TypeVar("T")

__all__ = [
    "CONTRACT_NAMES",
    "NP_",
    "N_",
    "ROLE_NAMES",
    "SIDE_NAMES",
    "SIZE_NAMES",
    "ByLanguage",
    "Count",
    "Message",
    "describe",
    "error_message",
    "fmt_count",
    "fmt_list",
    "fmt_number",
    "fmt_signed",
    "language",
    "languages",
    "render",
    "render_count",
    "render_message",
    "warning_message",
]


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog key and its parameters, rendered in the reader's language when shown
    (`render_message`); a parameter may itself be a Message or a refusal."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


class ByLanguage(Mapping[str, T]):
    """Something read from the catalogs in each language (`X[lang]`, read once a
    language), for the code that looks words up by language; every language with a
    catalog is a key."""

    def __init__(self, read: Callable[[str], T]) -> None:
        self._read = read
        self._read_by: dict[str, T] = {}

    def __getitem__(self, lang: str) -> T:
        lang = language(lang)
        if lang not in self._read_by:
            self._read_by[lang] = self._read(lang)
        return self._read_by[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())


def names(keys: Mapping[str, str]) -> ByLanguage[Mapping[str, str]]:
    """The names of a set of things by code, in each language: `NAMES[lang][code]`."""
    return ByLanguage(lambda lang: {code: word(key, lang) for code, key in keys.items()})


# Names of things as players say them.
CONTRACT_NAMES = names({"prise": N_("contract.prise"), "garde": N_("contract.garde"),
                        "garde_sans": N_("contract.garde_sans"),
                        "garde_contre": N_("contract.garde_contre")})
SIZE_NAMES = names({"simple": N_("size.simple"), "double": N_("size.double"),
                    "triple": N_("size.triple")})
SIDE_NAMES = names({"attack": N_("side.attack"), "defense": N_("side.defense")})
ROLE_NAMES = names({"taker": N_("role.taker"), "partner": N_("role.partner"),
                    "defender": N_("role.defender")})

# The parameter that chooses the plural form of a message that has several.
COUNTED = {
    NP_("error.points_bouts_low"): "bouts",
    NP_("error.points_bouts_high"): "bouts",
    NP_("step.needed"): "bouts",
    NP_("explain.head"): "bouts",
    NP_("explain.needed"): "bouts",
    NP_("error.tournament_all_drawn"): "rounds",
    NP_("error.tournament_deal_limit"): "limit",
    NP_("error.tournament_draw_stale_arrived"): "count",
    NP_("error.tournament_draw_stale_left"): "count",
    NP_("error.tournament_rounds_drawn"): "count",
    NP_("error.tournament_tables_playing"): "count",
}


def _shown(params: Mapping[str, Any], lang: str) -> dict[str, object]:
    """Parameters as words: what was sent (`got`) described, names of things translated,
    numbers and lists written the language's way, nested messages rendered; every name
    also as `de_<key>` (French elision)."""
    shown: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, Message):  # a nested message, in the same language
            shown[key] = render_message(value, lang)
        elif isinstance(value, Exception) and hasattr(value, "text"):  # a refusal
            shown[key] = render_message(value.text(), lang)
        elif key == "got" and not isinstance(value, tuple):  # a tuple: names, as they are
            shown[key] = describe(value, lang)
        elif key == "contract":
            shown[key] = CONTRACT_NAMES[lang].get(str(value), value)
        elif key in ("pab", "chelem", "side"):
            shown[key] = SIDE_NAMES[lang].get(str(getattr(value, "value", value)), value)
        elif key == "size":
            shown[key] = SIZE_NAMES[lang].get(str(getattr(value, "value", value)), value)
        elif isinstance(value, list | tuple):
            shown[key] = fmt_list(value, lang)
        elif isinstance(value, Count):
            shown[key] = fmt_count(value, lang)
        elif isinstance(value, date):  # a day, the language's short way
            shown[key] = day_text(value, lang)
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
    # The count is a count of things: its digits grouped ("9 010 donnes").
    shown = Count(count) if isinstance(count, int) and not isinstance(count, bool) else count
    try:
        return template.format(**_shown({"n": shown, **params}, lang))
    except (KeyError, IndexError, ValueError):  # pragma: no cover - a catalog bug
        return template


def render_message(message: Message, lang: str = "fr") -> str:
    """A Message in the reader's language (its nested messages too)."""
    return render(message.key, message.params, lang)


def error_message(code: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    """The text of the domain's error `code` (key `error.<code>`)."""
    return render_message(Message(f"error.{code}", params), lang)


def warning_message(code: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    """The text of the warning `code` (key `warning.<code>`, RULES.md §5)."""
    return render_message(Message(f"warning.{code}", params), lang)


def describe(value: object, lang: str = "fr") -> str:
    """A short, safe rendering of a bad value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return word("describe.quoted", lang).format(text=value[:40])
    if isinstance(value, int | float):
        return fmt_number(value, lang) if abs(value) < 1e9 else "…"
    if isinstance(value, list):
        return word("describe.list", lang)
    if isinstance(value, dict):
        return word("describe.object", lang)
    return type(value).__name__
