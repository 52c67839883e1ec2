// scorepad: the browser's Python starts with the page, beside Flutter's loader.
//
// Flet 1.0.5's python.js starts the Python worker when the client first connects,
// once Flutter has loaded: a start then waits for the client, then for Pyodide, the
// app and its imports, one after the other. This file takes python.js's place with the
// same three functions the client calls (jsConnect, jsSend, jsDisconnect) and the same
// worker (python-worker.js, unchanged), but starts the worker at once: the app is
// imported and its database opened while the client loads.
"use strict";
(function () {
  var base = flet.entrypointBaseUrl.replace(/\/$/, "");
  // When the page's steps of a start ended (ms since the epoch), for bench/phone.py.
  window.scorepadMarks = {};

  function start() {
    console.log("scorepad: Python starts with the page");
    var worker = new Worker(base + "/python-worker.js", {type: "module"});
    var started = {worker: worker, appId: null, client: null, early: [], ready: null};
    started.ready = new Promise(function (resolve) {
      worker.onmessage = function (event) {
        if (event.data && event.data.scorepad === "when idle") {
          whenIdle(worker, event.data.timeout);
        } else if (event.data && event.data.scorepad === "make snapshot") {
          makeSnapshot();
        } else if (typeof event.data === "string") {
          window.scorepadMarks["Python ready"] = Date.now();
          console.log("scorepad: Python is ready");
          resolve(event.data);  // "initialized", or the reason Python did not start
        } else if (started.client) {
          started.client(event.data);
        } else {
          started.early.push(event.data);
        }
      };
    });
    // The client's own arguments are not known yet; the worker reads only its archive's
    // address from them (and finds no arguments at all a fault).
    worker.postMessage({
      pyodideUrl: flet.pyodideUrl, args: {app_package_url: flet.appPackageUrl},
      documentUrl: document.URL,
      appPackageUrl: flet.appPackageUrl, micropipIncludePre: flet.micropipIncludePre,
      pythonModuleName: flet.pythonModuleName,
    });
    return started;
  }

  // The worker asks (unpack_app.js's scorepadWhenIdle) to be told once the page has
  // nothing left to do: the first screen drawn, the storage's imports may begin without
  // taking the CPU from the drawing.
  function whenIdle(worker, timeout) {
    var told = false;
    function tell() {
      if (told) return;
      told = true;
      worker.postMessage({scorepad: "idle"});
    }
    if (typeof requestIdleCallback === "function") {
      requestIdleCallback(tell, {timeout: timeout});
    } else {
      setTimeout(tell, Math.min(timeout, 500));
    }
  }

  // The app asks, once its storage is open and the phone idle, for a memory snapshot of
  // this build's Python (snapshot.js): made in a worker of its own, once.
  var snapshotting = false;
  function makeSnapshot() {
    // A page that is not a secure context (a plain-HTTP address on a LAN) has no Cache
    // Storage to keep the snapshot in: the phone starts without one.
    if (snapshotting || typeof caches === "undefined") return;
    snapshotting = true;
    var maker = new Worker(base + "/python-snapshot.js", {type: "module"});
    maker.onmessage = function (event) {
      console.log("scorepad: snapshot " + event.data);
      window.scorepadMarks["snapshot " + String(event.data).split(" ")[0]] = Date.now();
      maker.terminate();
    };
    maker.postMessage({pyodideUrl: flet.pyodideUrl, appPackageUrl: flet.appPackageUrl});
  }

  var python = start();  // null once stopped (jsDisconnect)

  globalThis.jsConnect = async function (appId, _args, onMessage) {
    console.log("scorepad: the client connects");
    window.scorepadMarks["client connects"] = window.scorepadMarks["client connects"] || Date.now();
    if (python === null) python = start();  // the client connects again after a stop
    var connected = python;
    connected.appId = appId;
    connected.client = onMessage;
    connected.early.splice(0).forEach(onMessage);
    var status = await connected.ready;
    if (status !== "initialized") {
      console.error("Python worker init error:", status);
      await globalThis.jsDisconnect(appId);
      throw status;
    }
    console.log("Python worker initialized: " + appId);
  };

  globalThis.jsSend = async function (appId, data) {
    if (python !== null && python.appId === appId) {
      python.worker.postMessage(data, [data.buffer]);
    }
  };

  globalThis.jsDisconnect = async function (appId) {
    if (python !== null && python.appId === appId) {
      console.log("Terminating Python worker: " + appId);
      python.worker.onmessage = null;
      python.worker.terminate();
      python = null;
    }
  };
})();
