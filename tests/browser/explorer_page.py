"""What the explorers' browser tests share: opening an explorer page until its charts are drawn,
reading what Plotly holds, and measuring the bytes a visitor receives (``benchmarks/page_bytes.py``)."""
from __future__ import annotations

import importlib.util
import json

import pytest

from chililab import plotlyjs

from .conftest import ROOT, start_server

_spec = importlib.util.spec_from_file_location("page_bytes", ROOT / "benchmarks" / "page_bytes.py")
page_bytes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(page_bytes)

CHARTS_JS = """(names) => Object.fromEntries(names.map(name => {
    const gd = document.querySelector(`.${name} .chili-plot-area`);
    return [name, {drawn: Number(gd.dataset.drawn), names: gd.data.map(t => t.name),
                   y: gd.data.map(t => Array.from(t.y || [])), x: gd.data.map(t => Array.from(t.x || [])),
                   svg_traces: gd.querySelectorAll('.trace').length}];
}))"""


def fixtures(page: str, names):
    """The ``server`` (module-wide) and ``page`` (an explorer page opened in a new context, its charts
    ``names`` drawn) fixtures of an explorer's test module: ``server, page = fixtures(PAGE, CHARTS)``."""

    @pytest.fixture(scope="module", name="server")
    def _server(tmp_path_factory):
        srv = start_server(tmp_path_factory.mktemp("voila-" + page.removesuffix(".ipynb")))
        yield srv
        srv.stop()

    @pytest.fixture(name="page")
    def _page(browser, server):
        ctx, pg = open_explorer(browser, server.url(page), names)
        yield pg
        ctx.close()

    return _server, _page


def open_explorer(browser, url: str, charts, viewport=(1366, 900)):
    """A new context and page at ``url``, once every chart (CSS class) has drawn its SVG."""
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    pg = ctx.new_page()
    pg.goto(url, wait_until="commit")
    for name in charts:
        pg.locator(f".{name} .chili-plot-area[data-drawn] .main-svg").first.wait_for(state="attached",
                                                                                   timeout=180_000)
    return ctx, pg


def charts(page, names) -> dict:
    """Per chart (CSS class): times drawn, trace names, x and y of each trace, SVG traces drawn."""
    return page.evaluate(CHARTS_JS, list(names))


def wait_redrawn(page, name: str, before: int, timeout: int = 60_000) -> None:
    """Wait until the chart ``name`` has been drawn more than ``before`` times."""
    page.wait_for_function(f"() => Number(document.querySelector('.{name} .chili-plot-area').dataset.drawn) > {before}",
                           timeout=timeout)


def wait_curve_to(page, name: str, samples: int, timeout: int = 60_000) -> None:
    """Wait until the convergence chart ``name``'s simulated curve reaches ``samples`` samples (its last point)."""
    page.wait_for_function(f"() => {{ const x = document.querySelector('.{name} .chili-plot-area').data[2].x;"
                           f" return x.length > 0 && x[x.length - 1] == {samples}; }}", timeout=timeout)


def wait_status(page, text: str, timeout: int = 60_000) -> None:
    """Wait until the simulation's status line says ``text``."""
    page.wait_for_function(f"() => document.querySelector('.chili-sim-status').innerText.includes({json.dumps(text)})",
                           timeout=timeout)


def measure_bytes(browser, url: str, name: str, artifacts) -> dict:
    """Bytes of a first and a later visit, written to ``artifacts/<name>_bytes.json``, checked for light Plotly."""
    result = page_bytes.first_and_later(browser, url, page_bytes.PAGES[name][1])
    (artifacts / f"{name}_bytes.json").write_text(json.dumps(result, indent=2) + "\n")
    print("\n" + page_bytes.table({name: result}))
    first, later = result["first"], result["later"]
    assert first["plotlyjs_http_bytes"] > 0.2 * plotlyjs.source_file().stat().st_size
    assert later["plotlyjs_http_bytes"] == 0
    assert first["largest_ws_frame"] < 500_000  # no plotly.js bundle in the widget state
    assert later["total_in_bytes"] < 0.2 * first["total_in_bytes"]
    return result
