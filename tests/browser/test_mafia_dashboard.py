"""The Chili Mafia dashboard in real Chromium, served by ``chililab dashboards`` (Voila).

One server and one page (one kernel) for the file; the tests run in file order on that page: render,
hidden information in a player's seat (no card of another hand, no other draft packet or hidden pick,
nothing hidden on the widget channel), a move, a lesson played to "done", the rulebook's example turn,
the gang calculator, and screenshots (``artifacts/screenshots/mafia-*.png``).

The dashboard starts with a deterministic deal (4 players, seed 7, the learner in P0, in the draft);
the teacher's seat shows the record, so this process replays it and knows every hand.
"""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from chililab.control import learner_text
from chililab.engine import registry
from chililab.games import mafia
from chililab.games.mafia.lessons import LESSONS, lesson, move

from .conftest import RENDER_PROBE, Frames, full_screenshot, start_server, wait_for, wait_rendered

pytestmark = pytest.mark.browser
T = 60_000  # ms: a click's answer on a loaded 2-core machine
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
DATA_ID = re.compile(r'data-id=\\*"(\d+)')
STEPPER = ".chili-stepper"
#: the names of gang cards that the next card covers or that overflow their own card, measured as drawn
CUT_NAMES = """(sel) => Array.from(document.querySelector(sel).querySelectorAll('g.mafia-gang')).flatMap(gang => {
  const cards = Array.from(gang.querySelectorAll('svg.mafia-card'));
  return cards.filter((card, i) => {
    const texts = card.querySelectorAll('text'), name = texts[texts.length - 1].getBoundingClientRect();
    const box = card.getBoundingClientRect(), right = i + 1 < cards.length
      ? Math.min(box.right, cards[i + 1].getBoundingClientRect().left) : box.right;
    return name.left < box.left - 0.5 || name.right > right + 0.5;
  }).map(card => card.querySelector('title').textContent);
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-mafia"))
    yield srv
    srv.stop()


class Dash(Frames):
    """The Mafia page, its widget frames, and what the tests read from it."""

    def table_html(self) -> str:
        return self.page.locator(f"{STEPPER} .chili-table").first.inner_html()

    def card_ids(self, scope: str = STEPPER) -> set[int]:
        return set(self.page.evaluate(
            "(sel) => Array.from(document.querySelector(sel).querySelectorAll('[data-id]'), e => +e.dataset.id)",
            scope))

    def select_seat(self, label: str):
        select = self.page.locator(f"{STEPPER} .chili-seat select")
        texts = [t.replace("\xa0", " ") for t in select.locator("option").all_inner_texts()]  # a menu spaces with nbsp
        i = next(i for i, t in enumerate(texts) if t.startswith(label))
        if select.evaluate("e => e.selectedIndex") == i:
            return
        before = self.table_html()
        select.select_option(index=i)
        wait_for(lambda: self.table_html() != before)

    def teacher_game(self):
        """The game the page shows, rebuilt here from the teacher's record."""
        self.select_seat("Teacher")
        box = self.page.locator(".chili-record textarea")
        expect(box).not_to_have_value("", timeout=T)
        return mafia.replay(json.loads(box.input_value()))


@pytest.fixture(scope="module")
def dash(browser, server):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.add_init_script(RENDER_PROBE)
    page = ctx.new_page()
    d = Dash(page)
    page.goto(server.url("mafia.ipynb") + "?teacher=1")  # the teacher's view is offered to teacher=1 links only
    wait_rendered(page)
    d.select_seat("Player 1")  # the tests start in the seat a student gets
    yield d
    ctx.close()


@pytest.fixture(scope="module")
def shots(artifacts):
    d = artifacts / "screenshots"
    d.mkdir(exist_ok=True)
    return d


def test_dashboard_renders_without_code_or_errors(dash, shots):
    page = dash.page
    assert page.locator(ERROR_OUTPUT).count() == 0
    assert "import" not in page.locator("body").inner_text()
    expect(page.locator(".chili-banner")).to_contain_text("Chili Mafia")
    expect(page.locator(".chili-decision")).to_contain_text("Your move", timeout=T)
    assert page.locator(".mafia-calculator").count() == 1 and page.locator(".chili-guided").count() == 1
    page.screenshot(path=str(shots / "mafia-1366x768.png"))


def _check_seat(dash, g, seat):
    """A player's seat holds none of another player's hidden cards, in the page or on the widget channel."""
    view = g.view(seat)
    allowed = view.visible_card_ids()
    hidden = {c.id for s, h in g.view(None).hands.items() if s != seat for c in h}
    hidden |= {c.id for s, p in g.view(None).packets.items() if s != seat for c in p}
    hidden |= {c.id for s, h in g.view(None).hot_properties.items() if s != seat for c in h}
    assert hidden and not hidden & allowed
    mark = len(dash.frames)
    dash.select_seat(f"Player {seat + 1}")
    wait_for(lambda: {c.id for c in view.hand} <= dash.card_ids(f"{STEPPER} .chili-table"))
    time.sleep(0.5)  # the last widget messages of the switch
    on_page = dash.card_ids()
    assert on_page <= allowed, f"hidden cards in the player's page: {sorted(on_page - allowed)}"
    sent = {int(i) for f in dash.frames[mark:] for i in DATA_ID.findall(f)}
    assert sent, "no table update seen on the widget channel"
    assert not sent & hidden, f"widget messages carried hidden cards: {sorted(sent & hidden)}"
    assert not any('"seed"' in f and '"moves"' in f for f in dash.frames[mark:]), "the record was sent to a player"


def test_a_players_seat_holds_no_hidden_card_nor_a_hidden_pick(dash):
    page = dash.page
    g = dash.teacher_game()
    assert g.phase == "DRAFT" and g.view(None).players == 4
    _check_seat(dash, g, 0)
    # P0 picks; the bots pick at once, in secret: P0's log says only that they picked
    before = dash.table_html()
    page.locator(".chili-move").first.click()
    wait_for(lambda: dash.table_html() != before)
    expect(page.locator(".chili-log")).to_contain_text("Player 2 picks a card", timeout=T)
    g = dash.teacher_game()
    assert g.view(None).pick == 2
    picks = [c for s in (1, 2, 3) for c in g.view(None).hands[s]]
    _check_seat(dash, g, 0)
    log = page.locator(".chili-log").inner_text()
    assert not any(f"picks {c}" in log for c in picks)


def test_a_move_can_be_played(dash):
    page = dash.page
    before, lines = dash.table_html(), page.locator(".chili-log .chili-ev").count()
    label = page.locator(".chili-move").first.inner_text()
    page.locator(".chili-move").first.click()
    wait_for(lambda: dash.table_html() != before)
    wait_for(lambda: page.locator(".chili-log .chili-ev").count() > lines)
    expect(page.locator(".chili-log")).to_contain_text(label, timeout=T)
    expect(page.locator(".chili-log")).to_contain_text("MAFIA-DRAFT-1")


def test_a_lesson_reaches_done(dash, shots):
    page = dash.page
    le = lesson("whack")
    select = page.locator(".chili-lesson-menu select")
    select.select_option(index=LESSONS.index(le) + 1)
    expect(page.locator(".chili-lesson")).to_contain_text(le.title, timeout=T)
    g = le.build()
    words = registry.get("mafia")  # the buttons say the moves in a learner's words (Player 1 ...)
    wrong = learner_text(words, str(move(g, "EndTurn", 0)))
    right = learner_text(words, str(move(g, *le.script[0])))
    page.locator(".chili-move", has_text=re.compile(f"^{re.escape(right)}$")).click()
    expect(page.locator(".chili-done-box")).to_contain_text("Done", timeout=T)
    expect(page.locator(".chili-done-box")).to_contain_text("MAFIA-HOT-WHACK-1")
    assert page.locator(".chili-ev-key").count() == 1
    page.locator(".chili-lesson").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "mafia-1366x768-lesson-done.png"))
    page.locator(".chili-try-again").click()
    expect(page.locator(".chili-done-box")).to_be_hidden(timeout=T)
    assert wrong in [t.strip() for t in page.locator(".chili-move").all_inner_texts()]


@pytest.mark.parametrize("key, fired", [("samurai", "MAFIA-HOT-WHACK-1"), ("rumble", "MAFIA-PROMO-RUMBLE-2"),
                                        ("taste-me", "MAFIA-PROMO-TASTE-2")])
def test_a_promo_lesson_is_played_by_its_buttons_to_done(dash, shots, key, fired):
    """As a teacher shows it: pick the lesson, click the learner's moves of its hint (the bots answer), see Done."""
    page = dash.page
    le = lesson(key)
    page.locator(".chili-lesson-menu select").select_option(index=LESSONS.index(le) + 1)
    expect(page.locator(".chili-lesson")).to_contain_text(le.title, timeout=T)
    g = le.build()
    gangs = sum(len(gs) for gs in g.view(None).gangs)
    expect(page.locator(f"{STEPPER} .chili-table g.mafia-gang")).to_have_count(gangs, timeout=T)  # the position
    page.locator(".chili-lesson .chili-hint summary").click()  # open the hint, as a teacher showing the lesson would
    page.locator(STEPPER).screenshot(path=str(shots / f"mafia-lesson-{key}-start.png"))
    assert page.evaluate(CUT_NAMES, f"{STEPPER} .chili-table") == []  # every gang card's name shows whole
    for spec in le.script:
        m = move(g, *spec)
        if spec[1] == le.seat:
            label = learner_text(registry.get("mafia"), str(m))  # the button's words: Player 1 ...
            button = page.locator(".chili-move", has_text=re.compile(f"^{re.escape(label)}$"))
            expect(button).to_have_count(1, timeout=T)
            button.click()
        g.apply(m)
    done = page.locator(".chili-done-box")
    expect(done).to_contain_text("Done", timeout=T)
    expect(done).to_contain_text(fired)
    page.locator(".chili-lesson").scroll_into_view_if_needed()
    page.locator(STEPPER).screenshot(path=str(shots / f"mafia-lesson-{key}.png"))
    expect(page.locator(".chili-ev-key")).to_have_count(1, timeout=T)  # the log line where the rule fired
    assert page.locator(ERROR_OUTPUT).count() == 0
    page.locator(".chili-try-again").click()  # back to the lesson's position: the learner's moves again
    expect(page.locator(".chili-done-box")).to_be_hidden(timeout=T)
    expect(page.locator(".chili-move").first).to_be_visible(timeout=T)


def test_the_example_turn_and_the_calculator(dash):
    page = dash.page
    box = page.locator(".chili-guided")
    expect(box.locator(".chili-guided-text")).to_contain_text("Step 0 of 7")
    for _ in range(2):
        box.locator(".chili-guided-next").click()
    expect(box.locator(".chili-guided-text")).to_contain_text("Step 2 of 7", timeout=T)
    expect(box.locator(".chili-guided-text")).to_contain_text("The card she keeps is a")
    expect(box.locator(".chili-guided-events")).to_contain_text("MAFIA-ACT-BAGMAN-1")
    calc = page.locator(".mafia-calculator")
    expect(calc.locator(".mafia-calc-words")).to_contain_text("= 19 points")
    calc.locator(".mafia-calc-clear").click()
    expect(calc.locator(".mafia-calc-words")).to_contain_text("No peppers yet", timeout=T)
    for _ in range(3):
        calc.locator(".mafia-calc-add", has_text="Ghost Pepper 8").click()
    expect(calc.locator(".mafia-calc-words")).to_contain_text("(8 + 8 + 8) x 2 = 48 points", timeout=T)


def test_screenshots(dash, shots):
    page = dash.page
    full_screenshot(page, shots / "mafia-1366x768-full.png")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".chili-big-toggle").click()
    page.wait_for_timeout(800)
    page.screenshot(path=str(shots / "mafia-1920x1080-big.png"))
    assert page.evaluate(CUT_NAMES, f"{STEPPER} .chili-table") == []  # Big text leaves the cards' print alone
    # projector mode draws the table as wide as it can (tests/browser/test_projector.py): the learner's hand, in
    # big cards, and the first move stay on the first screen; the gangs below them may need a scroll
    hand = page.locator(f'{STEPPER} svg.chili-table g.mafia-seat[data-seat="0"] g.chili-hand-big').first.bounding_box()
    first = page.locator(".chili-move").first.bounding_box()
    for name, b in (("the learner's hand", hand), ("first move button", first)):
        assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= 1080, (name, b)
    page.locator(".chili-big-toggle").click()
    page.set_viewport_size({"width": 1366, "height": 768})


def test_the_index_page_links_the_mafia_dashboard(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(server.url("index.ipynb"))
        link = page.locator('a.chili-index-link[href="mafia.ipynb"]')
        link.wait_for(timeout=120_000)
        expect(link).to_contain_text("Chili Mafia")
    finally:
        ctx.close()
