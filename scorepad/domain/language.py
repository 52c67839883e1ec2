"""The languages of the catalogs and how they write: plural forms, lists, numbers, elision.

The words live in gettext catalogs (`locale/<lang>/LC_MESSAGES/scorepad.po`, compiled to
`.mo` by `scripts/catalogs.py` with Babel), read here with the standard library's
`gettext`, so the domain stays pure Python. The languages are the catalogs present:
adding one is adding its `.po` (and compiling it). A language asked for is negotiated
("en-GB" and "en_US.UTF-8" are English); anything else is the default, French. The plural
rule is the catalog's `Plural-Forms` (CLDR's, as Babel writes it), the list and decimal
patterns and the digits' group sign are catalog entries equal to CLDR's (tests compare
them with Babel's `format_list` and `format_decimal`). Elision is French grammar no library offers:
`de_name` below.
"""

from __future__ import annotations

import gettext
import logging
import os
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "scorepad"
#: The language of a reader who asks for none, or for one without a catalog.
DEFAULT_LANGUAGE = "fr"
#: A testing aid: folders (separated like PATH) holding extra catalogs,
#: `<folder>/<lang>/LC_MESSAGES/scorepad.mo`, offered as more languages (the
#: pseudo-locale of the tests).
EXTRA_LOCALES_ENV = "SCOREPAD_EXTRA_LOCALES"
MINUS = "\u2212"  # a true minus sign, in every language (CLDR's "-" is a hyphen)
logger = logging.getLogger(__name__)

# Names whose h is aspirated ("de Hugo", no elision). Every other name starting with
# h and a vowel has a mute h and elides ("d'Hervé", "d'Hélène"). The list is short on
# purpose: the names of people at a French card table, as the usual grammars give them.
ASPIRATED_H = frozenset({
    "hans", "harold", "harry", "heidi", "helga", "helmut", "henri", "hilda", "hugo",
    "hugues", "howard",
})


def locale_dirs() -> tuple[Path, ...]:
    """The folders catalogs are read from: the package's own, then the extra ones."""
    extra = os.environ.get(EXTRA_LOCALES_ENV, "")
    return (LOCALE_DIR, *(Path(p) for p in extra.split(os.pathsep) if p))


@cache
def _compiled() -> dict[str, Path]:
    """Every language with a compiled catalog, and where it is (the first folder wins)."""
    found: dict[str, Path] = {}
    for folder in locale_dirs():
        for mo in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
            found.setdefault(mo.parents[1].name, mo)
    return found


def languages() -> tuple[str, ...]:
    """The languages there is a catalog for, the default first."""
    others = sorted(lang for lang in _compiled() if lang != DEFAULT_LANGUAGE)
    return (DEFAULT_LANGUAGE, *others)


def reload_catalogs() -> None:
    """Reads the catalog folders again (a test that installs an extra language)."""
    _compiled.cache_clear()
    catalog.cache_clear()


def negotiate(asked: object) -> str | None:
    """The language with a catalog that a tag or a locale name asks for ("en", "en-GB",
    "EN_us", "en_US.UTF-8"), or None when there is none."""
    if not isinstance(asked, str):
        return None
    if asked in _compiled():
        return asked
    tag = asked.strip().split(".", 1)[0].split("@", 1)[0].replace("_", "-").lower()
    for candidate in (tag, tag.split("-", 1)[0]):
        if candidate in _compiled():
            return candidate
    return None


def language(asked: object) -> str:
    """The language to write in for `asked` (negotiated); the default, French, when it
    names none with a catalog (said in the debug log)."""
    if isinstance(asked, str) and asked in _compiled():
        return asked
    found = negotiate(asked)
    if found is None:
        if asked:
            logger.debug("no catalog for the language %r: %s instead", asked, DEFAULT_LANGUAGE)
        return DEFAULT_LANGUAGE
    return found


def preferred(header: str | None) -> str | None:
    """The first language with a catalog in an Accept-Language header ("en-GB,en;q=0.9,
    fr;q=0.8"), by the weights given; None when it names none."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag and weight > 0:
            weighted.append((-weight, index, tag))
    for _, _, tag in sorted(weighted):
        found = negotiate(tag)
        if found is not None:
            return found
    return None


def asked_language(query: str | None, accept_language: str | None = None) -> str:
    """The language of a web request: its `?lang=`, else its Accept-Language header,
    else the default (an unknown `?lang=` is passed over like a missing one)."""
    return negotiate(query) or preferred(accept_language) or language(None)


@cache
def catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of one language (read once)."""
    with _compiled()[language(lang)].open("rb") as fh:
        return gettext.GNUTranslations(fh)


def keys(lang: str) -> tuple[str, ...]:
    """Every message key of a catalog (for the tests that read them all)."""
    messages: dict[object, str] = catalog(lang)._catalog  # type: ignore[attr-defined]
    found = {k[0] if isinstance(k, tuple) else k for k in messages}
    return tuple(sorted(str(k) for k in found if k))


def is_plural_key(key: str, lang: str) -> bool:
    messages: dict[object, str] = catalog(lang)._catalog  # type: ignore[attr-defined]
    return (key, 0) in messages


def N_(key: str) -> str:  # gettext's own name for a marker
    """Marks a catalog key that is rendered elsewhere (gettext's `gettext_noop`), so that
    the extraction finds it."""
    return key


def NP_(key: str) -> str:
    """Marks a plural entry (its key is also its msgid_plural) rendered elsewhere."""
    return key


#: The months as a date writes them ("29 novembre 2026", "November 2026").
MONTHS = (N_("month.january"), N_("month.february"), N_("month.march"), N_("month.april"),
          N_("month.may"), N_("month.june"), N_("month.july"), N_("month.august"),
          N_("month.september"), N_("month.october"), N_("month.november"),
          N_("month.december"))


def month_name(month: int, lang: str) -> str:
    """The month `month` (1 to 12) as a date writes it."""
    return word(MONTHS[month - 1], lang)


def day_text(day: object, lang: str) -> str:
    """A date the language's short way: 29/11/2026 in French, 2026-11-29 in English."""
    return word("format.day", lang).format(day=day)


def word(key: str, lang: str) -> str:
    """The catalog's text for a key (the key itself when missing)."""
    return catalog(language(lang)).gettext(key)



def words_of(keys: Iterable[str], prefix: str, lang: str) -> dict[str, str]:
    """The texts of the given keys (written in an `N_()` table, so the extraction finds
    them), by their name after `prefix`: the words of one renderer."""
    return {key.removeprefix(prefix): word(key, lang) for key in keys}


def nword(key: str, count: int | float, lang: str) -> str:
    """The catalog's text for a key in the plural form `count` asks for."""
    lang = language(lang)
    return catalog(lang).ngettext(key, key, _plural_operand(count, lang))


def _plural_operand(count: int | float, lang: str) -> int:
    # gettext's rules take integers. CLDR: a decimal takes the form of its integer part in
    # French (1,5 point: catalog entry "integer"), the plural's in English (1.5 points:
    # "other"); a test compares the entry with Babel's plural rules.
    if isinstance(count, float) and not count.is_integer():
        return int(abs(count)) if word("number.decimal_plural", lang) == "integer" else 2
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


class Count(int):
    """A count of things (deals, games) given to a sentence: written with the digits
    grouped the language's way (`fmt_count`), where a score stays one word."""

    __slots__ = ()


def fmt_count(value: int, lang: str = "fr") -> str:
    """A count as a sentence writes it: its digits grouped by three with the language's
    group sign, CLDR's ("9,010" in English; a catalog entry, compared with Babel's
    `format_decimal` by the tests), but for French's narrow no-break space, which the
    phone's font cannot draw (Roboto, offline, has no U+202F): a no-break space
    ("9 010", never cut at the end of a line)."""
    text = f"{abs(int(value)):,}".replace(",", word("number.group", lang))
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
