"""The phone site is reproducible: the same sources build the same files, byte for byte,
so a publication with nothing new gives the phones nothing to download again (the
service worker's version and every precached file stay the same)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorepad.web.phone_site import compressed
from scorepad.web.phone_site.build import Site, build_site, cache_lock, default_cache

pytestmark = pytest.mark.slow


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_builds_of_the_same_sources_are_the_same_site_byte_for_byte(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Fast settings that change no ingredient's nature: no bytecode (two compilations
    # under Node.js, 1,647 files, were compared equal by hand: see docs/phone.md), and
    # brotli at a low level. Each build has its own cache, so that each makes its own
    # icon font and compressed copies; they share only the downloaded wheels.
    monkeypatch.setenv("SCOREPAD_PHONE_NODE", "")
    monkeypatch.setenv("SCOREPAD_PHONE_BROTLI_QUALITY", "1")
    monkeypatch.setattr(compressed, "BROTLI_QUALITY", 1)
    from scorepad.web.phone_site import packages

    with cache_lock(default_cache()):
        wheels = packages.fetch(default_cache() / "wheels")
    sites: list[Site] = []
    for n in (1, 2):
        cache = tmp_path / f"cache-{n}"
        (cache / "wheels").mkdir(parents=True)
        for wheel in wheels:
            shutil.copy2(wheel, cache / "wheels" / wheel.name)
        sites.append(build_site(tmp_path / f"site-{n}", cache=cache))
    first, second = (_files(site.folder) for site in sites)
    assert sites[0].version == sites[1].version
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == []
    # What changes the phone's code is a new version: the archive it runs is named by it.
    assert "app.zip" in first and sites[0].version.encode() in first["sw.js"]
