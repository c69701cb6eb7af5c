"""The All You Can Chili dashboard in real Chromium, served by ``chililab dashboards`` (Voila).

One server and one page (one kernel) for the file; the tests run in file order on that page: render, hidden
information in a player's seat (no other player's tolerance or identity unless revealed, no other hand, nothing
hidden on the widget channel, before and after the bots play), a move, a lesson played to "done", the Eye's
private peek, and screenshots (``artifacts/screenshots/aycc-*.png``).

The dashboard starts with a deterministic deal (4 players, seed 7, the learner in P0); the teacher's seat shows
the record, so this process replays it and knows every secret.
"""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from chililab.games import aycc
from chililab.games.aycc.lessons import LESSONS, lesson, move
from chililab.games.aycc.movegroups import move_group, move_label
from chililab.games.aycc.rules.cards import CHARACTERS

from .conftest import RENDER_PROBE, Frames, full_screenshot, start_server, wait_for, wait_rendered

pytestmark = pytest.mark.browser
T = 60_000  # ms: a click's answer on a loaded 2-core machine
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
STEPPER = ".chili-stepper"
# the picture's marks, as they appear in the page and (quotes escaped) in the widget messages
DISH = re.compile(r'data-dish=\\*"(\d+)')
WHO = re.compile(r'data-who=\\*"P(\d):([a-z_]+)')
TOL = re.compile(r'data-tol=\\*"P(\d):(\d+)')
KEY = {c.key: c.id for c in CHARACTERS}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-aycc"))
    yield srv
    srv.stop()


class Dash(Frames):
    """The All You Can Chili page, its widget frames, and what the tests read from it."""

    def table_html(self) -> str:
        return self.page.locator(f"{STEPPER} .chili-table").first.inner_html()

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
        return aycc.replay(json.loads(box.input_value()))


@pytest.fixture(scope="module")
def dash(browser, server):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.add_init_script(RENDER_PROBE)
    page = ctx.new_page()
    d = Dash(page)
    page.goto(server.url("aycc.ipynb") + "?teacher=1")  # the teacher's view is offered to teacher=1 links only
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
    expect(page.locator(".chili-banner")).to_contain_text("All You Can Chili")
    expect(page.locator(".chili-decision")).to_contain_text("Your move", timeout=T)
    expect(page.locator(f"{STEPPER} svg.aycc-table")).to_have_count(1)
    assert page.locator(".chili-lesson-menu option").count() == len(LESSONS) + 1
    page.screenshot(path=str(shots / "aycc-1366x768.png"))


def _secrets(g, seat):
    """(dish ids of the other hands, {seat: character} and {seat: tolerance} that ``seat`` may not know)."""
    view, teacher = g.view(seat), g.view(None)
    hands = {d.id for s, h in teacher.hands.items() if s != seat for d in h}
    ids = {s: c for s, c in teacher.identities.items() if s not in view.identities}
    tols = {s: t for s, t in teacher.tolerances.items() if s not in view.tolerances}
    return hands, ids, tols


def _check_seat(dash, g, seat):
    """A player's seat shows its own secrets and none of another player's, in the page or on the widget channel."""
    view = g.view(seat)
    hands, ids, tols = _secrets(g, seat)
    assert hands and ids and tols  # there is something to hide
    mark = len(dash.frames)
    dash.select_seat(f"Player {seat + 1}")
    wait_for(lambda: {str(d.id) for d in view.hand} <= set(DISH.findall(dash.table_html())))
    time.sleep(0.5)  # the last widget messages of the switch
    html = dash.page.locator(STEPPER).first.inner_html()
    assert {int(i) for i in DISH.findall(html)} <= view.visible_dish_ids()
    assert {int(s): KEY[k] for s, k in WHO.findall(html)} == view.identities
    assert {int(s): int(t) for s, t in TOL.findall(html)} == view.tolerances
    sent = "".join(dash.frames[mark:])
    assert DISH.search(sent), "no table update seen on the widget channel"
    assert not {int(i) for i in DISH.findall(sent)} & hands, "widget messages carried another player's dishes"
    assert not {int(s) for s, _ in WHO.findall(sent)} & set(ids), "widget messages named a secret identity"
    assert not {int(s) for s, _ in TOL.findall(sent)} & set(tols), "widget messages carried a secret tolerance"
    assert not ('"seed"' in sent and '"moves"' in sent), "the record was sent to a player"
    log = dash.page.locator(".chili-log").inner_text()
    for s, c in ids.items():
        assert f"Player {s + 1}: your secret identity is {CHARACTERS[c].name}" not in log


def test_a_players_seat_holds_no_other_tolerance_identity_or_hand(dash):
    page = dash.page
    g = dash.teacher_game()
    assert g.view(None).players == 4 and g.decision.players == (0,)
    _check_seat(dash, g, 0)
    # play on: P0 serves, the bots answer up to P0's next decision; still nothing of theirs shows
    before = dash.table_html()
    page.locator(".chili-move").first.click()
    wait_for(lambda: dash.table_html() != before)
    expect(page.locator(".chili-decision")).to_contain_text("Your move", timeout=T)
    g = dash.teacher_game()
    assert len(g.moves) > 1
    _check_seat(dash, g, 0)


def test_a_move_can_be_played(dash):
    page = dash.page
    before, lines = dash.table_html(), page.locator(".chili-log .chili-ev").count()
    button = page.locator(".chili-move").first
    label = button.inner_text()
    button.click()
    wait_for(lambda: dash.table_html() != before)
    wait_for(lambda: page.locator(".chili-log .chili-ev").count() > lines)
    expect(page.locator(".chili-log")).to_contain_text(label, timeout=T)
    expect(page.locator(".chili-log")).to_contain_text("AYCC-")


def _button(page, g, m):
    """The button of move ``m`` as the page shows it: its words within its group's row (a serve's row names the
    dish, its buttons the characters)."""
    view = g.view(m.player)
    title = move_group(view, m)[0].partition(" \u00b7 ")[0]
    row = page.locator(".chili-move-row", has=page.locator(".chili-group-title",
                                                            has_text=re.compile(f"^{re.escape(title)}$")))
    return row.locator(".chili-move", has_text=re.compile(f"^{re.escape(move_label(view, m))}$"))


def test_a_lesson_reaches_done(dash, shots):
    page = dash.page
    le = lesson("vasco-33")
    page.locator(".chili-lesson-menu select").select_option(index=LESSONS.index(le) + 1)
    expect(page.locator(".chili-lesson")).to_contain_text(le.title, timeout=T)
    g = le.build()
    right = move(g, *le.script[0])
    _button(page, g, right).click()
    expect(page.locator(".chili-done-box")).to_contain_text("Done", timeout=T)
    expect(page.locator(".chili-done-box")).to_contain_text("= 33")
    expect(page.locator(".chili-done-box")).to_contain_text("AYCC-BONUS-2")
    assert page.locator(".chili-ev-key").count() == 1
    expect(page.locator(f"{STEPPER} svg.aycc-table")).to_contain_text("WITHDRAWN")
    page.locator(".chili-lesson").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "aycc-1366x768-lesson-done.png"))
    page.locator(".chili-try-again").click()
    expect(page.locator(".chili-done-box")).to_be_hidden(timeout=T)
    expect(_button(page, g, right)).to_have_count(1, timeout=T)


def test_the_eye_shows_a_tolerance_to_its_player_only(dash):
    page = dash.page
    le = lesson("eye")
    page.locator(".chili-lesson-menu select").select_option(index=LESSONS.index(le) + 1)
    expect(page.locator(".chili-lesson")).to_contain_text(le.title, timeout=T)
    g = le.build()
    for spec in le.script:
        _button(page, g, move(g, *spec)).click()
        g.apply(move(g, *spec))
    expect(page.locator(".chili-done-box")).to_contain_text("Done", timeout=T)
    tol = g.view(None).tolerances[2]
    wait_for(lambda: f'data-tol="P2:{tol}"' in dash.table_html())
    mark = len(dash.frames)
    dash.select_seat("Player 2")
    wait_for(lambda: 'data-viewer="P1"' in dash.table_html())
    time.sleep(0.5)
    assert f'data-tol="P2:{tol}"' not in dash.table_html()
    assert not {int(s) for s, _ in TOL.findall("".join(dash.frames[mark:]))} - {1}
    dash.select_seat("Player 1")


def test_screenshots(dash, shots):
    page = dash.page
    dash.select_seat("Player 1")
    le = lesson("last-player")  # a busy table: Piri Piri's seven dishes, a withdrawn character
    page.locator(".chili-lesson-menu select").select_option(index=LESSONS.index(le) + 1)
    expect(page.locator(".chili-lesson")).to_contain_text(le.title, timeout=T)
    full_screenshot(page, shots / "aycc-1366x768-full.png")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".chili-big-toggle").click()
    page.wait_for_timeout(800)
    page.screenshot(path=str(shots / "aycc-1920x1080-big.png"))
    row = page.locator(f'{STEPPER} svg.chili-table g.aycc-character').first.bounding_box()
    first = page.locator(".chili-move").first.bounding_box()
    for name, b in (("the row of characters", row), ("first move button", first)):
        assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= 1080, (name, b)
    page.locator(".chili-big-toggle").click()
    page.set_viewport_size({"width": 1366, "height": 768})


def test_the_index_page_links_the_aycc_dashboard(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(server.url("index.ipynb"))
        link = page.locator('a.chili-index-link[href="aycc.ipynb"]')
        link.wait_for(timeout=120_000)
        expect(link).to_contain_text("All You Can Chili")
    finally:
        ctx.close()
