"""The phone's memory snapshot (scorepad/web/phone_site/snapshot.js, scorepad.phone.snapshot):
the patches the build makes to Pyodide and Flet's worker (each failing loudly when a
release moves what it patches), and the start's choice, run under Node.js with stand-ins
for the Cache Storage and Pyodide: no snapshot, one that restores, one that does not
(dropped, and never tried again for that build)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib import resources

import pytest

from scorepad.web import client
from scorepad.web.phone_site import client_files

NODE = shutil.which("node") or shutil.which("nodejs")


def test_pyodide_grows_its_heap_before_restoring_a_snapshot_larger_than_30_mb() -> None:
    stock = (client.stock_web_dir() / "pyodide" / "pyodide.asm.mjs").read_bytes()
    patched = client_files.pyodide_restoring_large_snapshots(stock)
    restore = patched[patched.index(b"API.restoreSnapshot=function("):]
    restore = restore[:restore.index(b"};") + 2]
    assert b"wasmMemory.grow(" in restore and b"updateMemoryViews()" in restore
    assert restore.index(b"wasmMemory.grow(") < restore.index(b"return Module.HEAP8.set(")
    with pytest.raises(ValueError, match="no longer restores a snapshot"):
        client_files.pyodide_restoring_large_snapshots(
            stock.replace(b"API.restoreSnapshot=", b"API.restore="))


def test_the_worker_loads_pyodide_through_the_snapshot_named_after_the_archive() -> None:
    stock = (client.stock_web_dir() / "python-worker.js").read_bytes()
    patched = client_files.worker_restoring_snapshots(stock, "0123abcd")
    assert patched.startswith(b'"use strict";\nself.scorepadArchiveKey = "0123abcd";')
    assert patched.count(b"await self.scorepadLoadPyodide(loadPyodide, {") == 1
    assert b"await loadPyodide({" not in patched
    maker = client_files.snapshot_worker("0123abcd")
    for piece in (b'self.scorepadArchiveKey = "0123abcd"', b"self.scorepadUnpack = function",
                  b"self.scorepadMakeSnapshot = async function", b"self.onmessage"):
        assert piece in maker
    with pytest.raises(ValueError, match="no longer loads Pyodide once"):
        client_files.worker_restoring_snapshots(stock.replace(b"await loadPyodide(", b"x("),
                                                "0123abcd")


START = """
globalThis.self = globalThis;
const kept = new Map(JSON.parse(process.argv[2]));
globalThis.caches = {open: async () => ({
  match: async (name) => kept.has(name)
    ? {arrayBuffer: async () => new TextEncoder().encode(kept.get(name)).buffer} : undefined,
  delete: async (name) => kept.delete(name),
  put: async (name, response) => kept.set(name, "put"),
})};
const restores = process.argv[3] === "restores";
const calls = [];
async function loadPyodide(options) {
  calls.push(options._loadSnapshot ? "snapshot" : "plain");
  if (options._loadSnapshot && !restores) throw new Error("RangeError: offset out of bounds");
  return "pyodide";
}
self.scorepadArchiveKey = "k1";
self.scorepadMarks = {};
console.warn = () => {};
eval(require("node:fs").readFileSync(process.argv[1], "utf8"));
self.scorepadLoadPyodide(loadPyodide, {stdout: null}).then((result) => {
  console.log(JSON.stringify({result, calls, mark: self.scorepadMarks.snapshot,
                              kept: [...kept.keys()].sort()}));
});
"""


def start(kept: dict[str, str], restores: bool = True) -> dict[str, object]:
    if NODE is None:
        pytest.skip("Node.js is missing (apt-get install nodejs)")
    script = resources.files("scorepad.web.phone_site").joinpath("snapshot.js")
    done = subprocess.run([NODE, "-e", START, str(script), json.dumps(list(kept.items())),
                           "restores" if restores else "fails"],
                          capture_output=True, text=True, check=True, timeout=60)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_start_without_a_snapshot_of_its_build_loads_pyodide_as_before() -> None:
    result = start({"snapshot-other-build": "heap"})
    assert result["calls"] == ["plain"] and result["mark"] == "none"


def test_a_start_with_its_build_s_snapshot_restores_it() -> None:
    result = start({"snapshot-k1": "heap"})
    assert result["calls"] == ["snapshot"] and result["mark"] == "restored"
    assert result["result"] == "pyodide"


def test_a_snapshot_that_does_not_restore_is_dropped_and_never_tried_again() -> None:
    result = start({"snapshot-k1": "heap"}, restores=False)
    assert result["calls"] == ["snapshot", "plain"] and result["result"] == "pyodide"
    assert result["mark"] == "refused"
    assert result["kept"] == ["snapshot-k1-refused"]

    again = start({"snapshot-k1-refused": "RangeError"})
    assert again["calls"] == ["plain"] and again["mark"] == "refused"


def test_the_snapshot_holds_the_first_screens_and_never_the_storage() -> None:
    """What the snapshot's Python imports (scorepad.phone.snapshot.MODULES), in a fresh
    CPython: no SQLAlchemy, SQLModel or pydantic (pydantic-core is a compiled extension,
    which a snapshot cannot keep), nor the phone's entry point (it notes its start time)."""
    script = ("import sys\n"
              "from scorepad.phone.snapshot import prepare\n"
              "prepare()\n"
              "print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'pydantic', 'pydantic_core',"
              " 'scorepad.phone.main', 'scorepad.storage.database') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_every_module_the_snapshot_names_exists() -> None:
    """A name that no longer exists is skipped on the phone (the snapshot only holds
    less): here it is a mistake to correct."""
    import importlib

    from scorepad.phone.snapshot import MODULES

    for name in MODULES:
        importlib.import_module(name)
