"""Compiles the gettext catalogs (.po, the source) into the .mo files shipped in the package.

    .venv/bin/python scripts/catalogs.py          # writes every .mo next to its .po
    .venv/bin/python scripts/catalogs.py --check  # exit 1 if a .mo is out of date

tests/unit/test_language.py runs the check, so a .po edited without recompiling fails.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "scorepad" / "domain" / "locale"


def compiled(po_path: Path) -> bytes:
    """The .mo bytes for one .po file (Babel's compiler, deterministic)."""
    with po_path.open("rb") as fh:
        catalog = read_po(fh)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def catalogs() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for po in catalogs():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if mo.exists() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not args.check:
            mo.write_bytes(data)
            print(f"wrote {mo.relative_to(ROOT)}")
    if args.check and stale:
        print("out of date: " + ", ".join(str(m.relative_to(ROOT)) for m in stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
