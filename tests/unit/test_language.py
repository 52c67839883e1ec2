"""French and English done by the book: elision, lists, plurals and numbers agree with
CLDR (through Babel), the catalogs are compiled, and no message says "(s)" or slips
French into English."""

from __future__ import annotations

import ast
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
# "petit au bout", "chelem", "poignée", "bouts", "chien", "misère", "excuse").
FRENCH_WORDS = (" et ", " de ", " du ", " des ", " le ", " la ", " les ", " pour ", " avec ",
                "donne", "preneur", "partie", "joueur", "défense", "attaque", "appelé",
                "chacun", "somme", "chuté", "reçu", " seul", " sans marque", "d'", " à ")


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


def _table_messages(lang: str) -> Iterator[tuple[str, str]]:
    from scorepad.cli.data import _TEXT
    from scorepad.exports import csv_export, pdf_export
    from scorepad.exports.import_messages import MESSAGES
    from scorepad.services.errors import _MESSAGES

    tables = [("services", _MESSAGES[lang]), ("import", MESSAGES[lang]),
              ("cli", _TEXT[lang]), ("csv", csv_export._WORDS[lang]),
              ("pdf", pdf_export._WORDS[lang])]
    for name, table in tables:
        for key, value in table.items():
            texts = value.values() if isinstance(value, dict) else (
                value if isinstance(value, tuple) else (value,))
            for text in texts:
                yield f"{name}.{key}", str(text)


def _ui_pairs() -> Iterator[tuple[str, str, str]]:
    """Every tr("français", "English") and ntr(...) of the UI, literal parts only."""
    def literal(node: ast.expr) -> str:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            return "".join(literal(v) if isinstance(v, ast.Constant) else "{}"
                           for v in node.values)
        if isinstance(node, ast.Tuple):
            return " | ".join(literal(e) for e in node.elts)
        return ""

    for path in sorted((ROOT / "scorepad" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("tr", "ntr") and len(node.args) >= 2):
                fr, en = node.args[-2], node.args[-1]
                yield f"{path.name}:{node.lineno}", literal(fr), literal(en)


def test_no_message_in_either_language_says_s_in_brackets() -> None:
    found = [(k, t) for lang in ("fr", "en")
             for k, t in [*_domain_messages(lang), *_table_messages(lang)] if "(s)" in t]
    found += [(k, t) for k, fr, en in _ui_pairs() for t in (fr, en) if "(s)" in t]
    assert found == []


def test_english_messages_hold_no_french_words() -> None:
    texts = [*_domain_messages("en"), *_table_messages("en")]
    texts += [(k, en) for k, _, en in _ui_pairs()]
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
