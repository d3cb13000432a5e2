/* Table screens: the tile picker, and "Save hand" answered with the next screen. Everything works without it
 * (the fields are plain text; the save redirects to the table). */
(function () {
  "use strict";
  var SUITS = "mpsz";

  function parse(text) {
    var out = [], digits = "";
    (text || "").replace(/[\s,]/g, "").split("").forEach(function (ch) {
      if (/[0-9]/.test(ch)) { digits += ch; }
      else if (SUITS.indexOf(ch) >= 0) { digits.split("").forEach(function (d) { out.push(d + ch); }); digits = ""; }
    });
    return out;
  }
  function order(t) { var n = +t[0]; return SUITS.indexOf(t[1]) * 100 + (n === 0 ? 5.5 : n) * 10; }
  function compact(tiles, sort) {
    var list = tiles.slice();
    if (sort) { list.sort(function (a, b) { return order(a) - order(b); }); }
    var out = "", run = "", suit = "";
    list.forEach(function (t) {
      if (t[1] !== suit && run) { out += run + suit; run = ""; }
      suit = t[1]; run += t[0];
    });
    return out + (run ? run + suit : "");
  }
  function meldCount(text) { return (text || "").split(",").filter(function (m) { return m.trim(); }).length; }

  function setup(picker) {
    var form = picker.closest("form");
    var field = function (name) { return form.querySelector("[name=" + name + "]"); };
    var pending = [];
    var pendingLabel = picker.querySelector("[data-meld-pending]");
    var history = [];
    function target() { var r = picker.querySelector("input[name=_target]:checked"); return r ? r.value : "tiles"; }
    function meldKind() { var r = picker.querySelector("input[name=_meld]:checked"); return r ? r.value : "chi"; }
    function changed() { form.dispatchEvent(new Event("tiles-changed", { bubbles: true })); }
    function showPending() { pendingLabel.textContent = pending.length ? meldKind() + ": " + compact(pending, false) : ""; }

    picker.addEventListener("click", function (ev) {
      var btn = ev.target.closest("button");
      if (!btn || !picker.contains(btn)) { return; }
      if (btn.hasAttribute("data-tile")) {
        var tile = btn.getAttribute("data-tile"), where = target();
        history.push({ where: where, tiles: field("tiles").value, win: field("win").value, melds: field("melds").value,
                       dora: field("dora").value, ura: field("ura").value, pending: pending.slice() });
        if (where === "win") {
          field("win").value = tile;
          var hand = parse(field("tiles").value);
          if (hand.length + 3 * meldCount(field("melds").value) === 13) {
            field("tiles").value = compact(hand.concat([tile]), true);
          }
        } else if (where === "meld") {
          pending.push(tile);
          var size = /kan/.test(meldKind()) ? 4 : 3;
          if (pending.length === size) {
            var melds = field("melds").value.trim();
            field("melds").value = (melds ? melds + ", " : "") + meldKind() + ":" + compact(pending, true);
            pending = [];
          }
          showPending();
        } else {
          var f = field(where);
          f.value = compact(parse(f.value).concat([tile]), where === "tiles");
        }
        changed();
      } else if (btn.hasAttribute("data-tile-back")) {
        var last = history.pop();
        if (last) {
          ["tiles", "win", "melds", "dora", "ura"].forEach(function (n) { field(n).value = last[n]; });
          pending = last.pending; showPending(); changed();
        }
      } else if (btn.hasAttribute("data-tile-clear")) {
        ["tiles", "win", "melds", "dora", "ura"].forEach(function (n) { field(n).value = ""; });
        pending = []; history = []; showPending(); changed();
      }
    });
    picker.addEventListener("change", function (ev) { if (ev.target.name === "_meld") { pending = []; showPending(); } });
  }

  // A seat cannot be on both sides of a ron: an input with data-distinct="other" is disabled (and
  // unticked) while the input of the same seat in the group "other" is ticked (winner / dealt in).
  function distinct(form) {
    if (form.hasAttribute("data-distinct-ready")) { return; }
    form.setAttribute("data-distinct-ready", "");
    function update() {
      form.querySelectorAll("input[data-distinct]").forEach(function (input) {
        var other = form.querySelectorAll("input[name='" + input.getAttribute("data-distinct") + "']");
        var taken = Array.prototype.some.call(other, function (o) { return o.checked && o.value === input.value; });
        // data-most: no more winners than the ruleset allows (A.S.I.: a third ron is an abortive draw).
        var most = parseInt(input.getAttribute("data-most") || "0", 10);
        if (most && !input.checked &&
            form.querySelectorAll("input[name='" + input.name + "']:checked").length >= most) { taken = true; }
        if (taken && input.checked) { input.checked = false; }
        input.disabled = taken;
        var label = input.closest("label");
        if (label) { label.classList.toggle("is-excluded", taken); }
      });
    }
    form.addEventListener("change", update);
    update();
  }

  function init(root) {
    (root || document).querySelectorAll("[data-tile-picker]").forEach(setup);
    (root || document).querySelectorAll("input[data-distinct]").forEach(function (input) {
      if (input.form) { distinct(input.form); }
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", function () { init(); }); }
  else { init(); }
})();

/* "Save hand" answered with the next table screen itself (league/web/games/views/hands.py, ANSWER_FIELD): one
 * request a hand instead of the save, a redirect and the screen's GET. The answer arrives at the save's address;
 * the screen puts the table's own in its place (data-answers-save), so a reload or Back-and-forward asks for the
 * table, never for the save again. Only where the address can be replaced is the answer asked for; elsewhere the
 * form posts as always and the server redirects. */
(function () {
  "use strict";
  if (!window.history || !history.replaceState) { return; }
  function answerWithScreen() {
    var answered = document.querySelector("[data-answers-save]");
    if (answered && location.pathname !== answered.getAttribute("data-answers-save")) {
      history.replaceState(history.state, "", answered.getAttribute("data-answers-save"));
    }
    var form = document.getElementById("hand-form");
    if (form && !form.querySelector("input[name=answer]")) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "answer";
      field.value = "screen";
      form.appendChild(field);
    }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", answerWithScreen); }
  else { answerWithScreen(); }
})();
