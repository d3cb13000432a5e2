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
  // <button data-confirm="question">: one confirming tap in a dialog, then the form posts confirmed
  // (confirm=1); without JavaScript the server asks on a page instead (league/ui/confirm.py).
  document.addEventListener("click", function (ev) {
    var button = ev.target && ev.target.closest ? ev.target.closest("button[data-confirm]") : null;
    if (!button || !button.form) { return; }
    if (!window.confirm(button.getAttribute("data-confirm"))) { ev.preventDefault(); return; }
    var mark = button.form.querySelector("input[name=confirm]");
    if (!mark) {
      mark = document.createElement("input");
      mark.type = "hidden"; mark.name = "confirm";
      button.form.appendChild(mark);
    }
    mark.value = "1";
  });
})();
