"""Writes docs/STATS.md, how each figure of the statistics is counted, from the catalog's
words (scorepad.domain.stats_words): the definitions are written once, in the catalog, and
the app shows the same words where a person taps a figure.

    .venv/bin/python scripts/stats_doc.py          # write docs/STATS.md
    .venv/bin/python scripts/stats_doc.py --check  # exit 1 when it is not up to date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad.domain.messages import render  # noqa: E402
from scorepad.domain.stats_words import FIGURES, SECTIONS  # noqa: E402

DOCUMENT = ROOT / "docs" / "STATS.md"
INTRO = """\
# Statistics: how each figure is counted

*Les statistiques : comment chaque chiffre est compté.* Every figure of a player's page,
of the statistics screen and of the ranking's awards, in French and in English, as the
app shows it when a figure is tapped. The figures are sums over the deals stored: nothing
is entered twice, and a deal corrected or removed changes them at once. The rules they
count by are in [RULES.md](RULES.md).

This page is written from the app's catalog by `scripts/stats_doc.py`: change the words
there (`scorepad/domain/locale`), then run the script.
"""


def document() -> str:
    parts = [INTRO]
    for number, (section, title) in enumerate(SECTIONS, start=1):
        parts.append(f"## {number}. {render(title, {}, 'fr')} / {render(title, {}, 'en')}\n")
        for figure in (f for f in FIGURES if f.section == section):
            params = dict(figure.params)
            fr, en = (render(figure.label, {}, lang) for lang in ("fr", "en"))
            heading = fr if fr == en else f"{fr} / {en}"
            parts.append(f"### {heading}\n\n{render(figure.how, params, 'fr')}\n\n"
                         f"*{render(figure.how, params, 'en')}*\n")
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = document()
    if args.check:
        if DOCUMENT.read_text(encoding="utf-8") != text:
            sys.stderr.write("docs/STATS.md is not up to date: run scripts/stats_doc.py\n")
            return 1
        return 0
    DOCUMENT.write_text(text, encoding="utf-8")
    print(f"wrote {DOCUMENT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
