/* The table screen with no network (issue #16).
 *
 * With the network gone (or while hands are still waiting), "Save hand" queues the hand in IndexedDB
 * instead of posting the form: it is shown as "전송 대기 (n)" in words, checked and scored by the same
 * `scoring` package as the server (Pyodide, /offline/scoring.zip), and posted in order to the REST API
 * (POST /api/hands/ with its position and an Idempotency-Key) when the network returns. Exactly once:
 * the API answers the same event at the same position with 200 (already stored), another event with 409.
 *  - 409: another device entered that hand; both are shown and the host keeps one.
 *  - 400/403: the rules (or rights) refuse it; it is shown with the refusal and the later hands wait.
 * Without JavaScript the form posts as always; nothing here runs.
 *
 * The taps become the event, and an event becomes words, in Python only: `scoring.quick_entry` (the functions
 * the server's form and pages use), called through Pyodide. Nothing here restates them. Without the engine
 * (Pyodide did not load) a save posts the form as usual; offline, the service worker keeps the post and this
 * page queues it once the engine runs.
 */
(function () {
  "use strict";
  var cfgEl = document.getElementById("offline-config");
  var form = document.getElementById("hand-form");
  var box = document.getElementById("offline-queue");
  if (!cfgEl || !form || !box || !window.indexedDB) { return; }
  var cfg = JSON.parse(cfgEl.textContent);
  var S = cfg.strings;
  var GAME = cfg.game;
  var errorEl = document.getElementById("offline-error");

  // --- text helpers ------------------------------------------------------------------------
  function fmt(template, fields) {
    return template.replace(/%\((\w+)\)s/g, function (_m, k) { return fields[k] === undefined ? "" : fields[k]; });
  }
  function thousands(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "±") + thousands(Math.abs(n)); }

  // --- IndexedDB: the queue ("hands", one record per waiting hand) and what was sent ("games") --
  var dbPromise = new Promise(function (resolve, reject) {
    var req = indexedDB.open("club-offline", 1);
    req.onupgradeneeded = function () {
      var db = req.result;
      db.createObjectStore("hands", { keyPath: "key" }).createIndex("game", "game");
      db.createObjectStore("games", { keyPath: "game" });
      db.createObjectStore("posted", { keyPath: "key" }).createIndex("game", "game");  // by the service worker
    };
    req.onsuccess = function () { resolve(req.result); };
    req.onerror = function () { reject(req.error); };
  });
  function tx(stores, mode, fn) {
    return dbPromise.then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(stores, mode), out;
        t.oncomplete = function () { resolve(out); };
        t.onerror = t.onabort = function () { reject(t.error); };
        out = fn(t);
      });
    });
  }
  function request(r) { return new Promise(function (resolve, reject) { r.onsuccess = function () { resolve(r.result); }; r.onerror = function () { reject(r.error); }; }); }
  function loadQueue() {
    var result;
    return tx(["hands"], "readonly", function (t) {
      request(t.objectStore("hands").index("game").getAll(GAME)).then(function (rows) { result = rows; });
    }).then(function () {
      return result.sort(function (a, b) { return a.position - b.position || a.created - b.created; });
    });
  }
  function loadMeta() {
    var result;
    return tx(["games"], "readonly", function (t) {
      request(t.objectStore("games").get(GAME)).then(function (row) { result = row; });
    }).then(function () { return result || { game: GAME, events: {} }; });
  }
  function putHands(rows) { return tx(["hands"], "readwrite", function (t) { rows.forEach(function (r) { t.objectStore("hands").put(r); }); }); }
  function deleteHand(key) { return tx(["hands"], "readwrite", function (t) { t.objectStore("hands").delete(key); }); }
  function markSent(item, event) {
    // One transaction: the hand leaves the queue and is remembered as stored (for a screen cached before it).
    return tx(["hands", "games"], "readwrite", function (t) {
      var games = t.objectStore("games");
      t.objectStore("hands").delete(item.key);
      request(games.get(GAME)).then(function (meta) {
        meta = meta || { game: GAME, events: {} };
        meta.events[item.position] = event;
        games.put(meta);
      });
    });
  }

  var queue = [], meta = { game: GAME, events: {} }, replacing = null;

  /* The stored hands as this phone knows them: the page's, then the ones sent since it was cached. */
  function knownEvents() {
    var events = cfg.record.hands.slice();
    while (meta.events[events.length]) { events.push(meta.events[events.length]); }
    return events;
  }
  function nextPosition() {
    var n = knownEvents().length;
    queue.forEach(function (q) { n = Math.max(n, q.position + 1); });
    return n;
  }

  // --- the engine in the browser (Pyodide + our scoring package) ----------------------------
  var engine = null, engineStart = null;
  /* Pyodide with our scoring package: from the memory snapshot this device kept after its first start
   * (static/league/offline-engine.js), else the plain start. */
  function startEngine() {
    var opts = { indexURL: cfg.pyodide, scoringZip: cfg.scoringZip, version: cfg.pyodideVersion };
    if (window.clubEngine) { return window.clubEngine.start(opts); }
    return new Promise(function (resolve, reject) {  // without offline-engine.js: the plain start
      var script = document.createElement("script");
      script.src = cfg.pyodide + "pyodide.js";
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error("pyodide")); };
      document.head.appendChild(script);
    }).then(function () {
      return Promise.all([window.loadPyodide({ indexURL: cfg.pyodide }),
        fetch(cfg.scoringZip, { credentials: "same-origin" }).then(function (r) {
          if (!r.ok) { throw new Error("scoring.zip"); }
          return r.arrayBuffer();
        })]);
    }).then(function (r) {
      r[0].unpackArchive(r[1], "zip");
      return { py: r[0], entry: r[0].pyimport("scoring.quick_entry"), source: "plain" };
    });
  }
  function loadEngine() {
    if (engine) { return engine; }
    engine = startEngine().then(function (out) {
      engineStart = { source: out.source, kept: out.kept || Promise.resolve(false) };
      var entry = out.entry;
      return { check: entry.browser_check, event: entry.browser_event, words: entry.browser_words };
    });
    engine.catch(function () { engine = null; });
    return engine;
  }
  /* Replay the known hands plus `events`: {ok, rows, scores} or {ok: false, hand, message}; null if no engine. */
  function check(events) {
    return loadEngine().then(function (py) {
      var record = Object.assign({}, cfg.record, { hands: knownEvents().concat(events) });
      return JSON.parse(py.check(JSON.stringify(record), cfg.lang));
    }).catch(function () { return null; });
  }
  /* The event the taps ([name, value] pairs) make, read by scoring.quick_entry.event_from_taps against the
   * table with `dealer` dealing: {event} or {refusal} (in the page's language). Rejects without the engine. */
  function tapsEvent(entries, dealer) {
    return loadEngine().then(function (py) {
      var table = Object.assign({}, cfg.tapTable, { dealer: dealer });
      return JSON.parse(py.event(JSON.stringify(entries), JSON.stringify(table), JSON.stringify(cfg.refusals),
                                 JSON.stringify(cfg.players)));
    });
  }
  function formEntries(fd) {
    var entries = [];
    fd.forEach(function (value, name) { if (typeof value === "string") { entries.push([name, value]); } });
    return entries;
  }
  /* An event in words (scoring.quick_entry.event_text), kept per event once the engine has said it. */
  var wordsCache = {};
  function words(ev) { return wordsCache[JSON.stringify(ev)] || ""; }
  function describe(events) {
    return loadEngine().then(function (py) {
      events.forEach(function (ev) {
        var key = JSON.stringify(ev);
        if (!(key in wordsCache)) {
          wordsCache[key] = py.words(key, JSON.stringify(cfg.players), JSON.stringify(cfg.eventWords));
        }
      });
    }).catch(function () {});
  }

  // --- the queue on screen ---------------------------------------------------------------------
  form.parentNode.insertBefore(box, form);  // above the form, where the host looks after saving
  if (errorEl) { form.parentNode.insertBefore(errorEl, form); }
  var status = box.querySelector("[data-offline-status]");
  var list = box.querySelector("[data-offline-list]");
  var scoresEl = box.querySelector("[data-offline-scores]");
  var lastCheck = null;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function deltasWords(row) {
    if (!row) { return ""; }
    return row.deltas.map(function (d, i) { return d ? cfg.players[i] + " " + signed(d) : null; })
      .filter(Boolean).join(" · ");
  }
  function render() {
    box.hidden = queue.length === 0;
    box.querySelector("[data-offline-title]").textContent = fmt(S.title, { n: queue.length });
    list.textContent = "";
    var rows = {};
    if (lastCheck && lastCheck.ok) { lastCheck.rows.forEach(function (r) { rows[r.event_index] = r; }); }
    queue.forEach(function (item) {
      var li = el("li", { "data-testid": "queued-hand", "data-position": item.position, "data-status": item.status });
      li.appendChild(el("strong", {}, fmt(S.hand, { n: item.position + 1 }) + " "));
      li.appendChild(el("span", { "data-testid": "queued-words" }, words(item.event)));
      var paid = rows[item.position] ? deltasWords(rows[item.position]) : (item.status === "pending" ? "" : "");
      if (paid) { li.appendChild(el("span", { "class": "muted small offline-paid" }, " · " + paid)); }
      else if (item.status === "pending" && !(lastCheck && lastCheck.ok)) {
        li.appendChild(el("span", { "class": "muted small", "data-testid": "not-checked" }, " · " + S.notChecked));
      }
      if (item.status === "conflict") {
        var c = el("div", { "class": "offline-conflict", "data-testid": "conflict-box" });
        c.appendChild(el("p", {}, fmt(S.conflict, { n: item.position + 1 })));
        var both = el("dl", {});
        both.appendChild(el("dt", {}, S.stored)); both.appendChild(el("dd", { "data-testid": "conflict-stored" }, words(item.existing.event)));
        both.appendChild(el("dt", {}, S.mine)); both.appendChild(el("dd", { "data-testid": "conflict-mine" }, words(item.event)));
        c.appendChild(both);
        var keepStored = el("button", { type: "button", "class": "small", "data-testid": "keep-stored" }, S.keepStored);
        var keepMine = el("button", { type: "button", "class": "small primary", "data-testid": "keep-mine" }, S.keepMine);
        keepStored.addEventListener("click", function () { resolveKeepStored(item); });
        keepMine.addEventListener("click", function () { resolveKeepMine(item); });
        c.appendChild(keepStored); c.appendChild(keepMine);
        li.appendChild(c);
      } else if (item.status === "refused") {
        var r = el("div", { "class": "offline-refused", "data-testid": "refused-box", role: "alert" });
        r.appendChild(el("p", {}, S.refused + ": "));
        r.lastChild.appendChild(el("span", { "data-testid": "refusal" }, item.error));
        r.appendChild(el("p", { "class": "muted small" }, S.held));
        var fix = el("button", { type: "button", "class": "small", "data-testid": "fix-hand" }, S.fix);
        var drop = el("button", { type: "button", "class": "small danger", "data-testid": "drop-hand" }, S.drop);
        fix.addEventListener("click", function () { startFix(item); });
        drop.addEventListener("click", function () { dropHand(item); });
        r.appendChild(fix); r.appendChild(drop);
        li.appendChild(r);
      }
      list.appendChild(li);
    });
    showScores();
  }
  function showScores() {
    scoresEl.textContent = "";
    if (!queue.length || !lastCheck || !lastCheck.ok) { return; }
    scoresEl.textContent = S.scoresAfter + ": " + lastCheck.scores.map(function (s, i) {
      return cfg.players[i] + " " + thousands(s);
    }).join(" · ");
    lastCheck.scores.forEach(function (s, i) {
      var card = document.querySelector("[data-testid=score-" + i + "]");
      if (card) { card.textContent = thousands(s); card.classList.add("offline-score"); }
    });
    showTable(lastCheck);
  }
  /* The round banner, the dealer and the seat winds as the engine has them after the waiting hands. */
  function showTable(state) {
    var banner = document.querySelector("[data-testid=round] span");
    if (banner) {
      banner.textContent = state.finished ? S.gameOver : [S.rounds[state.round] || state.round,
        fmt(S.honba[state.honba === 1 ? 0 : 1], { n: state.honba }),
        fmt(S.sticks[state.sticks === 1 ? 0 : 1], { n: state.sticks })].join(" · ");
    }
    var n = cfg.players.length, badge = document.querySelector(".seats .badge-dealer");
    document.querySelectorAll(".seats .seat[data-seat]").forEach(function (card) {
      var seatNo = +card.getAttribute("data-seat");
      var wind = card.querySelector(".wind");
      if (wind) { wind.textContent = S.winds["ESWN"[(seatNo - state.dealer + n) % n]]; }
      card.classList.toggle("dealer", seatNo === state.dealer);
      if (seatNo === state.dealer && badge) { card.querySelector(".name").appendChild(badge); }
    });
    if (state.dealer !== cfg.dealer) {
      document.querySelectorAll(".seats [data-testid=renchan]").forEach(function (b) { b.hidden = true; });
    }
  }
  function setStatus(text) { status.textContent = text || ""; }
  function showError(text) {
    if (!errorEl) { return; }
    errorEl.textContent = text || "";
    errorEl.hidden = !text;
  }
  /* Forms the service worker kept when their post failed (a network that looked online): queue them. */
  function adoptPosted() {
    var posted;
    return tx(["posted"], "readonly", function (t) {
      request(t.objectStore("posted").index("game").getAll(GAME)).then(function (rows) { posted = rows; });
    }).then(function () {
      if (!posted.length) { return; }
      posted.sort(function (a, b) { return a.created - b.created; });
      // The kept posts wait in their store until the engine can read them (it rejects without Pyodide).
      return Promise.all([loadQueue(), loadMeta(), Promise.all(posted.map(function (p) {
        return tapsEvent(p.entries, cfg.dealer);
      }))]).then(function (r) {
        queue = r[0]; meta = r[1];
        var items = [], refusals = [];
        posted.forEach(function (p, i) {
          var made = r[2][i];
          if (made.refusal) { refusals.push(made.refusal); return; }
          items.push({ key: newKey(), game: GAME, position: nextPosition() + items.length, event: made.event,
                       status: "pending", created: p.created });
        });
        if (refusals.length) { showError(refusals.join(" ")); }
        return tx(["posted", "hands"], "readwrite", function (t) {
          posted.forEach(function (p) { t.objectStore("posted").delete(p.key); });
          items.forEach(function (q) { t.objectStore("hands").put(q); });
        }).then(function () { if (items.length) { setStatus(S.savedOffline); } });
      });
    });
  }
  function refresh() {
    return Promise.all([loadQueue(), loadMeta()]).then(function (r) {
      queue = r[0]; meta = r[1];
      var positionField = form.querySelector("[name=position]");
      if (positionField) { positionField.value = replacing ? replacing.position : nextPosition(); }
      render();
      if (!queue.length) { return; }
      var table = tableOf(queue);
      var shown = [];
      queue.forEach(function (q) { shown.push(q.event); if (q.existing) { shown.push(q.existing.event); } });
      return describe(shown).then(function () { return check(table.events); }).then(function (result) {
        if (result && result.ok) {
          // Rows by the waiting hand's position (a refused hand is left out of the replay).
          var byIndex = {};
          result.rows.forEach(function (row) { byIndex[row.event_index] = row; });
          var base = knownEvents().length;
          result.rows = table.items.map(function (q, i) {
            var row = byIndex[base + i];
            return row ? Object.assign({}, row, { event_index: q.position }) : null;
          }).filter(Boolean);
        }
        lastCheck = result;
        render();
      });
    });
  }

  /* The waiting hands as the table has them: a conflict's stored hand stands until the host chooses,
   * a refused hand is left out. */
  function tableOf(items) {
    var kept = items.filter(function (q) { return q.status !== "refused"; });
    return { items: kept, events: kept.map(function (q) { return q.status === "conflict" ? q.existing.event : q.event; }) };
  }

  // --- entering a hand with no network ----------------------------------------------------------
  function shouldQueue() { return !navigator.onLine || queue.length > 0 || replacing; }
  form.addEventListener("submit", function (ev) {
    if (!shouldQueue()) { return; }  // online with nothing waiting: the form posts as always
    var action = ev.submitter ? ev.submitter.value : "save";
    ev.preventDefault();
    ev.stopImmediatePropagation();
    showError("");
    var dealer = lastCheck && lastCheck.ok ? lastCheck.dealer : cfg.dealer;
    var event, position, before;
    tapsEvent(formEntries(new FormData(form)), dealer).then(function (made) {
      if (made.refusal) { showError(made.refusal); return null; }
      event = made.event;
      position = replacing ? replacing.position : nextPosition();
      before = tableOf(queue.filter(function (q) { return q.position < position; })).events;
      return describe([event]).then(function () { return check(before.concat([event])); });
    }, function () {
      // No engine to read the taps: a save is the plain post (the service worker keeps it when the network is
      // gone, and this page queues it once the engine runs); a preview has nothing to show.
      if (action !== "preview") { HTMLFormElement.prototype.submit.call(form); }
      return null;
    }).then(function (result) {
      if (event === undefined) { return; }
      if (result && !result.ok && result.hand >= knownEvents().length + before.length) {
        showError(S.offlineRefused + " " + result.message);
        return;
      }
      var preview = document.getElementById("preview");
      if (action === "preview") {
        if (preview && result && result.ok) { preview.textContent = words(event) + " · " + deltasWords(result.rows[result.rows.length - 1]); }
        return;
      }
      var item = replacing
        ? Object.assign({}, replacing, { event: event, status: "pending", error: "", key: newKey() })
        : { key: newKey(), game: GAME, position: position, event: event, status: "pending", created: Date.now() };
      var old = replacing;
      replacing = null;
      var write = old ? deleteHand(old.key).then(function () { return putHands([item]); }) : putHands([item]);
      return write.then(function () {
        form.reset();
        setStatus(navigator.onLine ? "" : S.savedOffline);
        return refresh();
      }).then(sync);
    });
  }, true);

  function newKey() {
    return (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  // --- sending, in order, exactly once ---------------------------------------------------------
  function csrf() {
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (m) { return decodeURIComponent(m[1]); }
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function api(method, url, body, key) {
    var headers = { "Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept": "application/json" };
    if (key) { headers["Idempotency-Key"] = key; }
    return fetch(url, { method: method, headers: headers, credentials: "same-origin", body: JSON.stringify(body), cache: "no-store" })
      .then(function (resp) {
        return resp.json().catch(function () { return {}; }).then(function (data) { return { status: resp.status, data: data }; });
      });
  }
  function refusalText(data) {
    if (!data) { return ""; }
    if (data.detail) { return typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail); }
    if (data.error && data.error.message) { return data.error.message; }
    return JSON.stringify(data);
  }
  var syncing = false, sentSome = false;
  function sendAll() {
    return loadQueue().then(function (rows) {
      queue = rows;
      var item = queue[0];
      if (!item || item.status !== "pending") { return false; }
      setStatus(S.sending);
      return api("POST", cfg.api.hands, { game: GAME, position: item.position, event: item.event }, item.key)
        .then(function (res) {
          if (res.status === 200 || res.status === 201) {
            sentSome = true;
            return markSent(item, res.data.event || item.event).then(sendAll);
          }
          if (res.status === 409 && res.data && res.data.existing) {
            item.status = "conflict"; item.existing = res.data.existing;
            return putHands([item]).then(function () { return false; });
          }
          item.status = "refused"; item.error = refusalText(res.data) || String(res.status);
          // The engine's own words in the page's language when it refuses the hand here too.
          return check([item.event]).then(function (result) {
            if (result && !result.ok && result.hand === knownEvents().length) { item.error = result.message; }
            return putHands([item]);
          }).then(function () { return false; });
        });
    });
  }
  function sync() {
    if (syncing || !navigator.onLine) { return Promise.resolve(); }
    syncing = true;
    var run = function () { return sendAll(); };
    var locked = navigator.locks ? navigator.locks.request("club-offline-" + GAME, run) : run();
    return locked.catch(function () { setStatus(S.waiting); })
      .then(function () { syncing = false; return refresh(); })
      .then(function () {
        if (!queue.length && sentSome && !replacing) { window.location.replace(cfg.tableUrl); }
        else if (queue.length && queue[0].status === "pending") { setStatus(S.waiting); }
        else { setStatus(""); }
      });
  }

  // --- the host's choices -------------------------------------------------------------------------
  function resolveKeepStored(item) {
    // The stored hand is the game's hand at this position: ours is dropped, the later ones follow it.
    return tx(["hands", "games"], "readwrite", function (t) {
      t.objectStore("hands").delete(item.key);
      var games = t.objectStore("games");
      request(games.get(GAME)).then(function (m) {
        m = m || { game: GAME, events: {} };
        m.events[item.position] = item.existing.event;
        games.put(m);
      });
    }).then(refresh).then(sync);
  }
  function resolveKeepMine(item) {
    var url = cfg.api.hand.replace(/0\/$/, item.existing.id + "/");
    return api("PATCH", url, { event: item.event, reason: S.keptReason }, item.key + ":keep").then(function (res) {
      if (res.status === 200) { sentSome = true; return markSent(item, item.event); }
      item.status = "refused"; item.error = refusalText(res.data) || String(res.status);
      return putHands([item]);
    }, function () { setStatus(S.waiting); }).then(refresh).then(sync);
  }
  function dropHand(item) {
    // The later waiting hands move up one place, as they would after a deleted hand.
    return loadQueue().then(function (rows) {
      var later = rows.filter(function (q) { return q.position > item.position; })
        .map(function (q) { return Object.assign({}, q, { position: q.position - 1 }); });
      return tx(["hands"], "readwrite", function (t) {
        var store = t.objectStore("hands");
        store.delete(item.key);
        later.forEach(function (q) { store.put(q); });
      });
    }).then(function () { if (replacing && replacing.key === item.key) { replacing = null; } })
      .then(refresh).then(sync);
  }
  function startFix(item) {
    replacing = item;
    setStatus(fmt(S.fixing, { n: item.position + 1 }));
    var positionField = form.querySelector("[name=position]");
    if (positionField) { positionField.value = item.position; }
    form.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  // --- fetching the engine (13 MB) into the service worker's cache --------------------------
  // Not on the first paint: after the page is interactive (loaded, then idle), and only where the device allows
  // it: a connection that says it is not metered (navigator.connection: no data saver, not cellular), or the host
  // turned offline mode on (this phone remembers it). The screen works online without it.
  var MODE_KEY = "club-offline-mode";
  var engineBox = document.getElementById("offline-engine");
  var modeButton = engineBox && engineBox.querySelector("[data-offline-mode]");
  var progress = engineBox && engineBox.querySelector("[data-offline-progress]");
  var engineStatus = engineBox && engineBox.querySelector("[data-offline-engine-status]");
  function hostWantsOffline() { try { return localStorage.getItem(MODE_KEY) === "on"; } catch (e) { return false; } }
  function unmetered() {
    var c = navigator.connection;
    if (!c || c.saveData) { return false; }
    return !/^(cellular|bluetooth|wimax)$/.test(c.type || "") && !/2g$/.test(c.effectiveType || "");
  }
  function allowed() { return hostWantsOffline() || unmetered(); }
  function sayEngine(text) { if (engineStatus) { engineStatus.textContent = text; } }
  function showMode() {
    if (!modeButton) { return; }
    var on = hostWantsOffline();
    modeButton.setAttribute("aria-pressed", on ? "true" : "false");
    modeButton.textContent = on ? S.modeOff : S.modeOn;
  }
  var warming = null;
  /* Ask the service worker to cache the engine now (resolves true when cached), showing its progress. */
  function warm() {
    if (warming) { return warming; }
    if (!("serviceWorker" in navigator) || !navigator.onLine) { return Promise.resolve(false); }
    warming = navigator.serviceWorker.ready.then(function (reg) {
      return new Promise(function (resolve) {
        if (!reg.active) { resolve(false); return; }
        var channel = new MessageChannel();
        channel.port1.onmessage = function (e) {
          var data = e.data || {};
          if (data.progress !== undefined && progress) {
            progress.hidden = false;
            progress.value = Math.min(100, Math.round(100 * data.progress / (cfg.warmBytes || 1)));
            sayEngine(fmt(S.engineLoading, { p: progress.value + "%" }));
          }
          if (data.warm !== undefined) {
            if (progress) { progress.hidden = true; }
            sayEngine(data.warm ? S.engineReady : S.engineFailed);
            resolve(!!data.warm);
          }
        };
        reg.active.postMessage({ type: "warm", urls: cfg.warm, sizes: cfg.warmSizes }, [channel.port2]);
      });
    });
    warming.then(function (ok) { if (!ok) { warming = null; } });  // a failed download is tried again later
    return warming;
  }
  function afterInteractive(fn) {
    function idle() { if (window.requestIdleCallback) { window.requestIdleCallback(fn, { timeout: 3000 }); } else { setTimeout(fn, 200); } }
    if (document.readyState === "complete") { idle(); } else { window.addEventListener("load", idle); }
  }
  var decided = new Promise(function (resolve) {
    afterInteractive(function () {
      if (allowed()) { resolve(warm()); return; }
      sayEngine(S.engineWaits);
      resolve(false);
    });
  });
  if (engineBox && "serviceWorker" in navigator) {
    engineBox.hidden = false;
    showMode();
    modeButton.addEventListener("click", function () {
      var on = !hostWantsOffline();
      try { localStorage.setItem(MODE_KEY, on ? "on" : "off"); } catch (e) { /* private mode: this visit only */ }
      showMode();
      if (on) { warm(); } else if (!unmetered()) { sayEngine(S.engineWaits); }
    });
  }

  box.querySelector("[data-offline-send]").addEventListener("click", function () { sync(); });
  window.addEventListener("online", function () { sync(); });
  window.addEventListener("offline", function () { setStatus(S.waiting); loadEngine(); });
  setInterval(function () { if (queue.length) { sync(); } }, 15000);

  // For the browser tests and the curious: the queue of this game, and adding an event to it directly.
  window.clubOffline = {
    queue: function () { return loadQueue(); },
    enqueue: function (event) {
      var item = { key: newKey(), game: GAME, position: nextPosition(), event: event, status: "pending", created: Date.now() };
      return putHands([item]).then(refresh);
    },
    sync: sync,
    /* The event the taps make (scoring.quick_entry, as the server's form), from [name, value] pairs; or {refusal}. */
    formEvent: function (entries) {
      return tapsEvent(entries, cfg.dealer).then(function (made) { return made.refusal ? { refusal: made.refusal } : made.event; });
    },
    /* Whether the engine is cached: the answer of the fetch started after the page became interactive (false
     * where the device does not allow it and the host did not turn offline mode on). */
    warmed: function () { return decided.then(function (started) { return warming ? warming : started; }); },
    engine: function () { return loadEngine().then(function () { return true; }, function () { return false; }); },
    /* How the engine started: {source: "snapshot" | "plain", kept: whether this start kept a snapshot}. */
    engineStart: function () {
      return loadEngine().then(function () {
        return engineStart.kept.then(function (kept) { return { source: engineStart.source, kept: kept }; });
      });
    },
  };

  // Waiting hands must survive the browser clearing space: ask for persistent storage.
  if (navigator.storage && navigator.storage.persist) { navigator.storage.persist().catch(function () {}); }
  if (!navigator.onLine) { loadEngine(); }  // opened with no network: the engine starts before the first save
  adoptPosted().catch(function () {}).then(refresh).then(function () { if (queue.length) { return sync(); } });
})();
