"""The Chili Mafia probability explorer (``dashboards/mafia_explorer.ipynb``) in Chromium.

Checks: the page renders both charts and the exact chance of a Brotherhood in the opening hand,
"simulate 100 more" (the deal and the draft played) reaches the table and the charts, the defence
question from the menu, more Fuggedaboutits seen than the deck holds gets a sentence and changes
nothing, and the bytes a visitor receives (``artifacts/mafia_explorer_bytes.json``).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chililab.apps.estimates import marks
from chililab.games.mafia import odds as mafia

from .conftest import full_screenshot
from .explorer_page import charts, fixtures, measure_bytes, wait_curve_to, wait_redrawn, wait_status

pytestmark = pytest.mark.browser

PAGE = "mafia_explorer.ipynb"
CHARTS = ("chili-q-answer", "chili-q-converge")

server, page = fixtures(PAGE, CHARTS)


def test_renders_the_exact_chance_and_simulates_the_draft(page, artifacts):
    before = charts(page, CHARTS)
    exact = mafia.brotherhood_chance(4)
    assert before["chili-q-answer"]["y"][0] == pytest.approx([float(exact)])
    # a long fraction reads as a percentage and "about 1 in N"; the exact fraction is one click away
    numbers = page.locator(".chili-q-numbers")
    assert "about 1 in 7" in numbers.inner_text() and f"{exact.numerator}/{exact.denominator}" not in numbers.inner_text()
    numbers.locator("details.chili-exact summary").first.click()
    expect(numbers).to_contain_text(f"exactly {exact.numerator}/{exact.denominator}", timeout=10_000)
    page.locator(".chili-more-100").click()
    wait_status(page, "100 samples")
    wait_curve_to(page, "chili-q-converge", 100)
    after = charts(page, CHARTS)
    assert after["chili-q-converge"]["x"][2] == [*marks(0, 99), 100] and after["chili-q-answer"]["y"][1][0] is not None
    assert "99% interval" in page.locator(".chili-q-numbers").inner_text()
    full_screenshot(page, artifacts / "mafia_explorer.png")


def test_the_defence_question_and_too_many_fuggedaboutits(page, artifacts):
    before = charts(page, CHARTS)
    page.locator(".chili-q-question label", has_text="a Hot card can be defended").click()
    wait_redrawn(page, "chili-q-answer", before["chili-q-answer"]["drawn"])
    exact = mafia.defend_chance(4, [5, 5, 5], [c for c in mafia.table_deck(4) if c.key != "fuggedaboutit"][:6])
    defend = charts(page, CHARTS)
    assert defend["chili-q-answer"]["y"][0] == pytest.approx([float(exact)])
    assert "3 players may answer it" in page.locator(".chili-q-ask").inner_text()
    readout = page.locator(".chili-q-fugg_seen .widget-readout")
    readout.fill("6")  # the deck for 4 players holds 5
    readout.press("Enter")
    msg = page.locator(".chili-q-msg .err")
    msg.wait_for(state="visible", timeout=30_000)
    assert "holds 5 Fuggedaboutits, not 6" in msg.inner_text()
    page.wait_for_timeout(1000)
    assert charts(page, CHARTS) == defend
    full_screenshot(page, artifacts / "mafia_explorer-defend.png")


def test_bytes_per_visitor_first_and_later(browser, server, artifacts):
    measure_bytes(browser, server.url(PAGE), "mafia_explorer", artifacts)
