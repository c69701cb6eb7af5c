"""The flow picture in real Chromium, as a static page (no server): hovering or clicking a phase opens
its rules, the lit phase is the CSS the style swap writes, and dot's labels sit clear of the phases and
of each other, for every registered game."""
from __future__ import annotations

import pytest

from chililab.engine.registry import specs
from chililab.viz.flow import flow_svg, highlight_style

from .conftest import full_screenshot

GAMES = [s.name for s in specs()]


def _open(page, tmp_path, spec, current=None):
    flow = spec.flow
    counts = {(t.src, t.dst): i + 1 for i, t in enumerate(flow.transitions)}
    html = (f'<html><body style="margin:0"><div class="view" style="width:1000px">{flow_svg(flow, counts=counts)}'
            f"</div>{highlight_style(current, '.view') if current else ''}</body></html>")
    path = tmp_path / f"{spec.name}-flow.html"
    path.write_text(html)
    page.set_viewport_size({"width": 1000, "height": 1100})
    page.goto(path.as_uri())
    return flow


@pytest.mark.parametrize("name", GAMES)
def test_hover_and_click_open_a_phases_rules(page, tmp_path, artifacts, name):
    spec = next(s for s in specs() if s.name == name)
    flow = _open(page, tmp_path, spec)
    panel = page.locator("g.phase-rules[data-phase]")
    assert panel.count() == len(flow.phases)
    for p in list(flow.phases)[:4]:
        page.locator(f'g.phase[data-phase="{p}"]').hover()
        shown = page.locator(f'g.phase-rules[data-phase="{p}"]')
        assert shown.is_visible()
        assert all(r in shown.text_content() for t in flow.transitions if t.src == p for r in t.rules)
        assert page.locator("g.phase-rules:visible").count() == 1
    page.mouse.move(1, 1)
    assert page.locator("g.phase-rules:visible").count() == 0
    first = next(iter(flow.phases))
    page.locator(f'g.phase[data-phase="{first}"]').click()
    page.mouse.move(1, 1)  # the click keeps it open (focus) after the pointer leaves
    assert page.locator(f'g.phase-rules[data-phase="{first}"]').is_visible()
    full_screenshot(page, artifacts / f"{name}-flow-clicked.png")


@pytest.mark.parametrize("name", GAMES)
def test_labels_stay_clear_of_phases_and_of_each_other(page, tmp_path, artifacts, name):
    spec = next(s for s in specs() if s.name == name)
    flow = _open(page, tmp_path, spec, current=spec.flow.start)
    boxes = page.evaluate("""start => {
        const r = el => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
        return {
          labels: [...document.querySelectorAll('g.transition')].flatMap(g =>
              [...g.querySelectorAll('text')].map(t => [g.dataset.edge, r(t)])),
          phases: [...document.querySelectorAll('g.phase')].map(g => [g.dataset.phase, r(g)]),
          lit: getComputedStyle(document.querySelector(`g.phase[data-phase="${start}"] text`)).fill,
        }; }""", flow.start)
    full_screenshot(page, artifacts / f"{name}-flow.png")

    def overlap(a, b, pad=0.5):
        return a[0] + pad < b[2] and b[0] + pad < a[2] and a[1] + pad < b[3] and b[1] + pad < a[3]

    labels = boxes["labels"]
    assert len(labels) >= len(flow.transitions)  # every transition labelled with its words (a line or more)
    bad = [(e, p) for e, lb in labels for p, pb in boxes["phases"] if overlap(lb, pb)]
    assert not bad, f"labels on phases: {bad}"
    bad = [(e1, e2) for i, (e1, b1) in enumerate(labels) for e2, b2 in labels[i + 1:] if overlap(b1, b2)]
    assert not bad, f"labels on labels: {bad}"
    assert boxes["lit"] in ("rgb(255, 255, 255)", "#fff", "#ffffff")  # the highlight style applied
