/* Club nights: countdowns, the board's live fragment and the watch view's refresh.
 *
 * Polling is conditional (If-None-Match → 304 while nothing changed), with a little random
 * jitter so that many screens do not ask in step, slower when the tab is hidden, and backing
 * off after errors. No page reloads: the board swaps its fragment, a watcher swaps its screen.
 */
(function () {
  "use strict";
  if (window.__eventsLive) return;
  window.__eventsLive = true;

  function fmt(s) {
    var sign = s < 0 ? "-" : "";
    s = Math.abs(s);
    var m = Math.floor(s / 60), r = s % 60;
    return sign + m + ":" + (r < 10 ? "0" : "") + r;
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-seconds-left]").forEach(function (el) {
      if (!el.__end) el.__end = now + parseInt(el.getAttribute("data-seconds-left"), 10) * 1000;
      var left = Math.round((el.__end - now) / 1000);
      var clock = el.querySelector(".clock");
      if (clock) clock.textContent = fmt(Math.max(left, 0));
      var up = left <= 0;
      el.classList.toggle("up", up);
      var label = el.querySelector(".left");
      if (label && up && el.getAttribute("data-up-text")) label.textContent = el.getAttribute("data-up-text");
      var box = el.closest(".night-timer");
      var banner = box && box.querySelector(".last-hand");
      if (banner) banner.hidden = !up;
    });
  }

  function poll(getEl, onChange) {
    var failures = 0;
    function next(base) {
      var wait = base * (document.hidden ? 4 : 1) * Math.pow(2, Math.min(failures, 4)) + Math.random() * 400;
      setTimeout(run, wait);
    }
    function run() {
      var el = getEl();
      if (!el) return next(1500);
      var base = parseInt(el.getAttribute("data-interval") || "1500", 10);
      var headers = {"X-Requested-With": "fetch"};
      var etag = el.getAttribute("data-etag");
      if (etag) headers["If-None-Match"] = etag;
      fetch(el.getAttribute("data-live-url") || el.getAttribute("data-watch-url"),
            {cache: "no-store", credentials: "same-origin", headers: headers})
        .then(function (resp) {
          failures = 0;
          if (resp.status === 200) {
            var tag = resp.headers.get("ETag");
            return resp.text().then(function (body) {
              if (tag) el.setAttribute("data-etag", tag);
              onChange(el, body);
            });
          }
          if (resp.status !== 304) failures++;
        })
        .catch(function () { failures++; })
        .then(function () { next(base); });
    }
    next(1000);
  }

  function swapScreen() {
    fetch(location.href, {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("table-screen"), here = document.getElementById("table-screen");
        if (fresh && here) here.replaceWith(document.importNode(fresh, true));
        tick();
      });
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    setInterval(tick, 1000);
    if (document.getElementById("board-live")) {
      poll(function () { return document.getElementById("board-live"); }, function (el, body) {
        el.innerHTML = body;
        tick();
      });
    }
    ["my-seat-live", "referee-call-live", "referee-calls-live"].forEach(function (id) {
      if (!document.getElementById(id)) return;
      poll(function () { return document.getElementById(id); }, function (el, body) {
        el.innerHTML = body;
        tick();
      });
    });
    if (document.querySelector("[data-watch-url]")) {
      poll(function () { return document.querySelector("[data-watch-url]"); }, function () { swapScreen(); });
    }
  });
})();
