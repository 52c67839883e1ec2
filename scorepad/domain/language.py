"""French and English as the catalogs write them: plural forms, lists, numbers, elision.

The words live in gettext catalogs (`locale/<lang>/LC_MESSAGES/scorepad.po`, compiled to
`.mo` by `scripts/catalogs.py` with Babel), read here with the standard library's
`gettext`, so the domain stays pure Python. The plural rule is the catalog's
`Plural-Forms` (CLDR's, as Babel writes it), the list and decimal patterns are catalog
entries equal to CLDR's (tests compare them with Babel's `format_list` and
`format_decimal`). Elision is French grammar no library offers: `de_name` below.
"""

from __future__ import annotations

import gettext
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

LANGUAGES = ("fr", "en")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "scorepad"
MINUS = "\u2212"  # a true minus sign, in every language (CLDR's "-" is a hyphen)

# Names whose h is aspirated ("de Hugo", no elision). Every other name starting with
# h and a vowel has a mute h and elides ("d'Hervé", "d'Hélène"). The list is short on
# purpose: the names of people at a French card table, as the usual grammars give them.
ASPIRATED_H = frozenset({
    "hans", "harold", "harry", "heidi", "helga", "helmut", "henri", "hilda", "hugo",
    "hugues", "howard",
})


def language(lang: str | None) -> str:
    """A supported language code: French unless English is asked for."""
    return lang if lang in LANGUAGES else "fr"


@cache
def catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of one language (read once)."""
    with (LOCALE_DIR / language(lang) / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as fh:
        return gettext.GNUTranslations(fh)


def keys(lang: str) -> tuple[str, ...]:
    """Every message key of a catalog (for the tests that read them all)."""
    messages: dict[object, str] = catalog(lang)._catalog  # type: ignore[attr-defined]
    found = {k[0] if isinstance(k, tuple) else k for k in messages}
    return tuple(sorted(str(k) for k in found if k))


def is_plural_key(key: str, lang: str) -> bool:
    messages: dict[object, str] = catalog(lang)._catalog  # type: ignore[attr-defined]
    return (key, 0) in messages


@cache
def section(prefix: str, lang: str) -> Mapping[str, str]:
    """The texts of every `prefix.<name>` key of a catalog (plural keys left out), by
    name: the words of one renderer (the PDF sheet, a recap, the command line)."""
    start = prefix + "."
    return MappingProxyType({key.removeprefix(start): word(key, lang) for key in keys(lang)
                             if key.startswith(start) and not is_plural_key(key, lang)})


def word(key: str, lang: str) -> str:
    """The catalog's text for a key (the key itself when missing)."""
    return catalog(language(lang)).gettext(key)


def nword(key: str, count: int | float, lang: str) -> str:
    """The catalog's text for a key in the plural form `count` asks for."""
    lang = language(lang)
    return catalog(lang).ngettext(key, key, _plural_operand(count, lang))


def _plural_operand(count: int | float, lang: str) -> int:
    # gettext's rules take integers. CLDR: a decimal is "one" in French when its integer
    # part is 0 or 1 (1,5 point), always "other" in English (1.5 points).
    if isinstance(count, float) and not count.is_integer():
        return int(abs(count)) if lang == "fr" else 2
    return int(abs(count))


def is_one(count: int | float, lang: str) -> bool:
    """True when `count` takes the singular (French: 0 and 1 bout; English: 1 bout)."""
    lang = language(lang)
    rule = catalog(lang).plural  # type: ignore[attr-defined]
    return bool(rule(_plural_operand(count, lang)) == 0)


def plural(count: int | float, one: str, other: str, lang: str) -> str:
    """`one` or `other` as the language's plural rule says for `count`."""
    return one if is_one(count, lang) else other


def fmt_number(value: object, lang: str = "fr") -> str:
    """A number as a person writes it: 45,5 in French, 45.5 in English, −3 with a true
    minus sign, no trailing ,0, no thousands separator (scores stay one word)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(abs(value)).replace(".", word("number.decimal", lang))
    return MINUS + text if value < 0 else text


def fmt_signed(value: int | float, lang: str = "fr") -> str:
    """+318 / −106 / 0."""
    return "+" + fmt_number(value, lang) if value > 0 else fmt_number(value, lang)


def fmt_list(names: Iterable[str], lang: str = "fr") -> str:
    """"A", "A et B", "A, B et C" (French); "A and B", "A, B, and C" (English): CLDR's
    list patterns, taken from the catalog."""
    items = [str(n) for n in names]
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return word("list.pair", lang).format(*items)
    text = word("list.end", lang).format(items[-2], items[-1])
    for item in reversed(items[1:-2]):
        text = word("list.middle", lang).format(item, text)
    return word("list.start", lang).format(items[0], text)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def elides(name: str) -> bool:
    """Does French write d' (not de) before this name? Vowels (accents ignored: Élodie,
    Œdipe), a mute h before a vowel (Hervé, not Hugo), y before a consonant (Yves,
    not Yann)."""
    plain = _plain(name.strip())
    if not plain or not plain[0].isalpha():
        return False
    first, second = plain[0], plain[1:2]
    if first in "aeiouœæ":
        return True
    if first == "y":
        return bool(second) and second.isalpha() and second not in "aeiouy"
    if first == "h":
        head = plain.split()[0].split("-")[0]
        return bool(second) and second in "aeiouy" and head not in ASPIRATED_H
    return False


def de_name(name: str) -> str:
    """"de Bruno", "d'André", "d'Élodie", "d'Hervé", "de Hugo"."""
    return ("d'" if elides(name) else "de ") + name
