"""Teaching with the Loco dashboard in real Chromium (issue 7): what only a browser shows.

One server and one page for the file; the tests run in file order on it: the decision above
the fold at 1366x768 and at 1920x1080 with Big text (screenshots in ``artifacts/teaching/``),
a teacher's click in a lesson, a lesson's "done", distinct move buttons, one step number, copy
and link round trips, and a failed load after a good one. The logic behind each is unit tested
in ``tests/test_teaching.py``.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from chililab import loco
from chililab.games.loco.lessons import LESSONS

from .conftest import RENDER_PROBE, start_server, wait_for, wait_rendered

pytestmark = pytest.mark.browser
T = 60_000  # ms: a click's answer on a loaded 2-core machine


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-teach"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def context(browser, server):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base.rstrip("/"))
    ctx.add_init_script(RENDER_PROBE)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def page(context, server):
    p = context.new_page()
    p.goto(server.url("loco.ipynb") + "?teacher=1")  # the teacher's view is offered to teacher=1 links only
    wait_rendered(p)
    choose_seat(p, "Player 1")  # the tests start in the seat a student gets
    return p


@pytest.fixture(scope="module")
def shots(artifacts):
    d = artifacts / "teaching"  # for a person to look at; the ones looked at are committed in screenshots/
    d.mkdir(exist_ok=True)
    return d


def _parts(page):
    return page.locator(".chili-table").first.inner_html(), page.locator(".chili-log").inner_html()


def choose_lesson(page, key):
    """Pick a lesson and wait until the whole stepper shows it (the log is redrawn after the buttons)."""
    i = next(i for i, le in enumerate(LESSONS) if le.key == key)
    before = _parts(page)
    page.locator(".chili-lesson-menu select").select_option(index=i + 1)
    expect(page.locator(".chili-lesson")).to_contain_text(LESSONS[i].title, timeout=T)
    wait_for(lambda: all(a != b for a, b in zip(_parts(page), before)))


def choose_seat(page, prefix):
    select = page.locator(".chili-seat select")
    texts = [t.replace("\xa0", " ") for t in select.locator("option").all_inner_texts()]  # a menu spaces with nbsp
    i = next(i for i, t in enumerate(texts) if t.startswith(prefix))
    if select.evaluate("e => e.selectedIndex") == i:
        return
    before = _parts(page)[0]
    select.select_option(index=i)
    wait_for(lambda: _parts(page)[0] != before)


def move(page, text):
    return page.locator(".chili-move", has_text=re.compile(f"^{re.escape(text)}$"))


def record(page) -> dict:
    box = page.locator(".chili-record textarea")
    expect(box).not_to_have_value("", timeout=T)
    return json.loads(box.input_value())


def assert_decision_above_the_fold(page, seat):
    """The seat's own hand (its box on the table) and the first move button are inside the viewport."""
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    hand = page.locator(f'svg.chili-table g.chili-seat[data-seat="{seat}"]').first.bounding_box()
    first = page.locator(".chili-move").first.bounding_box()
    for name, box in (("own hand", hand), ("first move button", first)):
        assert box is not None, name
        assert box["y"] >= 0 and box["y"] + box["height"] <= vh and box["x"] + box["width"] <= vw, (name, box, vh)


@pytest.mark.parametrize("key", ["", "hot-sauce"], ids=["free-game", "lesson"])
def test_the_decision_is_above_the_fold_on_a_laptop(page, shots, key):
    page.set_viewport_size({"width": 1366, "height": 768})
    seat = 0
    if key:
        choose_lesson(page, key)
        seat = next(le.seat for le in LESSONS if le.key == key)
    page.wait_for_timeout(500)
    page.screenshot(path=str(shots / f"laptop-1366x768{'-lesson' if key else ''}.png"))
    assert_decision_above_the_fold(page, seat)


def test_the_decision_is_above_the_fold_on_a_projector_with_big_text(page, shots):
    page.set_viewport_size({"width": 1920, "height": 1080})
    label = page.locator("svg.chili-table text", has_text="colour").first
    small = label.evaluate("e => e.getBoundingClientRect().height")
    page.locator(".chili-big-toggle").click()
    expect(page.locator(".chili-dash.chili-big")).to_have_count(1)
    page.locator("svg.chili-table.chili-projector").wait_for(timeout=T)
    page.wait_for_timeout(500)
    # the projector's table fills the width (tests/browser/test_projector.py) rather than shrinking to the
    # screen's height: the decision and the first move stay above the fold, the learner's hand starts on the
    # first screen, and one scroll shows the hand and the moves together
    vh = page.viewport_size["height"]
    decision = page.locator(".chili-decision").bounding_box()
    first = page.locator(".chili-move").first.bounding_box()
    hand = page.locator('svg.chili-table g.chili-seat[data-seat="1"]').first.bounding_box()  # still in the P1 lesson
    for name, box in (("decision", decision), ("first move button", first)):
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= vh, (name, box)
    assert hand is not None and hand["y"] < vh and hand["y"] + hand["height"] - first["y"] <= vh, (hand, first)
    size = page.locator(".chili-decision").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 20  # Big text
    big = label.evaluate("e => e.getBoundingClientRect().height")
    assert big >= 1.25 * small, (small, big)  # and the table's labels grow with it
    seat_menu = page.locator(".chili-seat select")
    assert seat_menu.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # no cut-off seat name
    page.screenshot(path=str(shots / "projector-1920x1080-big.png"))
    page.locator(".chili-big-toggle").click()
    page.set_viewport_size({"width": 1366, "height": 768})


def test_a_teachers_click_in_a_lesson_advances_one_decision_of_the_lessons_seat(page):
    choose_seat(page, "Teacher")
    choose_lesson(page, "draw")  # P1 draws until a card fits: three decisions of P1
    expect(page.locator(".chili-seat select option:checked")).to_have_text("Teacher: every hand, you play Player 2",
                                                                          timeout=T)
    assert record(page)["moves"] == []
    move(page, "Player 2 draws a card").click()
    wait_for(lambda: len(record(page)["moves"]) == 1)
    page.wait_for_timeout(1000)  # the bots would have answered by now: they wait for P1
    moves = record(page)["moves"]
    assert moves == [{"move": "Draw", "player": 1}], moves
    expect(page.locator(".chili-decision")).to_contain_text("Your move")


def test_a_lesson_says_done_and_offers_the_next_one(page, shots):
    move(page, "Player 2 draws a card").click()
    expect(move(page, "Player 2 lays red Habanero")).to_have_count(1, timeout=T)
    move(page, "Player 2 lays red Habanero").click()
    done = page.locator(".chili-done-box")
    expect(done).to_be_visible(timeout=T)
    expect(done).to_contain_text("Done")
    expect(page.locator(".chili-log .chili-ev-key")).to_have_count(1)
    n = len(record(page)["moves"])
    page.wait_for_timeout(1000)
    assert len(record(page)["moves"]) == n == 3  # paused where the rule fired: no bot played on
    page.screenshot(path=str(shots / "laptop-1366x768-teacher-lesson-done.png"))
    page.locator(".chili-next-lesson").click()
    expect(page.locator(".chili-lesson")).to_contain_text(LESSONS[[le.key for le in LESSONS].index("draw") + 1].title,
                                                          timeout=T)
    expect(done).to_be_hidden()


def test_identical_cards_give_one_button(page):
    choose_lesson(page, "twins")
    expect(move(page, "Player 2 lays a twin of green Ghost")).to_have_count(1, timeout=T)
    texts = page.locator(".chili-move").all_inner_texts()
    assert texts.count("Player 2 lays green Ghost") == 1 and len(texts) == len(set(texts)), texts
    choose_lesson(page, "catch")
    expect(move(page, "Player 1 calls LOCO on Player 4")).to_have_count(1, timeout=T)
    other = page.locator(".chili-move-row-other")
    expect(other).to_contain_text("other moves")
    expect(other.locator(".chili-move")).to_have_count(2)


def test_one_step_number(page):
    choose_lesson(page, "jump-in")
    choose_seat(page, "Player 4")
    expect(page.locator(".chili-seat select option:checked")).to_have_text("Player 4 (you)", timeout=T)
    move(page, "Player 4 jumps in with purple Cherry").click()
    expect(page.locator(".chili-done-box")).to_be_visible(timeout=T)
    readout = page.locator(".chili-slider .widget-readout").inner_text().strip()
    line = page.locator(".chili-decision").inner_text()
    # the slider holds the one step number; the decision line says what is happening, in words
    assert readout.isdigit() and "step" not in line and "_" not in line, (readout, line)


def test_copy_and_load_round_trip_a_game_and_a_failed_load_shows_only_the_error(page):
    choose_seat(page, "Teacher")
    shown = record(page)
    page.locator(".chili-record-box .chili-copy").click()
    expect(page.locator(".chili-record-box .chili-copy")).to_have_text(re.compile("copied"), timeout=10_000)
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert json.loads(copied) == shown
    page.locator(".chili-load textarea").fill(copied)
    page.locator(".chili-load-button").click()
    expect(page.locator(".chili-status")).to_contain_text("Loaded a saved game", timeout=T)
    assert loco.replay(record(page)).fingerprint() == loco.replay(shown).fingerprint()
    page.locator(".chili-load textarea").fill('{"format": "chililab-record", "moves": [')
    page.locator(".chili-load-button").click()
    expect(page.locator(".chili-error")).to_contain_text("that is not a saved Chili Loco game", timeout=T)
    expect(page.locator(".chili-status")).to_have_text("")


def test_a_shared_link_opens_the_same_lesson(page, context):
    choose_lesson(page, "stir")
    link = page.locator(".chili-link input")
    expect(link).to_have_value(re.compile(r"\?lesson=stir&teacher=1$"), timeout=T)
    page.locator(".chili-side .chili-copy").click()
    url = page.evaluate("() => navigator.clipboard.readText()")
    assert url == link.input_value()
    other = context.new_page()
    try:
        other.goto(url)
        wait_rendered(other)
        expect(other.locator(".chili-lesson")).to_contain_text("Stir the Pot reverses play", timeout=T)
        expect(other.locator(".chili-seat select option:checked")).to_have_text("Teacher: every hand, you play Player 2")
        assert record(other) == record(page)
    finally:
        other.close()


def test_a_shared_link_works_on_a_classroom_servers_preheated_kernel(browser, tmp_path):
    """Pre-started kernels run the dashboard before the visit: the link's query is applied when it comes."""
    srv = start_server(tmp_path, "--classroom", "--pool", "1", "--pages", "loco")
    try:
        srv.wait_log("Kernel pool of loco.ipynb is filled with 1 kernel")
        srv.wait_quiet()
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        try:
            p = ctx.new_page()
            p.goto(srv.url("loco.ipynb") + "?players=3&seed=12&seat=2")
            wait_rendered(p)
            assert "Using pre-heated kernel" in srv.log_text()
            expect(p.locator(".chili-seat select option:checked")).to_have_text("Player 3 (you)", timeout=T)
            expect(p.locator(".chili-seed-box input")).to_have_value("12")
            expect(p.locator(".chili-players input")).to_have_value("3")
        finally:
            ctx.close()
    finally:
        srv.stop()
