"""The Chili Loco dashboard in real Chromium, served by ``chililab dashboards`` (Voila).

One server and one page (one kernel) for the whole file; the tests run in file
order on that page: render, seats and hidden cards, a move, back, a bad record,
the new-game form, screenshots (``artifacts/loco-*.png``).

The dashboard starts with a deterministic deal (4 players, seed 7, the learner
in P0, bots play until P0 must decide), so this process can rebuild the exact
game from the record the Teacher seat shows and know every hand.
"""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from chililab import loco
from chililab.apps.explorers import explorers
from chililab.engine import registry

from .conftest import (
    RENDER_PROBE,
    RULE_ID,
    full_screenshot,
    start_server,
    wait_rendered,
)

pytestmark = pytest.mark.browser

STDERR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
DATA_ID = re.compile(r'data-id=\\*"(\d+)')


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-loco"))
    yield srv
    srv.stop()


class Dash:
    """The page plus every websocket frame it received (the widget state sent to the browser)."""

    def __init__(self, page):
        self.page = page
        self.frames: list[str] = []
        self.render_s = None

    def on_ws(self, ws):
        ws.on("framereceived", lambda payload: self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", errors="replace")))

    def table_html(self) -> str:
        return self.page.locator(".chili-table").first.inner_html()

    def log_lines(self) -> list[str]:
        return self.page.locator(".chili-log .chili-ev").all_inner_texts()

    def dom_card_ids(self, scope: str = "body") -> set[int]:
        return set(self.page.evaluate(
            "(sel) => Array.from(document.querySelector(sel).querySelectorAll('[data-id]'), e => +e.dataset.id)",
            scope))

    def select_seat(self, label: str):
        """Choose the seat whose menu text starts with ``label`` ("Player 2" for "Player 2 (you)", "Teacher")."""
        select = self.page.locator(".chili-seat select")
        texts = [t.replace("\xa0", " ") for t in select.locator("option").all_inner_texts()]  # a menu spaces with nbsp
        select.select_option(index=next(i for i, t in enumerate(texts) if t.startswith(label)))

    def wait_table_change(self, before: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = self.table_html()
            if now != before:
                return now
            time.sleep(0.1)
        raise AssertionError("the table did not change")


@pytest.fixture(scope="module")
def dash(browser, server):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(RENDER_PROBE)
    page = context.new_page()
    d = Dash(page)
    page.on("websocket", d.on_ws)
    t0 = time.monotonic()
    page.goto(server.url("loco.ipynb") + "?teacher=1")  # the teacher's view is offered to teacher=1 links only
    wait_rendered(page)
    d.render_s = time.monotonic() - t0
    print(f"\nLoco dashboard rendered in {d.render_s:.1f} s (single visitor, no pre-heated kernel)")
    before = d.table_html()
    d.select_seat("Player 1")  # the tests start in the seat a student gets
    d.wait_table_change(before)
    yield d
    context.close()


def teacher_game(d: Dash):
    """Switch to the Teacher seat and rebuild the shown game from its record (this process knows every hand)."""
    d.select_seat("Teacher")
    box = d.page.locator(".chili-record textarea")
    expect(box).not_to_have_value("", timeout=30_000)
    record = json.loads(box.input_value())
    g = loco.replay(record)
    every_hand = {c.id for h in g.state.hands for c in h}
    deadline = time.monotonic() + 30
    while not d.dom_card_ids(".chili-table") >= every_hand and time.monotonic() < deadline:
        time.sleep(0.1)
    return record, g


def test_dashboard_renders_without_code_or_errors(dash, server, artifacts):
    page = dash.page
    full_screenshot(page, artifacts / "loco-first-render.png")
    expect(page.locator(".chili-table svg").first).to_be_visible()
    assert page.locator(".chili-move").count() > 0
    expect(page.locator(".chili-decision")).to_contain_text("Your move")
    expect(page.locator(".chili-lesson-menu select option")).to_have_count(1 + len(loco_lessons()))
    expect(page.locator(STDERR)).to_have_count(0)
    expect(page.locator(ERROR_OUTPUT)).to_have_count(0)
    html = page.content()
    for code in ("bots_until", "import ipywidgets", "def on_deal", "stepper = Stepper"):
        assert code not in html, f"source code {code!r} is in the page"
    assert "Traceback" not in html


def lesson_label(key):
    i, le = next((i, le) for i, le in enumerate(loco_lessons()) if le.key == key)
    return f"{i + 1}. {le.section} \u00b7 {le.title}"


def loco_lessons():
    from chililab.games.loco.lessons import LESSONS

    return LESSONS


def test_start_is_the_deterministic_deal(dash):
    record, g = teacher_game(dash)
    assert record["seed"] == 7 and record["options"]["players"] == 4
    fresh = loco.new_game(players=4, seed=7)
    assert [sorted(c.id for c in h) for h in fresh.state.hands] == \
        [sorted(c.id for c in h) for h in loco.replay({**record, "moves": []}).state.hands]
    assert 0 in g.decision.players  # bots played until the learner (P0) must decide


@pytest.mark.parametrize("seat", [1, 2, 0])
def test_a_players_seat_shows_only_their_cards(dash, seat):
    """Hidden information in the browser: the table and every widget message after the switch."""
    _, g = teacher_game(dash)
    assert dash.dom_card_ids(".chili-table") >= {c.id for h in g.state.hands for c in h}  # teacher: all face up
    view = g.view(seat)
    own = {c.id for c in g.state.hands[seat]}
    others = {c.id for s, h in enumerate(g.state.hands) if s != seat for c in h}
    allowed = view.visible_card_ids()
    assert own <= allowed and not (others & allowed)

    mark = len(dash.frames)
    before = dash.table_html()
    dash.select_seat(f"Player {seat + 1}")
    dash.wait_table_change(before)
    deadline = time.monotonic() + 30
    while dash.dom_card_ids(".chili-table") != allowed and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)  # let the last widget messages of the switch arrive

    on_page = dash.dom_card_ids("body")
    assert own <= dash.dom_card_ids(".chili-table"), "the seat's own cards are not all face up"
    assert on_page <= allowed, f"cards of other hands in the page: {sorted(on_page - allowed)}"
    codes = set(dash.page.evaluate(
        "() => Array.from(document.querySelectorAll('[data-card]'), e => e.dataset.card)"))
    assert codes <= {c.code for c in g.view(seat).pile} | {c.code for c in g.state.hands[seat]} | \
        {c.code for _, c in view.offers if c is not None}
    sent = {int(i) for f in dash.frames[mark:] for i in DATA_ID.findall(f)}
    assert sent, "no table update seen on the widget channel"
    assert sent <= allowed, f"widget messages carried hidden cards: {sorted(sent - allowed)}"
    assert not any('"seed"' in f and '"moves"' in f for f in dash.frames[mark:]), "the record was sent to a player"
    assert dash.page.locator(".chili-record textarea").input_value() == ""


def test_clicking_a_move_advances_and_logs_a_rule(dash):
    dash.select_seat("Player 1")
    page = dash.page
    expect(page.locator(".chili-decision")).to_contain_text("Your move", timeout=30_000)
    before_table, before_log = dash.table_html(), dash.log_lines()
    step_before = page.locator(".chili-slider .widget-readout").inner_text()
    button = page.locator(".chili-move").first
    label = button.inner_text()
    button.click()
    dash.wait_table_change(before_table)
    deadline = time.monotonic() + 30
    while len(dash.log_lines()) <= len(before_log) and time.monotonic() < deadline:
        time.sleep(0.1)
    after = dash.log_lines()
    assert len(after) > len(before_log), f"clicking {label!r} added no log line"
    new_lines = after[: len(after) - len(before_log)]  # newest first
    # each line's rules are one click away: "why?" shows, the rule's words and ID are in its folded box
    assert any("why?" in line for line in new_lines), new_lines
    folded = [page.locator(".chili-log .chili-ev").nth(i).text_content() for i in range(len(new_lines))]
    assert any(RULE_ID.search(text) for text in folded), folded
    assert page.locator(".chili-slider .widget-readout").inner_text() != step_before
    dash.after_click_table = dash.table_html()
    dash.before_click_table = before_table


def test_back_restores_the_previous_picture(dash):
    before = dash.before_click_table
    dash.page.locator("button.chili-back").click()
    deadline = time.monotonic() + 30
    while dash.table_html() != before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert dash.table_html() == before
    dash.page.locator("button.chili-forward").click()  # and forward again: the picture after the click
    deadline = time.monotonic() + 30
    while dash.table_html() != dash.after_click_table and time.monotonic() < deadline:
        time.sleep(0.1)
    assert dash.table_html() == dash.after_click_table


def test_an_invalid_record_gives_a_readable_error(dash):
    page = dash.page
    table = dash.table_html()
    page.locator(".chili-load textarea").fill('{"game": "loco", "moves": [ this is not a record')
    page.locator(".chili-load-button").click()
    err = page.locator(".chili-error")
    expect(err).to_be_visible(timeout=30_000)
    expect(err).to_contain_text("Could not load this game", timeout=30_000)
    text = err.inner_text()
    assert "Traceback" not in text and "File \"" not in text
    assert "Traceback" not in page.content()
    expect(page.locator(STDERR)).to_have_count(0)
    assert dash.table_html() == table  # the game is unchanged


@pytest.mark.parametrize("players, seed, needle", [
    ("abc", "7", "Players must be a whole number"),
    ("11", "7", "Players must be from 2 to 10"),
    ("4", "seven", "Seed must be a whole number"),
])
def test_new_game_form_explains_nonsense(dash, players, seed, needle):
    page = dash.page
    page.locator(".chili-players input").fill(players)
    page.locator(".chili-seed-box input").fill(seed)
    page.locator(".chili-new-game").click()
    expect(page.locator(".chili-dash-msg .err")).to_contain_text(needle, timeout=30_000)
    assert "Traceback" not in page.content()


def test_new_game_and_lesson(dash):
    page = dash.page
    page.locator(".chili-players input").fill("3")
    page.locator(".chili-seed-box input").fill("12")
    page.locator(".chili-new-game").click()
    expect(page.locator(".chili-dash-msg .ok")).to_contain_text("3 players", timeout=30_000)
    expect(page.locator(".chili-decision")).to_contain_text("Your move", timeout=30_000)
    page.locator(".chili-lesson-menu select").select_option(label=lesson_label("jump-in"))
    expect(page.locator(".chili-lesson")).to_contain_text("Jumping in", timeout=30_000)
    expect(page.locator(".chili-dash-msg .ok")).to_contain_text("You play Player 4")
    assert page.locator(".chili-move").count() > 0


def test_screenshots(dash, artifacts):
    """Full-page screenshots for a person to look at: laptop, lesson, projector (big text)."""
    page = dash.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.locator(".chili-load textarea").fill("")
    full_screenshot(page, artifacts / "loco-laptop-lesson.png")
    page.locator(".chili-lesson-menu select").select_option(index=0)
    page.locator(".chili-players input").fill("4")
    page.locator(".chili-seed-box input").fill("7")
    page.locator(".chili-new-game").click()
    expect(page.locator(".chili-dash-msg .ok")).to_contain_text("4 players", timeout=30_000)
    full_screenshot(page, artifacts / "loco-laptop.png")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".chili-big-toggle").click()
    expect(page.locator(".chili-dash.chili-big")).to_have_count(1)
    page.wait_for_timeout(500)
    full_screenshot(page, artifacts / "loco-projector.png")
    page.locator(".chili-big-toggle").click()
    for name in ("loco-laptop.png", "loco-projector.png", "loco-laptop-lesson.png"):
        assert (artifacts / name).stat().st_size > 10_000


def test_index_page_links_to_the_dashboards(browser, server, artifacts):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        page.goto(server.url("index.ipynb"))
        links = page.locator("a.chili-index-link")
        links.first.wait_for(state="visible", timeout=120_000)
        games = [f"{s.name}.ipynb" for s in registry.specs() if s.dashboard]
        assert {"loco.ipynb", "mafia.ipynb", "aycc.ipynb"} <= set(games)
        assert links.evaluate_all("els => els.map(e => e.getAttribute('href'))") == games + [
            e.page for e in explorers()] + ["exercises.ipynb"]  # the server's own page last
        expect(page.locator("body")).to_contain_text("For teachers")
        full_screenshot(page, artifacts / "index.png")
    finally:
        context.close()
