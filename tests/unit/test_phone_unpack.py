"""The phone's worker unpacks the app archive in JavaScript (unpack_app.js), run here
under Node.js on an archive the builder writes, into a stand-in for Pyodide's file
system: every file, byte for byte, where Python's zipfile puts it."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import zipfile
from importlib import resources
from io import BytesIO
from pathlib import Path

import pytest

from scorepad.web import client
from scorepad.web.phone_site import build, client_files

NODE = shutil.which("node") or shutil.which("nodejs")

RUN = """
globalThis.self = globalThis;
const fs = require("node:fs");
eval(fs.readFileSync(process.argv[1], "utf8"));
const files = {}, folders = [];
const FS = {
  mkdirTree: (path) => folders.push(path),
  writeFile: (path, data, options) => {
    files[path] = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
  },
};
const archive = fs.readFileSync(process.argv[2]);
const buffer = archive.buffer.slice(archive.byteOffset, archive.byteOffset + archive.length);
try {
  const count = self.scorepadUnpack(buffer, "/home/pyodide", FS);
  console.log(JSON.stringify({count, files, folders}));
} catch (error) {
  console.log(JSON.stringify({error: String(error.message)}));
}
"""


def unpack(tmp_path: Path, archive: bytes) -> dict[str, object]:
    if NODE is None:
        pytest.skip("Node.js is missing (apt-get install nodejs)")
    script = resources.files("scorepad.web.phone_site").joinpath("unpack_app.js")
    (tmp_path / "app.zip").write_bytes(archive)
    done = subprocess.run([NODE, "-e", RUN, str(script), str(tmp_path / "app.zip")],
                          capture_output=True, text=True, check=True, timeout=60)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_every_file_of_the_app_archive_lands_where_zipfile_puts_it(tmp_path: Path) -> None:
    files = [("scorepad/__init__.py", b'"""scorepad."""\n'),
             ("scorepad/domain/locale/fr/LC_MESSAGES/scorepad.mo", bytes(range(256)) * 40),
             ("__pypackages__/pyuca/allkeys-é.txt", "ligne Œ\n".encode() * 1000),
             ("__pypackages__/empty.py", b"")]
    archive = build.app_archive(files, b'{"version": "test"}')
    got = unpack(tmp_path, archive)
    with zipfile.ZipFile(BytesIO(archive)) as expected:
        wanted = {f"/home/pyodide/{info.filename}": expected.read(info)
                  for info in expected.infolist()}
    files_written: dict[str, str] = got["files"]  # type: ignore[assignment]
    folders: list[str] = got["folders"]  # type: ignore[assignment]
    written = {path: base64.b64decode(data) for path, data in files_written.items()}
    assert written == wanted
    assert got["count"] == len(wanted)
    for path in wanted:  # each file's folder made before the file
        assert path.rsplit("/", 1)[0] in folders


def test_a_deflated_or_damaged_archive_is_refused_in_words(tmp_path: Path) -> None:
    deflated = BytesIO()
    with zipfile.ZipFile(deflated, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("main.py", b"print('scorepad')\n" * 50)
    assert "stored, not compressed: main.py" in str(unpack(tmp_path, deflated.getvalue())["error"])
    assert "not a zip file" in str(unpack(tmp_path, b"<html>404</html>")["error"])
    outside = BytesIO()
    with zipfile.ZipFile(outside, "w") as archive:
        archive.writestr("../evil.py", b"")
    assert "outside its folder" in str(unpack(tmp_path, outside.getvalue())["error"])


def test_the_worker_unpacks_with_it_and_says_so_when_flet_changes_its_worker() -> None:
    stock = (client.stock_web_dir() / "python-worker.js").read_bytes()
    patched = client_files.worker_unpacking_in_javascript(stock)
    assert b"await response.unpack_archive(format=_archive_format)" not in patched
    assert patched.count(b"scorepadUnpack(await response.js_response.arrayBuffer()") == 1
    assert patched.startswith(b"// scorepad: the app archive unpacked by JavaScript")
    with pytest.raises(ValueError, match="no longer unpacks the app archive once"):
        client_files.worker_unpacking_in_javascript(stock.replace(b"unpack_archive", b"x"))


def test_the_worker_takes_the_archive_its_first_message_asked_for_without_pyodide_http(
) -> None:
    stock = (client.stock_web_dir() / "python-worker.js").read_bytes()
    patched = client_files.worker_fetching_the_archive_early(
        client_files.worker_unpacking_in_javascript(stock))
    assert b"import pyfetch" not in patched and b"await pyfetch(" not in patched
    assert patched.count(b"await _scorepad_js.scorepadArchive(app_package_url)") == 1
    assert patched.count(b"scorepadUnpack(await response.arrayBuffer(), os.getcwd())") == 1
    assert patched.count(b"self.scorepadMarks.pyodide = Date.now();") == 1
    # unpack_app.js, in front, starts the download at the worker's first message.
    assert b'self.addEventListener("message"' in patched.split(b"self.onmessage")[0]
    with pytest.raises(ValueError, match="no longer fetches the app archive"):
        client_files.worker_fetching_the_archive_early(
            stock.replace(b"await pyfetch(app_package_url)", b"await other(app_package_url)"))


EARLY = """
const listeners = [];
globalThis.self = globalThis;
self.addEventListener = (type, listener) => listeners.push(listener);
const asked = [];
const read = [];
globalThis.fetch = async (url) => {
  asked.push(url);
  return {ok: true, status: 200,
          arrayBuffer: async () => { read.push(url); return new ArrayBuffer(url.length); }};
};
const fs = require("node:fs");
eval(fs.readFileSync(process.argv[1], "utf8"));
(async () => {
  listeners.forEach((l) => l({data: {appPackageUrl: "app.zip", args: {}}}));
  listeners.forEach((l) => l({data: new Uint8Array(3)}));  // a later message asks nothing
  const first = await self.scorepadArchive("app.zip");
  const readBeforeAsked = read.length;  // the bytes are on their way before Python asks
  const bytes = (await first.arrayBuffer()).byteLength;
  const twice = (await first.arrayBuffer()).byteLength;  // the same bytes, read once
  const again = await self.scorepadArchive("app.zip");  // a second start fetches anew
  console.log(JSON.stringify({asked, read, readBeforeAsked, ok: first.ok,
                              status: first.status, bytes, twice,
                              again: (await again.arrayBuffer()).byteLength,
                              marks: Object.keys(self.scorepadMarks)}));
})();
"""


def test_the_archive_is_asked_for_and_read_once_at_the_worker_s_first_message() -> None:
    if NODE is None:
        pytest.skip("Node.js is missing (apt-get install nodejs)")
    script = resources.files("scorepad.web.phone_site").joinpath("unpack_app.js")
    done = subprocess.run([NODE, "-e", EARLY, str(script)], capture_output=True, text=True,
                          check=True, timeout=60)
    result = json.loads(done.stdout)
    assert result["asked"] == ["app.zip", "app.zip"]
    # Its bytes were being read before Python asked for them, once, and Python gets them
    # with what Flet's worker reads of a response.
    assert result["readBeforeAsked"] == 1 and result["read"] == ["app.zip", "app.zip"]
    assert result["ok"] is True and result["status"] == 200
    assert result["bytes"] == result["twice"] == result["again"] == len("app.zip")
    assert result["marks"] == ["worker", "archive", "read"]


IDLE = """
const listeners = [];
globalThis.self = globalThis;
self.addEventListener = (type, listener) => listeners.push(listener);
const posted = [];
self.postMessage = (data) => posted.push(data);
const fs = require("node:fs");
eval(fs.readFileSync(process.argv[1], "utf8"));
(async () => {
  const told = self.scorepadWhenIdle(3000);
  // What python-early.js answers; Flet's own handler (after these) must not see it.
  let stopped = false;
  listeners.forEach((l) => l({data: {scorepad: "idle"},
                              stopImmediatePropagation: () => { stopped = true; }}));
  const idle = await told;
  const late = await self.scorepadWhenIdle(50);  // no answer: the timeout says false
  console.log(JSON.stringify({posted, idle, stopped, late}));
})();
"""


def test_the_worker_hears_when_the_page_is_idle_and_flet_never_does() -> None:
    if NODE is None:
        pytest.skip("Node.js is missing (apt-get install nodejs)")
    script = resources.files("scorepad.web.phone_site").joinpath("unpack_app.js")
    done = subprocess.run([NODE, "-e", IDLE, str(script)], capture_output=True, text=True,
                          check=True, timeout=60)
    result = json.loads(done.stdout)
    assert result["posted"][0] == {"scorepad": "when idle", "timeout": 3000}
    assert result["idle"] is True and result["stopped"] is True
    assert result["late"] is False
