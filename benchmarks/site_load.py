"""How fast the static site opens, and how many bytes a student downloads: first visit and repeat visit.

    python3 benchmarks/site_load.py                       # builds the site from the cache first
    python3 benchmarks/site_load.py --site /tmp/site      # a built site (chililab site build --out /tmp/site)
    python3 benchmarks/site_load.py --json out.json --page loco --repeats 3

Serves the site from a local static server (Python's, as ``chililab site serve`` does) that counts
every byte it sends, and opens the page in Debian's Chromium (Playwright, ``/usr/bin/chromium``,
every other host unresolvable). A **cold** visit starts with an empty browser cache (a new
context); the **repeat** visit opens the page again in the same context, as a returning student
would. A visit lasts until the dashboard has drawn (its table and move buttons, or an explorer's
chart). Bytes are the bodies the server sent during the visit (a 304 revalidation sends none).

The browser keeps its cache on disk (a persistent profile), as a student's does. With
``--phases`` it also times a start-up's steps one by one (runtime, wheels, imports); with
``--unused`` it also opens every page of the site once and lists the site's files that no
page requested, with their sizes (what could be trimmed).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chililab.site.build import MANIFEST, build  # noqa: E402
from chililab.site.cache import Cache  # noqa: E402
from chililab.site.serve import Handler, make_server  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, RENDERED_JS  # noqa: E402

#: a page has drawn: a game's table and moves, an explorer's chart, or the landing page's links
READY = f"({RENDERED_JS}) || document.querySelector('.chili-index-link')"


class Meter:
    """Bytes and requests the server answered, since the last :meth:`reset`."""

    def __init__(self):
        self.lock = threading.Lock()
        self.paths: Counter = Counter()
        self.reset()

    def reset(self):
        with self.lock:
            self.bytes, self.requests, self.not_modified, self.full = 0, 0, 0, []

    def add_bytes(self, n: int):
        with self.lock:
            self.bytes += n

    def add(self, path: str, status: int):
        with self.lock:
            self.full.append(path) if status == 200 else None
            self.requests += 1
            self.not_modified += status == 304
            self.paths[path.split("?")[0]] += 1


def counting_server(site: Path, meter: Meter):
    """A :func:`chililab.site.serve.make_server` whose handler reports each answer to ``meter``."""
    httpd = make_server(site, 0)

    class Counting(Handler):
        def copyfile(self, source, outputfile):
            start = source.tell()
            super().copyfile(source, outputfile)
            meter.add_bytes(source.tell() - start)

        def log_request(self, code="-", size="-"):
            meter.add(self.path, int(code) if str(code).isdigit() else 0)

    httpd.RequestHandlerClass = lambda *a, **kw: Counting(*a, directory=str(site), **kw)
    return httpd


def visit(context, url: str, meter: Meter, timeout_ms: int) -> dict:
    page = context.new_page()
    meter.reset()
    t0 = time.monotonic()
    page.goto(url)
    page.wait_for_function(f"() => !!({READY})", timeout=timeout_ms, polling=50)
    seconds = time.monotonic() - t0
    time.sleep(0.5)  # requests still finishing when the page drew count too
    out = {"seconds": round(seconds, 2), "bytes": meter.bytes, "requests": meter.requests,
           "not_modified": meter.not_modified, "answered_200": list(meter.full)}
    page.close()
    return out


#: The reference measured in the same run: Pyodide alone starting in a blank page of the site (the
#: runtime's download and start, no package), so a time can be read as a multiple of it on any machine.
BARE_PYODIDE = """async () => {
  const t0 = performance.now();
  await new Promise((ok, bad) => { const s = document.createElement('script');
    s.src = 'static/pyodide/pyodide.js'; s.onload = ok; s.onerror = bad; document.head.appendChild(s); });
  const py = await loadPyodide({indexURL: new URL('static/pyodide/', location.href).href});
  py.runPython('1 + 1');
  return (performance.now() - t0) / 1000;
}"""


#: Where a page's start-up goes: the same steps a dashboard's kernel takes, timed one by one in a
#: blank page of the site (``--phases``). The kernel's worker does them in this order.
PHASES = """async (names) => {
  let py; const T = [], t0 = performance.now();
  const mark = (n) => T.push([n, (performance.now() - t0) / 1000]);
  await new Promise((ok, bad) => { const s = document.createElement('script');
    s.src = 'static/pyodide/pyodide.js'; s.onload = ok; s.onerror = bad; document.head.appendChild(s); });
  py = await loadPyodide({indexURL: new URL('static/pyodide/', location.href).href}); mark('Pyodide runtime started');
  await py.loadPackage(names); mark(`${names.length} wheels of the site's lock loaded`);
  for (const m of ['IPython', 'ipywidgets', 'pyodide_kernel', 'chililab.games.loco.apps.dashboard']) {
    py.runPython(`import ${m}`); mark(`import ${m}`);
  }
  return T;
}"""


def phases(p, base: str, site: Path, profile: Path) -> list:
    """[(step, seconds since the start)] of a cold start-up, in a fresh profile."""
    names = list(json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"])
    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = context.new_page()
    page.goto(base + "chililab-site.json")
    steps = page.evaluate(PHASES, names)
    context.close()
    return [(step, round(t, 2)) for step, t in steps]


def bare_pyodide(p, base: str, profile: Path) -> float:
    """Seconds for a bare Pyodide to start, cold (a fresh profile), in a blank page of the site."""
    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = context.new_page()
    page.goto(base + "chililab-site.json")
    seconds = page.evaluate(BARE_PYODIDE)
    context.close()
    return round(seconds, 2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one from the cache into a temporary folder)")
    ap.add_argument("--cache", default="~/.cache/chililab-site")
    ap.add_argument("--page", default="loco", help="the page to time (default loco)")
    ap.add_argument("--repeats", type=int, default=1, help="cold + repeat pairs to run (median reported)")
    ap.add_argument("--phases", action="store_true", help="also time the start-up's steps one by one")
    ap.add_argument("--unused", action="store_true", help="also list the site's files no page requested")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds a visit may take")
    ap.add_argument("--json", type=Path, help="write the results here too")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None or not (site / MANIFEST).exists():
            site = Path(tmp) / "site"
            build(site, Cache(args.cache), log=lambda line: None)
        meter = Meter()
        httpd = counting_server(site, meter)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        url = f"{base}voici/render/{args.page}.html"
        runs, outside = [], []
        with sync_playwright() as p:
            reference = bare_pyodide(p, base, Path(tmp) / "profile-bare")
            print(f"reference: bare Pyodide starts in {reference:.1f} s (cold, runtime only)", flush=True)
            steps = phases(p, base, site, Path(tmp) / "profile-phases") if args.phases else None
            for step, t in steps or ():
                print(f"  {t:6.2f} s  {step}")
            for i in range(args.repeats):
                # a profile on disk, as a student's browser has: Chromium keeps large files such as
                # the 8.6 MB WebAssembly runtime only in a disk cache, not in a private window's memory
                context = p.chromium.launch_persistent_context(
                    Path(tmp) / f"profile-{i}", executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                    viewport={"width": 1366, "height": 900})
                context.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
                    (base, "data:", "blob:")) else None)
                cold = visit(context, url, meter, int(args.timeout * 1000))
                repeat = visit(context, url, meter, int(args.timeout * 1000))
                runs.append({"cold": cold, "repeat": repeat})
                print(f"{args.page}: cold {cold['seconds']:.1f} s, {cold['bytes'] / 1e6:.1f} MB in "
                      f"{cold['requests']} requests; repeat {repeat['seconds']:.1f} s, "
                      f"{repeat['bytes'] / 1e6:.2f} MB ({repeat['not_modified']} of {repeat['requests']} "
                      "requests answered 304)", flush=True)
                context.close()
            unused = None
            if args.unused:
                meter.paths.clear()
                manifest = json.loads((site / MANIFEST).read_text())
                context = p.chromium.launch_persistent_context(
                    Path(tmp) / "profile-all", executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name in manifest["pages"]:
                    visit(context, f"{base}voici/render/{name.removesuffix('.ipynb')}.html", meter,
                          int(args.timeout * 1000))
                context.close()
                asked = {p.lstrip("/") for p in meter.paths}
                files = {str(f.relative_to(site)): f.stat().st_size for f in site.rglob("*") if f.is_file()}
                unused = {f: n for f, n in sorted(files.items(), key=lambda kv: -kv[1]) if f not in asked}
                print(f"files no page requested: {len(unused)} of {len(files)}, "
                      f"{sum(unused.values()) / 1e6:.1f} MB of {sum(files.values()) / 1e6:.1f} MB")
                for f, n in list(unused.items())[:15]:
                    print(f"  {n / 1e6:6.2f} MB  {f}")
        httpd.shutdown()
        result = {
            "page": args.page, "bare_pyodide_seconds": reference, "phases": steps, "site_bytes": sum(f.stat().st_size for f in site.rglob("*") if f.is_file()),
            "cold_seconds": statistics.median(r["cold"]["seconds"] for r in runs),
            "repeat_seconds": statistics.median(r["repeat"]["seconds"] for r in runs),
            "cold_bytes": statistics.median(r["cold"]["bytes"] for r in runs),
            "repeat_bytes": statistics.median(r["repeat"]["bytes"] for r in runs),
            "runs": runs, "outside_requests": outside,
            "unused_bytes": sum(unused.values()) if unused is not None else None,
        }
    print(f"site {result['site_bytes'] / 1e6:.1f} MB; {args.page} cold {result['cold_seconds']:.1f} s "
          f"= {result['cold_seconds'] / reference:.1f} x bare Pyodide "
          f"({result['cold_bytes'] / 1e6:.1f} MB), repeat {result['repeat_seconds']:.1f} s "
          f"({result['repeat_bytes'] / 1e6:.2f} MB); requests to other origins: {len(outside)}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
