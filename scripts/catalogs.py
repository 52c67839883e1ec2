"""Keeps the gettext catalogs (.po, the source) and their compiled .mo files.

    .venv/bin/python scripts/catalogs.py          # writes every .mo next to its .po
    .venv/bin/python scripts/catalogs.py --check  # exit 1 if a .mo is out of date
    .venv/bin/python scripts/catalogs.py add KEY --fr "Texte" --en "Text"
    .venv/bin/python scripts/catalogs.py add KEY --plural --fr "{n} partie|{n} parties" \\
        --en "{n} game|{n} games"

`add` puts a new key in every catalog, in key order, and compiles them (a plural entry
takes the singular and the plural form, separated by "|"; every plural form of a language
beyond the first takes the plural). tests/unit/test_language.py runs the check, so a .po
edited without recompiling fails.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "scorepad" / "domain" / "locale"
WIDTH = 100


def compiled(po_path: Path) -> bytes:
    """The .mo bytes for one .po file (Babel's compiler, deterministic)."""
    with po_path.open("rb") as fh:
        catalog = read_po(fh)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def catalogs() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


def compile_all(check: bool) -> int:
    stale = []
    for po in catalogs():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if mo.exists() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not check:
            mo.write_bytes(data)
            print(f"wrote {mo.relative_to(ROOT)}")
    if check and stale:
        print("out of date: " + ", ".join(str(m.relative_to(ROOT)) for m in stale))
        return 1
    return 0


def write_catalog(po: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=True)
    po.write_bytes(out.getvalue())


def add(key: str, texts: dict[str, str], plural: bool) -> int:
    for po in catalogs():
        lang = po.parent.parent.name
        if lang not in texts:
            print(f"no text given for {lang} (--{lang})")
            return 1
        with po.open("rb") as fh:
            catalog = read_po(fh)
        if key in catalog:
            print(f"{key} is already in {po.relative_to(ROOT)}")
            return 1
        if plural:
            one, _, other = texts[lang].partition("|")
            forms = [one] + [other or one] * (catalog.num_plurals - 1)
            catalog.add((key, key), tuple(forms))
        else:
            catalog.add(key, texts[lang])
        write_catalog(po, catalog)
    return compile_all(check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    sub = parser.add_subparsers(dest="command")
    p_add = sub.add_parser("add", help="add a key to every catalog")
    p_add.add_argument("key")
    p_add.add_argument("--fr", required=True)
    p_add.add_argument("--en", required=True)
    p_add.add_argument("--plural", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "add":
        return add(args.key, {"fr": args.fr, "en": args.en}, args.plural)
    return compile_all(args.check)


if __name__ == "__main__":
    sys.exit(main())
