// Opening another dashboard (chililab's Voila template, issue 22 item 7). A click on a link to another page of this
// server (a card on the landing page, "all dashboards", the teacher page's link) keeps the old page on
// screen until the server starts answering, which takes a kernel start and more when many pages start at once.
// Meanwhile this says so: "Opening Chili Loco…" in the loading box's style, with a status line for screen readers.
(function () {
  if (window.__chiliLeaving) return;
  window.__chiliLeaving = true;
  function text(el) { return el ? (el.textContent || "").replace(/\s+/g, " ").trim() : ""; }
  function pageName(link) {  // the card's title ("Chili Loco →"), else the link's words, else "the page"
    var title = link.querySelector("div");
    var words = (text(title) || text(link)).replace(/[\u2192\u2190\u25b6\u25c0]/g, "").trim();
    return words && words.length <= 80 ? words : "the page";
  }
  document.addEventListener("click", function (e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var link = e.target.closest && e.target.closest("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    var url = new URL(link.href, document.baseURI);
    if (url.origin !== location.origin || url.pathname.indexOf("/voila/render/") < 0) return;
    if (url.pathname === location.pathname && url.search === location.search) return;  // only the #part changes
    var box = document.getElementById("chili-leaving") || document.createElement("section");
    box.id = "chili-leaving";
    box.setAttribute("aria-label", "Opening another page");
    box.innerHTML = '<div class="chili-loading-card"><p class="chili-leaving-text" role="status" aria-live="polite"></p>' +
                    '<p class="chili-leaving-hint"></p></div>';
    box.querySelector(".chili-leaving-text").textContent = "Opening " + pageName(link) + "…";
    box.querySelector(".chili-leaving-hint").textContent = "The server is getting it ready.";
    document.body.appendChild(box);
    var started = Date.now(), hint = box.querySelector(".chili-leaving-hint");
    clearInterval(window.__chiliLeavingClock);
    window.__chiliLeavingClock = setInterval(function () {  // a busy server: say how long; the browser stopped: go
      var s = Math.round((Date.now() - started) / 1000);
      if (!box.parentNode || s >= 120) { clearInterval(window.__chiliLeavingClock); if (box.parentNode) box.parentNode.removeChild(box); return; }
      if (s >= 8) hint.textContent = "The server is getting it ready (" + s + " seconds so far). When many pages start at once this can take half a minute.";
    }, 1000);
  });
  // back to this page from the browser's cache (the Back button): the box is stale
  window.addEventListener("pageshow", function () {
    var box = document.getElementById("chili-leaving");
    if (box) box.parentNode.removeChild(box);
  });
})();
