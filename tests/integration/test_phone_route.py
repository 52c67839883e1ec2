"""`scorepad serve` hands out the phone site at /telephone/: the built files, their
compressed copy when the browser takes one, and a page saying how to build it before."""

from __future__ import annotations

import gzip
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from scorepad.web import phone_route
from scorepad.web.phone_site.build import Site


def _client(folder: Path) -> TestClient:
    app = FastAPI()
    phone_route.add_routes(app, folder)
    return TestClient(app)


def _site(folder: Path) -> None:
    page = b"<!doctype html><title>scorepad</title>" * 50
    (folder / "index.html").write_bytes(page)
    (folder / "index.html.gz").write_bytes(gzip.compress(page))
    (folder / "sw.js").write_bytes(b"// worker")
    Site(folder, "abc", {"index.html": len(page), "sw.js": 9},
         {"index.html": {"gzip": (folder / "index.html.gz").stat().st_size}},
         {"common": ["index.html"]}).write_record()


def test_before_the_site_is_built_the_address_says_how_to_build_it(tmp_path: Path) -> None:
    answer = _client(tmp_path).get("/telephone/")
    assert answer.status_code == 503
    assert "scorepad build-phone" in answer.text
    assert answer.headers["cache-control"] == "no-store"


def test_the_built_site_goes_out_compressed_when_the_browser_takes_it(tmp_path: Path) -> None:
    _site(tmp_path)
    client = _client(tmp_path)
    answer = client.get("/telephone/", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.text.startswith("<!doctype html>")  # decoded by the client
    worker = client.get("/telephone/sw.js", headers={"Accept-Encoding": "identity"})
    assert worker.headers["content-type"].startswith("text/javascript")
    assert "content-encoding" not in worker.headers and worker.text == "// worker"


def test_an_address_outside_the_site_is_not_found_and_the_bare_path_redirects(
        tmp_path: Path) -> None:
    _site(tmp_path)
    client = _client(tmp_path)
    assert client.get("/telephone/../scorepad-phone.json").status_code == 404
    assert client.get("/telephone/scorepad-phone.json").status_code == 404
    moved = client.get("/telephone", follow_redirects=False)
    assert moved.status_code == 308 and moved.headers["location"] == "/telephone/"
