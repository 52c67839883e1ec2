"""The web client as served: only the fonts the app draws, the icon font cut down to the
icons it uses, no script from elsewhere, heavy files compressed once in the background."""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from scorepad.web import client
from scorepad.web.icon_font import (
    FRAMEWORK_ICONS,
    UnknownIcon,
    code_points,
    glyph_name,
    scorepad_icon_font,
    subset_icon_font,
)
from scorepad.web.precompress import ClientCache, Preparation

WEB = client.stock_web_dir()
UI = Path(__file__).resolve().parents[2] / "scorepad" / "ui"


def _icons_in_ui_by_ast() -> set[str]:
    """Every `<x>.Icons.NAME` attribute in the UI's code, read independently of the
    server's own scan."""
    found: set[str] = set()
    for source in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "Icons"):
                found.add(node.attr)
    return found


@pytest.fixture(scope="module")
def served_icon_font() -> TTFont:
    return TTFont(io.BytesIO(scorepad_icon_font(WEB / client.ICON_FONT)))


def test_the_font_manifest_keeps_the_text_and_icon_fonts_and_drops_katex_and_cupertino(
        ) -> None:
    stock = json.loads((WEB / client.FONT_MANIFEST).read_bytes())
    stock.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})  # Flet's
    served = json.loads(client.font_manifest(json.dumps(stock).encode()))
    assert [f["family"] for f in served] == ["MaterialIcons", "Roboto"]
    assert len(stock) > 10 and "KaTeX" not in json.dumps(served)


def test_the_page_stops_foreign_scripts_before_any_other_script_and_shows_no_logo() -> None:
    served = client.index_html((WEB / "index.html").read_text(encoding="utf-8"))
    head = served[served.index("<head>"):]
    assert head.index("Element.prototype.append") < head.index('src="python.js"')
    assert "loading-animation.png" not in served
    assert "scorepad-spinner" in served


def test_the_page_ends_a_name_on_the_phone_and_the_name_field_is_the_only_multi_line_one(
        ) -> None:
    """The page's NAME_LINES script acts on every multi-line field: the name field
    (NameEntry) must stay the UI's only one (a `multiline=True` anywhere else would have
    its lines cut at each Enter)."""
    served = client.index_html((WEB / "index.html").read_text(encoding="utf-8"))
    assert client.NAME_LINES in served
    multiline = sorted(
        source.relative_to(UI).as_posix() for source in UI.rglob("*.py")
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.keyword) and node.arg in ("multiline", "shift_enter")
        and isinstance(node.value, ast.Constant) and node.value.value is True)
    assert multiline == ["widgets/text_input.py"]


def test_every_icon_the_ui_names_is_drawn_by_the_served_font(served_icon_font: TTFont) -> None:
    used = _icons_in_ui_by_ast()
    assert {"ADD", "MORE_VERT", "UNDO"} <= used
    stock = TTFont(WEB / client.ICON_FONT)
    wanted = code_points(stock, used | set(FRAMEWORK_ICONS))
    cmap = served_icon_font.getBestCmap()
    missing = {name: hex(cp) for name, cp in wanted.items() if cp not in cmap}
    assert missing == {}
    # Flutter's own code points for a few of them (Icons.add is 0xe047, more_vert 0xe404).
    assert wanted["ADD"] == 0xE047 and wanted["MORE_VERT"] == 0xE404
    glyph = served_icon_font.getGlyphSet()[cmap[0xE047]]
    assert glyph.width > 0


def test_the_served_icon_font_is_a_small_fraction_of_the_stock_one() -> None:
    stock = (WEB / client.ICON_FONT).read_bytes()
    served = scorepad_icon_font(WEB / client.ICON_FONT)
    assert len(served) < len(stock) // 50
    assert TTFont(io.BytesIO(served))["name"].getDebugName(1) == "Material Icons"


def test_the_icon_font_is_the_same_bytes_at_every_build_whatever_the_clock_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A subset made later is the same font: the stock font's date stays in it (a new
    date at each build made every build a new site version for the phones)."""
    from fontTools.misc.timeTools import timestampNow
    from fontTools.ttLib.tables import _h_e_a_d

    stock = (WEB / client.ICON_FONT).read_bytes()
    first = scorepad_icon_font(WEB / client.ICON_FONT)
    later = timestampNow() + 86_400  # the next day, as fontTools' head table reads it
    monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda: later)
    assert scorepad_icon_font(WEB / client.ICON_FONT) == first
    stock_date = TTFont(io.BytesIO(stock))["head"].modified
    assert TTFont(io.BytesIO(first))["head"].modified == stock_date


def test_icon_names_map_to_the_fonts_glyph_names_and_an_unknown_one_is_refused() -> None:
    assert glyph_name("ADD") == "add_baseline"
    assert glyph_name("DELETE_OUTLINE") == "delete_outline_baseline"
    assert glyph_name("LOCK_OUTLINE") == "lock_outline_baseline"
    assert glyph_name("STYLE_OUTLINED") == "style_outlined"
    with pytest.raises(UnknownIcon, match="NO_SUCH_ICON"):
        subset_icon_font((WEB / client.ICON_FONT).read_bytes(), ["NO_SUCH_ICON"])


def test_the_ui_uses_no_cupertino_icon_and_no_math_text() -> None:
    # Their fonts are left out of the manifest: using them would draw empty boxes.
    for source in UI.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "CupertinoIcons" not in text and "ft.Markdown" not in text, source


def _small_web_dir(tmp: Path) -> Path:
    web = tmp / "web"
    for relative in client.PRECOMPRESSED:
        (web / relative).parent.mkdir(parents=True, exist_ok=True)
        (web / relative).write_bytes(b"(module) " * 4000 + relative.encode())
    (web / client.ICON_FONT).parent.mkdir(parents=True)
    (web / client.ICON_FONT).write_bytes((WEB / client.ICON_FONT).read_bytes())
    return web


def test_the_preparation_compresses_every_heavy_file_once_and_keeps_one_version(
        tmp_path: Path) -> None:
    root = tmp_path / "cache" / "web-client"
    web = _small_web_dir(tmp_path)
    (root / "flet-web-0.9-old").mkdir(parents=True)
    place = client.client_place(web)
    (root / f"flet-web-1.0.4-{place}-r3").mkdir()  # this installation's earlier version
    other = f"flet-web-1.0.5-{'0' * 8 if place != '0' * 8 else '1' * 8}-r5"
    (root / other).mkdir()  # another checkout's, on the same account: kept
    (tmp_path / "cache" / "web-assets").mkdir()  # the earlier per-response cache
    cache = ClientCache(root, web)
    preparation = Preparation(cache)
    assert preparation.start() and preparation.wait()
    assert sorted(p.name for p in root.iterdir()) == sorted([cache.folder.name, other])
    assert not (tmp_path / "cache" / "web-assets").exists()
    for relative in client.PRECOMPRESSED:
        size = (cache.web_dir / relative).stat().st_size
        for encoding in ("br", "gzip"):
            assert cache.lookup(relative, size, encoding) is not None
    assert TTFont(cache.icon_font_path()).getBestCmap()
    assert Preparation(cache).start() is False  # complete: nothing more to do


def test_a_second_server_does_not_compress_what_the_first_one_is_compressing(
        tmp_path: Path) -> None:
    cache = ClientCache(tmp_path / "web-client", _small_web_dir(tmp_path))
    first = Preparation(cache)
    assert first.start()
    try:
        assert Preparation(cache).start() is False
    finally:
        first.stop()


def test_servers_starting_together_make_one_quick_pass_the_others_wait_for_it(
        tmp_path: Path) -> None:
    import threading

    cache = ClientCache(tmp_path / "web-client", _small_web_dir(tmp_path))
    compressed: list[list[str]] = [[], [], []]
    whole_when_listening: list[bool] = []

    def start(n: int) -> None:
        cache.prepare_quick(log=compressed[n].append)
        whole_when_listening.append(cache.has_quick())  # then it listens

    starting = [threading.Thread(target=start, args=(n,)) for n in range(3)]
    for server in starting:
        server.start()
    for server in starting:
        server.join(60)
    done = sorted(len(files) for files in compressed)
    assert done == [0, 0, 2 * len(client.PRECOMPRESSED)], compressed  # one pass, br + gz
    assert whole_when_listening == [True, True, True]


def test_an_icon_added_to_the_ui_gets_a_new_subset_not_a_stale_cached_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import scorepad.web.icon_font as icon_font

    cache = ClientCache(tmp_path / "web-client", _small_web_dir(tmp_path))
    before = cache.icon_font_path()
    monkeypatch.setattr(icon_font, "ui_icons", lambda: {"ADD", "REMOVE"})
    assert cache.icon_font_path() != before
    assert cache.icon_font_path().parent == before.parent
