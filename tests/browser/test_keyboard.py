"""A game by keyboard alone (issue 22, item 8): Tab, Enter, a focus ring you can see, and a live region that
says what happened on the table.

Nothing here clicks: every step is ``page.keyboard`` (Tab, Shift+Tab, Enter). A whole Chili Loco game is
played from the first Tab to "Game over" (2 players, seed 11: Player 1 wins after 7 moves of its own when it
always plays its first move button; the bots reply at once); Chili Mafia and All You Can Chili play several
moves. After every move:

- the focus is back on a move button by itself (the buttons are rebuilt after every move: without the page's
  help the focus would fall to the top of the page), and that button shows a focus ring (``:focus-visible``,
  a solid outline at least 3px wide);
- the live region (``role="status"``, ``aria-live="polite"``) says something new, in words (no rule ID): the
  newest line of the log and whose move it is, or "Game over".

A sweep Tabs through a whole game page (the teacher's view, which has every kind of control: move buttons,
back and forward, the step slider, menus, the checkbox, the bot toggles, "why?" and other ``<summary>``) and
reads the focus ring of every stop; "Skip to your moves" is the page's first stop and takes the focus to the
first move button.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import RENDER_PROBE, full_screenshot, start_server, wait_rendered

pytestmark = pytest.mark.browser

RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+-\d+\b")
STEP_MS = 60_000  # one move and the bots' replies, on a loaded 2-core machine
MAX_TABS = 120

#: what has the focus: a move button? its focus ring? (read in the page, from the computed style)
ACTIVE_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {tag: 'body'};
  const s = getComputedStyle(a);
  return {tag: a.tagName.toLowerCase(), cls: String(a.className && a.className.baseVal !== undefined
            ? a.className.baseVal : a.className), text: (a.innerText || a.getAttribute('aria-label') || '').trim(),
          move: a.matches('button.chili-move'), skip: a.matches('button.chili-skip'),
          decision: !!a.closest('.chili-decision'), visible: a.matches(':focus-visible'),
          style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
          pressed: a.dataset.kbPressed === '1', type: a.getAttribute('type') || '',
          role: a.getAttribute('role') || ''};
}"""
LIVE_JS = """() => {
  const e = document.querySelector('.chili-stepper .chili-announce [role=status][aria-live=polite]');
  if (!e) return null;
  const s = getComputedStyle(e.closest('.chili-announce'));
  return {text: e.textContent, display: s.display, visibility: s.visibility};
}"""
#: after Enter: the table changed and the move buttons are new (the pressed one is gone), or the game is over
MOVED_JS = """(before) => {
  const t = document.querySelector('.chili-stepper .chili-table');
  if (!t || t.innerHTML === before) return false;
  if (document.querySelector('.chili-stepper .chili-game-over')) return true;
  const moves = [...document.querySelectorAll('.chili-stepper button.chili-move')];
  return moves.length > 0 && !moves.some(b => b.dataset.kbPressed === '1');
}"""
#: the focus is back where a keyboard user goes on: a new move button, or the decision line once the game is over
FOCUS_BACK_JS = """() => {
  const a = document.activeElement;
  if (document.querySelector('.chili-stepper .chili-game-over')) return !!(a && a.closest('.chili-decision'));
  return !!(a && a.matches('button.chili-move') && a.dataset.kbPressed !== '1' && a.isConnected);
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-keyboard"))
    yield srv
    srv.stop()


def open_page(browser, server, notebook: str, query: str = ""):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.add_init_script(RENDER_PROBE)
    page = context.new_page()
    page.goto(server.url(notebook) + query)
    wait_rendered(page)
    page.wait_for_function("() => !!document.querySelector('.chili-stepper .chili-announce [role=status]')",
                           timeout=60_000)
    page.wait_for_timeout(500)
    return context, page


def active(page) -> dict:
    return page.evaluate(ACTIVE_JS)


def live(page) -> dict:
    found = page.evaluate(LIVE_JS)
    assert found is not None, "no live region (role=status, aria-live=polite) in the stepper"
    return found


def newest_log_line(page) -> str:
    """The log's newest line in words (the log is newest first; its "why?" is the rules, not the words)."""
    line = page.locator(".chili-stepper .chili-log .chili-ev").first
    return line.evaluate("e => { const c = e.cloneNode(true); c.querySelectorAll('details').forEach(d => d.remove());"
                         " return c.textContent.replace(/\\s+/g, ' ').trim(); }")


def assert_ring(a: dict, where: str) -> None:
    """The focused control shows a focus ring: it matches :focus-visible and has a solid outline >= 3px."""
    assert a["visible"], f"{where}: the focus is not visible (no :focus-visible) on {a}"
    assert a["style"] == "solid" and a["width"] >= 3, f"{where}: no 3px focus ring on {a}"
    assert a["color"] not in ("transparent", "rgba(0, 0, 0, 0)"), f"{where}: a transparent ring on {a}"


def tab_to_a_move(page) -> int:
    """Tab until a move button has the focus; the number of Tabs pressed."""
    for n in range(MAX_TABS + 1):
        if active(page).get("move"):
            return n
        page.keyboard.press("Tab")
    raise AssertionError(f"{MAX_TABS} Tabs never reached a move button (last: {active(page)})")


def play_by_keyboard(page, moves: int, where: str, says_the_move: bool = False) -> list[str]:
    """Play up to ``moves`` moves (or to the game's end) with Tab and Enter only; what the live region said.
    ``says_the_move``: the game's move buttons start as its log says the move ("Player 1 lays ..."), and the
    live region must say it."""
    said = []
    for i in range(moves):
        if page.locator(".chili-stepper .chili-game-over").count():
            break
        tabs = tab_to_a_move(page)
        if i > 0:  # after a move the page put the focus back on the moves: no Tab from the top of the page
            assert tabs == 0, f"{where}, move {i + 1}: the focus was not on a move button after the last move"
        a = active(page)
        assert_ring(a, f"{where}, move {i + 1}")
        before_live = live(page)["text"]
        before_table = page.locator(".chili-stepper .chili-table").first.inner_html()
        page.evaluate("() => { document.activeElement.dataset.kbPressed = '1'; }")
        page.keyboard.press("Enter")
        page.wait_for_function(MOVED_JS, arg=before_table, timeout=STEP_MS, polling=100)
        try:
            page.wait_for_function(FOCUS_BACK_JS, timeout=10_000, polling=100)
        except PlaywrightTimeout:
            raise AssertionError(f"{where}, move {i + 1}: after the move the focus fell to {active(page)}, not to "
                                 "the new move buttons (or the decision line at the game's end)") from None
        page.wait_for_function("(t) => { const e = document.querySelector('.chili-stepper .chili-announce [role=status]');"
                               " return e && e.textContent && e.textContent !== t; }", arg=before_live,
                               timeout=STEP_MS, polling=100)
        now = live(page)
        assert now["display"] != "none" and now["visibility"] != "hidden", now
        text = now["text"]
        assert not RULE_ID.search(text), f"a rule ID in the live region: {text!r}"
        assert "P0" not in text and not re.search(r"\bP\d\b", text), text
        newest = newest_log_line(page)
        assert newest and newest in text, f"{where}, move {i + 1} ({a['text']!r}): the live region {text!r} " \
                                          f"does not say the log's newest line {newest!r}"
        if says_the_move:
            assert " ".join(a["text"].split()[:3]) in text, f"{where}: the live region {text!r} does not say the move " \
                                                            f"{a['text']!r}"
        said.append(text)
    return said


def test_a_whole_chili_loco_game_by_keyboard(browser, server, artifacts):
    context, page = open_page(browser, server, "loco.ipynb", "?players=2&seed=11")
    try:
        assert "Your move" in page.locator(".chili-decision").inner_text()
        said = play_by_keyboard(page, 40, "Chili Loco", says_the_move=True)
        decision = page.locator(".chili-stepper .chili-decision").inner_text()
        assert "Game over" in decision, f"the game did not end after {len(said)} moves: {decision!r}"
        assert len(said) >= 3
        assert "Game over" in said[-1] and "Your move" in said[0]
        assert all("Your move" in s for s in said[:-1]), said
        a = active(page)
        assert a["decision"], f"at the end the focus is not on the decision line that says 'Game over': {a}"
        assert_ring(a, "the game-over line")
        full_screenshot(page, artifacts / "keyboard-loco-game-over.png")
    finally:
        context.close()


@pytest.mark.parametrize("notebook", ["mafia.ipynb", "aycc.ipynb"])
def test_several_moves_by_keyboard(browser, server, notebook):
    context, page = open_page(browser, server, notebook, "?players=3&seed=5")
    try:
        said = play_by_keyboard(page, 4, notebook)
        print(f"\n{notebook}: " + "\n  ".join(said))
        assert len(said) == 4 and len(set(said)) >= 3, said
    finally:
        context.close()


def test_skip_to_your_moves_is_the_first_stop_of_tab(browser, server):
    context, page = open_page(browser, server, "loco.ipynb")
    try:
        page.locator("body").evaluate("b => { if (document.activeElement) document.activeElement.blur(); }")
        page.keyboard.press("Tab")
        a = active(page)
        assert a["skip"] and "Skip to your moves" in a["text"], a
        assert_ring(a, "Skip to your moves")
        box = page.locator("button.chili-skip").bounding_box()
        assert box is not None and box["x"] >= 0 and box["y"] >= 0 and box["width"] > 20, box  # seen when focused
        page.keyboard.press("Enter")
        a = active(page)
        assert a["move"], f"'Skip to your moves' left the focus on {a}"
        first = a["text"]
        page.keyboard.press("Tab")
        assert active(page)["text"] != first
        page.keyboard.press("Shift+Tab")  # and back
        a = active(page)
        assert a["move"] and a["text"] == first, a
    finally:
        context.close()


def test_every_control_shows_a_focus_ring(browser, server, artifacts):
    """Tab through the whole page (the teacher's view: every kind of control) and read each stop's ring."""
    context, page = open_page(browser, server, "loco.ipynb", "?teacher=1")
    try:
        page.wait_for_function("() => !!document.querySelector('.chili-stepper button.chili-bot')", timeout=60_000)
        page.locator("body").evaluate("b => { if (document.activeElement) document.activeElement.blur(); }")
        seen, kinds, bad = [], set(), []
        for _ in range(400):
            page.keyboard.press("Tab")
            a = active(page)
            if a["tag"] == "body":
                break
            key = (a["tag"], a["cls"], a["text"][:40])
            if seen and key == seen[0]:
                break  # round the page once
            seen.append(key)
            cls = a["cls"]
            kinds.add("move" if a["move"] else "bot" if "chili-bot" in cls else "slider" if "noUi-handle" in cls
                      else f'{a["tag"]}:{a["type"]}' if a["tag"] == "input" else a["tag"])
            if not (a["visible"] and a["style"] == "solid" and a["width"] >= 3):
                bad.append(a)
        print(f"\n{len(seen)} stops of Tab: {sorted(kinds)}")
        assert not bad, f"{len(bad)} stops show no 3px focus ring: {bad[:5]}"
        for kind in ("move", "bot", "slider", "select", "summary", "button", "input:checkbox", "textarea"):
            assert kind in kinds, f"no {kind} among the stops of Tab: {sorted(kinds)}"
        full_screenshot(page, artifacts / "keyboard-focus-ring.png")
    finally:
        context.close()


def said_and_focused(page, said: str, focus: str) -> None:
    """Wait until the live region's words match the regular expression ``said`` and the focus is on ``focus``."""
    page.wait_for_function("(re) => new RegExp(re).test(document.querySelector('.chili-stepper .chili-announce "
                           "[role=status]').textContent)", arg=said, timeout=STEP_MS, polling=100)
    page.wait_for_function("(sel) => !!(document.activeElement && document.activeElement.matches(sel))", arg=focus,
                           timeout=10_000, polling=100)


def test_a_lesson_by_keyboard_goes_on_to_the_next_lesson(browser, server):
    """Tab to the lesson's move, Enter: "Done" is said and the focus is on "next lesson"; Enter there starts the
    next lesson with the focus on its moves."""
    context, page = open_page(browser, server, "loco.ipynb", "?lesson=stacking")
    try:
        for _ in range(MAX_TABS):
            a = active(page)
            if a.get("move") and a["text"] == "Player 3 lays yellow Hot Sauce":
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached the lesson's move")
        page.keyboard.press("Enter")
        said_and_focused(page, "Done:", "button.chili-next-lesson")
        assert_ring(active(page), "next lesson")
        assert "Stacking Hot Sauce" in live(page)["text"]
        page.keyboard.press("Enter")
        said_and_focused(page, "^Lesson:", "button.chili-move")
        assert_ring(active(page), "the next lesson's first move")
    finally:
        context.close()
