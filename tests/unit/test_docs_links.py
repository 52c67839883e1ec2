"""A fresh clone is complete: every relative link of README.md and docs/*.md points to a
file of the repository (and to a heading that exists, when it names one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_SOURCE = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def _links(text: str) -> list[str]:
    text = FENCE.sub("", text)  # code blocks hold examples, not links
    return LINK.findall(text) + HTML_SOURCE.findall(text)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_slug(m) for m in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", text, re.MULTILINE)}


def test_the_docs_exist() -> None:
    assert (ROOT / "docs" / "RULES.md").is_file()
    assert (ROOT / "docs" / "FORMAT.md").is_file()


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves_inside_the_repository(document: Path) -> None:
    broken = []
    for target in _links(document.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # http:, https:, mailto:: not a file of the repository
        path_part, _, anchor = target.partition("#")
        resolved = (document.parent / path_part).resolve() if path_part else document
        missing = not resolved.is_relative_to(ROOT) or not resolved.is_file()
        if missing or (anchor and resolved.suffix == ".md"
                       and anchor not in _anchors(resolved)):
            broken.append(target)
    assert broken == [], f"{document.name}: {broken}"


def test_the_checker_sees_a_broken_link() -> None:
    assert _links("see [x](../shared/RULES.md) and <img src=\"a.png\">") == [
        "../shared/RULES.md", "a.png"]
    assert _slug("2. The amount S each defender pays") == "2-the-amount-s-each-defender-pays"


def test_the_readme_gets_a_table_started_in_under_250_lines() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 250, "README.md: move reference text to docs/"
    # The two set-up commands, each in a block of its own.
    blocks = re.findall(r"^```sh\n(.*?)^```", readme, re.MULTILINE | re.DOTALL)
    assert any("pip install -e ." in b and "scorepad" in b for b in blocks)
    assert "bash scripts/test\n" in blocks


def test_every_page_of_docs_is_reachable_from_the_readme() -> None:
    readme_links = {t.partition("#")[0] for t in _links((ROOT / "README.md").read_text())}
    pages = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert pages - readme_links == set(), "a page of docs/ nobody can find from the README"


def test_the_ci_runs_the_readmes_test_command() -> None:
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
