// scorepad: the phone's files kept in IndexedDB a piece at a time.
//
// The database file lives in the worker's memory (Emscripten's MEMFS), where SQLite
// reads and writes it. This folder remembers which 4 KB pieces of each file a write
// touched; after a commit, `persist()` copies only those pieces to IndexedDB, in one
// transaction (all or nothing). A save then costs the pages it changed, never the whole
// file: IDBFS, which it replaces, copied every changed file whole (7 MB for a family's
// few hundred games) after each commit. Now and then, when the phone is idle, `tidy()`
// rewrites a file with many such pieces in large segments (a start reads a few records).
//
// What IndexedDB holds is always the state after a commit: a copy is made only when no
// write transaction is under way (SQLite's rollback journal, which exists only during
// one, is absent), and a copy is one IndexedDB transaction. A crash, a closed tab or a
// phone that kills the browser at any moment leaves the state of the last copy whole.
//
// The phone's Python calls open() once, then persist() after each commit
// (scorepad.phone.storage). Only the tab holding the database writes (phone_writer.js):
// each copy checks, in its own transaction, that this tab is still the writer. The first start of this version takes the database that
// earlier versions kept through IDBFS (IndexedDB database "/data"), and leaves that copy
// where it is.
"use strict";
self.scorepadStore = (function () {
  var DATABASE = "scorepad-files";
  // A save copies the 4 KB pieces it touched (SQLite's page size); a tidy-up now and
  // then rewrites each file in 1 MB segments, so that a start reads a few records rather
  // than thousands.
  var CHUNK = 4096;
  var SEGMENT = 1 << 20;
  // Pieces kept beside the segments before a tidy-up is worth its while (2 MB).
  var TIDY_AFTER = 512;
  // Files SQLite makes beside the database while a transaction runs: never copied, and
  // no copy is made while one of them exists.
  var TRANSIENT = /-(journal|wal|shm)$/;
  var LEGACY = {database: "/data", version: 21, store: "FILE_DATA"};

  var idb = null;
  var mountpoint = null;
  var tracking = false;
  // file name -> {chunks: Set of chunk numbers, resized: bool}; a removed file -> "removed"
  var dirty = new Map();

  function FS() {
    return self.pyodide.FS;
  }

  function request(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function (event) {
        event.preventDefault();
        reject(req.error);
      };
    });
  }

  function finished(tx) {
    return new Promise(function (resolve, reject) {
      tx.oncomplete = function () { resolve(); };
      tx.onabort = tx.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();
        reject(tx.error || new DOMException("the copy was abandoned", "AbortError"));
      };
    });
  }

  function describe(error) {
    if (!error) return "Error";
    var name = error.name || "Error";
    return name + ": " + (error.message || String(error));
  }

  // -- what changed, by file -------------------------------------------------------

  function touched(name, from, length) {
    if (!tracking || TRANSIENT.test(name)) return;
    var entry = dirty.get(name);
    if (!entry || entry === "removed") {
      entry = {chunks: new Set(), resized: false};
      dirty.set(name, entry);
    }
    for (var c = Math.floor(from / CHUNK); c * CHUNK < from + length; c++) entry.chunks.add(c);
  }

  function resized(name, before, after) {
    if (!tracking || TRANSIENT.test(name)) return;
    touched(name, Math.min(before, after), Math.max(0, after - before));
    dirty.get(name).resized = true;
  }

  function removed(name) {
    if (tracking && !TRANSIENT.test(name)) dirty.set(name, "removed");
  }

  function trackFile(node) {
    var streamOps = node.stream_ops;
    var nodeOps = node.node_ops;
    node.stream_ops = Object.assign({}, streamOps, {
      write: function (stream, buffer, offset, length, position, canOwn) {
        // A write past the end leaves zeros between: they are the file's too (an older
        // segment must not show through them).
        var end = stream.node.usedBytes;
        var from = position > end ? end : position;
        touched(stream.node.name, from, position + length - from);
        return streamOps.write(stream, buffer, offset, length, position, canOwn);
      },
    });
    node.node_ops = Object.assign({}, nodeOps, {
      setattr: function (target, attr) {
        var before = target.usedBytes;
        nodeOps.setattr(target, attr);
        if (attr.size !== undefined) resized(target.name, before, target.usedBytes);
      },
    });
  }

  // A flat folder in memory (MEMFS) whose files say what was written to them.
  var trackedFS = {
    mount: function (mount) {
      var MEMFS = FS().filesystems.MEMFS;
      var root = MEMFS.mount(mount);
      var ops = root.node_ops;
      root.node_ops = Object.assign({}, ops, {
        mknod: function (parent, name, mode, dev) {
          var node = ops.mknod(parent, name, mode, dev);
          if (FS().isFile(node.mode)) {
            trackFile(node);
            touched(name, 0, 0);
          }
          return node;
        },
        unlink: function (parent, name) {
          ops.unlink(parent, name);
          removed(name);
        },
        rename: function (oldNode, newDir, newName) {
          var oldName = oldNode.name;
          ops.rename(oldNode, newDir, newName);
          removed(oldName);
          touched(newName, 0, oldNode.usedBytes || 0);
        },
      });
      return root;
    },
  };

  // -- IndexedDB ----------------------------------------------------------------

  function openDatabase() {
    var req = indexedDB.open(DATABASE, 1);
    req.onupgradeneeded = function () {
      var db = req.result;
      db.createObjectStore("files");     // name -> {size}
      db.createObjectStore("segments");  // [name, segment number] -> 1 MB of the file
      db.createObjectStore("chunks");    // [name, chunk number] -> 4 KB written since
      db.createObjectStore("meta");    // "migrated", the writer (one tab at a time)
    };
    return request(req);
  }

  function range(name, from) {
    return IDBKeyRange.bound([name, from], [name, Infinity]);
  }

  // Every file, read in one transaction (its requests all made at once): the segments,
  // then the pieces written since, over them.
  var pieces = 0;

  async function readFiles(db) {
    var tx = db.transaction(["files", "segments", "chunks"], "readonly");
    var files = tx.objectStore("files");
    var segments = tx.objectStore("segments");
    var chunks = tx.objectStore("chunks");
    var read = await Promise.all([
      request(files.getAllKeys()), request(files.getAll()),
      request(segments.getAllKeys()), request(segments.getAll()),
      request(chunks.getAllKeys()), request(chunks.getAll())]);
    var out = {};
    read[0].forEach(function (name, i) { out[name] = new Uint8Array(read[1][i].size); });
    function lay(keys, values, size) {
      for (var k = 0; k < keys.length; k++) {
        var bytes = out[keys[k][0]];
        var at = keys[k][1] * size;
        if (bytes && at < bytes.length) {
          bytes.set(values[k].subarray(0, Math.min(size, bytes.length - at)), at);
        }
      }
    }
    lay(read[2], read[3], SEGMENT);
    lay(read[4], read[5], CHUNK);
    pieces = read[4].length;
    return out;
  }

  // A whole file in segments, the pieces written before it gone (in the caller's
  // transaction).
  function putWhole(tx, name, bytes) {
    var segments = tx.objectStore("segments");
    tx.objectStore("files").put({size: bytes.length}, name);
    tx.objectStore("chunks").delete(range(name, 0));
    for (var s = 0; s * SEGMENT < bytes.length; s++) {
      segments.put(bytes.slice(s * SEGMENT, (s + 1) * SEGMENT), [name, s]);
    }
    segments.delete(range(name, Math.ceil(bytes.length / SEGMENT)));
  }

  function removeFile(tx, name) {
    tx.objectStore("files").delete(name);
    tx.objectStore("segments").delete(range(name, 0));
    tx.objectStore("chunks").delete(range(name, 0));
  }

  // The files an earlier version kept through IDBFS ("/data" -> FILE_DATA), or null when
  // there are none. Opened without creating anything: a new phone has no such database.
  function legacyFiles() {
    return new Promise(function (resolve) {
      var req;
      try {
        req = indexedDB.open(LEGACY.database);
      } catch (error) {
        resolve(null);
        return;
      }
      var created = false;
      req.onupgradeneeded = function (event) {
        if (event.oldVersion === 0) {
          created = true;
          req.transaction.abort();
        }
      };
      req.onerror = function (event) {
        event.preventDefault();
        resolve(null);
      };
      req.onsuccess = async function () {
        var db = req.result;
        if (created || !db.objectStoreNames.contains(LEGACY.store)) {
          db.close();
          resolve(null);
          return;
        }
        try {
          var store = db.transaction([LEGACY.store], "readonly").objectStore(LEGACY.store);
          var read = await Promise.all([request(store.getAllKeys()),
                                        request(store.getAll())]);
          var keys = read[0], values = read[1];
          var files = {};
          keys.forEach(function (key, i) {
            var prefix = LEGACY.database + "/";
            var value = values[i];
            if (typeof key === "string" && key.startsWith(prefix) && value && value.contents
                && key.slice(prefix.length).indexOf("/") < 0) {
              files[key.slice(prefix.length)] = new Uint8Array(value.contents);
            }
          });
          resolve(files);
        } catch (error) {
          console.warn("scorepad: the earlier storage could not be read: " + describe(error));
          resolve(null);
        } finally {
          db.close();
        }
      };
    });
  }

  // On the first start of this version: the earlier version's files, copied whole.
  async function migrate(db) {
    var migrated = await request(db.transaction(["meta"], "readonly")
      .objectStore("meta").get("migrated"));
    if (migrated) return null;
    var files = await legacyFiles() || {};
    var tx = db.transaction(["files", "segments", "chunks", "meta"], "readwrite");
    var names = Object.keys(files);
    var meta = tx.objectStore("meta");
    // Checked again in the writing transaction: two tabs starting at once migrate once.
    meta.get("migrated").onsuccess = function (event) {
      if (event.target.result) {
        names = null;
        tx.abort();
        return;
      }
      Object.keys(files).forEach(function (name) { putWhole(tx, name, files[name]); });
      meta.put({at: Date.now(), files: names}, "migrated");
    };
    try {
      await finished(tx);
    } catch (error) {
      if (names === null) return null;
      throw error;
    }
    return names;
  }

  // -- the writer (phone_writer.js) ------------------------------------------------

  function writer() {
    return self.scorepadWriter;
  }

  async function claim() {
    refusedUnsaid = false;  // this tab writes again: what it commits now is stored
    if (idb === null) return;
    var tx = idb.transaction(["meta"], "readwrite");
    tx.objectStore("meta").put({id: writer().id, at: Date.now()}, "writer");
    await finished(tx);
  }

  // The database as stored (another tab wrote meanwhile), in place of this tab's copy.
  // Whether it read it: `following`, a tab that only looks does not write the stored
  // files over a commit its Python made while they were being read (that commit is
  // refused in words at its save first, then the tab follows).
  async function reload(following) {
    if (idb === null) return true;
    var files = await readFiles(idb);
    if (following === true && dirty.size > 0) return false;
    var fs = FS();
    tracking = false;
    try {
      fs.readdir(mountpoint).forEach(function (name) {
        if (name !== "." && name !== ".." && !(name in files)) fs.unlink(mountpoint + "/" + name);
      });
      for (var name in files) fs.writeFile(mountpoint + "/" + name, files[name], {canOwn: true});
      dirty.clear();
    } finally {
      tracking = true;
    }
    return true;
  }

  // -- what the phone's Python calls ------------------------------------------------

  // Mounts the folder and fills it with what IndexedDB keeps; {refused: the browser's
  // reason when there is no IndexedDB (some private windows), migrated: the files taken
  // from an earlier version, or null}.
  async function open(path) {
    var fs = FS();
    mountpoint = path;
    fs.mkdirTree(path);
    fs.mount(trackedFS, {}, path);
    var migrated = null;
    var writes = true;
    try {
      idb = await openDatabase();
      migrated = await migrate(idb);
      writer().hooks = {claim: claim, reload: reload, follow: followStored,
                        flush: function () { return persist(true); }};
      writes = await writer().start();
      var files = await readFiles(idb);
      for (var name in files) fs.writeFile(path + "/" + name, files[name], {canOwn: true});
    } catch (error) {
      idb = null;
      tracking = true;
      return {refused: describe(error), migrated: null, writer: true};
    }
    dirty.clear();
    tracking = true;
    return {refused: null, migrated: migrated, writer: writes};
  }

  function transientFile() {
    var names = FS().readdir(mountpoint);
    for (var i = 0; i < names.length; i++) {
      if (TRANSIENT.test(names[i])) return names[i];
    }
    return null;
  }

  // What changed since the last copy, read now (the file as the last commit left it).
  function snapshot() {
    var fs = FS();
    var changes = [];
    dirty.forEach(function (entry, name) {
      var node = null;
      try {
        node = fs.lookupPath(mountpoint + "/" + name).node;
      } catch (error) {
        node = null;
      }
      if (entry === "removed" || node === null) {
        changes.push({name: name, removed: true});
        return;
      }
      var size = node.usedBytes;
      var pieces = [];
      entry.chunks.forEach(function (c) {
        if (c * CHUNK < size) {
          pieces.push([c, node.contents.slice(c * CHUNK, Math.min(size, (c + 1) * CHUNK))]);
        }
      });
      changes.push({name: name, size: size, pieces: pieces, resized: entry.resized});
    });
    dirty = new Map();
    return changes;
  }

  // A copy that did not happen: what it held is changed again (the next copy takes it).
  function putBack(changes) {
    var tracked = tracking;
    tracking = true;
    changes.forEach(function (change) {
      if (dirty.has(change.name)) {
        var entry = dirty.get(change.name);
        if (entry === "removed" || change.removed) return;
        change.pieces.forEach(function (piece) { entry.chunks.add(piece[0]); });
        entry.resized = entry.resized || change.resized;
      } else if (change.removed) {
        dirty.set(change.name, "removed");
      } else {
        dirty.set(change.name, {chunks: new Set(change.pieces.map(function (p) {
          return p[0];
        })), resized: change.resized});
      }
    });
    tracking = tracked;
  }

  function wait(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  // One copy at a time, in the order asked (a tidy-up and the saves around it).
  var queue = Promise.resolve();

  function inTurn(work) {
    var turn = queue.then(work);
    queue = turn.catch(function () {});
    return turn;
  }

  // A write transaction under way (its journal exists): the copy waits for its end.
  async function betweenTransactions() {
    while (transientFile() !== null) await wait(10);
  }

  var ELSEWHERE = "HeldElsewhere: scorepad is open in another tab, which now writes";

  // Copies what changed since the last copy to IndexedDB; null once it is stored, else
  // the browser's reason ("QuotaExceededError: ...", or ELSEWHERE when another tab
  // holds the database). Waits while a write transaction is under way (its journal
  // exists). `last`: the copy a tab makes before letting another one write.
  function persist(last) {
    return inTurn(async function () {
      // No IndexedDB here (some private windows): the start said so once (phone.storage.
      // unavailable), each save does not say it again.
      if (idb === null) return null;
      await betweenTransactions();
      if (dirty.size === 0) return refusedUnsaid ? refusedHere() : null;
      if (!writer().holding && last !== true) return refusedHere();
      var changes = snapshot();
      var added = 0;
      var superseded = false;
      try {
        var tx = idb.transaction(["files", "segments", "chunks", "meta"], "readwrite");
        var chunks = tx.objectStore("chunks");
        // First in the transaction: another tab took the database (this one slept
        // through it): nothing of this copy is written.
        tx.objectStore("meta").get("writer").onsuccess = function (event) {
          var holder = event.target.result;
          if (holder && holder.id !== writer().id) {
            superseded = true;
            tx.abort();
          }
        };
        changes.forEach(function (change) {
          if (change.removed) {
            removeFile(tx, change.name);
            return;
          }
          tx.objectStore("files").put({size: change.size}, change.name);
          change.pieces.forEach(function (piece) {
            chunks.put(piece[1], [change.name, piece[0]]);
          });
          added += change.pieces.length;
          if (change.resized) {
            chunks.delete(range(change.name, Math.ceil(change.size / CHUNK)));
            tx.objectStore("segments").delete(
              range(change.name, Math.ceil(change.size / SEGMENT)));
          }
        });
        await finished(tx);
        pieces += added;
        writer().stored();  // the tabs that only look follow
        return null;
      } catch (error) {
        if (superseded) return refusedHere(last);
        putBack(changes);
        return describe(error);
      }
    });
  }

  // This tab's copy refused: another tab holds the database. What it changed can never be
  // stored (taking the database back reads it again from storage): it is dropped, the
  // refusal said (ELSEWHERE), and the tab may then follow what the writer stores.
  // A refusal made by the copy before letting go (`last`, which no one awaits) is said to
  // the next save asked for, the one the app awaits for its commit.
  var refusedUnsaid = false;
  function refusedHere(last) {
    dirty.clear();
    refusedUnsaid = last === true;
    if (followWaiting) setTimeout(function () { writer().follow(); }, 0);
    return ELSEWHERE;
  }

  // A tab that only looks reads again what the writing tab stored (phone_writer.js), but
  // never over a commit of its own not yet stored (made just before the database was
  // taken from it): that copy is refused first, in words, then the tab follows. Whether
  // it read the database again.
  var followWaiting = false;
  async function followStored() {
    if (dirty.size > 0) {
      followWaiting = true;
      return false;
    }
    followWaiting = false;
    if (await reload(true)) return true;
    followWaiting = true;
    return false;
  }

  // When the phone is idle: each file rewritten in segments once many pieces were
  // copied since the last tidy-up (what it holds is stored by the way). True when it
  // tidied; a refusal leaves everything as it was.
  function tidy(force) {
    return inTurn(async function () {
      if (idb === null || !writer().holding || (!force && pieces < TIDY_AFTER)) return false;
      await betweenTransactions();
      var fs = FS();
      var names = fs.readdir(mountpoint).filter(function (name) {
        return name !== "." && name !== ".." && !TRANSIENT.test(name);
      });
      var before = dirty;
      dirty = new Map();
      try {
        var tx = idb.transaction(["files", "segments", "chunks", "meta"], "readwrite");
        tx.objectStore("meta").get("writer").onsuccess = function (event) {
          var holder = event.target.result;
          if (holder && holder.id !== writer().id) tx.abort();
        };
        names.forEach(function (name) {
          var node = fs.lookupPath(mountpoint + "/" + name).node;
          putWhole(tx, name, node.contents.subarray(0, node.usedBytes));
        });
        before.forEach(function (entry, name) {
          if (entry === "removed") removeFile(tx, name);
        });
        await finished(tx);
        pieces = 0;
        return true;
      } catch (error) {
        before.forEach(function (entry, name) { if (!dirty.has(name)) dirty.set(name, entry); });
        console.warn("scorepad: tidying the storage failed: " + describe(error));
        return false;
      }
    });
  }

  return {
    open: open,
    persist: function () { return persist(false); },
    tidy: tidy,
    // Whether this tab may commit: it holds the database, or the browser keeps nothing.
    get writable() { return idb === null || writer().holding; },
    takeOver: function () { return writer().takeOver(); },
    listen: function (fn) { writer().listen(fn); },
    get pending() { return dirty.size > 0; },
    // For tests and the bench: how many pieces wait to be copied.
    get dirtyChunks() {
      var n = 0;
      dirty.forEach(function (entry) { n += entry === "removed" ? 1 : entry.chunks.size; });
      return n;
    },
    get pieces() { return pieces; },
  };
})();
