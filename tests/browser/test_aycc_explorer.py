"""The All You Can Chili probability explorer (``dashboards/aycc_explorer.ipynb``) in Chromium.

Checks: the page renders its four charts (SVG with traces) and the exact numbers, a press of
"simulate 100 more" reaches the charts (simulated bars and the convergence curve), nonsense typed
into a box gets a sentence and changes nothing, and the bytes a visitor receives on a first and a
later visit (``benchmarks/page_bytes.py``; written to ``artifacts/aycc_explorer_bytes.json``).
"""
from __future__ import annotations

import importlib.util
import json

import pytest

from chililab import plotlyjs
from chililab.apps.estimates import marks

from .conftest import ROOT, full_screenshot, start_server

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("page_bytes", ROOT / "benchmarks" / "page_bytes.py")
page_bytes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(page_bytes)

PAGE = "aycc_explorer.ipynb"
READY = page_bytes.PAGES["aycc_explorer"][1]
CHARTS = ("odds", "value", "scores", "converge")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-explorer"))
    yield srv
    srv.stop()


@pytest.fixture
def page(browser, server):
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = ctx.new_page()
    pg.goto(server.url(PAGE), wait_until="commit")
    for name in CHARTS:
        pg.locator(f".chili-aycc-{name} .chili-plot-area[data-drawn] .main-svg").first.wait_for(
            state="attached", timeout=180_000)
    yield pg
    ctx.close()


def _charts(page) -> dict:
    """Per chart: times drawn, trace names, and the simulated values Plotly holds."""
    return page.evaluate("""() => Object.fromEntries(['odds', 'value', 'scores', 'converge'].map(name => {
        const gd = document.querySelector(`.chili-aycc-${name} .chili-plot-area`);
        return [name, {drawn: Number(gd.dataset.drawn), names: gd.data.map(t => t.name),
                       y: gd.data.map(t => Array.from(t.y || [])), x: gd.data.map(t => Array.from(t.x || [])),
                       svg_traces: gd.querySelectorAll('.trace').length}];
    }))""")


def test_renders_charts_and_exact_numbers(page, artifacts):
    charts = _charts(page)
    assert charts["odds"]["names"] == ["exact", "simulated (99% interval)"]
    assert charts["odds"]["y"][0] == pytest.approx([0.0, 91 / 396, 2 / 9])  # Habi Wasabi, Piri Piri, King Naga
    assert charts["value"]["y"][0] == pytest.approx([13, 541 / 36])
    assert all(c["svg_traces"] >= 1 for c in charts.values())
    summary = page.locator(".chili-aycc-summary").inner_text()
    assert "541/36 = 15.03" in summary and "2/9 = 22.2%" in summary
    assert page.locator(".chili-aycc-hand-table table tr").count() == 5  # a head row and 4 hand dishes
    full_screenshot(page, artifacts / "aycc_explorer.png")


def test_simulate_100_more_updates_the_charts(page, artifacts):
    before = _charts(page)
    assert before["converge"]["x"][2] == []
    page.locator(".chili-aycc-more-100").click()
    page.wait_for_function("() => Number(document.querySelector('.chili-aycc-converge .chili-plot-area')"
                           f".dataset.drawn) > {before['converge']['drawn']}", timeout=60_000)
    page.wait_for_function("() => document.querySelector('.chili-aycc-sim-status').innerText.includes('100')",
                           timeout=30_000)
    page.wait_for_function("() => document.querySelector('.chili-aycc-converge .chili-plot-area').data[2].x"
                           ".includes(100)", timeout=30_000)
    after = _charts(page)
    assert after["converge"]["x"][2] == [*marks(0, 99), 100]  # the serve value's estimate along the press
    assert all(0 <= y <= 30 for y in after["converge"]["y"][2])
    assert None not in after["odds"]["y"][1] and after["value"]["y"][1][1] is not None
    assert None not in after["scores"]["y"][1]
    page.locator(".chili-aycc-more-10").click()
    page.wait_for_function("() => document.querySelector('.chili-aycc-sim-status').innerText.includes('110')",
                           timeout=60_000)
    page.wait_for_function("() => document.querySelector('.chili-aycc-converge .chili-plot-area').data[2].x"
                           ".includes(110)", timeout=30_000)
    page.locator(".chili-aycc-more-10000").click()  # a long run: the progress bar, then the curve to 10,110
    page.wait_for_function("() => document.querySelector('.chili-aycc-converge .chili-plot-area').data[2].x"
                           ".includes(10110)", timeout=120_000)
    full_screenshot(page, artifacts / "aycc_explorer-simulated.png")


def test_nonsense_is_refused_and_changes_nothing(page):
    before = _charts(page)
    summary = page.locator(".chili-aycc-summary").inner_text()
    box = page.locator(".chili-aycc-pile-piri_piri input")
    box.fill("7 7 banana")
    box.press("Enter")
    msg = page.locator(".chili-aycc-msg .err")
    msg.wait_for(state="visible", timeout=30_000)
    assert "Piri Piri's dishes" in msg.inner_text() and "banana" in msg.inner_text()
    page.wait_for_timeout(1000)
    assert _charts(page) == before
    assert page.locator(".chili-aycc-summary").inner_text() == summary
    # a possible table is taken again
    box.fill("7 7 6")
    box.press("Enter")
    page.locator(".chili-aycc-msg .ok").wait_for(state="visible", timeout=30_000)
    page.wait_for_function("() => Number(document.querySelector('.chili-aycc-odds .chili-plot-area')"
                           f".dataset.drawn) > {before['odds']['drawn']}", timeout=30_000)


def test_bytes_per_visitor_first_and_later(browser, server, artifacts):
    result = page_bytes.first_and_later(browser, server.url(PAGE), READY)
    (artifacts / "aycc_explorer_bytes.json").write_text(json.dumps(result, indent=2) + "\n")
    print("\n" + page_bytes.table({"aycc_explorer": result}))
    first, later = result["first"], result["later"]
    assert first["plotlyjs_http_bytes"] > 0.2 * plotlyjs.source_file().stat().st_size
    assert later["plotlyjs_http_bytes"] == 0
    assert first["largest_ws_frame"] < 500_000  # no plotly.js bundle in the widget state
    assert later["total_in_bytes"] < 0.2 * first["total_in_bytes"]
