"""Keeps the gettext catalogs (.po, the source) and their compiled .mo files, with Babel.

    .venv/bin/python scripts/catalogs.py             # compile: every .mo next to its .po
    .venv/bin/python scripts/catalogs.py extract     # the keys the code uses -> build/scorepad.pot
    .venv/bin/python scripts/catalogs.py update      # every .po gets the new keys (empty
                                                     # texts to write) and loses the unused
    .venv/bin/python scripts/catalogs.py check       # exit 1 on any problem (below)
    .venv/bin/python scripts/catalogs.py add KEY --fr "Texte" --en "Text"
    .venv/bin/python scripts/catalogs.py add KEY --plural --fr "{n} partie|{n} parties" \\
        --en "{n} game|{n} games"

A thin layer over Babel's API, reading the configuration `pybabel extract` reads
(`[tool.babel.*]` of pyproject.toml: `pybabel extract` alone writes the same template).

How the keys are found. Code holds catalog keys, never sentences, and every key the code
uses is found by the extraction method `scorepad.domain.catalog_keys:extract`:
- a key written where it is rendered, as the first argument of `t`, `nt`, `render`,
  `render_count`, `word`, `nword` (`nt:1,1`: a plural entry's key is its msgid and its
  msgid_plural) or of the markers `N_` (a key rendered elsewhere, e.g. a table of keys by
  code) and `NP_` (the same for a plural entry), or in both branches of a conditional
  there;
- a refusal's or a warning's code, written where it is raised: the key is
  `<area>.<code>` (`InvalidDeal("points", "points_range")` is `error.points_range`); the
  calls that take a code are listed in `catalog_keys.CODES` with their area;
- a key or a code built at run time ("error." + code, an f-string) stops the extraction
  with its file and line: write the key where it is, or in an `N_()` table.

`check` fails on: a key the code uses that a catalog lacks or leaves empty, a catalog key
no code uses, a plural entry written as a plain one (or the reverse), a translation
whose placeholders are not the French text's, a .mo older than its .po, a key built at
run time. tests/unit/test_catalog.py runs it.

`add` puts a new key in every catalog, in key order, and compiles them (a plural entry
takes the singular and the plural form, separated by "|"; every plural form of a language
beyond the first takes the plural). Adding a language: see docs/development.md ("Languages").
"""

from __future__ import annotations

import argparse
import io
import string
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "scorepad" / "domain" / "locale"
SOURCE_LANGUAGE = "fr"
WIDTH = 100


def compiled(po_path: Path) -> bytes:
    """The .mo bytes for one .po file (Babel's compiler, deterministic)."""
    with po_path.open("rb") as fh:
        catalog = read_po(fh)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def catalogs(locales: Path = LOCALES) -> list[Path]:
    return sorted(locales.glob("*/LC_MESSAGES/*.po"))


def _read(po: Path) -> Catalog:
    with po.open("rb") as fh:
        return read_po(fh)


def compile_all(check: bool) -> int:
    stale = stale_mo()
    if check and stale:
        print("out of date: " + ", ".join(str(m) for m in stale))
        return 1
    for mo in stale:
        mo.write_bytes(compiled(mo.with_suffix(".po")))
        print(f"wrote {mo.relative_to(ROOT) if mo.is_relative_to(ROOT) else mo}")
    return 0


def stale_mo(locales: Path = LOCALES) -> list[Path]:
    """The .mo files that are not their .po compiled."""
    return [po.with_suffix(".mo") for po in catalogs(locales)
            if not po.with_suffix(".mo").exists()
            or po.with_suffix(".mo").read_bytes() != compiled(po)]


def write_catalog(po: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=True, no_location=True,
             ignore_obsolete=True)
    po.write_bytes(out.getvalue())


# -- extraction -----------------------------------------------------------------------


def _config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        babel: dict[str, object] = tomllib.load(fh)["tool"]["babel"]
    return babel


def extract() -> Catalog:
    """The keys the code uses, found as `pybabel extract` finds them (pyproject.toml)."""
    config = _config()
    options: dict[str, object] = config["extract_messages"]  # type: ignore[assignment]
    extractors: dict[str, str] = config.get("extractors", {})  # type: ignore[assignment]
    method_map: list[tuple[str, str]] = []
    options_map: dict[str, dict[str, object]] = {}
    for mapping in config["mappings"]:  # type: ignore[attr-defined]
        entry = dict(mapping)
        method = str(entry.pop("method"))
        patterns = entry.pop("pattern")
        for pattern in [patterns] if isinstance(patterns, str) else patterns:
            method_map.append((pattern, extractors.get(method, method)))
            options_map[pattern] = entry
    keywords = parse_keywords(options["keywords"])  # type: ignore[arg-type]
    template = Catalog(project=str(options.get("project", "scorepad")))
    for path in str(options["input_paths"]).split(","):
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / path.strip(), method_map, options_map, keywords):
            template.add(message, None, [(f"{path.strip()}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def _forms(message: Message) -> tuple[str, ...]:
    text = message.string
    forms = tuple(text) if isinstance(text, list | tuple) else (text,)
    return tuple(form or "" for form in forms)


def placeholders(message: Message) -> set[str]:
    """The parameters a text fills in, over every plural form ({n}, {name}, {day:%d/%m};
    {de_name} is the parameter name written with French elision)."""
    return {field.split(".")[0].split("[")[0].removeprefix("de_") for form in _forms(message)
            for _, field, _, _ in string.Formatter().parse(form) if field is not None}


def problems(locales: Path = LOCALES) -> list[str]:
    """Everything `check` fails on, one line each (`locales`: the catalogs' folder)."""
    try:
        template = extract()
    except ValueError as exc:  # a key built at run time (catalog_keys.KeyBuiltAtRunTime)
        return [str(exc)]
    used = {m.id if isinstance(m.id, str) else m.id[0]: m for m in template if m.id}
    found: list[str] = []
    source = _read(locales / SOURCE_LANGUAGE / "LC_MESSAGES" / "scorepad.po")
    for po in catalogs(locales):
        catalog, lang = _read(po), po.parents[1].name
        held = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for key in sorted(used.keys() - held.keys()):
            found.append(f"{lang}: {key} is used by the code but missing")
        for key in sorted(held.keys() - used.keys()):
            found.append(f"{lang}: {key} is in the catalog but no code uses it")
        for key in sorted(used.keys() & held.keys()):
            message = held[key]
            if used[key].pluralizable != message.pluralizable:
                found.append(f"{lang}: {key} is {'' if message.pluralizable else 'not '}"
                             "a plural entry, unlike its use")
            if not all(_forms(message)):
                found.append(f"{lang}: {key} has no text")
            french = source.get(message.id)
            if all(_forms(message)) and lang != SOURCE_LANGUAGE and french is not None and (
                    placeholders(message) != placeholders(french)):
                found.append(f"{lang}: {key} fills {sorted(placeholders(message))}, the "
                             f"French text {sorted(placeholders(french))}")
    found += [f"{mo.parents[1].name}: {mo.name} is out of date" for mo in stale_mo(locales)]
    return found


def write_template(template: Catalog, out: Path = ROOT / "build" / "scorepad.pot") -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, template, width=WIDTH, sort_output=True)
    out.write_bytes(buffer.getvalue())
    return out


def update(languages: Iterable[Path] | None = None) -> int:
    """Every catalog gets the keys the code uses and loses the others (Babel's
    `Catalog.update`, without fuzzy guesses); new texts are left empty to be written."""
    template = extract()
    for po in languages or catalogs():
        catalog = _read(po)
        created, revised = catalog.creation_date, catalog.revision_date
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.creation_date, catalog.revision_date = created, revised
        empty = [m.id for m in catalog if m.id and not all(_forms(m))]
        write_catalog(po, catalog)
        for key in empty:
            print(f"{po}: {key if isinstance(key, str) else key[0]} needs its text")
    return compile_all(check=False)


def add(key: str, texts: dict[str, str], plural: bool) -> int:
    for po in catalogs():
        lang = po.parent.parent.name
        if lang not in texts:
            print(f"no text given for {lang} (--{lang})")
            return 1
        catalog = _read(po)
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="the same as `check`")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("compile", help="write every .mo (the default)")
    sub.add_parser("extract", help="write the keys the code uses to build/scorepad.pot")
    sub.add_parser("update", help="add the new keys to every .po, remove the unused")
    sub.add_parser("check", help="exit 1 on a missing, unused or stale message")
    p_add = sub.add_parser("add", help="add a key to every catalog")
    p_add.add_argument("key")
    p_add.add_argument("--fr", required=True)
    p_add.add_argument("--en", required=True)
    p_add.add_argument("--plural", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "add":
        return add(args.key, {"fr": args.fr, "en": args.en}, args.plural)
    if args.command == "extract":
        print(f"wrote {write_template(extract()).relative_to(ROOT)}")
        return 0
    if args.command == "update":
        return update()
    if args.command == "check" or args.check:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    return compile_all(check=False)


if __name__ == "__main__":
    sys.exit(main())
