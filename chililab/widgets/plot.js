// PlotView's browser side (chililab/widgets/plot.py): draw the model's figure JSON with
// Plotly.react. plotly.js itself is NOT in the widget state: it is loaded once per page from
// the server's static address (model "src", relative to the page's base URL) and cached by the
// browser; every chart on the page shares that one copy. Only if that address fails does the
// page ask the kernel for the file (viaKernel).

function baseUrl() {
  const cfg = document.getElementById("jupyter-config-data");
  try {
    if (cfg) return new URL(JSON.parse(cfg.textContent).baseUrl || "/", document.baseURI).href;
  } catch (e) { /* fall back to the page's own address */ }
  return document.baseURI;
}

function loadScript(url) {
  return new Promise((resolve, reject) => {
    // plotly.min.js is a UMD bundle: hide an AMD loader (require.js) so that it sets window.Plotly
    const define = globalThis.define;
    globalThis.define = undefined;
    const s = document.createElement("script");
    s.src = url;
    s.async = true;
    s.onload = () => { globalThis.define = define; resolve(globalThis.Plotly); };
    s.onerror = () => { globalThis.define = define; reject(new Error("could not load plotly.js from " + url)); };
    document.head.appendChild(s);
  });
}

// Fallback where the server has no plotly.js route (JupyterLab, Voila on Binder): ask this
// widget's kernel for the file, which it sends once, gzipped, as a binary buffer.
function viaKernel(model) {
  return new Promise((resolve, reject) => {
    const onMsg = async (msg, buffers) => {
      if (!msg || (msg.plotlyjs !== "gzip" && msg.plotlyjs !== "missing")) return;
      model.off("msg:custom", onMsg);
      if (msg.plotlyjs === "missing") {
        reject(new Error("plotly.js is not at " + model.get("src") + " and the kernel has no plotly package"));
        return;
      }
      try {
        const gz = new Blob([buffers[0].buffer || buffers[0]]);
        const text = await new Response(gz.stream().pipeThrough(new DecompressionStream("gzip"))).blob();
        resolve(await loadScript(URL.createObjectURL(new Blob([text], { type: "text/javascript" }))));
      } catch (err) { reject(err); }
    };
    model.on("msg:custom", onMsg);
    model.send({ request: "plotlyjs" });
  });
}

function loadPlotly(src, model) {
  const url = new URL(src, baseUrl()).href;
  const cache = (globalThis.__chililabPlotly = globalThis.__chililabPlotly || {});
  if (globalThis.Plotly && globalThis.Plotly.react) return Promise.resolve(globalThis.Plotly);
  if (!cache[url]) {
    cache[url] = loadScript(url).catch(() => viaKernel(model)).catch((err) => { delete cache[url]; throw err; });
  }
  return cache[url];
}

// Keep the chart as wide as its box. Plotly's "responsive" option redraws on a window resize only;
// the box also narrows without one (a scrollbar appearing, a panel wrapping under another, text made
// bigger), and a chart drawn while hidden starts at Plotly's default width: watch the box itself.
function followWidth(el, area, Plotly) {
  if (typeof ResizeObserver === "undefined") return { disconnect() {} };
  let pending = 0;
  const observer = new ResizeObserver(() => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      const w = el.clientWidth, drawn = area._fullLayout && area._fullLayout.width;
      // the width the chart was drawn at, not the box's when this began: the box may have narrowed
      // while the chart was drawing (a scrollbar appears as the page grows)
      if (w && drawn && Math.abs(drawn - w) >= 1) Plotly.Plots.resize(area);
    });
  });
  observer.observe(el);
  return observer;
}

async function render({ model, el }) {
  el.classList.add("chili-plot");
  const area = document.createElement("div");
  area.className = "chili-plot-area";
  el.appendChild(area);
  let Plotly;
  try {
    Plotly = await loadPlotly(model.get("src"), model);
  } catch (err) {
    area.className = "chili-plot-error";
    area.textContent = "The chart cannot be drawn: " + err.message;
    return;
  }
  let drawn = 0;
  const draw = async () => {
    const fig = model.get("figure") || {};
    const layout = fig.layout || {};
    // the box holds the figure's height: Plotly's resize (a window resize, the box's width changing)
    // drops a height the layout set and takes the box's instead, and a box without one has none
    area.style.height = layout.height ? layout.height + "px" : "";
    await Plotly.react(area, fig.data || [], layout, model.get("config") || {});
    area.dataset.drawn = String(++drawn);  // how many times this view drew (tests wait on it)
  };
  await draw();
  model.on("change:figure", draw);
  const follow = followWidth(el, area, Plotly);
  return () => {
    model.off("change:figure", draw);
    follow.disconnect();
    Plotly.purge(area);
  };
}

export default { render };
