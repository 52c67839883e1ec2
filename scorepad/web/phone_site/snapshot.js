// scorepad: a memory snapshot of the browser's Python, made on the phone once per build
// and restored at the next starts (experimental in Pyodide 314; see docs/phone.md).
//
// A start imports Flet and the app's first screens: about as long as Pyodide's own start,
// at every start. A snapshot is the WebAssembly heap of a Python that has done those
// imports: restored, Python starts with them done. Pyodide makes one only of a Python
// that loaded no compiled extension of its own (msgpack runs as pure Python in it) and
// holds no JavaScript object; the files are not in it (the archive is still unpacked).
// It is made in a worker of its own (python-snapshot.js, started by python-early.js when
// the app asks, once the phone is idle), kept in the Cache Storage under the app
// archive's key (scorepadArchiveKey, written by scorepad build-phone: a new build, a new
// snapshot), and tried at each start; a snapshot that does not restore is dropped and
// Python starts as without one.
"use strict";
self.scorepadSnapshots = "scorepad-snapshot";
// What the snapshot's Python had in its environment: a restored Python keeps it.
self.scorepadSnapshotEnv = {HOME: "/home/pyodide", MSGPACK_PUREPYTHON: "1"};

function scorepadSnapshotName() {
  return "snapshot-" + self.scorepadArchiveKey;
}

// Flet's worker's loadPyodide, from the snapshot of this build when there is one.
self.scorepadLoadPyodide = async function (loadPyodide, options) {
  var marks = self.scorepadMarks || {};
  var snapshot = null;
  try {
    var cache = await caches.open(self.scorepadSnapshots);
    if (await cache.match(scorepadSnapshotName() + "-refused")) {
      marks.snapshot = "refused";  // this build's did not restore once: never again
    } else {
      var kept = await cache.match(scorepadSnapshotName());
      if (kept) snapshot = new Uint8Array(await kept.arrayBuffer());
    }
  } catch (error) {
    console.warn("scorepad: no snapshot (" + error + ")");
    marks.snapshot = "unavailable";  // no Cache Storage here: none is asked for
  }
  if (snapshot !== null) {
    try {
      var restored = await loadPyodide(Object.assign({}, options, {
        _loadSnapshot: snapshot, env: self.scorepadSnapshotEnv}));
      marks.snapshot = "restored";
      return restored;
    } catch (error) {
      console.warn("scorepad: the snapshot did not restore, dropped (" + error + ")");
      marks.snapshot = "refused";
      try {
        var refused = await caches.open(self.scorepadSnapshots);
        await refused.delete(scorepadSnapshotName());
        await refused.put(scorepadSnapshotName() + "-refused", new Response(String(error)));
      } catch (ignored) {}
    }
  }
  if (!marks.snapshot) marks.snapshot = "none";
  return loadPyodide(options);
};

// In python-snapshot.js: a fresh Python, the archive unpacked, the first screens'
// imports (scorepad.phone.snapshot), then its heap kept for the next starts.
self.scorepadMakeSnapshot = async function (request) {
  var pyodideModule = await import(request.pyodideUrl);
  var pyodide = await pyodideModule.loadPyodide({
    _makeSnapshot: true, env: self.scorepadSnapshotEnv,
    stdout: function (text) { console.log(text); },
    stderr: function (text) { console.error(text); },
  });
  var response = await fetch(request.appPackageUrl);
  if (!response.ok) throw new Error("the app archive: HTTP " + response.status);
  self.scorepadUnpack(await response.arrayBuffer(), "/home/pyodide", pyodide.FS);
  pyodide.runPython(
    "import os, sys\n" +
    "os.chdir('/home/pyodide')\n" +
    "sys.path.insert(0, '__pypackages__')\n" +
    "from scorepad.phone.snapshot import prepare\n" +
    "prepare()\n");
  var snapshot = pyodide.makeMemorySnapshot();
  var cache = await caches.open(self.scorepadSnapshots);
  for (var old of await cache.keys()) await cache.delete(old);  // an earlier build's, if any
  await cache.put(scorepadSnapshotName(), new Response(snapshot));
  return snapshot.length;
};
