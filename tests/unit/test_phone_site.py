"""The phone site's pieces that decide what a phone downloads and runs first: the
renderer's files precached per browser, the page that starts Python with itself, and
the package files kept."""

from __future__ import annotations

from pathlib import Path

from scorepad.web import client
from scorepad.web.phone_site import build, client_files, packages, page


def test_each_browser_precaches_one_renderer_and_the_common_files_hold_none() -> None:
    names = ["index.html", "python-worker.js", "app.zip", *client_files.renderer_files()]
    lists = build.precache_lists(names)
    renderer_files = set(client_files.renderer_files())
    assert lists["common"][0] == "index.html"
    assert not renderer_files & set(lists["common"])
    assert set(lists) == {"common", "skwasm", "skwasm_heavy", "chromium", "full"}
    assert "main.dart.wasm" in lists["skwasm"] and "main.dart.js" not in lists["skwasm"]
    assert "main.dart.js" in lists["full"] and "canvaskit/canvaskit.wasm" in lists["full"]


def test_the_page_starts_python_itself_and_lets_flutter_pick_its_renderer() -> None:
    html = page.index_html(client.stock_web_dir(), app_archive="app.zip")
    assert f'<script src="{page.EARLY_PYTHON}"></script>' in html
    assert '<script src="python.js"></script>' not in html
    assert 'flet.webRenderer="auto"' in html
    # Flet's settings first, then the script that reads them, then Flutter's loader.
    assert html.index("flet.entrypointBaseUrl") < html.index(page.EARLY_PYTHON) \
        < html.index("flutter_bootstrap.js")
    assert "sw.js?renderer=" in html


def test_the_early_python_script_offers_the_three_functions_the_client_calls() -> None:
    script = page.early_python_js().decode("utf-8")
    for name in ("jsConnect", "jsSend", "jsDisconnect"):
        assert f"globalThis.{name} = async function" in script
    assert "python-worker.js" in script


def test_of_the_collation_tables_only_the_one_the_collator_reads_goes_to_the_phone() -> None:
    import pyuca

    wanted = f"pyuca/allkeys-{pyuca.Collator.UCA_VERSION}.txt"
    assert packages.kept(wanted)
    assert not packages.kept("pyuca/allkeys-5.2.0.txt")
    assert packages.kept("pyuca/collator.py")


def test_the_collation_table_goes_to_the_phone_compiled_where_the_collator_finds_it() -> None:
    import pyuca

    from scorepad import collation

    text = Path(pyuca.__file__).with_name(f"allkeys-{pyuca.Collator.UCA_VERSION}.txt")
    name, data = packages.compiled_collation(text.read_bytes())
    assert name == f"pyuca/allkeys-{pyuca.Collator.UCA_VERSION}.marshal"
    assert data == collation.compile_table(pyuca.Collator())
    # Where the phone's scorepad.collation looks for it: beside pyuca's module.
    assert (Path(pyuca.__file__).parent.parent / name).name == collation.COMPILED.format(
        version=pyuca.Collator.UCA_VERSION)
