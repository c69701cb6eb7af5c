"""The static site (``chililab site build``) in Debian's Chromium, with every other origin blocked.

Each page is opened from a local static server; every request to another origin is aborted
and recorded, and each test fails if there was one. In each game's dashboard a move is
played (Python runs in the browser's Pyodide) and the coach ranks the moves; in Loco a player's seat shows no card of
another hand; the explorer draws its charts (plotly.js from the site); the landing page's
links lead to the site's pages. Load times are measured by ``benchmarks/site_load.py``.
"""
from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from chililab import loco
from chililab.apps.explorers import explorers
from chililab.engine import registry
from tests.browser.conftest import RENDER_TIMEOUT_MS, RENDERED_JS, wait_for, wait_rendered
from tests.browser.site_server import Guard, SiteServer, built_site

pytestmark = pytest.mark.browser

GAMES = [s.name for s in registry.specs() if s.dashboard]
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    srv = SiteServer(built_site(tmp_path_factory.mktemp("site")))
    yield srv
    srv.stop()


@pytest.fixture
def open_page(browser, site):
    """Open a page of the site in a fresh context; at the end, fail on any request to another origin."""
    opened = []

    def go(page_name: str, wait=RENDERED_JS):
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        guard = Guard(context, site.base)
        page = context.new_page()
        page.goto(site.url(page_name))
        page.wait_for_function(f"() => !!({wait})", timeout=RENDER_TIMEOUT_MS, polling=100)
        opened.append((context, guard))
        return page, guard

    yield go
    for context, _guard in opened:
        context.close()
    outside = [u for _, g in opened for u in g.outside]
    assert not outside, f"the site asked other origins for: {outside}"


@pytest.mark.parametrize("game", GAMES)
def test_a_move_in_each_games_dashboard(open_page, game):
    page, guard = open_page(f"{game}.ipynb")
    assert page.locator(ERROR_OUTPUT).count() == 0
    assert any("/static/pyodide/chililab-" in u for u in guard.requests), "chililab was not loaded from the site"
    # no service worker: the kernel's imports do not look for files through the site's api/drive
    assert not [u for u in guard.seen if "/api/drive" in u]
    log = page.locator(".chili-log .chili-ev")
    table = page.locator(".chili-table").first
    before_lines, before_table = log.count(), table.inner_html()
    button = page.locator(".chili-move").first
    label = button.inner_text().strip()
    button.click()
    wait_for(lambda: log.count() > before_lines or table.inner_html() != before_table, timeout=60)
    expect(page.locator(".chili-log")).to_contain_text(label.split()[0], timeout=30_000)
    assert page.locator(ERROR_OUTPUT).count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_ranks_the_moves_in_the_browser(open_page, game):
    """Issue 26: the coach runs in the static site too (pure Python in Pyodide): switched on at the player's
    move, it lists every move with its chance to win, best first, one of them starred."""
    page, _ = open_page(f"{game}.ipynb")
    page.wait_for_selector(".chili-stepper button.chili-move", timeout=RENDER_TIMEOUT_MS)
    page.locator(".chili-stepper .chili-coach-switch").first.click()
    page.wait_for_selector(".chili-stepper .chili-coach-list li", timeout=120_000)
    rows = page.locator(".chili-stepper .chili-coach-list li").all_inner_texts()
    chances = [int(r.split("% chance")[0].split()[-1]) for r in rows]
    assert rows and chances == sorted(chances, reverse=True), rows
    assert page.locator(".chili-stepper .chili-coach-pick").count() == 1
    assert page.locator(ERROR_OUTPUT).count() == 0


def _select_seat(page, label: str) -> None:
    select = page.locator(".chili-seat select").first
    # the static site's page learns its address (and so teacher=1) once drawn: wait for the seat it offers
    def texts():
        return [t.replace("\xa0", " ") for t in select.locator("option").all_inner_texts()]  # a menu spaces with nbsp
    wait_for(lambda: any(t.startswith(label) for t in texts()), timeout=60)
    select.select_option(index=next(i for i, t in enumerate(texts()) if t.startswith(label)))


def _card_ids(page, scope: str) -> set[int]:
    return set(page.evaluate(
        "(sel) => Array.from(document.querySelector(sel).querySelectorAll('[data-id]'), e => +e.dataset.id)", scope))


def test_a_players_seat_shows_only_their_cards(open_page):
    """The hidden-card check of the Voila dashboards, in the static site: the Teacher's record tells
    this process every hand; in P1's seat the page holds P1's cards and public ones only."""
    page, _ = open_page("loco.ipynb?teacher=1")  # the teacher's view is offered to teacher=1 links only
    _select_seat(page, "Teacher")
    box = page.locator(".chili-record textarea")
    expect(box).not_to_have_value("", timeout=30_000)
    g = loco.replay(json.loads(box.input_value()))
    every = {c.id for h in g.state.hands for c in h}
    wait_for(lambda: _card_ids(page, ".chili-table") >= every, timeout=30)
    seat = 1
    allowed = g.view(seat).visible_card_ids()
    own = {c.id for c in g.state.hands[seat]}
    others = every - own
    assert own <= allowed and not (others & allowed)
    _select_seat(page, f"Player {seat + 1}")
    wait_for(lambda: _card_ids(page, ".chili-table") == allowed, timeout=30)
    time.sleep(0.5)  # let the last updates of the switch arrive
    on_page = _card_ids(page, "body")
    assert own <= on_page
    assert on_page <= allowed, f"cards of other hands in the page: {sorted(on_page - allowed)}"
    assert box.input_value() == "", "the record (every hand) is shown in a player's seat"


def test_a_service_worker_of_an_earlier_build_is_unregistered(open_page, site):
    """A site built before chililab declined JupyterLite's service worker left one registered at the
    site's root; the next visit to a page unregisters it (so the kernel stops mounting /drive)."""
    page, _ = open_page("index.ipynb", "document.querySelector('.chili-index-link')")
    page.context.route(site.base + "service-worker.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="self.addEventListener('fetch', function () {});"))
    scope = page.evaluate("""() => ServiceWorkerContainer.prototype.register.call(navigator.serviceWorker,
        new URL('../../service-worker.js', location.href).href).then(r => r.scope)""")
    assert scope == site.base
    registered = "() => navigator.serviceWorker.getRegistrations().then(rs => rs.map(r => r.scope))"
    assert page.evaluate(registered) == [site.base]
    again = page.context.new_page()
    again.goto(site.url("index.ipynb"))
    wait_for(lambda: again.evaluate(registered) == [], timeout=30)


def test_a_shared_lesson_link_opens_its_lesson_and_the_page_shares_the_sites_address(open_page, site):
    """The kernel runs in the browser, where no server hands it the link's query: the page tells it."""
    lesson = registry.get("loco").lesson_list()[1]
    page, _ = open_page(f"loco.ipynb?lesson={lesson.key}&teacher=1")
    menu = page.locator(".chili-dash .widget-dropdown select").first
    chosen = "s => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ')"
    wait_for(lambda: lesson.title in menu.evaluate(chosen), timeout=60)
    link = page.locator(".chili-link input")
    expect(link).to_have_value(site.url("loco.ipynb") + f"?lesson={lesson.key}&teacher=1", timeout=30_000)


@pytest.mark.parametrize("page_name", [e.page for e in explorers() if e.browser])
def test_explorer_draws_its_charts_from_the_site(open_page, page_name):
    page, guard = open_page(
        page_name, "document.querySelector('.chili-explorer .chili-plot-area[data-drawn] .main-svg')")
    assert page.locator(ERROR_OUTPUT).count() == 0
    assert any(u.endswith("/chililab/static/plotly.min.js") for u in guard.requests)


def test_landing_page_links_open_the_sites_pages(open_page, site):
    page, _ = open_page("index.ipynb", "document.querySelector('.chili-index-link')")
    page.locator(".chili-index-link", has_text="Chili Loco").first.click()
    page.wait_for_url("**/voici/render/loco.html", timeout=30_000)
    wait_rendered(page)
