"""The game-balance explorer (``dashboards/balance_explorer.ipynb``) in Chromium.

Checks: the page renders its two charts before any game (saying "press simulate to start", no axes),
"simulate 10 more games of each set" fills the seat-advantage and game-length charts, the findings in
sentences and the table of tests (behind "Show the tests"), an option value the game cannot read gets a
sentence and changes nothing, another game rebuilds the option forms, and the bytes a visitor receives
(``artifacts/balance_explorer_bytes.json``).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import full_screenshot
from .explorer_page import charts, fixtures, measure_bytes, wait_redrawn, wait_status

pytestmark = pytest.mark.browser

PAGE = "balance_explorer.ipynb"
CHARTS = ("chili-bal-seats", "chili-bal-length")

server, page = fixtures(PAGE, CHARTS)


def test_play_more_games_fills_the_charts_and_the_tests(page, artifacts):
    before = charts(page, CHARTS)
    assert before["chili-bal-seats"]["names"] == []
    assert "press simulate to start" in page.locator(".chili-bal-seats").inner_text()
    assert "Jump in on your own card: no" in page.locator(".chili-bal-msg").inner_text()
    page.locator(".chili-more-10").click()
    wait_status(page, "10 games of each set", timeout=120_000)
    wait_redrawn(page, "chili-bal-length", before["chili-bal-length"]["drawn"])
    after = charts(page, CHARTS)
    assert None not in after["chili-bal-seats"]["y"][0] and sum(after["chili-bal-seats"]["y"][0]) == pytest.approx(1)
    assert [sum(y) for y in after["chili-bal-length"]["y"]] == pytest.approx([1, 1])
    summary = page.locator(".chili-bal-summary")
    expect(summary).to_contain_text("10 games of each set", timeout=30_000)
    assert "Without Jump in on your own card, games are about" in summary.inner_text()
    page.locator(".chili-bal-tests").get_by_text("Show the tests").click()  # the tests, one click away
    table = page.locator(".chili-bal-compare table").first
    table.wait_for(state="visible", timeout=30_000)
    assert "win share" in table.inner_text() and "Mann-Whitney" in table.inner_text()
    full_screenshot(page, artifacts / "balance_explorer.png")


def test_an_option_the_game_cannot_read_changes_nothing(page):
    before = charts(page, CHARTS)
    box = page.locator(".chili-bal-opt-help_requests_per_turn_cap input").nth(1)  # set B's
    box.fill("lots")
    box.press("Enter")
    msg = page.locator(".chili-bal-msg .err")
    msg.wait_for(state="visible", timeout=30_000)
    assert "set B, Help requests per turn: must be a whole number" in msg.inner_text()
    page.wait_for_timeout(1000)
    assert charts(page, CHARTS) == before
    page.locator(".chili-bal-game select").select_option(label="All You Can Chili")
    page.locator(".chili-bal-opt-inferno").first.wait_for(state="visible", timeout=30_000)
    page.locator(".chili-bal-msg .ok").wait_for(state="visible", timeout=30_000)
    assert "Inferno Mode: yes" in page.locator(".chili-bal-msg").inner_text()


def test_bytes_per_visitor_first_and_later(browser, server, artifacts):
    measure_bytes(browser, server.url(PAGE), "balance_explorer", artifacts)
