"""The boot screen's English message is blanked in the served client: same length, only
those ten bytes, never twice, nothing touched when the file is not the expected one; the
patched copies are served as static files and compressed in their patched form."""

from __future__ import annotations

import asyncio
import gzip
import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.web import boot_screen, client
from scorepad.web.assets import StaticAssetsMiddleware
from scorepad.web.boot_screen import (
    BLANK,
    STARTUP_MESSAGE,
    StartupMessageNotFound,
    blank_startup_message,
    served_bytes,
)
from scorepad.web.patched import PatchedCopies
from scorepad.web.precompress import ClientCache

WEB = client.stock_web_dir()
JS_OPTIONS = (b'B.ep9={spinner_size:0,startup_message:1}\n'
              b'B.ehE=new A.a3(B.ep9,[30,"Working..."],t.yf)\n')
WASM_IMPORT = b"\x03do\x00\x00\x0aWorking...\x03do\x00\x00\x18Flet Web Multi-View mode"
SMALL = {"main.dart.js": b"var a=1;\n" * 300 + JS_OPTIONS + b'x="WorkingPrecision"\n' * 300,
         "main.dart.wasm": b"\x00asm\x01\x00\x00\x00" + b"\x01" * 3000 + WASM_IMPORT
         + b"\x02" * 3000}


@pytest.fixture(autouse=True)
def _fresh_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boot_screen, "_warned", set())


@pytest.mark.parametrize("relative", boot_screen.PATCHED)
def test_the_stock_file_loses_only_its_boot_message_and_a_second_pass_changes_nothing(
        relative: str) -> None:
    stock = (WEB / relative).read_bytes()
    patched = blank_startup_message(relative, stock)
    assert len(patched) == len(stock)
    changed = _changed(stock, patched)
    at = stock.index(STARTUP_MESSAGE)
    assert changed == list(range(at, at + len(STARTUP_MESSAGE)))
    assert patched[at:at + len(BLANK)] == BLANK
    assert b"WorkingPrecision" in patched  # the other "Working" is not the message
    assert blank_startup_message(relative, patched) == patched


def _changed(a: bytes, b: bytes) -> list[int]:
    """Indexes where two long byte strings differ (compared by blocks, then bytes)."""
    out: list[int] = []
    block = 4096
    for start in range(0, len(a), block):
        if a[start:start + block] != b[start:start + block]:
            out += [i for i in range(start, min(start + block, len(a))) if a[i] != b[i]]
    return out


@given(st.binary(max_size=300), st.binary(max_size=300),
       st.sampled_from(sorted(SMALL)))
def test_the_message_is_found_in_its_context_wherever_it_stands(
        before: bytes, after: bytes, relative: str) -> None:
    context = JS_OPTIONS if relative == "main.dart.js" else WASM_IMPORT
    data = before.replace(b"Working", b"") + context + after.replace(b"Working", b"")
    patched = blank_startup_message(relative, data)
    at = data.index(STARTUP_MESSAGE)
    assert patched == data[:at] + BLANK + data[at + len(BLANK):]


@pytest.mark.parametrize(("relative", "data"), [
    ("main.dart.js", b'x="Working...";y=[30,"Working..."]'),  # not the boot options
    ("main.dart.js", JS_OPTIONS.replace(b"startup_message", b"other_message")),
    ("main.dart.js", JS_OPTIONS + JS_OPTIONS),  # two: which one is it?
    ("main.dart.wasm", b"\x00\x0bWorking...!\x03do\x00"),  # another string
    ("main.dart.wasm", b"\x00\x0aWorking...\x03\x7f\x00"),  # not a string constant
    ("main.dart.wasm", b""),
    ("canvaskit/skwasm.wasm", WASM_IMPORT),  # not a file that carries it
])
def test_the_patch_refuses_a_file_where_the_message_is_not_where_expected(
        relative: str, data: bytes) -> None:
    with pytest.raises(StartupMessageNotFound):
        blank_startup_message(relative, data)


def test_a_file_that_cannot_be_patched_is_served_unchanged_with_one_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    other_release = b'B.x=new A.a3(B.y,[30,"Working..."],t.yf)'
    with caplog.at_level(logging.WARNING, logger=boot_screen.__name__):
        assert served_bytes("main.dart.js", other_release) is other_release
        assert served_bytes("main.dart.js", other_release) is other_release
    assert len(caplog.records) == 1
    assert "main.dart.js" in caplog.records[0].getMessage()
    assert served_bytes("flutter.js", b"Working...") == b"Working..."  # not ours to patch


def _small_web(tmp: Path, files: dict[str, bytes]) -> Path:
    web = tmp / "web"
    for relative, data in files.items():
        (web / relative).parent.mkdir(parents=True, exist_ok=True)
        (web / relative).write_bytes(data)
    return web


def _call(app: Any, path: str, *headers: tuple[bytes, bytes],
          method: str = "GET") -> tuple[dict[str, str], bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"spec_version": "2.4"}, "method": method, "path": path,
             "root_path": "",
             "headers": list(headers), "query_string": b""}
    with ThreadPoolExecutor(max_workers=1) as pool:  # Playwright may own the main loop
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    out = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    out[":status"] = str(sent[0]["status"])
    return out, b"".join(m.get("body", b"") for m in sent[1:])


def _stock_app(calls: list[str]) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        calls.append(scope["path"])
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/octet-stream")]})
        await send({"type": "http.response.body", "body": b"stock", "more_body": False})

    return app


def test_the_patched_copies_are_served_as_static_files(tmp_path: Path) -> None:
    cache = ClientCache(tmp_path / "cache", _small_web(tmp_path, SMALL))
    calls: list[str] = []
    app = StaticAssetsMiddleware(_stock_app(calls), cache=cache)
    for relative, data in SMALL.items():
        headers, body = _call(app, "/" + relative, (b"accept-encoding", b"identity"))
        assert body == blank_startup_message(relative, data)
        assert headers["content-length"] == str(len(data)) and "max-age" in headers[
            "cache-control"]
        assert (cache.patched_folder() / relative).read_bytes() == body
        again, empty = _call(app, "/" + relative, (b"if-none-match", headers["etag"].encode()))
        assert again[":status"] == "304" and empty == b""
        part, piece = _call(app, "/" + relative, (b"range", b"bytes=0-9"))
        assert part[":status"] == "206" and piece == body[:10]
        head, nothing = _call(app, "/" + relative, method="HEAD")
        assert head["content-length"] == str(len(data)) and nothing == b""
    assert calls == []  # the stock files were never asked for
    (cache.patched_folder() / "main.dart.wasm").unlink()  # removed meanwhile: written again
    _headers, body = _call(app, "/main.dart.wasm")
    assert STARTUP_MESSAGE not in body and len(body) == len(SMALL["main.dart.wasm"])


def test_a_client_without_the_message_is_served_as_it_is(tmp_path: Path) -> None:
    cache = ClientCache(tmp_path / "cache", _small_web(tmp_path, {
        "main.dart.js": b"var other_release=1;" * 100}))
    calls: list[str] = []
    app = StaticAssetsMiddleware(_stock_app(calls), cache=cache)
    _headers, body = _call(app, "/main.dart.js")
    assert body == b"stock" and calls == ["/main.dart.js"]
    assert not (cache.patched_folder() / "main.dart.js").exists()


def test_without_a_writable_cache_the_copies_go_to_a_temporary_folder(tmp_path: Path) -> None:
    web = _small_web(tmp_path, SMALL)
    cache = ClientCache(tmp_path / "cache", web)
    cache.folder.mkdir(parents=True)
    cache.patched_folder().write_text("a file where the folder should be")
    copies = PatchedCopies(cache)
    copy = copies.copy_of("main.dart.wasm")
    assert copy is not None and not copy.is_relative_to(cache.folder)
    assert copy.read_bytes() == blank_startup_message("main.dart.wasm", SMALL["main.dart.wasm"])
    assert PatchedCopies(None).copy_of("main.dart.js") is not None  # the installed client


def test_the_precompressed_files_hold_the_patched_bytes(tmp_path: Path) -> None:
    cache = ClientCache(tmp_path / "cache", _small_web(tmp_path, SMALL))
    cache.folder.mkdir(parents=True)
    cache.icon_font_path().parent.mkdir(parents=True)
    cache.icon_font_path().write_bytes(b"already made")
    cache.prepare()
    for relative, data in SMALL.items():
        packed = cache.lookup(relative, len(data), "gzip")
        assert packed is not None
        assert gzip.decompress(packed.read_bytes()) == blank_startup_message(relative, data)
    assert client.TRANSFORM_REVISION != "1"  # caches made before the patch are not reused
