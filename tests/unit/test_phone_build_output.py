"""`scorepad build-phone` never leaves a half-written site: a build stopped midway leaves
the earlier site as it was, and the next build neither refuses the folder nor trips
over what the stopped one left."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.web.phone_site import build


def _a_site(folder: Path, version: str) -> None:
    folder.mkdir(parents=True)
    (folder / "index.html").write_text(version)
    build.Site(folder, version, {"index.html": len(version)}, {}, {"common": []}).write_record()


def test_a_build_stopped_midway_leaves_the_earlier_site_whole_and_the_next_one_goes_through(
        tmp_path: Path) -> None:
    out = tmp_path / "site"
    _a_site(out, "v1")
    build._check_output(out)
    staging = build._staging(out)
    (staging / "index.html").write_text("half of v2")  # then Ctrl+C: nothing moved
    assert build.Site.read(out) is not None and (out / "index.html").read_text() == "v1"

    build._check_output(out)  # the next build
    again = build._staging(out)
    assert list(again.iterdir()) == []  # what the stopped build left is gone
    (again / "index.html").write_text("v2")
    build.Site(again, "v2", {"index.html": 2}, {}, {"common": []}).write_record()
    build._put_in_place(again, out)
    assert (out / "index.html").read_text() == "v2" and build.Site.read(out) is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_folder_holding_other_files_is_refused_before_anything_is_built(
        tmp_path: Path) -> None:
    out = tmp_path / "photos"
    out.mkdir()
    (out / "holidays.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(build.BuildError):
        build.build_site(out, cache=tmp_path / "cache", web_dir=tmp_path / "no-client")
    assert [p.name for p in out.iterdir()] == ["holidays.jpg"]
    assert not (tmp_path / "cache").exists()  # refused at once: nothing fetched


def test_a_second_build_on_the_same_cache_waits_for_the_first(tmp_path: Path) -> None:
    import threading

    events: list[str] = []
    second_waiting = threading.Event()

    def second() -> None:
        second_waiting.set()
        with build.cache_lock(tmp_path / "cache"):
            events.append("second builds")

    with build.cache_lock(tmp_path / "cache"):
        events.append("first builds")
        waiter = threading.Thread(target=second)
        waiter.start()
        second_waiting.wait(5)
        waiter.join(0.3)  # it cannot get in while the first holds the cache
        assert waiter.is_alive()
        events.append("first done")
    waiter.join(5)
    assert events == ["first builds", "first done", "second builds"]


def test_a_module_that_does_not_compile_is_refused_with_its_line_and_the_earlier_site_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without Node.js (or when its compilation fails) the site used to ship the sources
    with a warning, broken ones too, and that site never started on a phone: the build
    now names the file and the line, writes nothing, and the earlier site stays."""
    from scorepad.cli import main

    out = tmp_path / "site"
    _a_site(out, "v1")
    broken = b"def total(rows):\n    return sum(rows\n"
    monkeypatch.setattr(build, "scorepad_files",
                        lambda: iter([("scorepad/__init__.py", b""),
                                      ("scorepad/domain/totals.py", broken)]))
    monkeypatch.setattr(build.packages, "fetch", lambda _cache, log: [])
    monkeypatch.setattr(build.bytecode, "compiled", lambda *_args: None)  # no Node.js
    monkeypatch.setattr(build, "default_cache", lambda: tmp_path / "cache")

    code = main(["build-phone", "--out", str(out)])
    said = capsys.readouterr()
    assert code == 2
    assert "scorepad/domain/totals.py, ligne 2" in said.err
    assert "rien n'est écrit" in said.err and "Traceback" not in said.err
    assert (out / "index.html").read_text() == "v1" and build.Site.read(out) is not None
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("cache")) \
        == ["site"]
