// What a page says while it loads (chililab's Voila template, issue 22 item 7), instead of Voila's bare spinner.
// A page goes through these steps; each one is shown in words, with "Step k of N" and a progress bar:
//   1. the server starts the page's kernel                        "Starting the game engine…"
//   2. its notebook's code cells run, one after the other          "Setting up the page… (part k of M)"
//      (the template's config script appears once the kernel runs; Voila calls voila_process(i, n) after cell i)
//   3. the stream ends (voila_finish): the browser loads voila.js  "Loading the buttons and pictures…"
//   4. voila.js calls voila_finish again: the cells are shown and
//      the widgets drawn                                           "Drawing the page…"
// The box (#chili-loading) is removed once every widget output of the page holds its drawn widget (a game's table
// and every chart in view too), the page's kernel has answered what the drawn page asked (its status "idle" on the
// websocket, listened to here) and the page has been still for a moment; whatever happens, 60 s into step 4.
// It lets clicks through (pointer-events: none).
(function () {
  var box = document.getElementById("chili-loading");
  if (!box || window.__chiliLoading) return;
  var kinds = JSON.parse(box.getAttribute("data-cells") || "[]");  // the notebook's cell types, in order
  var code = kinds.filter(function (k) { return k === "code"; }).length;
  var total = code + 3;
  var label = document.getElementById("chili-loading-text");
  var stepLine = document.getElementById("chili-loading-step");
  var bar = document.getElementById("chili-loading-bar");
  var fill = document.getElementById("chili-loading-fill");
  var hint = document.getElementById("chili-loading-hint");
  var started = Date.now();
  var state = window.__chiliLoading = {step: 0, done: false};

  function show(step, words) {
    if (state.done || step < state.step) return;
    state.step = step;
    if (label.textContent !== words) label.textContent = words;
    var where = "Step " + step + " of " + total;
    if (stepLine.textContent !== where) stepLine.textContent = where;
    bar.setAttribute("aria-valuenow", String(step));
    bar.setAttribute("aria-valuetext", where + ": " + words);
    fill.style.width = Math.round(100 * step / total) + "%";
  }
  function cellStep(ran) {  // `ran` cells have run: the next code cell's step, or the next-to-last step (loading) when none is left
    var k = 0;
    for (var i = 0; i < kinds.length; i++) {
      if (kinds[i] !== "code") continue;
      k += 1;
      if (i >= ran) {
        show(1 + k, code > 1 ? "Setting up the page… (part " + k + " of " + code + ")" : "Setting up the page…");
        return;
      }
    }
    show(total - 1, "Loading the buttons and pictures…");
  }

  show(1, "Starting the game engine…");
  // the kernel runs once the template writes the page's settings (just before the first cell runs)
  var seen = new MutationObserver(function () {
    if (document.getElementById("jupyter-config-data")) { seen.disconnect(); if (state.step < 2) cellStep(0); }
  });
  seen.observe(document, {childList: true, subtree: true});

  var slow = setInterval(function () {  // a busy server: say so, and how long it has taken so far
    if (state.done) { clearInterval(slow); return; }
    var s = Math.round((Date.now() - started) / 1000);
    if (s >= 8) hint.textContent = "Still working (" + s + " seconds so far). When many pages start at once this can take half a minute.";
  }, 1000);

  // Voila's own versions write "Executing 1 of 2" into its spinner's box (not on this page) and the console
  window.voila_process = function (index) { cellStep(index); };
  window.voila_heartbeat = function () {};

  var voilaFinish = window.voila_finish;
  window.voila_finish = function () {
    seen.disconnect();
    if (!window.themeLoaded) {  // the stream has ended; voila.js is still to load (it calls us again)
      show(total - 1, "Loading the buttons and pictures…");
      return voilaFinish.apply(this, arguments);
    }
    show(total, "Drawing the page…");
    var result = voilaFinish.apply(this, arguments);
    whenDrawn(finish);
    return result;
  };

  function outputsDrawn() {  // every widget output of the cells holds its drawn widget
    var cells = document.getElementById("rendered_cells");
    if (!cells) return true;
    if (cells.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return false;
    var outputs = cells.querySelectorAll(".jp-OutputArea-output");
    for (var i = 0; i < outputs.length; i++) {
      var o = outputs[i];
      if (o.matches(".jp-RenderedHTMLCommon, .jp-RenderedText, .jp-RenderedMarkdown, .jp-RenderedImage, .jp-RenderedSVG")) continue;
      if (o.textContent.trim() === "" && !o.querySelector(".jupyter-widgets, svg, img, canvas")) return false;
    }
    // chililab's own parts drawn in a second round: a game's table picture, a chart in view (chililab.widgets.plot)
    var tables = cells.querySelectorAll(".chili-table");
    for (var j = 0; j < tables.length; j++) if (!tables[j].querySelector("svg")) return false;
    var plots = cells.querySelectorAll(".chili-plot-area:not([data-drawn])");
    for (var k = 0; k < plots.length; k++) if (plots[k].offsetParent !== null) return false;
    return true;
  }
  // The page's kernel, as its messages tell (its websocket, opened by voila.js after this script): busy while it
  // answers the drawn widgets (a dashboard draws its table once the browser has told it the page's address).
  var kernel = {busy: false, lastIdle: 0};
  var NativeSocket = window.WebSocket;
  function heard(data) {
    if (state.done) return;
    var words = typeof data === "string" ? data
      : (data instanceof ArrayBuffer && data.byteLength < 4096 ? new TextDecoder().decode(data) : "");
    if (!/"msg_type"\s*:\s*"status"/.test(words)) return;
    var m = /"execution_state"\s*:\s*"(\w+)"/.exec(words);
    if (!m) return;
    kernel.busy = m[1] !== "idle";
    if (!kernel.busy) kernel.lastIdle = Date.now();
  }
  if (NativeSocket) {
    var Listened = function (url, protocols) {
      var ws = protocols === undefined ? new NativeSocket(url) : new NativeSocket(url, protocols);
      if (String(url).indexOf("/api/kernels/") >= 0) ws.addEventListener("message", function (e) { heard(e.data); });
      return ws;
    };
    Listened.prototype = NativeSocket.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Listened[k] = NativeSocket[k]; });
    window.WebSocket = Listened;
  }

  function movesShown() {  // a game's page: the seat's moves, the game's end or a finished lesson are drawn
    var cells = document.getElementById("rendered_cells");
    if (!cells) return true;
    // a seat at a shared table: drawn once the seat (or why there is none) is said
    if (cells.querySelector(".chili-table-page"))
      return !!cells.querySelector(".chili-seat-line, .chili-table-msg div");
    if (!cells.querySelector(".chili-table")) return true;
    // the table's picture and the moves: a table whose picture is not in yet is not drawn
    return !!cells.querySelector(".chili-table svg") &&
      !!cells.querySelector(".chili-move, .chili-game-over, .chili-done-box");
  }
  function whenDrawn(then) {
    // drawn: every output holds its widget, the kernel has answered (idle), and nothing has changed for a moment;
    // a kernel still busy 8 s after the outputs are drawn (a long computation) does not hold the page back
    var begun = Date.now(), lastChange = Date.now(), drawnSince = 0;
    var cells = document.getElementById("rendered_cells");
    var watch = new MutationObserver(function () { lastChange = Date.now(); });
    if (cells) watch.observe(cells, {childList: true, subtree: true});
    var t = setInterval(function () {
      var now = Date.now();
      var drawn = outputsDrawn();
      drawnSince = drawn ? (drawnSince || now) : 0;
      // a game's page has answered once its moves (or its end) are drawn too: the table comes first
      // (a busy kernel holds the box 8 s at most once drawn; a game's missing moves, 30 s: its bots may be playing)
      var moves = movesShown();
      var answered = (!kernel.busy && moves) || (drawnSince && now - drawnSince > (moves ? 8000 : 30000));
      if ((drawn && answered && now - lastChange > 250 && now - kernel.lastIdle > 250) || now - begun > 60000) {
        clearInterval(t); watch.disconnect(); then();
      }
    }, 100);
  }
  function finish() {
    state.done = true;
    if (NativeSocket && window.WebSocket !== NativeSocket) window.WebSocket = NativeSocket;  // later sockets: as they were
    clearInterval(slow);
    if (box.parentNode) box.parentNode.removeChild(box);
  }
})();
