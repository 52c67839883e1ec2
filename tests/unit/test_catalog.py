"""The one catalog: every key the code uses is in every catalog with its text, no catalog
key is unused, translations fill the French text's placeholders, the .mo files are
compiled, and the extraction finds every key (or stops on one it cannot read)."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from scorepad.domain.catalog_keys import CODES, KeyBuiltAtRunTime, extract
from scripts import catalogs

KEYWORDS = ("t", "nt", "render", "render_count", "word", "nword", "N_", "NP_")


def _keys(source: str) -> list[str]:
    found = extract(io.BytesIO(source.encode()), KEYWORDS, (), {})
    return [message for _, _, message, _ in found]


def test_the_catalogs_hold_every_key_the_code_uses_and_nothing_else() -> None:
    assert catalogs.problems() == []


def test_pybabel_extract_reads_the_same_configuration(tmp_path: Path) -> None:
    out = tmp_path / "scorepad.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), "-q", "extract", "-o", str(out)], cwd=catalogs.ROOT,
                   check=True, capture_output=True)
    with out.open("rb") as fh:
        from_cli = {m.id for m in read_po(fh) if m.id}
    assert from_cli == {m.id for m in catalogs.extract() if m.id}
    assert ("nav.games" in from_cli or ("nav.games", "nav.games") in from_cli)
    assert ("cli.deals", "cli.deals") in from_cli  # a plural entry: its key twice


def test_a_key_written_where_it_is_rendered_is_found_in_both_branches() -> None:
    assert _keys('t("bin.restored", name=n)\n'
                 'word("pdf.finished" if done else "pdf.in_progress", lang)\n'
                 'x = {"a": N_("export.attack")}\n'
                 'render(key, {}, lang)\n') == ["bin.restored", "pdf.finished", "pdf.in_progress",
                                                "export.attack"]


@pytest.mark.parametrize("source", [
    'render("error." + code, {}, lang)',
    't(f"games.{what}")',
    'word("{}.x".format(area), lang)',
    'raise InvalidDeal("points", code_of(x))',
    'raise ServiceError("name", prefix + "_name")',
])
def test_a_key_built_at_run_time_stops_the_extraction_naming_its_line(source: str) -> None:
    with pytest.raises(KeyBuiltAtRunTime, match=r"<source>:2: .* built at run time"):
        _keys("import x\n" + source + "\n")


def test_a_refusal_code_is_found_as_its_area_and_code() -> None:
    source = '''
raise InvalidDeal("points", "points_range", got=1)
raise InvalidPeriod("period", "a" if x else "b")
warnings.append(DealWarning("all_points_no_chelem"))

class GameNotFound(ServiceError):
    code = "game_not_found"

class Moved(ServiceError):
    def __init__(self, number):
        super().__init__("number", "next_deal_moved" if number else None)

class Broken(Refusal):
    area = "database"

    def __init__(self, url):
        super().__init__("db", "open_failed", url=url)

def _check_whole(name, value, low, high, code):
    raise InvalidPile(name, code)

def _player_name(name, field="seats", code="seat_name"):
    raise ServiceError(field, code)

_refuse(exc.code, cause=exc)
'''
    assert _keys(source) == ["error.points_range", "period.a", "period.b",
                             "warning.all_points_no_chelem", "service.game_not_found",
                             "service.next_deal_moved", "database.open_failed",
                             "service.seat_name"]


def test_every_refusal_says_its_words_through_a_key_the_extraction_finds() -> None:
    import scorepad.domain.period
    import scorepad.exports.importer
    import scorepad.services
    import scorepad.storage.database
    import scorepad.web.api.common
    from scorepad.domain.errors import Refusal
    from scorepad.domain.language import keys

    def subclasses(cls: type) -> list[type]:
        return [cls, *(s for sub in cls.__subclasses__() for s in subclasses(sub))]

    assert scorepad.domain.period and scorepad.exports and scorepad.services
    assert scorepad.storage.database and scorepad.web.api.common
    held = set(keys("fr"))
    # Built with their code by a helper in CODES, or with their one code in __init__.
    built_otherwise = {"ImportRefused": "_refuse", "DatabaseError": "DatabaseError.__init__"}
    for cls in subclasses(Refusal)[1:]:
        name = cls.__name__
        if name in CODES:
            assert cls.area == CODES[name][1], name
        elif isinstance(vars(cls).get("code"), str):
            assert f"{cls.area}.{cls.code}" in held, name
        else:
            assert name in built_otherwise, f"{name}: where do its codes come from?"
    database_error = scorepad.storage.DatabaseError("sqlite:///x", "no disk")
    assert database_error.key in held


def _copy_locales(tmp_path: Path) -> Path:
    target = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALES, target)
    return target


def _edit(po: Path, edit: object) -> None:
    with po.open("rb") as fh:
        catalog = read_po(fh)
    edit(catalog)  # type: ignore[operator]
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True)
    po.write_bytes(out.getvalue())


def test_the_check_names_every_kind_of_problem(tmp_path: Path) -> None:
    locales = _copy_locales(tmp_path)
    english = locales / "en" / "LC_MESSAGES" / "scorepad.po"

    def spoil(catalog: object) -> None:
        catalog.delete("bin.restored")  # type: ignore[attr-defined]
        catalog.add("old.unused", "Gone")  # type: ignore[attr-defined]
        catalog["export.total"].string = ""  # type: ignore[index]
        catalog["cli.token"].string = "Token: {secret}"  # type: ignore[index]

    _edit(english, spoil)
    found = catalogs.problems(locales)
    assert "en: bin.restored is used by the code but missing" in found
    assert "en: old.unused is in the catalog but no code uses it" in found
    assert "en: export.total has no text" in found
    assert "en: cli.token fills ['secret'], the French text ['token']" in found
    assert "en: scorepad.mo is out of date" in found


def test_update_adds_the_new_keys_empty_and_removes_the_unused(tmp_path: Path) -> None:
    locales = _copy_locales(tmp_path)
    english = locales / "en" / "LC_MESSAGES" / "scorepad.po"
    _edit(english, lambda c: (c.delete("bin.restored"), c.add("old.unused", "Gone")))
    catalogs.update([english])
    with english.open("rb") as fh:
        updated = read_po(fh)
    assert updated["bin.restored"].string == ""
    assert "old.unused" not in updated
    assert updated["export.total"].string == "Total"
    assert "#:" not in english.read_text(encoding="utf-8")  # no source lines in a catalog
