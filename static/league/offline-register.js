/* Installs the service worker (/sw.js) on every page, and asks it to keep the member's table screens cached. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) { return; }
  var url = script.getAttribute("data-sw");
  var user = script.getAttribute("data-user") || "";
  function refresh(reg) {
    var worker = reg.active || reg.waiting || reg.installing;
    if (worker && navigator.onLine) { worker.postMessage({ type: "refresh-pages", user: user }); }
  }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).then(function (reg) {
      if (reg.active) { refresh(reg); }
      navigator.serviceWorker.ready.then(refresh);
    }).catch(function () {});
  });
})();
