"""Readable on a projector (issue 22): every page's "Big text (projector)" switch, measured in Chromium.

For each game's dashboard at 1920x1080 with Big text on: the learner's hand is drawn with big cards whose names
are whole words (no abbreviation: compared with the cards' full names) at 18 px or more on the screen (the text's
font size times the picture's scale on the screen), no card hides another's name, and the table is at least as
wide as with Big text off and more than half the screen wide; at 1920x1080 no table is narrower than at 1366x768
(the flow picture never squeezes it into a third column). Each explorer page has the switch and its text grows.
Screenshots: ``artifacts/screenshots/<game>-1920x1080-projector.png``; measurements:
``artifacts/projector.json``.
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from chililab.apps.explorers import explorers
from chililab.games.loco.rules.cards import ALL_CARDS as LOCO_CARDS

from .conftest import full_screenshot, start_server, wait_rendered

pytestmark = pytest.mark.browser

GAMES = ("loco", "mafia", "aycc")
MIN_NAME_PX = 18.0
MIN_TABLE_SHARE = 0.55  # of the viewport's width

# The learner's hand (the picture marks it ``chili-hand-big`` in projector mode; before, the seat drawn at the
# bottom), every card in it with the size its name has on the screen.
HAND_JS = """() => {
  const table = document.querySelector('.chili-stepper svg.chili-table');
  const hand = table.querySelector('.chili-hand-big')
    || [...table.querySelectorAll('[data-seat]')].filter(g => g.querySelector('svg.chili-card:not(.chili-card-back)'))
         .sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0];
  const px = t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
  const cards = [...hand.querySelectorAll('svg.chili-card')].filter(c => !c.closest('.mafia-gang'));
  return cards.map(c => {
    const r = c.getBoundingClientRect();
    const names = [...c.querySelectorAll('text.chili-card-name')];
    const texts = names.length ? names : [...c.querySelectorAll('text')];
    return {title: (c.querySelector('title') || {}).textContent || '', id: c.dataset.id || null,
            name: names.map(t => t.textContent).join(' '),
            px: texts.length ? Math.min(...texts.map(px)) : 0,
            box_h: texts.length ? Math.min(...texts.map(t => t.getBoundingClientRect().height)) : 0,
            corner: c.querySelectorAll('text.chili-card-corner').length,
            rect: [r.left, r.top, r.right, r.bottom]};
  });
}"""
TABLE_W_JS = "() => document.querySelector('.chili-stepper svg.chili-table').getBoundingClientRect().width"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = start_server(tmp_path_factory.mktemp("voila-projector"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def measured(artifacts):
    out: dict = {}
    yield out
    (artifacts / "projector.json").write_text(json.dumps(out, indent=1))


def full_name(game: str, card: dict) -> str:
    """The card's whole name, as the rules name it (Chili Loco by its id; the others from its tooltip)."""
    if game == "loco":
        return LOCO_CARDS[int(card["id"])].name
    title = card["title"]
    if game == "mafia":  # "Hungarian Wax, strength 4, ability: ..."
        return title.split(", strength")[0].split(", ability")[0]
    return title  # All You Can Chili: "A 5 with the Fork: then ..." (the name is a word of it)


def overlaps(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


@pytest.mark.parametrize("game", GAMES)
def test_projector_mode_makes_the_hand_and_table_readable(browser, server, artifacts, measured, game):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        page.goto(server.url(f"{game}.ipynb"))
        wait_rendered(page)
        page.wait_for_timeout(500)
        laptop_w = page.evaluate(TABLE_W_JS)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.wait_for_timeout(800)
        small_w = page.evaluate(TABLE_W_JS)
        small_hand = page.evaluate(HAND_JS)
        page.locator(".chili-big-toggle").first.click()
        expect(page.locator(".chili-dash.chili-big")).to_have_count(1)
        page.locator(".chili-stepper svg.chili-table.chili-projector").wait_for(timeout=60_000)
        page.wait_for_timeout(800)
        big_w = page.evaluate(TABLE_W_JS)
        hand = page.evaluate(HAND_JS)
        (artifacts / "screenshots").mkdir(exist_ok=True)
        full_screenshot(page, artifacts / "screenshots" / f"{game}-1920x1080-projector.png")
        measured[game] = {"table_px": {"1366x768": laptop_w, "1920x1080": small_w, "1920x1080 big": big_w},
                          "name_px": {"big off": min((c["px"] for c in small_hand), default=0),
                                      "big on": min((c["px"] for c in hand), default=0)},
                          "name_box_px": {"big off": min((c["box_h"] for c in small_hand), default=0),
                                          "big on": min((c["box_h"] for c in hand), default=0)},
                          "names": [c["name"] for c in hand]}
        # the table: no narrower at 1920x1080 than on a laptop, no narrower with Big text, most of the screen
        assert small_w >= laptop_w - 1, measured[game]
        assert big_w >= small_w - 1, measured[game]
        assert big_w >= MIN_TABLE_SHARE * 1920, measured[game]
        # the hand: every card's name big, whole, not hidden by the next card
        assert hand, "no card in the learner's hand"
        for card in hand:
            assert card["px"] >= MIN_NAME_PX, card
            assert card["corner"] == 0, card  # no abbreviated corner label
            if card["name"] or game != "aycc":  # a plain dish is named by its number (its value text, measured)
                whole = full_name(game, card)
                assert card["name"] and (card["name"] == whole if game != "aycc"
                                         else card["name"].lower() in whole.lower()), (card, whole)
        for a, b in zip(hand, hand[1:]):
            assert not overlaps(a["rect"], b["rect"]), (a, b)
    finally:
        ctx.close()


@pytest.mark.parametrize("explorer", [e.page for e in explorers()])
def test_every_explorer_has_the_switch_and_its_text_grows(browser, server, measured, explorer):
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    size = ("() => [...document.querySelectorAll('.chili-explorer .chili-panel-title, .chili-explorer .widget-label,"
            " .chili-explorer .widget-html-content')].filter(e => e.offsetParent)"
            ".map(e => parseFloat(getComputedStyle(e).fontSize))")
    try:
        page.goto(server.url(explorer))
        wait_rendered(page)
        before = page.evaluate(size)
        switch = page.locator(".chili-explorer .chili-big-toggle")
        expect(switch).to_have_count(1)
        switch.click()
        expect(page.locator(".chili-explorer.chili-big")).to_have_count(1)
        page.wait_for_timeout(300)
        after = page.evaluate(size)
        measured[explorer] = {"text_px": {"big off": min(before), "big on": min(after)}}
        assert min(after) >= 1.3 * min(before), measured[explorer]
    finally:
        ctx.close()
