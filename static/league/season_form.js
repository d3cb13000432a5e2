/* A season's rating parameters: show only the fieldset of the rating method chosen in the select
   (every fieldset stays in the form, so nothing typed is lost when the method changes back). */
(function () {
  "use strict";
  function update(select) {
    var form = select.form;
    var boxes = form.querySelectorAll("fieldset[data-rating-params]");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].hidden = boxes[i].getAttribute("data-rating-params") !== select.value;
    }
  }
  document.addEventListener("change", function (ev) {
    if (ev.target && ev.target.name && /(^|-)rating_method$/.test(ev.target.name)) { update(ev.target); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var selects = document.querySelectorAll("select[name$=rating_method]");
    for (var i = 0; i < selects.length; i++) { update(selects[i]); }
  });
})();
