"""Starts that say what is happening (issue 22 item 7): while a page loads it says in words what the server and
the browser are doing and how far along they are, then the words go; the landing page shows a teacher's steps
on the first screen of a 1366×768 laptop, and step 1 does not ask for the server that is already serving it.

The loading box is chililab's Voila template (``chililab/share/voila/templates/chililab``: ``index.html.j2``,
``loading.js``). What it showed is recorded from the page's first byte by an init script (a MutationObserver
noting every text put into the box and every value of its progress bar), so a stage that lasts a few
milliseconds is seen as well as one that lasts seconds. A dashboards folder of our own adds a slow page (three
code cells of three seconds each, then a widget) whose stages a test can watch as they happen, and check with
axe (``test_a11y.run_axe``) while they are on screen.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest
from playwright.sync_api import expect

from .conftest import DASHBOARDS, RENDER_PROBE, RENDERED_JS, full_screenshot, start_server, wait_rendered
from .test_a11y import run_axe

pytestmark = pytest.mark.browser

# JavaScript run in every page before its own: records what the loading box showed, in order
RECORDER = """
(() => {
  window.__loading = {texts: [], steps: [], values: [], hints: [], voilaSpinner: false, box: null, status: null,
                    rendered: null, gone: null};
  const rec = window.__loading;
  function note(el) {
    if (!el || !el.id) return;
    if (el.id === 'loading' || el.id === 'loading_text') rec.voilaSpinner = true;  // Voila's own spinner
    if (el.id === 'chili-loading' && !rec.box) {
      rec.box = {label: el.getAttribute('aria-label'), tag: el.tagName.toLowerCase()};
    }
    if (el.id === 'chili-loading-bar') rec.values.push(Number(el.getAttribute('aria-valuenow')));
  }
  new MutationObserver(ms => {
    if (!rec.rendered && (%s)) rec.rendered = performance.now();  // the tests' "rendered" (conftest.RENDERED_JS)
    for (const m of ms) {
      for (const n of m.removedNodes || []) if (n.id === 'chili-loading') rec.gone = performance.now();
      if (m.type === 'attributes') { note(m.target); continue; }
      for (const n of m.addedNodes) {
        if (n.nodeType === 1) { note(n); n.querySelectorAll && n.querySelectorAll('[id]').forEach(note); continue; }
        const p = n.parentNode;
        if (n.nodeType !== 3 || !p || !n.data.trim()) continue;
        if (p.id === 'chili-loading-text') {
          rec.texts.push(n.data);
          rec.status = {role: p.getAttribute('role'), live: p.getAttribute('aria-live')};
        }
        if (p.id === 'chili-loading-step') rec.steps.push(n.data);
        if (p.id === 'chili-loading-hint') rec.hints.push(n.data);
      }
    }
  }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['aria-valuenow']});
})();
""" % RENDERED_JS  # noqa: UP031 (JavaScript braces)
GONE_JS = "() => !document.querySelector('#chili-loading')"
CODE_NAMES = re.compile(r"kernel|notebook|\bcell|voil|widget|python|jupyter|executing|running \w+\.ipynb", re.I)
SLOW = "slow.ipynb"


def slow_notebook() -> dict:
    """Three code cells of three seconds each, then a button: a page whose setting-up steps last."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"slow-{i}", "metadata": {}, "outputs": [],
              "source": "import time\ntime.sleep(3)"} for i in range(1, 4)]
    cells.append({"cell_type": "markdown", "id": "slow-words", "metadata": {}, "source": "A slow page."})
    cells.append({"cell_type": "code", "execution_count": None, "id": "slow-4", "metadata": {}, "outputs": [],
                  "source": "import ipywidgets as W\nW.Button(description='Ready', _dom_classes=['slow-ready'])"})
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("start-pages")
    for name in ("index.ipynb", "loco.ipynb", "class_teacher.ipynb"):
        shutil.copy(DASHBOARDS / name, folder / name)
    (folder / SLOW).write_text(json.dumps(slow_notebook()))
    s = start_server(tmp_path_factory.mktemp("voila-start"), folder=folder)
    yield s
    s.stop()


def open_recorded(browser, url, width=1366, height=768):
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.add_init_script(RECORDER)
    page.add_init_script(RENDER_PROBE)
    page.goto(url, wait_until="commit")
    return ctx, page


def test_a_game_page_says_what_is_loading_then_the_words_go(browser, server, artifacts):
    ctx, page = open_recorded(browser, server.url("loco.ipynb"))
    try:
        wait_rendered(page)
        page.wait_for_function(GONE_JS, timeout=10_000)  # gone with the page drawn (not 60 s later)
        rec = page.evaluate("window.__loading")
        probe = page.evaluate("window.__chili")
        hidden = page.evaluate("() => document.querySelector('#rendered_cells').style.display")
        full_screenshot(page, artifacts / "start_pages_loco_rendered.png")
    finally:
        ctx.close()
    print("\nloading box showed:", rec["texts"], rec["steps"], rec["values"])
    assert rec["box"] == {"label": "Loading the page", "tag": "section"}, rec
    assert rec["status"] == {"role": "status", "live": "polite"}, rec  # read out by a screen reader
    assert rec["texts"] == ["Starting the game engine…", "Setting up the page…", "Loading the buttons and pictures…",
                            "Drawing the page…"], rec
    assert rec["steps"] == ["Step 1 of 4", "Step 2 of 4", "Step 3 of 4", "Step 4 of 4"], rec
    assert rec["values"] == sorted(rec["values"]) and rec["values"][-1] == 4, rec  # the bar only moves forward
    assert not rec["voilaSpinner"], "Voila's own spinner ('Running ...', 'Executing 1 of 2') was shown"
    assert not any(CODE_NAMES.search(t) for t in rec["texts"] + rec["steps"]), rec
    assert probe.get("html") and probe.get("rendered"), probe  # the tests' render probe still sees the page
    # the box goes once the page is drawn (never over a half-drawn table), and soon after
    assert rec["rendered"] and rec["gone"] and 0 <= rec["gone"] - rec["rendered"] < 5000, rec
    assert hidden == ""  # the cells are shown


def test_a_slow_page_shows_each_step_while_it_happens(browser, server, artifacts):
    ctx, page = open_recorded(browser, server.url(SLOW))
    try:
        box = page.locator("#chili-loading")
        label = page.locator("#chili-loading-text")
        # seen on screen, not only recorded: the second of three slow parts (each takes 3 s)
        expect(label).to_have_text("Setting up the page… (part 2 of 4)", timeout=120_000)
        expect(box).to_be_visible()
        expect(page.locator("#chili-loading-step")).to_have_text("Step 3 of 7")
        expect(page.locator("#chili-loading-bar")).to_have_attribute("aria-valuenow", "3")
        expect(page.locator("#chili-loading-bar")).to_have_attribute("aria-valuetext",
                                                                    "Step 3 of 7: Setting up the page… (part 2 of 4)")
        page.screenshot(path=str(artifacts / "start_pages_loading.png"))
        violations = run_axe(page)  # the loading box itself, as a screen reader meets it
        # a long wait says so, with the time so far
        expect(page.locator("#chili-loading-hint")).to_contain_text("seconds so far", timeout=30_000)
        page.locator(".slow-ready").wait_for(state="visible", timeout=120_000)
        page.wait_for_function(GONE_JS, timeout=10_000)
        rec = page.evaluate("window.__loading")
    finally:
        ctx.close()
    print("\nloading box showed:", rec["texts"], rec["steps"], rec["hints"][-1:])
    assert not violations, json.dumps(violations, indent=1)
    assert rec["texts"] == ["Starting the game engine…"] + [f"Setting up the page… (part {k} of 4)"
                                                              for k in range(1, 5)] + [
        "Loading the buttons and pictures…", "Drawing the page…"], rec
    assert rec["steps"] == [f"Step {k} of 7" for k in range(1, 8)], rec
    assert rec["values"] == sorted(rec["values"]) and rec["values"][-1] == 7, rec
    assert not rec["voilaSpinner"]


def test_the_landing_page_shows_the_teachers_steps_on_the_first_screen(browser, server, artifacts):
    ctx, page = open_recorded(browser, server.url("index.ipynb"))
    try:
        page.locator(".chili-index-link").first.wait_for(state="visible", timeout=120_000)
        page.wait_for_function(GONE_JS, timeout=30_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(artifacts / "start_pages_landing_1366x768.png"))
        scrolled = page.evaluate("() => document.querySelector('#rendered_cells').scrollTop")
        steps = page.locator(".chili-index-teachers")
        assert steps.count() == 1, "no teacher's steps beside the join form"
        box = steps.bounding_box()
        items = steps.locator("li")
        texts = items.all_inner_texts()
        first_link = items.first.locator("a").get_attribute("href")
    finally:
        ctx.close()
    print("\nteacher's steps:", box, texts[:1])
    assert scrolled == 0
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, box  # above the fold
    assert len(texts) == 5
    step1 = texts[0].lower()
    assert not re.search(r"\bstart\b.*\bserver\b|chililab dashboards|pip install", step1), texts[0]
    assert "open a class" in step1 and first_link == "class_teacher.ipynb", texts[0]  # what to do next instead


def test_a_click_on_a_dashboards_card_says_it_is_opening_that_page(browser, server, artifacts):
    """Between the click and the new page's first words the old page stays on screen: it says what is opening."""
    ctx, page = open_recorded(browser, server.url("index.ipynb"))
    try:
        page.locator(".chili-index-link").first.wait_for(state="visible", timeout=120_000)
        page.wait_for_function(GONE_JS, timeout=30_000)
        # the click held back once (a listener after ours cancels it) to look at the page as it is left
        shown = page.evaluate("""() => {
          window.addEventListener('click', e => e.preventDefault(), {once: true});
          const card = [...document.querySelectorAll('a.chili-index-link')].find(a => a.textContent.includes('Chili Loco'));
          card.click();
          const box = document.querySelector('#chili-leaving');
          return box && {text: box.innerText.replace(/\\s+/g, ' ').trim(), label: box.getAttribute('aria-label'),
                         role: box.querySelector('[role=status]') && box.querySelector('[role=status]').textContent};
        }""")
        page.screenshot(path=str(artifacts / "start_pages_opening.png"))
        page.locator("a.chili-index-link", has_text="Chili Loco").first.click()  # now for real
        page.wait_for_url("**/voila/render/loco.ipynb", timeout=120_000)
        wait_rendered(page)
        page.wait_for_function(GONE_JS, timeout=10_000)
        rec = page.evaluate("window.__loading")
    finally:
        ctx.close()
    assert shown == {"text": "Opening Chili Loco… The server is getting it ready.", "label": "Opening another page",
                     "role": "Opening Chili Loco…"}, shown
    assert rec["texts"][0] == "Starting the game engine…", rec  # then the new page says what it is doing
