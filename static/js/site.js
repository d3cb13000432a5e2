/* Site-wide behaviour without inline handlers (the Content-Security-Policy allows no inline script).
   <select data-autosubmit> submits its form when changed (language, season filters). */
(function () {
  "use strict";
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (el && el.hasAttribute && el.hasAttribute("data-autosubmit") && el.form) {
      if (el.form.requestSubmit) { el.form.requestSubmit(); } else { el.form.submit(); }
    }
  });
})();
