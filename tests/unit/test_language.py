"""French and English done by the book: elision, lists, plurals and numbers agree with
CLDR (through Babel), the catalogs are compiled, and no message says "(s)" or slips
French into English."""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.lists import format_list
from babel.numbers import format_decimal

from scorepad.domain.language import (
    de_name,
    fmt_list,
    fmt_number,
    fmt_signed,
    is_one,
    keys,
    nword,
    plural,
)
from scorepad.domain.messages import COUNTED, render

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["André", "Bruno", "Cécile", "Didier", "Élodie"]

# Words that are French and not tarot terms English players use ("garde", "prise",
# "petit au bout", "chelem", "poignée", "bouts", "chien", "misère", "excuse"); " d'" is
# French elision at a word's start ("scorepad's" is English).
FRENCH_WORDS = (" et ", " de ", " du ", " des ", " le ", " la ", " les ", " pour ", " avec ",
                "donne", "preneur", "partie", "joueur", "défense", "attaque", "appelé",
                "chacun", "somme", "chuté", "reçu", " seul", " sans marque", " d'", " à ")


@pytest.mark.parametrize(("name", "expected"), [
    ("André", "d'André"), ("Élodie", "d'Élodie"), ("Hervé", "d'Hervé"),
    ("Hélène", "d'Hélène"), ("Bruno", "de Bruno"), ("Cécile", "de Cécile"),
    ("Hugo", "de Hugo"), ("Henri", "de Henri"), ("Yves", "d'Yves"), ("Yann", "de Yann"),
    ("Œdipe", "d'Œdipe"), ("Ugo", "d'Ugo"), ("isabelle", "d'isabelle"),
    ("Hervé-Marie", "d'Hervé-Marie"), ("3e table", "de 3e table"), ("", "de "),
])
def test_french_elides_de_before_a_vowel_or_a_mute_h(name: str, expected: str) -> None:
    assert de_name(name) == expected


@pytest.mark.parametrize(("lang", "count"), list(itertools.product(("fr", "en"), range(1, 6))))
def test_lists_of_one_to_five_names_are_cldr_lists(lang: str, count: int) -> None:
    names = NAMES[:count]
    assert fmt_list(names, lang) == format_list(names, locale=lang)


def test_lists_read_naturally() -> None:
    assert fmt_list(NAMES[:4], "fr") == "André, Bruno, Cécile et Didier"
    assert fmt_list(NAMES[:4], "en") == "André, Bruno, Cécile, and Didier"
    assert fmt_list(NAMES[:2], "en") == "André and Bruno"


@pytest.mark.parametrize(("lang", "count", "one"), [
    ("fr", 0, True), ("fr", 1, True), ("fr", 2, False), ("fr", 1.5, True), ("fr", 2.5, False),
    ("en", 0, False), ("en", 1, True), ("en", 2, False), ("en", 1.5, False),
])
def test_plural_rules_are_the_languages(lang: str, count: float, one: bool) -> None:
    assert is_one(count, lang) is one
    assert plural(count, "bout", "bouts", lang) == ("bout" if one else "bouts")


def test_plural_messages_take_the_right_form() -> None:
    assert nword("step.needed", 0, "fr").endswith("{bouts} bout")
    assert nword("step.needed", 2, "fr").endswith("{bouts} bouts")
    assert nword("step.needed", 0, "en").endswith("{bouts} bouts")
    assert nword("step.needed", 1, "en").endswith("{bouts} bout")


@pytest.mark.parametrize("value", [0, 3, 45.5, -45.5, 91, -1740, 0.5, 1234])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_numbers_are_written_as_cldr_with_a_true_minus_sign(value: float, lang: str) -> None:
    expected = format_decimal(value, locale=lang, group_separator=False).replace("-", "−")
    assert fmt_number(value, lang) == expected


def test_signed_numbers() -> None:
    assert fmt_number(45.5, "fr") == "45,5"
    assert fmt_number(45.5, "en") == "45.5"
    assert fmt_signed(-66, "fr") == "−66"
    assert fmt_signed(66, "en") == "+66"
    assert fmt_signed(0, "fr") == "0"


def test_the_compiled_catalogs_match_their_sources() -> None:
    from scripts.catalogs import catalogs, compiled

    sources = catalogs()
    assert {p.parts[-3] for p in sources} == {"fr", "en"}
    for po in sources:
        assert po.with_suffix(".mo").read_bytes() == compiled(po), f"run scripts/catalogs.py: {po}"


def test_both_catalogs_have_the_same_keys() -> None:
    assert keys("fr") == keys("en")


def _samples(template: str, key: str) -> Iterator[dict[str, object]]:
    """Parameters for a template: every counted number at 0, 1 and 2."""
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    for n in (0, 1, 2):
        params: dict[str, object] = {}
        for field in fields:
            name = field.removeprefix("de_")
            if name in ("players", "expected"):
                params[name] = tuple(NAMES[:3])
            elif name in ("name", "player", "taker", "partner", "head", "detail", "reason"):
                params[name] = NAMES[n]
            elif name in ("contract",):
                params[name] = "garde"
            elif name in ("pab", "chelem", "side"):
                params[name] = "attack"
            elif name == "size":
                params[name] = "double"
            elif name in ("outcome", "half", "row", "message", "score", "allowed", "what",
                          "kind", "key", "path", "source", "target"):
                params[name] = "x"
            else:
                params[name] = n
        if key in COUNTED:
            params[COUNTED[key]] = n
        yield params


def _domain_messages(lang: str) -> Iterator[tuple[str, str]]:
    for key in keys(lang):
        for params in _samples(nword(key, 2, lang) + nword(key, 1, lang), key):
            yield key, render(key, params, lang)


def test_no_message_in_either_language_says_s_in_brackets() -> None:
    found = [(k, t) for lang in ("fr", "en")
             for k, t in _domain_messages(lang) if "(s)" in t]
    assert found == []


def test_english_messages_hold_no_french_words() -> None:
    texts = list(_domain_messages("en"))
    found = [(k, t, w) for k, t in texts for w in FRENCH_WORDS if w in f" {t} "]
    assert found == []


def test_a_french_list_in_an_english_error_is_gone() -> None:
    from scorepad.domain import InvalidDeal, parse_deal, score_deal

    data = {"players": NAMES[:4], "taker": "Zoé", "contract": "garde", "bouts": 2,
            "points": 49}
    with pytest.raises(InvalidDeal) as caught:
        parsed, rules = parse_deal(data)
        score_deal(parsed, rules)
    assert caught.value.message("en").endswith("(André, Bruno, Cécile, and Didier).")
    assert caught.value.message("fr").endswith("(André, Bruno, Cécile et Didier).")


def test_the_ui_renders_a_catalog_key_in_the_session_language_with_its_plural() -> None:
    from scorepad.ui.i18n import nt, set_lang, t

    try:
        set_lang("fr")
        assert (nt("cli.deals", 1), nt("cli.deals", 2)) == ("donne", "donnes")
        assert t("contract.garde_sans") == "garde sans"
        set_lang("en")
        assert (nt("cli.deals", 1), nt("cli.deals", 2)) == ("deal", "deals")
    finally:
        set_lang("fr")


@pytest.mark.parametrize(("asked", "expected"), [
    ("fr", "fr"), ("en", "en"), ("en-GB", "en"), ("en_US.UTF-8", "en"), ("EN", "en"),
    ("fr_CA@euro", "fr"), ("fr-FR", "fr"),
])
def test_a_language_asked_for_is_negotiated_to_a_catalog(asked: str, expected: str) -> None:
    from scorepad.domain.language import language, negotiate

    assert negotiate(asked) == expected
    assert language(asked) == expected


@pytest.mark.parametrize("asked", ["de", "zz-ZZ", "C", "POSIX", "", None, 12])
def test_an_unknown_language_falls_back_to_french_and_says_so(
        asked: object, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    from scorepad.domain.language import DEFAULT_LANGUAGE, language, negotiate

    assert DEFAULT_LANGUAGE == "fr"
    with caplog.at_level(logging.DEBUG, logger="scorepad.domain.language"):
        assert negotiate(asked) is None
        assert language(asked) == DEFAULT_LANGUAGE
    said = [r.getMessage() for r in caplog.records]
    assert said == ([f"no catalog for the language {asked!r}: fr instead"] if asked else [])


def test_accept_language_picks_the_best_language_with_a_catalog() -> None:
    from scorepad.domain.language import preferred

    assert preferred("de-DE,de;q=0.9,en;q=0.8,fr;q=0.7") == "en"
    assert preferred("en-GB,en;q=0.9") == "en"
    assert preferred("fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert preferred("en;q=0.1, fr;q=0.5") == "fr"
    assert preferred("de, it;q=0.5") is None
    assert preferred(None) is None


def test_the_languages_are_the_catalogs_present_french_first(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from scorepad.domain import language as lang_module
    from scorepad.domain.messages import CONTRACT_NAMES, render
    from tests.pseudo_locale import install

    assert lang_module.languages() == ("fr", "en")
    for name, value in install(tmp_path, "xx").items():
        monkeypatch.setenv(name, value)
    lang_module.reload_catalogs()
    try:
        assert lang_module.languages() == ("fr", "en", "xx")
        assert lang_module.language("xx-YY") == "xx"
        assert render("cli.token", {"token": "abc"}, "xx") == "⟦Jeton : abc⟧"
        assert CONTRACT_NAMES["xx"]["garde_sans"] == "⟦garde sans⟧"
    finally:
        monkeypatch.delenv("SCOREPAD_EXTRA_LOCALES")
        lang_module.reload_catalogs()
    assert lang_module.languages() == ("fr", "en")


def test_each_language_is_named_in_the_settings_as_babel_names_it() -> None:
    from babel import Locale

    from scorepad.domain.language import languages

    for code in languages():
        own = Locale.parse(code).get_display_name(code)
        assert render("settings.language_name", {}, code) == own[:1].upper() + own[1:]


def test_the_months_are_cldr_s() -> None:
    from babel.dates import get_month_names

    from scorepad.domain.language import month_name

    for lang in ("fr", "en"):
        names = get_month_names("wide", locale=lang)
        assert [month_name(m, lang) for m in range(1, 13)] == [names[m] for m in range(1, 13)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_decimal_takes_the_plural_form_cldr_gives_it(lang: str) -> None:
    from babel import Locale

    rule = Locale.parse(lang).plural_form
    for count in (0.5, 1.5, 2.5):
        assert is_one(count, lang) is (rule(count) == "one")
