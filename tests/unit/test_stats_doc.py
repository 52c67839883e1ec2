"""docs/STATS.md says what the app says: it is written from the catalog's definitions
(scripts/stats_doc.py), every figure and award of the app has one in French and English,
and every definition the page shows is a real sentence in both languages."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from scorepad.domain.awards import AwardKind
from scorepad.domain.messages import render
from scorepad.domain.stats_words import FIGURES, SECTIONS, award_figure

ROOT = Path(__file__).resolve().parents[2]


def _script() -> object:
    spec = importlib.util.spec_from_file_location("stats_doc", ROOT / "scripts" / "stats_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_stats_md_is_written_from_the_catalog_and_up_to_date() -> None:
    expected = _script().document()  # type: ignore[attr-defined]
    assert (ROOT / "docs" / "STATS.md").read_text(encoding="utf-8") == expected


def test_every_figure_and_award_is_defined_in_both_languages() -> None:
    sections = {s for s, _ in SECTIONS}
    for figure in FIGURES:
        assert figure.section in sections
        for lang in ("fr", "en"):
            label = render(figure.label, {}, lang)
            how = render(figure.how, dict(figure.params), lang)
            assert label and label != figure.label, (figure.id, lang)
            assert len(how) > 40 and "{" not in how, (figure.id, lang)
    for kind in AwardKind:
        assert award_figure(kind).section == "awards"


def test_an_awards_minimum_is_written_in_its_rule() -> None:
    rule = award_figure(AwardKind.BEST_SUCCESS)
    assert "10 prises" in render(rule.how, dict(rule.params), "fr")
    assert "10 takes" in render(rule.how, dict(rule.params), "en")
