"""A class in Chromium: one teacher page and three students' pages (each its own browser context, as three
machines), on a real ``chililab dashboards --data DIR`` server with its SQLite class store.

Checks: students join on the start page with the code and a nickname and stay in the class on the next page (the
token kept in the browser); an exercise's answer and a "simulate 100 more" appear on the teacher page (the time
is measured, printed and written to ``artifacts/class_browser.json``; not asserted); a hostile nickname is shown
as text (no element made of it, no script run); the projector switch hides the names; pacing sends every student
to the lesson the teacher picked and a pause covers their pages with a sentence; the teacher page without its
token shows nothing of the class.
"""
from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from .conftest import full_screenshot, start_class_server

pytestmark = pytest.mark.browser

HOSTILE = "<img src=x onerror=1>"
NICKS = ("Ann", "Bo", HOSTILE)
JOIN_TIMEOUT_MS = 180_000


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    server, data, c = start_class_server(tmp_path_factory)
    yield server, data, c
    server.stop()


def open_page(browser, url, ready_selector, timeout=JOIN_TIMEOUT_MS):
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    # bounds, not speed checks: on a loaded 2-core machine a page's first byte can take well over Playwright's 30 s
    ctx.set_default_navigation_timeout(JOIN_TIMEOUT_MS)
    page = ctx.new_page()
    page.goto(url, wait_until="commit")
    page.locator(ready_selector).first.wait_for(timeout=timeout)
    return ctx, page


def join(page, code, nickname):
    page.locator(".chili-class-code input").fill(code)
    page.locator(".chili-class-nickname input").fill(nickname)
    page.locator(".chili-class-join").click()
    page.locator(".chili-class-line", has_text="You are in the class").wait_for(timeout=JOIN_TIMEOUT_MS)


def test_a_teacher_and_three_students(browser, klass, artifacts):
    server, data, c = klass
    measures = {}
    tctx, teacher = open_page(browser, server.url("class_teacher.ipynb") + f"#class={c.code}&teacher={c.teacher_token}",
                              ".chili-teacher-code")
    assert teacher.locator(".chili-teacher-code").inner_text() == c.code
    students = []
    for nick in NICKS:
        ctx, page = open_page(browser, server.url("index.ipynb"), ".chili-class-join")
        page.evaluate("() => { window.__x = 0; }")
        join(page, c.code, nick)
        students.append((ctx, page))
    teacher.locator(".chili-teacher-header", has_text="3 in the class").wait_for(timeout=10_000)

    # a hostile nickname is text: shown literally, no <img> made of it, no handler run
    # the header and the roster are two widgets: the roster's three rows may reach the browser a moment later
    expect(teacher.locator(".chili-teacher-rename input")).to_have_count(3, timeout=30_000)
    roster_values = teacher.locator(".chili-teacher-rename input").evaluate_all("els => els.map(e => e.value)")
    assert sorted(roster_values) == sorted(NICKS)
    assert teacher.locator(".chili-teacher img").count() == 0

    # Ann answers an exercise on the exercises page (still in the class: the browser kept her token)
    ann = students[0][1]
    ann.goto(server.url("exercises.ipynb"), wait_until="commit")
    ann.locator(".chili-class-line", has_text="as Ann").wait_for(timeout=JOIN_TIMEOUT_MS)
    box = ann.locator(".chili-exercise", has_text="dealt from a full deck").locator("input")
    box.fill("20%")
    pressed = time.monotonic()
    box.press("Enter")
    teacher.locator(".chili-teacher-grid", has_text="20%").wait_for(timeout=30_000)
    measures["answer_to_teacher_s"] = time.monotonic() - pressed
    assert "not yet" in teacher.locator(".chili-teacher-grid").inner_text()
    assert "20%: 1 student" in teacher.locator(".chili-teacher-answers").inner_text()

    # the hostile student simulates 100 more on an explorer
    hostile = students[2][1]
    hostile.goto(server.url("loco_explorer.ipynb"), wait_until="commit")
    hostile.locator(".chili-class-line", has_text="You are in the class").wait_for(timeout=JOIN_TIMEOUT_MS)
    hostile.locator(".chili-more-100").click()
    pressed = time.monotonic()
    teacher.locator(".chili-teacher-estimates", has_text="from 100 samples").wait_for(timeout=30_000)
    measures["simulate_to_teacher_s"] = time.monotonic() - pressed
    hostile.locator(".chili-q-versus", has_text="Your class").wait_for(timeout=10_000)
    assert HOSTILE in teacher.locator(".chili-teacher-estimates").inner_text()  # as text
    assert teacher.locator(".chili-teacher img").count() == 0
    assert hostile.evaluate("() => window.__x") in (None, 0)
    teacher.locator(".chili-teacher-chart .chili-plot-area[data-drawn] .main-svg").first.wait_for(timeout=30_000)
    full_screenshot(teacher, artifacts / "class_teacher.png")

    # on the projector: no name anywhere on the teacher's page
    teacher.locator(".chili-teacher-projector input").check()
    teacher.locator(".chili-teacher-grid", has_text="Student 1").wait_for(timeout=10_000)
    text = teacher.locator(".chili-teacher").inner_text()
    assert "Ann" not in text and "Bo" not in text and "onerror" not in text
    assert teacher.locator(".chili-teacher-roster").is_hidden()
    full_screenshot(teacher, artifacts / "class_teacher_projector.png")

    # pacing: everyone to one lesson, then a pause
    bo = students[1][1]
    teacher.locator(".chili-teacher-target select").select_option(label="Chili Loco lesson: The deal and the starter card")
    moved: dict[int, float] = {}  # when each student's browser asked for the lesson's page
    for i, (_ctx, page) in enumerate(students):
        page.on("request", lambda r, i=i: moved.setdefault(i, time.monotonic())
                if r.is_navigation_request() and "loco.ipynb?lesson=setup" in r.url else None)
    sent = time.monotonic()
    teacher.locator(".chili-teacher-send").click()
    deadline = time.monotonic() + 30
    while len(moved) < len(students) and time.monotonic() < deadline:
        teacher.wait_for_timeout(50)  # (Playwright hears the pages' events while it waits)
    assert len(moved) == len(students), moved
    measures["pacing_to_each_student_s"] = sorted(t - sent for t in moved.values())
    for _ctx, page in students:
        page.wait_for_url("**/loco.ipynb?lesson=setup", wait_until="commit", timeout=JOIN_TIMEOUT_MS)
    bo.locator(".chili-class-say", has_text="Your teacher brought the class here").wait_for(timeout=JOIN_TIMEOUT_MS)
    teacher.locator(".chili-teacher-pause").click()
    paused = time.monotonic()
    bo.locator(".chili-class-veil", has_text="paused").wait_for(timeout=10_000)
    measures["pause_to_student_s"] = time.monotonic() - paused
    full_screenshot(bo, artifacts / "class_student_paused.png")
    teacher.locator(".chili-teacher-pause").click()
    bo.locator(".chili-class-veil").wait_for(state="detached", timeout=10_000)
    # a student in a class is offered no every-hand view
    seats = bo.locator(".chili-seat select").first.evaluate("s => Array.from(s.options).map(o => o.text)")
    assert seats and not any(o.startswith("Teacher") for o in seats)

    print("class in the browser:", json.dumps(measures))
    (artifacts / "class_browser.json").write_text(json.dumps(measures, indent=1) + "\n")
    for ctx, _page in students:
        ctx.close()
    tctx.close()


def test_the_teacher_page_shows_nothing_without_its_token(browser, klass):
    server, _data, c = klass
    ctx, page = open_page(browser, server.url("class_teacher.ipynb") + f"#class={c.code}&teacher=nope",
                          ".chili-teacher-refusal >> text=Not opened")
    assert page.locator(".chili-teacher-code").count() == 0 and page.locator(".chili-teacher-grid").count() == 0
    ctx.close()
