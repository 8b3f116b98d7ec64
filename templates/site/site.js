/* The site's one script (adj site, docs/site.md): everything works without it. It adds
   keyboard navigation between phases (left and right arrows), map zoom buttons and the
   status filter of the games index. */
(function () {
  "use strict";
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
    var link = document.querySelector('.phasenav a[data-key="' + e.key + '"]');
    if (link) { window.location.href = link.href; }
  });
  var zoom = document.querySelector(".zoom");
  var view = document.querySelector(".mapcard .mapview");
  if (zoom && view) {
    zoom.hidden = false;
    var buttons = zoom.querySelectorAll("button");
    Array.prototype.forEach.call(buttons, function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-zoom") === "1" ? "true" : "false");
      b.addEventListener("click", function () {
        var z = b.getAttribute("data-zoom");
        view.classList.remove("z2", "z4");
        if (z !== "1") view.classList.add("z" + z);
        Array.prototype.forEach.call(buttons, function (o) {
          o.setAttribute("aria-pressed", o === b ? "true" : "false");
        });
      });
    });
  }
  var filters = document.querySelectorAll(".filters a[data-filter]");
  function show(which) {
    Array.prototype.forEach.call(document.querySelectorAll(".status-group"), function (g) {
      g.classList.toggle("hidden", which !== "all" && g.getAttribute("data-status") !== which);
    });
    Array.prototype.forEach.call(filters, function (a) {
      a.setAttribute("aria-current", a.getAttribute("data-filter") === which ? "true" : "false");
    });
  }
  Array.prototype.forEach.call(filters, function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      show(a.getAttribute("data-filter"));
      if (history.replaceState) history.replaceState(null, "", "#" + a.getAttribute("data-filter"));
    });
  });
  if (filters.length) {
    var h = (window.location.hash || "#all").slice(1);
    show(document.querySelector('.filters a[data-filter="' + h + '"]') ? h : "all");
  }
})();
