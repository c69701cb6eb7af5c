"""The Chili Loco probability explorer (``dashboards/loco_explorer.ipynb``) in Chromium.

Checks: the page renders both charts (SVG with traces) and the exact twin chance, "simulate 100
more" reaches the table and the charts, another question from the menu draws its distribution,
a slider set to an impossible table gets a sentence and changes nothing, and the bytes a visitor
receives on a first and a later visit (``artifacts/loco_explorer_bytes.json``).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chililab.apps.estimates import marks
from chililab.games.loco import odds as loco

from .conftest import full_screenshot
from .explorer_page import charts, fixtures, measure_bytes, wait_curve_to, wait_redrawn, wait_status

pytestmark = pytest.mark.browser

PAGE = "loco_explorer.ipynb"
CHARTS = ("chili-q-answer", "chili-q-converge")

server, page = fixtures(PAGE, CHARTS)


def test_renders_the_exact_chance_and_simulates_more(page, artifacts):
    before = charts(page, CHARTS)
    assert before["chili-q-answer"]["names"] == ["exact", "simulated (99% interval)"]
    assert before["chili-q-answer"]["y"][0] == pytest.approx([float(loco.twin_chance(6))])
    assert all(c["svg_traces"] >= 1 for c in before.values())
    p = loco.twin_chance(6)
    # a long fraction reads as a percentage and "about 1 in N"; the exact fraction is one click away
    numbers = page.locator(".chili-q-numbers")
    assert "8.5%, about 1 in 12" in numbers.inner_text()
    numbers.locator("details.chili-exact summary").first.click()
    expect(numbers).to_contain_text(f"exactly {p.numerator}/{p.denominator}", timeout=10_000)
    page.locator(".chili-more-100").click()
    wait_status(page, "100 samples")
    wait_curve_to(page, "chili-q-converge", 100)
    after = charts(page, CHARTS)
    # one press draws a curve: the estimate after 5, 7, 11, ... samples, the last after 100
    assert after["chili-q-converge"]["x"][2] == [*marks(0, 99), 100]
    assert all(0 <= y <= 1 for y in after["chili-q-converge"]["y"][2])
    assert len(after["chili-q-converge"]["y"][0]) == len(after["chili-q-converge"]["x"][2])  # the 99% band
    assert after["chili-q-answer"]["y"][1][0] is not None
    assert "99% interval" in page.locator(".chili-q-numbers").inner_text()
    full_screenshot(page, artifacts / "loco_explorer.png")


def test_the_hot_sauce_question_and_an_impossible_table(page, artifacts):
    before = charts(page, CHARTS)
    page.locator(".chili-q-question label", has_text="Hot Sauce: how many cards are drawn").click()
    wait_redrawn(page, "chili-q-answer", before["chili-q-answer"]["drawn"])
    stack = charts(page, CHARTS)
    assert stack["chili-q-answer"]["x"][0][:2] == ["0 (Milk Chaser)", "2 cards"]
    assert sum(stack["chili-q-answer"]["y"][0]) == pytest.approx(1)
    page.locator(".chili-more-10000").click()  # a long run: the progress bar, then the point
    wait_status(page, "10,000 samples", timeout=120_000)
    wait_curve_to(page, "chili-q-converge", 10_000)
    page.wait_for_timeout(500)
    simulated = charts(page, CHARTS)
    assert simulated["chili-q-converge"]["x"][2] == [*marks(0, 9_999), 10_000]
    # 3 other hands of 5 cannot come from 12 unseen cards: typed into the slider's readout
    readout = page.locator(".chili-q-unseen .widget-readout")
    readout.fill("12")
    readout.press("Enter")
    msg = page.locator(".chili-q-msg .err")
    msg.wait_for(state="visible", timeout=30_000)
    assert "more than the 12 unseen" in msg.inner_text()
    page.wait_for_timeout(1000)
    assert charts(page, CHARTS) == simulated  # not redrawn: the same values, the same number of draws
    assert "10,000 samples" in page.locator(".chili-sim-status").inner_text()
    full_screenshot(page, artifacts / "loco_explorer-stack.png")


def test_bytes_per_visitor_first_and_later(browser, server, artifacts):
    measure_bytes(browser, server.url(PAGE), "loco_explorer", artifacts)
