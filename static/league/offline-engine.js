/* The offline engine's start (issue 41, item 5): Pyodide with our `scoring` package, from a memory snapshot.
 *
 * The first start on a device is the plain one (Pyodide starts the interpreter, our zip is unpacked and
 * `scoring.quick_entry` imported), then the interpreter's memory is kept on the device (IndexedDB "club-engine",
 * one record) under the Pyodide version and the SHA-256 of the scoring zip's bytes as fetched: a new deploy (another
 * zip, another Pyodide) never uses an old snapshot. A later start loads Pyodide with that memory and skips the
 * interpreter's start and the imports. Whenever the snapshot is missing, does not load, or the API is not there,
 * the start is the plain one. The snapshot is made here, not on the server: it is the interpreter's whole memory
 * (tens of MB), which a phone would otherwise download on top of the engine.
 *
 *   clubEngine.start({indexURL, scoringZip, version}) -> Promise of {py, entry, source: "snapshot" | "plain"}
 *   clubEngine.forget() -> Promise: the kept snapshot is dropped (the next start is the plain one)
 */
(function () {
  "use strict";
  var DB = "club-engine", STORE = "snapshots", FORMAT = "1";  // FORMAT: what the snapshot holds (ENTRY, imported)
  var ENTRY = "scoring.quick_entry";  // what offline.js calls (and the modules it imports)

  function openDb() {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) { reject(new Error("indexedDB")); return; }
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function withStore(mode, fn) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction([STORE], mode), out;
        t.oncomplete = function () { db.close(); resolve(out); };
        t.onerror = t.onabort = function () { db.close(); reject(t.error); };
        fn(t.objectStore(STORE), function (value) { out = value; });
      });
    });
  }
  /* The kept snapshot under `key` (a Blob: its bytes are read from disk only when asked), or null. */
  function readSnapshot(key) {
    return withStore("readonly", function (store, done) {
      var r = store.get("current");
      r.onsuccess = function () {
        var row = r.result;
        done(row && row.key === key && row.bytes instanceof Blob ? row.bytes : null);
      };
    }).catch(function () { return null; });
  }
  /* Keep one snapshot: this one replaces whatever was kept (another version's). A Blob, not the array: reading
   * the record back is then quick, and its 30 MB come while Pyodide fetches and compiles its own files. */
  function writeSnapshot(key, bytes) {
    var blob = new Blob([bytes]);
    return withStore("readwrite", function (store) {
      store.put({ key: key, bytes: blob, made: Date.now() }, "current");
    });
  }
  function forget() { return withStore("readwrite", function (store) { store.delete("current"); }).catch(function () {}); }

  function hex(buf) {
    return Array.prototype.map.call(new Uint8Array(buf), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  /* The snapshot's key: Pyodide's version, the zip's digest and what is imported; null without WebCrypto. */
  function snapshotKey(version, zip) {
    if (!window.crypto || !crypto.subtle) { return Promise.resolve(null); }
    return crypto.subtle.digest("SHA-256", zip).then(function (d) {
      return "pyodide-" + version + "/scoring-" + hex(d).slice(0, 32) + "/format-" + FORMAT;
    }, function () { return null; });
  }

  function loadScript(src) {
    if (window.loadPyodide) { return Promise.resolve(); }
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error("pyodide")); };
      document.head.appendChild(script);
    });
  }
  function fetchZip(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error("scoring.zip"); }
      return r.arrayBuffer();
    });
  }
  function ready(py, source) {
    return { py: py, entry: py.pyimport(ENTRY), source: source };
  }

  function plain(opts, zip, key) {
    var snap = !!key;
    return window.loadPyodide(snap ? { indexURL: opts.indexURL, _makeSnapshot: true } : { indexURL: opts.indexURL })
      .then(function (py) {
        py.unpackArchive(zip, "zip");
        py.pyimport(ENTRY).destroy();  // imported; no proxy of it is left on this side for the snapshot
        var kept = Promise.resolve(false);
        if (snap && typeof py.makeMemorySnapshot === "function") {
          try {
            // Before any proxy of a Python object exists on the JavaScript side: the memory as the imports left it.
            var bytes = py.makeMemorySnapshot();
            kept = writeSnapshot(key, bytes).then(function () { return true; }, function () { return false; });
          } catch (e) { kept = Promise.resolve(false); }
        }
        var out = ready(py, "plain");
        out.kept = kept;
        return out;
      });
  }

  function start(opts) {
    return Promise.all([loadScript(opts.indexURL + "pyodide.js"), fetchZip(opts.scoringZip)]).then(function (r) {
      var zip = r[1];
      if (!window.loadPyodide) { throw new Error("pyodide"); }
      return snapshotKey(opts.version || "", zip).then(function (key) {
        if (!key) { return plain(opts, zip, null); }
        return readSnapshot(key).then(function (blob) {
          if (!blob) { return plain(opts, zip, key); }
          // Pyodide waits for the bytes only once its own files are loading (`_loadSnapshot` may be a promise).
          var bytes = blob.arrayBuffer().then(function (buf) { return new Uint8Array(buf); });
          return window.loadPyodide({ indexURL: opts.indexURL, _loadSnapshot: bytes }).then(function (py) {
            py.unpackArchive(zip, "zip");  // the files (the snapshot holds the modules, not the file system)
            return ready(py, "snapshot");
          }).catch(function () {
            // A snapshot this Pyodide does not take (another build, a broken record): dropped, the plain start.
            return forget().then(function () { return plain(opts, zip, key); });
          });
        });
      });
    });
  }

  window.clubEngine = { start: start, forget: forget };
})();
