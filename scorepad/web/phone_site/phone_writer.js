// scorepad: one writer per phone.
//
// Each tab of the site (the installed app and a browser tab alike) runs its own Python
// with its own copy of the database in memory. Only the tab holding the Web Lock
// "scorepad-database" writes to the browser's storage; it says so in IndexedDB too (the
// "writer" record, which every copy checks in its own transaction, phone_store.js), so
// that a tab that lost the lock while asleep can never write over the new holder's
// deals when it wakes.
//
// A tab that finds the lock held reads what is stored and waits in the lock's queue
// (it becomes the writer when the other tab is closed). "Continuer ici" asks the
// holder, on a BroadcastChannel, to store what it has and let go; a holder that does not
// answer within a few seconds (a frozen tab) has its lock taken (`steal`). The new
// holder reads the database again from storage before writing. The tab that let go
// hears "elsewhere", the one that took it "here" (scorepad.phone.storage tells Python).
// Each copy the writer stores is said on the channel: a tab that only looks reads the
// database again and hears "stored", so that it shows what the writer saved, never an
// older state without a word.
//
// A page that is not a secure context (the site opened from a laptop's plain-HTTP address
// on the table's Wi-Fi) has no Web Locks. There the channel stands in for the lock: a
// tab that starts asks whether another tab writes, and writes only when none answers in
// time; "Continuer ici" takes the database at once and says so, and the tab that wrote
// hears "elsewhere". The "writer" record still refuses, in its own transaction, whatever
// a tab that slept through it would copy.
"use strict";
self.scorepadWriter = (function () {
  var LOCK = "scorepad-database";
  var CHANNEL = "scorepad-database";
  // How long a holder has to store what it has and let go before its lock is taken.
  var ANSWER_WITHIN = 4000;
  // Without Web Locks: how long a starting tab waits for a writing tab to say so.
  var WRITER_ANSWERS_WITHIN = 400;

  var id = (self.crypto && crypto.randomUUID) ? crypto.randomUUID()
    : String(Date.now()) + "-" + String(Math.random()).slice(2);
  var holding = false;
  var letGo = null;     // releases the lock this tab holds
  var queued = null;    // the request waiting in the lock's queue: its AbortController
  var gainedNow = null; // resolves when this tab becomes the writer
  var listener = function () {};
  // What the storage does for a change of writer (phone_store.js sets them).
  var hooks = {
    claim: async function () {},   // writes this tab as the writer in IndexedDB
    reload: async function () {},  // reads the database again from IndexedDB
    flush: async function () {},   // stores what this tab changed, before letting go
    follow: async function () { return false; },  // reads what the writer stored
  };
  var channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

  function locks() {
    return self.navigator && navigator.locks ? navigator.locks : null;
  }

  function wait(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  // The lock: "now" (only if free), "queue" (when it frees; `signal` gives up) or
  // "steal". Resolves true once held (until let go or stolen), false if not.
  function ask(mode, signal) {
    return new Promise(function (resolve) {
      var options = mode === "now" ? {ifAvailable: true}
        : mode === "steal" ? {steal: true} : {signal: signal};
      var held = false;
      locks().request(LOCK, options, function (lock) {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        held = true;
        return new Promise(function (release) {
          letGo = release;
          resolve(true);
        });
      }).catch(function () {
        // Stolen by another tab while held, or the queued request given up.
        if (held) lost();
        resolve(false);
      });
    });
  }

  async function gained() {
    holding = true;
    await hooks.claim();
    await hooks.reload();
    if (gainedNow !== null) gainedNow.resolve();
    listener("here");
  }

  function lost() {
    var was = holding;
    holding = false;
    letGo = null;
    if (was) listener("elsewhere");
    queue();
  }

  // Waits in the lock's queue: this tab writes once the holder closes or lets go.
  function queue() {
    if (queued !== null || locks() === null) return;
    var controller = new AbortController();
    queued = controller;
    ask("queue", controller.signal).then(function (granted) {
      if (queued === controller) queued = null;
      if (granted) gained();
    });
  }

  // Without Web Locks: whether another tab answers that it writes.
  function anotherWrites() {
    if (channel === null) return Promise.resolve(false);
    return new Promise(function (resolve) {
      var asked = new BroadcastChannel(CHANNEL);
      var done = function (answer) {
        asked.close();
        resolve(answer);
      };
      asked.onmessage = function (event) {
        var message = event.data || {};
        if (message.type === "i-write" && message.to === id) done(true);
      };
      asked.postMessage({type: "who-writes", from: id});
      setTimeout(function () { done(false); }, WRITER_ANSWERS_WITHIN);
    });
  }

  // Without Web Locks: this tab writes from now on, and the others hear it.
  async function takeWithoutLocks() {
    await gained();
    if (channel !== null) channel.postMessage({type: "took", from: id});
  }

  // At start: the writer if the lock is free, else a reader waiting in the queue.
  // Without Web Locks, the writer unless another tab answers that it writes.
  async function start() {
    if (locks() === null) {
      if (await anotherWrites()) return false;
      holding = true;
      await hooks.claim();
      return true;
    }
    if (await ask("now")) {
      holding = true;
      await hooks.claim();
      return true;
    }
    queue();
    return false;
  }

  // "Continuer ici": the holder is asked to let go; without an answer in time, its lock
  // is taken. Resolves once this tab writes, with the database read again.
  async function takeOver() {
    if (holding) return true;
    if (locks() === null) {
      await takeWithoutLocks();
      return true;
    }
    var became = new Promise(function (resolve) { gainedNow = {resolve: resolve}; });
    queue();
    if (channel !== null) channel.postMessage({type: "let-go", from: id});
    await Promise.race([became, wait(ANSWER_WITHIN)]);
    if (!holding) {
      if (queued !== null) queued.abort();
      if (await ask("steal")) await gained();
    }
    gainedNow = null;
    return holding;
  }

  // The writer stored a copy: the tabs that only look read it (stored()).
  function stored() {
    if (channel !== null && holding) channel.postMessage({type: "stored", from: id});
  }

  // A tab that only looks reads what the writer stored, once per burst of copies.
  var following = null;
  var followAgain = false;
  function follow() {
    if (following !== null) {
      followAgain = true;
      return;
    }
    following = (async function () {
      var read = false;
      do {
        followAgain = false;
        read = (await hooks.follow()) || read;
      } while (followAgain && !holding);
      return read;
    })().then(function (read) {
      following = null;
      if (read && !holding) listener("stored");
    }, function (error) {
      following = null;
      console.warn("scorepad: could not read what the other tab stored (" + error + ")");
    });
  }

  // Another tab asks for the database: what this tab changed is stored, then it lets go.
  async function answer() {
    if (!holding) return;
    holding = false;  // from now on this tab's Python commits nothing (scorepad.phone)
    try {
      await hooks.flush();
    } finally {
      var release = letGo;
      letGo = null;
      if (release !== null) release();
      listener("elsewhere");
      queue();
    }
  }

  if (channel !== null) {
    channel.onmessage = function (event) {
      var message = event.data || {};
      if (message.from === id) return;
      if (message.type === "let-go") {
        answer();
      } else if (message.type === "who-writes" && holding) {
        channel.postMessage({type: "i-write", from: id, to: message.from});
      } else if (message.type === "stored" && !holding) {
        follow();
      } else if (message.type === "took" && holding) {
        holding = false;  // another tab took the database: this one commits nothing more
        letGo = null;
        listener("elsewhere");
      }
    };
  }

  return {
    id: id,
    start: start,
    takeOver: takeOver,
    stored: stored,
    follow: function () { if (!holding) follow(); },
    get holding() { return holding; },
    set hooks(value) { hooks = Object.assign({}, hooks, value); },
    listen: function (fn) { listener = fn; },
  };
})();
