"""Bytes a dashboard visitor's browser receives: first visit (empty cache) and a later visit (cache warm).

    python3 benchmarks/page_bytes.py                 # table for every page below
    python3 benchmarks/page_bytes.py --json out.json --pages plot_light plot_figurewidget
    python3 benchmarks/page_bytes.py --stock         # the same pages served by plain voila (before)

Starts ``chililab dashboards`` (``chililab.voila_app``: Voila plus the cached plotly.js route) on a
free localhost port over a temporary folder holding the pages to compare, then opens each page
twice in one Debian Chromium context (Playwright, ``/usr/bin/chromium``, kept on localhost): the
first visit starts with an empty cache, the second reuses the browser's cache as a returning
visitor's would. Chrome DevTools Protocol ``Network`` events count the bytes: every HTTP response
as it came over the wire (``loadingFinished.encodedDataLength``: headers and the possibly
gzipped body; 0 when served from the cache) and every websocket frame the page received from
its kernel (the widgets' state and updates) and sent.

Pages (``--pages``):

- ``plot_light``: a chart drawn by :class:`chililab.widgets.plot.PlotView` (figure JSON through
  the websocket, plotly.js as a cached static file);
- ``plot_fallback``: the light chart where the server lacks the plotly.js route (JupyterLab, Binder):
  the page gets plotly.js from its kernel, gzipped, through the websocket;
- ``plot_figurewidget``: the same chart as ``plotly.graph_objects.FigureWidget`` (the reference:
  plotly.js inside the widget state, through the websocket, every visit);
- ``loco``: the Chili Loco dashboard (no chart: what any Voila page costs here);
- ``aycc_explorer``, ``loco_explorer``, ``mafia_explorer``: the probability explorers, and
  ``balance_explorer``: the game-balance explorer (when ``dashboards/`` has them).

A visit counts until its page has drawn (``READY``) and no byte has arrived for ``--quiet`` seconds.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

#: page name -> (notebook source, CSS selector present once the page has drawn)
PAGES = {
    "plot_light": ("from chililab.apps import plot_demo\n\nplot_demo.app()",
                   ".chili-plot-area[data-drawn] .main-svg"),
    "plot_fallback": ("from chililab.apps import plot_demo\n\nplot_demo.app(src='no/such/plotly.min.js')",
                      ".chili-plot-area[data-drawn] .main-svg"),
    "plot_figurewidget": ("from chililab.apps import plot_demo\n\nplot_demo.app(figurewidget=True)",
                          ".js-plotly-plot .main-svg"),
    "loco": (None, ".chili-table svg"),
    "aycc_explorer": (None, ".chili-aycc-explorer .chili-plot-area[data-drawn] .main-svg"),
    "loco_explorer": (None, ".chili-loco-explorer .chili-plot-area[data-drawn] .main-svg"),
    "mafia_explorer": (None, ".chili-mafia-explorer .chili-plot-area[data-drawn] .main-svg"),
    "balance_explorer": (None, ".chili-balance-explorer .chili-plot-area[data-drawn] .main-svg"),
}


class Meter:
    """Counts what one page receives, from Chrome DevTools Protocol ``Network`` events."""

    def __init__(self, context, page):
        self.responses: dict[str, dict] = {}
        self.ws_in = self.ws_out = self.ws_frames_in = 0
        self.largest_frame = 0
        self.last = time.monotonic()
        cdp = context.new_cdp_session(page)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame_in)
        cdp.on("Network.webSocketFrameSent", self._frame_out)
        cdp.send("Network.enable")
        self.cdp = cdp

    def _response(self, e):
        r = e["response"]
        self.responses.setdefault(e["requestId"], {}).update(
            url=r["url"], status=r["status"], cached=bool(r.get("fromDiskCache") or r.get("fromMemoryCache")))
        self.last = time.monotonic()

    def _finished(self, e):
        self.responses.setdefault(e["requestId"], {"url": "?", "status": 0, "cached": False})["bytes"] = int(
            e["encodedDataLength"])
        self.last = time.monotonic()

    @staticmethod
    def _size(frame) -> int:
        data = frame["response"]["payloadData"]
        return len(base64.b64decode(data)) if frame["response"]["opcode"] == 2 else len(data.encode())

    def _frame_in(self, e):
        n = self._size(e)
        self.ws_in += n
        self.ws_frames_in += 1
        self.largest_frame = max(self.largest_frame, n)
        self.last = time.monotonic()

    def _frame_out(self, e):
        self.ws_out += self._size(e)
        self.last = time.monotonic()

    def summary(self) -> dict:
        http = [r for r in self.responses.values() if "bytes" in r]
        plotly = sum(r["bytes"] for r in http if "plotly" in r["url"].rsplit("/", 1)[-1] and r["status"] == 200)
        http_bytes = sum(r["bytes"] for r in http)
        return {"http_bytes": http_bytes, "http_requests": len(http),
                "from_cache": sum(1 for r in http if r["cached"] or r["status"] == 304),
                "plotlyjs_http_bytes": plotly, "ws_in_bytes": self.ws_in, "ws_out_bytes": self.ws_out,
                "ws_frames_in": self.ws_frames_in, "largest_ws_frame": self.largest_frame,
                "total_in_bytes": http_bytes + self.ws_in}


def visit(context, url: str, ready: str, timeout_s: float = 240, quiet_s: float = 3.0) -> dict:
    """Open ``url`` in a new page of ``context``; wait until ``ready`` shows and the network is quiet."""
    page = context.new_page()
    meter = Meter(context, page)
    t0 = time.monotonic()
    try:
        page.goto(url, wait_until="commit")
        page.locator(ready).first.wait_for(state="attached", timeout=timeout_s * 1000)
        drawn = time.monotonic() - t0
        quiet_by = time.monotonic() + timeout_s  # bounded: a page that never falls quiet is measured as it is
        while time.monotonic() - meter.last < quiet_s and time.monotonic() < quiet_by:
            page.wait_for_timeout(250)
        out = meter.summary()
        out["drawn_s"] = round(drawn, 1)
        return out
    finally:
        page.close()


def first_and_later(browser, url: str, ready: str, **kw) -> dict:
    """Two visits of ``url`` in one fresh browser context: empty cache, then warm."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        return {"first": visit(context, url, ready, **kw), "later": visit(context, url, ready, **kw)}
    finally:
        context.close()


def make_folder(pages, folder: Path) -> None:
    """The served folder: ``index.ipynb`` and the pages (demo notebooks written, dashboards copied)."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    shutil.copyfile(ROOT / "dashboards" / "index.ipynb", folder / "index.ipynb")
    for name in pages:
        source = PAGES[name][0]
        if source is None:
            shutil.copyfile(ROOT / "dashboards" / f"{name}.ipynb", folder / f"{name}.ipynb")
        else:
            nb = new_notebook(cells=[new_code_cell(source)])
            nb.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                          "name": "python3"}}
            nbformat.write(nb, folder / f"{name}.ipynb")


def start_server(folder: Path, log: Path, stock: bool = False):
    """``chililab dashboards --dir folder`` on a free port (``stock``: plain ``voila folder``, without
    chililab's plotly.js route, compression and extension list); returns (process, base URL)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = ([sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
           if stock else [sys.executable, "-m", "chililab.cli", "dashboards", "--dir", str(folder), "--port", str(port)])
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT,
                                start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(base + "voila/static/voila.js", timeout=2):
                return proc, base
        except OSError:
            time.sleep(0.3)
    stop_server(proc)
    raise TimeoutError("the server did not answer within 120 s")


def stop_server(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def table(results: dict) -> str:
    """The measurements as a text table, kB = 1,000 bytes."""
    head = (f"{'page':<19} {'visit':<6} {'HTTP kB':>9} {'of it plotly.js':>15} {'requests':>8} {'cached':>6} "
            f"{'websocket in kB':>15} {'largest frame kB':>16} {'total in kB':>11} {'drawn s':>7}")
    lines = [head, "-" * len(head)]
    for name, visits in results.items():
        for which, m in visits.items():
            lines.append(f"{name:<19} {which:<6} {m['http_bytes'] / 1e3:>9,.1f} {m['plotlyjs_http_bytes'] / 1e3:>15,.1f} "
                         f"{m['http_requests']:>8} {m['from_cache']:>6} {m['ws_in_bytes'] / 1e3:>15,.1f} "
                         f"{m['largest_ws_frame'] / 1e3:>16,.1f} {m['total_in_bytes'] / 1e3:>11,.1f} "
                         f"{m['drawn_s']:>7}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", nargs="+", choices=list(PAGES), default=None,
                    help="pages to measure (default: all there are)")
    ap.add_argument("--json", type=Path, help="also write the measurements here")
    ap.add_argument("--quiet", type=float, default=3.0, help="seconds without traffic that end a visit")
    ap.add_argument("--stock", action="store_true",
                    help="serve with plain voila (no plotly.js route, no compression, every lab extension): "
                         "the numbers before chililab.voila_app; the light charts then take the fallback")
    args = ap.parse_args(argv)
    pages = args.pages or [p for p, (src, _) in PAGES.items()
                           if src is not None or (ROOT / "dashboards" / f"{p}.ipynb").is_file()]
    from playwright.sync_api import sync_playwright

    results = {}
    with tempfile.TemporaryDirectory(prefix="chililab-bytes-") as tmp:
        folder = Path(tmp) / "pages"
        folder.mkdir()
        make_folder(pages, folder)
        proc, base = start_server(folder, Path(tmp) / "voila.log", stock=args.stock)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for name in pages:
                        results[name] = first_and_later(browser, f"{base}voila/render/{name}.ipynb",
                                                        PAGES[name][1], quiet_s=args.quiet)
                        print(f"measured {name}", file=sys.stderr, flush=True)
                finally:
                    browser.close()
        finally:
            stop_server(proc)
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
