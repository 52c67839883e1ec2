// scorepad: the app archive unpacked by JavaScript, straight into Pyodide's memory file
// system. Flet 1.0.5's worker unpacks it with Python's shutil (zipfile, one Python-level
// copy per file): 1,600 files at every start. The archive is stored, not compressed
// (scorepad build-phone writes it so), so each file is a slice of the archive's bytes,
// handed to the file system as it is. client_files.worker_unpacking_in_javascript puts
// this file in front of Flet's worker and calls it where the worker unpacked.
"use strict";
// When each step of the worker's start ended (ms since the epoch): scorepad.phone.main
// reports them with its own (bench/phone.py says where a start's time goes).
self.scorepadMarks = {worker: Date.now()};
// The archive is asked for as soon as the worker knows its address (its first message),
// while Pyodide loads, rather than by Python once Pyodide is ready (Flet's worker
// fetched it with pyodide.http, an import of its own). Python takes the response where
// Flet's worker fetched it (client_files.worker_fetching_the_archive_early). Its bytes
// are read at once too (30 MB from the phone's cache: the browser reads them while
// Pyodide loads), and handed to Python's `arrayBuffer()` when it asks.
self.scorepadArchiveFetch = null;
if (self.addEventListener) self.addEventListener("message", function (event) {
  if (self.scorepadArchiveFetch === null && event.data && event.data.appPackageUrl) {
    self.scorepadArchiveFetch = fetch(event.data.appPackageUrl).then(function (response) {
      self.scorepadMarks.archive = Date.now();
      return response.ok ? readAhead(response) : response;
    });
  }
});
// What Flet's worker uses of the response (ok, status, arrayBuffer), the bytes already
// on their way.
function readAhead(response) {
  var bytes = response.arrayBuffer().then(function (buffer) {
    self.scorepadMarks.read = Date.now();
    return buffer;
  });
  bytes.catch(function () {});  // said when Python asks for them
  return {
    ok: response.ok,
    status: response.status,
    arrayBuffer: function () { return bytes; },
  };
}
self.scorepadArchive = function (url) {
  var early = self.scorepadArchiveFetch;
  self.scorepadArchiveFetch = undefined;  // taken once: a later start fetches anew
  return early || fetch(url);
};
// The page (python-early.js) says when it is idle: scorepadWhenIdle's promise resolves
// then, or after `timeout` ms. Its answer is the page's own and never reaches Flet.
self.scorepadIdle = [];
if (self.addEventListener) self.addEventListener("message", function (event) {
  if (event.data && event.data.scorepad === "idle") {
    event.stopImmediatePropagation();
    self.scorepadIdle.splice(0).forEach(function (resolve) { resolve(true); });
  }
});
self.scorepadWhenIdle = function (timeout) {
  return new Promise(function (resolve) {
    self.scorepadIdle.push(resolve);
    self.postMessage({scorepad: "when idle", timeout: timeout});
    setTimeout(function () { resolve(false); }, timeout + 1000);
  });
};
self.scorepadUnpack = function (buffer, dest, fs) {
  var FS = fs || self.pyodide.FS;
  var view = new DataView(buffer);
  var bytes = new Uint8Array(buffer);
  var decoder = new TextDecoder();
  // The end of the central directory: its signature, within the last 64 KB + 22 bytes.
  var end = -1;
  for (var i = buffer.byteLength - 22; i >= Math.max(0, buffer.byteLength - 65557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("scorepad: the app archive is not a zip file");
  var count = view.getUint16(end + 10, true);
  var at = view.getUint32(end + 16, true);
  var made = new Set();
  function folder(path) {
    if (!made.has(path)) {
      FS.mkdirTree(path);
      made.add(path);
    }
  }
  for (var n = 0; n < count; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) {
      throw new Error("scorepad: the app archive's directory is damaged");
    }
    var method = view.getUint16(at + 10, true);
    var size = view.getUint32(at + 20, true);
    var nameLength = view.getUint16(at + 28, true);
    var local = view.getUint32(at + 42, true);
    var name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.startsWith("/") || name.split("/").indexOf("..") >= 0) {
      throw new Error("scorepad: the app archive names a file outside its folder: " + name);
    }
    var path = dest + "/" + name;
    if (name.endsWith("/")) {
      folder(path.slice(0, -1));
      continue;
    }
    if (method !== 0) {
      throw new Error("scorepad: the app archive must be stored, not compressed: " + name);
    }
    folder(path.slice(0, path.lastIndexOf("/")));
    var start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    FS.writeFile(path, bytes.subarray(start, start + size), {canOwn: true});
  }
  if (self.scorepadMarks) self.scorepadMarks.unpacked = Date.now();
  return count;
};
