{% autoescape off %}/* Service worker of the club league (rendered by league.offline.service_worker; version {{ version }}).
 * - /static/ files and the scoring zip: from this version's cache (filled at install), else the network.
 * - The table screens of the member's games: the network first (the cache kept fresh), the cache when
 *   the network is gone, so a host can keep entering hands. Queued hands are in IndexedDB (offline.js),
 *   never in these caches, so a new version never loses them.
 * - Everything else (the API, forms) goes to the network untouched.
 */
"use strict";
var VERSION = "{{ version }}";
var STATIC_CACHE = "club-static-" + VERSION;
var PAGES_CACHE = "club-pages";
var PRECACHE = {{ precache }};
var PAGES_URL = {{ pages_url }};
var OWNER_HEADER = {{ owner_header }};  // whose a table screen is (league/web/games/offline.py page_owner)
var SCORING_ZIP = {{ scoring_zip }};  // the engine's: cached when the table screen asks (warm), not at install
var STATIC_PREFIX = {{ static_prefix }};
var OFFLINE_HTML = {{ offline_html }};
var TABLE_PAGE = /^\/games\/\d+\/table\/$/;
var NETWORK_WAIT_MS = 10000;
var REFRESH_EVERY_MS = 60000;
var lastRefresh = 0, lastUser = null;
var fetchingPages = {}, storingPages = {}, refreshing = null;

self.addEventListener("install", function (event) {
  // A new version takes over at once (its caches are complete); the queue is in IndexedDB, untouched.
  event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("club-static-") === 0 && k !== STATIC_CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }).then(function () { return refreshPages(true); }));
});

/* Cache the table screens the member sits at (and forget the others: finished games, another login).
 * Resolves when done; a refresh asked while another runs (and not forced) waits for that one. */
function refreshPages(force, user) {
  // At most once a minute, unless someone else logged in (or out) since the last time.
  var changed = user !== undefined && user !== lastUser;
  if (user !== undefined) { lastUser = user; }
  if (!force && !changed && Date.now() - lastRefresh < REFRESH_EVERY_MS) { return refreshing || Promise.resolve(); }
  lastRefresh = Date.now();
  var run = fetch(PAGES_URL, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
    if (!r.ok) { return null; }
    return r.json().then(function (data) {
      return caches.open(PAGES_CACHE).then(function (cache) {
        var keep = {};
        data.pages.forEach(function (p) { keep[new URL(p, self.location.origin).href] = true; });
        return cache.keys().then(function (reqs) {
          return Promise.all(reqs.filter(function (q) { return !keep[q.url.split("?")[0]]; })
            .map(function (q) { return cache.delete(q); }));
        }).then(function () {
          var who = String(data.user || "");
          return Promise.all(data.pages.map(function (p) {
            // Two refreshes at once (the worker's start and the page's message) look and fetch once: the look in
            // the cache is part of the one fetch, so a second refresh cannot look before the first one stored the
            // page and fetch after it finished.
            var key = who + " " + p;
            if (!fetchingPages[key]) {
              var done = function () { delete fetchingPages[key]; };
              var navigating = storingPages[new URL(p, self.location.origin).href];  // a navigation's copy, coming
              var look = Promise.resolve(navigating).then(function () { return cache.match(p); });
              fetchingPages[key] = look.then(function (hit) {
                if (isFresh(hit, who)) { return null; }
                return fetch(p, { credentials: "same-origin" }).then(function (resp) {
                  if (!resp.ok || resp.redirected) { return null; }
                  return keepPage(cache, p, resp, who);
                });
              }).then(done, done);
            }
            return fetchingPages[key];
          }));
        });
      });
    });
  }).catch(function () {});
  refreshing = run;
  run.then(function () { if (refreshing === run) { refreshing = null; } });
  return run;
}

/* A copy of this visitor's page (``who``: pages.json's user, or the OWNER_HEADER the table screen is
 * sent with) under a minute old is not fetched again: the worker's start, the login, the page's own message and
 * the page's navigation itself each ask within seconds of a first visit. */
function isFresh(hit, who) {
  return !!hit && !!who && hit.headers.get(OWNER_HEADER) === who
    && Date.now() - Number(hit.headers.get("X-Club-At") || 0) < REFRESH_EVERY_MS;
}

function keepPage(cache, key, resp, who) {
  var headers = new Headers(resp.headers);
  if (who) { headers.set(OWNER_HEADER, who); }
  headers.set("X-Club-At", String(Date.now()));
  return resp.blob().then(function (body) {
    return cache.put(key, new Response(body, { status: resp.status, statusText: resp.statusText, headers: headers }));
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "refresh-pages") {
    var refreshed = refreshPages(false, String(data.user || ""));
    event.waitUntil(refreshed);
    if (event.ports && event.ports[0]) {  // the asker is told when the pages are fresh (tests wait on it)
      var reply = event.ports[0];
      refreshed.then(function () { reply.postMessage({ refreshed: true }); });
    }
  }
  if (data.type === "warm" && data.urls) {
    // The table screen asks for the engine's files (Pyodide, the scoring zip) ahead of a dead network, once the
    // page is interactive and the device allows it. One file after the other, the bytes counted as they come, so
    // the page shows a progress bar ({progress: bytes so far}); then {warm: true|false}.
    var port = event.ports && event.ports[0];
    var say = function (message) { if (port) { port.postMessage(message); } };
    var sizes = data.sizes || [];
    var loaded = 0;
    event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) {
      return data.urls.reduce(function (chain, url, i) {
        return chain.then(function () {
          return cache.match(url).then(function (hit) {
            if (hit) { loaded += sizes[i] || 0; say({ progress: loaded }); return null; }
            return fetch(url, { credentials: "same-origin" }).then(function (response) {
              if (!response.ok || !response.body) { throw new Error(url); }
              // The response itself is cached, as cache.add() would; a copy of its body is read to count the bytes.
              var reader = response.clone().body.getReader();
              var pump = function () {
                return reader.read().then(function (part) {
                  if (part.done) { return null; }
                  loaded += part.value.byteLength;
                  say({ progress: loaded });
                  return pump();
                });
              };
              return Promise.all([cache.put(url, response), pump()]);
            });
          });
        });
      }, Promise.resolve());
    }).then(function () { say({ warm: true }); }, function () { say({ warm: false }); }));
  }
  if (data.type === "version" && event.ports && event.ports[0]) { event.ports[0].postMessage({ version: VERSION }); }
});

function staticResponse(request) {
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      if (hit) { return hit; }
      return fetch(request).then(function (resp) {
        if (resp.ok) { cache.put(request, resp.clone()); }
        return resp;
      });
    });
  });
}

/* A navigation's answer that is the page of ``key`` (``isPage``), kept as a refresh keeps it: a refresh within the
 * minute does not fetch it again, and a refresh that asks for the page meanwhile waits for this copy instead. */
function keepAnswer(key, network, isPage) {
  var kept = null;
  var answered = network.then(function (resp) {
    if (resp.ok && !resp.redirected && isPage(resp)) {
      var copy = resp.clone();
      kept = caches.open(PAGES_CACHE).then(function (cache) { return keepPage(cache, key, copy, ""); });
    }
    return resp;
  });
  var storing = answered.then(function () { return kept; }).catch(function () {});
  storingPages[key] = storing;
  storing.then(function () { if (storingPages[key] === storing) { delete storingPages[key]; } });
  return answered;
}

function pageResponse(request, url) {
  var key = url.origin + url.pathname;
  var network = keepAnswer(key, fetch(request), function () { return true; });
  var cached = function () {
    return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(key, { ignoreVary: true }); });
  };
  // A network that neither answers nor fails (patchy Wi-Fi): after a while the cached screen, while the
  // request still completes and refreshes the cache.
  var slow = new Promise(function (resolve) { setTimeout(resolve, NETWORK_WAIT_MS); }).then(cached);
  return new Promise(function (resolve) {
    var done = false;
    function settle(resp) { if (!done && resp) { done = true; resolve(resp); } }
    network.then(settle, function () {
      cached().then(function (hit) {
        settle(hit || new Response(OFFLINE_HTML, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }));
      });
    });
    slow.then(settle);
  });
}

/* The waiting hands' database (the same as static/league/offline.js opens). */
function openQueue() {
  return new Promise(function (resolve, reject) {
    var req = indexedDB.open("club-offline", 1);
    req.onupgradeneeded = function () {
      var db = req.result;
      db.createObjectStore("hands", { keyPath: "key" }).createIndex("game", "game");
      db.createObjectStore("games", { keyPath: "game" });
      db.createObjectStore("posted", { keyPath: "key" }).createIndex("game", "game");
    };
    req.onsuccess = function () { resolve(req.result); };
    req.onerror = function () { reject(req.error); };
  });
}

/* "Save hand" posted the plain form while the phone thinks it is online, and the network failed:
 * keep the posted fields (the table screen turns them into a waiting hand) and show the table screen. */
function postOrKeep(request, game) {
  var copy = request.clone();
  // A save answered with the next table screen (league/web/games/views/hands.py, sent with OWNER_HEADER) is the
  // table's copy from now on, as a navigation to the table would keep it.
  var table = new URL("/games/" + game + "/table/", self.location.origin).href;
  var answered = keepAnswer(table, fetch(request), function (resp) { return resp.headers.get(OWNER_HEADER) !== null; });
  return answered.catch(function (err) {
    return copy.formData().then(function (fd) {
      if (fd.get("action") === "preview") { throw err; }
      var entries = [];
      fd.forEach(function (v, k) { if (typeof v === "string" && k !== "csrfmiddlewaretoken") { entries.push([k, v]); } });
      return openQueue().then(function (db) {
        return new Promise(function (resolve, reject) {
          var t = db.transaction(["posted"], "readwrite");
          t.objectStore("posted").put({ key: Date.now() + "-" + Math.random().toString(36).slice(2), game: game,
                                        entries: entries, created: Date.now() });
          t.oncomplete = resolve;
          t.onerror = function () { reject(t.error); };
        });
      });
    }).then(function () {
      return Response.redirect(table, 303);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var hands = /^\/games\/(\d+)\/hands\/$/.exec(new URL(request.url).pathname);
  if (request.method === "POST" && request.mode === "navigate" && hands) {
    event.respondWith(postOrKeep(request, +hands[1]));
    return;
  }
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf(STATIC_PREFIX) === 0 || PRECACHE.indexOf(url.pathname) >= 0 || url.pathname === SCORING_ZIP) {
    event.respondWith(staticResponse(request));
  } else if (request.mode === "navigate" && TABLE_PAGE.test(url.pathname)) {
    event.respondWith(pageResponse(request, url));
  } else if (request.mode === "navigate") {
    // Any other page: the network; with none, a page that says so (instead of the browser's error).
    event.respondWith(fetch(request).catch(function () {
      return new Response(OFFLINE_HTML, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }));
  }
});
{% endautoescape %}
