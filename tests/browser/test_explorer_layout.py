"""The four explorers on a projector: a 1366x768 window zoomed to 140% (a teacher enlarging the text).

Browser zoom is emulated as Chromium does it: the page gets a CSS viewport of (1366 / 1.4) x (768 / 1.4)
pixels drawn at 1.4 device pixels each. Scrollbars are real (Playwright hides them by default), as on
a teacher's machine. Checks, on each explorer:

- every chart's right edge stays inside its box, its panel and the window, also after its box narrows
  without a window resize (as when a scrollbar appears; here a margin given to each chart's box), and
  after window resizes (zooming out and in again), where no chart may lose its height either;
- no dropdown cuts its chosen text short (its text's width against the room inside the select), every
  question of the question menu is shown in full (no label wider than itself or its panel).

Screenshots: ``artifacts/<page>-zoom140.png``.
"""
from __future__ import annotations

import importlib

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, full_screenshot, start_server

pytestmark = pytest.mark.browser

ZOOM, WINDOW = 1.4, (1366, 768)
PAGES = ("loco_explorer.ipynb", "mafia_explorer.ipynb", "aycc_explorer.ipynb", "balance_explorer.ipynb")
#: what each question menu must show in full
QUESTIONS = {"mafia_explorer.ipynb": "chililab.games.mafia.apps.explorer", "loco_explorer.ipynb": "chililab.games.loco.apps.explorer"}

CHARTS_JS = """() => {
  const view = document.querySelector('#rendered_cells') || document.documentElement;
  const right = Math.min(document.documentElement.clientWidth, view.getBoundingClientRect().left + view.clientWidth);
  return Array.from(document.querySelectorAll('.chili-explorer .chili-plot')).map(el => {
    const svg = el.querySelector('.main-svg');
    const panel = el.closest('.chili-panel');
    const inner = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight);
    return {chart: el.className.split(' ').filter(c => c.startsWith('chili-') && c !== 'chili-plot').join(' '),
            svg: svg ? svg.getBoundingClientRect().right : null, box: el.getBoundingClientRect().right,
            panel: inner, window: right, height: el.getBoundingClientRect().height,
            drawn_height: el.querySelector('.chili-plot-area')._fullLayout.height};
  });
}"""

# the chosen text of every visible dropdown against the room inside it (its width less padding: the
# arrow sits in the padding); every radio label against its own width and its panel's
TEXT_JS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const s of document.querySelectorAll('.chili-explorer select')) {
    if (!s.offsetParent || s.selectedIndex < 0) continue;
    const cs = getComputedStyle(s);
    ctx.font = cs.font;
    const text = s.options[s.selectedIndex].text;
    out.push({what: 'select', text, need: ctx.measureText(text).width,
              room: s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)});
  }
  for (const l of document.querySelectorAll('.chili-explorer .widget-radio-box label')) {
    const panel = l.closest('.chili-panel');
    const inner = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight);
    const beyond = Math.max(0, l.getBoundingClientRect().right - inner);  // past the panel's inside
    out.push({what: 'radio', text: l.textContent, need: l.scrollWidth + beyond, room: l.clientWidth,
              visible: !!l.offsetParent});
  }
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-explorer-layout"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def zoomed(browser_type):
    """Chromium with real scrollbars (Playwright's default hides them)."""
    browser = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, ignore_default_args=["--hide-scrollbars"])
    yield browser
    browser.close()


def _overflowing(page) -> list:
    """The charts that run past their box, panel or window, or are cut shorter than they were drawn."""
    return [c for c in page.evaluate(CHARTS_JS) if c["svg"] is None or c["svg"] > min(c["box"], c["panel"], c["window"]) + 1
            or c["height"] < c["drawn_height"] - 1]


@pytest.mark.parametrize("name", PAGES)
def test_zoomed_140_percent_charts_and_menus_fit(zoomed, server, artifacts, name):
    ctx = zoomed.new_context(viewport={"width": round(WINDOW[0] / ZOOM), "height": round(WINDOW[1] / ZOOM)},
                             device_scale_factor=ZOOM)
    try:
        page = ctx.new_page()
        page.goto(server.url(name), wait_until="commit")
        page.locator(".chili-explorer .chili-plot-area[data-drawn] .main-svg").first.wait_for(state="attached",
                                                                                            timeout=180_000)
        page.wait_for_function("() => Array.from(document.querySelectorAll('.chili-explorer .chili-plot-area'))"
                               ".every(a => a.dataset.drawn)", timeout=60_000)
        page.wait_for_timeout(500)
        charts = page.evaluate(CHARTS_JS)
        assert len(charts) >= 2 and not _overflowing(page), charts
        texts = page.evaluate(TEXT_JS)
        cut = [t for t in texts if t["need"] > t["room"] + 1]
        assert not cut, cut
        if name in QUESTIONS:
            titles = {q.title for q in importlib.import_module(QUESTIONS[name]).QUESTIONS}
            shown = {t["text"] for t in texts if t["what"] == "radio" and t["visible"]}
            assert titles <= shown, titles - shown  # every question in view, none cut short (above)
        # each chart's box narrows without a window resize (as when a scrollbar appears): the charts follow
        before = {c["chart"]: c["box"] for c in page.evaluate(CHARTS_JS)}
        narrow = page.add_style_tag(content=".chili-explorer .chili-plot { margin-right: 60px !important; }")
        page.wait_for_timeout(1000)
        after = page.evaluate(CHARTS_JS)
        assert all(c["box"] <= before[c["chart"]] - 59 for c in after), (before, after)  # narrowed indeed
        assert not _overflowing(page), after
        narrow.evaluate("style => style.remove()")
        # window resizes after a redraw (zooming out and in again; a window taller than the page): the charts
        # keep their width and their height
        drawn = page.evaluate("() => Number(document.querySelector('.chili-explorer .chili-plot-area').dataset.drawn)")
        page.locator(".chili-more-10").click()
        page.wait_for_function("() => Number(document.querySelector('.chili-explorer .chili-plot-area').dataset.drawn)"
                               f" > {drawn}", timeout=120_000)
        for size in ({"width": round(WINDOW[0] / ZOOM), "height": 4000}, {"width": WINDOW[0], "height": WINDOW[1]},
                     {"width": round(WINDOW[0] / ZOOM), "height": 400}):
            page.set_viewport_size(size)
            page.wait_for_timeout(1500)
            assert not _overflowing(page), (size, page.evaluate(CHARTS_JS))
        full_screenshot(page, artifacts / f"{name.removesuffix('.ipynb')}-zoom140.png")  # resizes the window
    finally:
        ctx.close()
