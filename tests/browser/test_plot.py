"""The light Plotly chart (:class:`chililab.widgets.plot.PlotView`) in a real browser.

A server over a temporary folder holding the demo page (``chililab.apps.plot_demo``) drawn light
and, as the reference, the same chart as a ``plotly.graph_objects.FigureWidget``. Checks: the
chart renders (an SVG with both traces), a press of "roll 100 more" in Python reaches the page,
two visitors do not share a chart, plotly.js comes once over HTTP from this server (gzipped,
cached for a year) and never through the websocket, and a later visit receives a small fraction
of the first. The bytes are measured with the Chrome DevTools Protocol (``benchmarks/page_bytes.py``)
and written to ``artifacts/plot_bytes.json``. Where the plotly.js address fails (a server without
chililab's route), the page gets plotly.js from its kernel and still draws.
"""
from __future__ import annotations

import importlib.util
import json

import pytest

from chililab import plotlyjs

from .conftest import ROOT, http_get, start_server

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("page_bytes", ROOT / "benchmarks" / "page_bytes.py")
page_bytes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(page_bytes)

LIGHT, FALLBACK, REFERENCE = "plot_light", "plot_fallback", "plot_figurewidget"
DRAWN = page_bytes.PAGES[LIGHT][1]
AREA = ".chili-plot-area"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plot-pages")
    page_bytes.make_folder([LIGHT, FALLBACK, REFERENCE], folder)
    srv = start_server(tmp_path_factory.mktemp("voila-plot"), folder=folder)
    yield srv
    srv.stop()


def _open(browser, server, name=LIGHT):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    requests = []
    page.on("request", lambda r: requests.append((r.url, r.resource_type)))
    page.goto(server.url(f"{name}.ipynb"), wait_until="commit")
    page.locator(DRAWN).first.wait_for(state="attached", timeout=180_000)
    return ctx, page, requests


def _chart(page) -> dict:
    """What Plotly drew: trace names, points of the simulated curve, SVG traces, times drawn."""
    return page.evaluate(f"""() => {{ const gd = document.querySelector('{AREA}');
      return {{names: gd.data.map(t => t.name), points: (gd.data[2].x || []).length,
               svg_traces: gd.querySelectorAll('.scatterlayer .trace').length,
               drawn: Number(gd.dataset.drawn)}}; }}""")


def test_chart_renders_with_its_traces(browser, server):
    ctx, page, requests = _open(browser, server)
    try:
        chart = _chart(page)
        assert chart["names"] == ["99% interval", "99% interval", "simulated", "exact"]
        assert chart["svg_traces"] == 1  # the exact line; the simulated ones have no point yet
        assert page.locator(f"{AREA} svg.main-svg").count() >= 1
        # every script comes from this server (offline; Voila's lab template only links a CDN icon font)
        away = [u for u, kind in requests if kind == "script" and not u.startswith((server.base, "blob:"))]
        assert not away, away
        assert [u for u, _ in requests if plotlyjs.ROUTE_PREFIX in u] == [
            server.base + plotlyjs.url_path(plotlyjs.version())]
    finally:
        ctx.close()


def test_an_update_from_python_reaches_the_page_and_visitors_are_apart(browser, server):
    a_ctx, a, _ = _open(browser, server)
    b_ctx, b, _ = _open(browser, server)
    try:
        before = _chart(a)
        assert before["points"] == 0
        a.locator(".chili-demo-more-100 button, button.chili-demo-more-100").first.click()
        a.wait_for_function(f"() => Number(document.querySelector('{AREA}').dataset.drawn) > {before['drawn']}",
                            timeout=60_000)
        after = _chart(a)
        assert after["points"] > 20  # one point per roll up to 20, then more
        assert after["svg_traces"] == 4
        assert "100 rolls" in a.locator(".chili-demo-status").inner_text()
        b.wait_for_timeout(1500)
        other = _chart(b)
        assert other["points"] == 0 and other["drawn"] == 1, other
        assert "no rolls yet" in b.locator(".chili-demo-status").inner_text()
    finally:
        a_ctx.close()
        b_ctx.close()


def test_without_the_route_the_kernel_sends_plotlyjs(browser, server):
    """A page whose plotly.js address fails (as on a server without chililab's route) still draws."""
    ctx, page, requests = _open(browser, server, FALLBACK)
    try:
        assert _chart(page)["svg_traces"] == 1
        assert any("no/such/plotly.min.js" in u for u, _ in requests)
        assert not any(plotlyjs.ROUTE_PREFIX in u for u, _ in requests)
        page.locator(".chili-demo-more-10 button, button.chili-demo-more-10").first.click()
        page.wait_for_function(f"() => Number(document.querySelector('{AREA}').dataset.drawn) > 1", timeout=60_000)
    finally:
        ctx.close()


def test_plotlyjs_is_served_once_gzipped_and_cached(server):
    url = server.base + plotlyjs.url_path(plotlyjs.version())
    import urllib.request

    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status == 200
        assert r.headers["Content-Encoding"] == "gzip"
        assert "immutable" in r.headers["Cache-Control"] and "max-age=31536000" in r.headers["Cache-Control"]
        body = r.read()
    assert 0 < len(body) < plotlyjs.source_file().stat().st_size / 2
    status, _ = http_get(server.base + plotlyjs.url_path("0.0.0"))
    assert status == 404


def test_bytes_first_and_later_visit_against_figurewidget(browser, server, artifacts):
    results = {name: page_bytes.first_and_later(browser, server.url(f"{name}.ipynb"), page_bytes.PAGES[name][1])
               for name in (LIGHT, FALLBACK, REFERENCE)}
    (artifacts / "plot_bytes.json").write_text(json.dumps(results, indent=2) + "\n")
    print("\n" + page_bytes.table(results))
    light, ref = results[LIGHT], results[REFERENCE]
    size = plotlyjs.source_file().stat().st_size
    # light: plotly.js over HTTP on the first visit only; the websocket carries a few kB
    assert light["first"]["plotlyjs_http_bytes"] > 0.2 * size
    assert light["later"]["plotlyjs_http_bytes"] == 0
    assert light["first"]["ws_in_bytes"] < 200_000 and light["later"]["ws_in_bytes"] < 200_000
    assert light["later"]["total_in_bytes"] < 0.1 * light["first"]["total_in_bytes"]
    # the reference receives the bundle through its websocket on every visit
    assert ref["first"]["ws_in_bytes"] > size / 2 and ref["later"]["ws_in_bytes"] > size / 2
    assert light["later"]["total_in_bytes"] < 0.1 * ref["later"]["total_in_bytes"]
    # the fallback: plotly.js gzipped through the websocket, each visit, still well under the reference
    fallback = results[FALLBACK]
    for visit in ("first", "later"):
        assert 0.2 * size < fallback[visit]["ws_in_bytes"] < 0.5 * ref[visit]["ws_in_bytes"]
