/* Site-wide behaviour without inline handlers (the Content-Security-Policy allows no inline script).
   <select data-autosubmit> submits its form when changed (language, season filters).
   <input type="search" data-filter="#list" hidden> narrows the list's items to those containing
   what is typed (shown only where a script runs; without one the whole list is there).
   <button data-copy="#id" hidden> copies the text of #id to the clipboard; shown only where a
   script runs (without one the text is there to select by hand). */
(function () {
  "use strict";
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (el && el.hasAttribute && el.hasAttribute("data-autosubmit") && el.form) {
      if (el.form.requestSubmit) { el.form.requestSubmit(); } else { el.form.submit(); }
    }
  });
  document.addEventListener("input", function (ev) {
    var box = ev.target;
    if (!box || !box.hasAttribute || !box.hasAttribute("data-filter")) { return; }
    var list = document.querySelector(box.getAttribute("data-filter"));
    if (!list) { return; }
    var query = box.value.trim().toLowerCase();
    var items = list.children;
    for (var i = 0; i < items.length; i++) {
      items[i].hidden = query !== "" && items[i].textContent.toLowerCase().indexOf(query) === -1;
    }
  });
  function showSearchBoxes() {
    var boxes = document.querySelectorAll("input[data-filter]");
    for (var i = 0; i < boxes.length; i++) { boxes[i].hidden = false; }
  }
  function showCopyButtons() {
    var buttons = document.querySelectorAll("button[data-copy]");
    for (var i = 0; i < buttons.length; i++) {
      if (navigator.clipboard || document.queryCommandSupported) { buttons[i].hidden = false; }
    }
  }
  function selectText(el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }
  document.addEventListener("click", function (ev) {
    var button = ev.target && ev.target.closest ? ev.target.closest("button[data-copy]") : null;
    if (!button) { return; }
    var source = document.querySelector(button.getAttribute("data-copy"));
    if (!source) { return; }
    var text = (source.value || source.textContent || "").trim();
    var label = button.textContent;
    function done() {
      button.textContent = button.getAttribute("data-copied") || label;
      setTimeout(function () { button.textContent = label; }, 2000);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () { selectText(source); });
    } else {
      selectText(source);
      try { if (document.execCommand("copy")) { done(); } } catch (e) { /* the text stays selected */ }
    }
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showCopyButtons);
    document.addEventListener("DOMContentLoaded", showSearchBoxes);
  } else {
    showCopyButtons();
    showSearchBoxes();
  }
  // <button data-confirm="question">: one confirming tap in a dialog, then the form posts confirmed
  // (confirm=1); without JavaScript the server asks on a page instead (league/web/ui/confirm.py).
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
