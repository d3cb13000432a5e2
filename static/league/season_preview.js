/* The season settings page's preview of a ruleset change while it is computed ("계산 중", league.whatif.previews):
   ask the preview's address every few seconds and put its answer in place once it is ready (200); 202 is
   "still computing". Gives up after a few minutes and says to press Save again (nothing is saved before the
   confirmation). */
(function () {
  "use strict";
  var MAX_TRIES = 90;
  function poll(box, tries) {
    var url = box.getAttribute("data-preview-poll");
    var wait = (parseInt(box.getAttribute("data-poll-seconds"), 10) || 2) * 1000;
    window.setTimeout(function () {
      fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" } })
        .then(function (r) {
          if (r.status === 200) {
            return r.text().then(function (html) { box.outerHTML = html; });
          }
          if (r.status === 202 && tries < MAX_TRIES) { poll(box, tries + 1); return null; }
          box.querySelector("[data-testid=preview-pending]").hidden = true;
          box.querySelector("noscript") && box.insertAdjacentHTML("beforeend", box.querySelector("noscript").textContent);
          return null;
        })
        .catch(function () { if (tries < MAX_TRIES) { poll(box, tries + 1); } });
    }, wait);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var boxes = document.querySelectorAll("[data-preview-poll]");
    for (var i = 0; i < boxes.length; i++) { poll(boxes[i], 0); }
  });
})();
