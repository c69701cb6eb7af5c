"""Every page the server serves, checked by axe-core in Chromium (issue 22: "every student can use it"),
and kept on its own server (no request to another origin; a quiet server log).

axe-core is vendored as one file, ``tests/browser/vendor/axe.min.js`` (axe-core 4.14.1 from npm,
MPL-2.0, its licence beside it): the tests then need neither node/npm nor the network on a fresh clone
(``.ci/run`` installs no node), and every run checks with the same rules. To update it:
``npm pack axe-core@<version>`` and copy ``package/axe.min.js`` and ``package/LICENSE`` here.

Rules: WCAG 2.0/2.1 A and AA (``wcag2a wcag2aa wcag21a wcag21aa``) plus axe's best practices that the
issue names (``region``: content in landmarks; ``empty-table-header``). Every page must show 0
violations. Nodes excluded (Voila's own markup that the page cannot change) are listed in ``EXCLUDE``
with the reason. The violations found per page are written to ``artifacts/a11y.json``.

On the games' pages the table's seats (role group, "P1") and every card (role img, "purple Hot Sauce")
carry a name.

Words: the text a visitor reads in Chromium (the page's text and its tooltips) holds none of the engine
words ``tests/test_learner_words.py`` lists (phase codes, seats counted from 0, reprs, open plurals).

Offline: every request a page makes is recorded (``page.on("request")``) and must go to the server's
own origin (Voila's lab template links Font Awesome on a CDN; ``chililab.voila_app`` serves the page
with a template that does not). The log must not say "is not trusted" (every visit) nor print a
traitlets deprecation warning.
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from chililab.engine import registry

from ..test_learner_words import engine_words
from .conftest import RENDERED_JS, full_screenshot, start_class_server

pytestmark = pytest.mark.browser

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BEST_PRACTICES = ["region", "empty-table-header"]
# CSS selectors axe leaves out, each with why (none so far: every violation found was ours to fix)
EXCLUDE: list[str] = []
READY_MS = 180_000

GAME = f"() => !!({RENDERED_JS})"
# page -> JavaScript that is true once the page has rendered
PAGES = {
    "index.ipynb": "() => !!document.querySelector('.chili-index-link')",
    "loco.ipynb": GAME,
    "mafia.ipynb": GAME,
    "aycc.ipynb": GAME,
    "loco_explorer.ipynb": GAME,
    "mafia_explorer.ipynb": GAME,
    "aycc_explorer.ipynb": GAME,
    "balance_explorer.ipynb": "() => !!document.querySelector('.chili-balance-explorer')",
    "exercises.ipynb": "() => !!document.querySelector('.chili-exercise input')",
    "class_teacher.ipynb": "() => !!document.querySelector('.chili-teacher-code')",
}
RESULTS: dict[str, list] = {}
GAMES = ("loco.ipynb", "mafia.ipynb", "aycc.ipynb")


def seats_and_cards(page) -> dict:
    """The accessible names (aria-label) of the table's seats and of every card picture in the page."""
    return page.evaluate("""() => ({
      seats: [...document.querySelectorAll('.chili-table [data-seat]')].map(e => e.getAttribute('aria-label') || ''),
      cards: [...document.querySelectorAll('svg.chili-card, svg.aycc-back, g.aycc-plate')]
               .map(e => (e.getAttribute('role') === 'img' && e.getAttribute('aria-label')) || ''),
    })""")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server, _data, c = start_class_server(tmp_path_factory)
    yield server, c
    server.stop()


def run_axe(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    context = {"exclude": [[s] for s in EXCLUDE]} if EXCLUDE else "document"
    options = {"runOnly": {"type": "tag", "values": TAGS}}
    found = page.evaluate("([ctx, opts]) => axe.run(ctx === 'document' ? document : ctx, opts)"
                          ".then(r => r.violations)", [context, options])
    options = {"runOnly": {"type": "rule", "values": BEST_PRACTICES}}
    found += page.evaluate("([ctx, opts]) => axe.run(ctx === 'document' ? document : ctx, opts)"
                           ".then(r => r.violations)", [context, options])
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"], "count": len(v["nodes"]),
             "nodes": [{"target": n["target"], "html": n["html"][:200], "summary": n.get("failureSummary", "")[:300]}
                       for n in v["nodes"][:8]]} for v in found]


@pytest.mark.parametrize("name", list(PAGES))
def test_page_has_no_axe_violations_and_stays_local(browser, served, artifacts, name):
    server, c = served
    url = server.url(name) + (f"#class={c.code}&teacher={c.teacher_token}" if name == "class_teacher.ipynb" else "")
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    page = ctx.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_function(PAGES[name], timeout=READY_MS, polling=200)
        page.wait_for_load_state("networkidle", timeout=60_000)
        page.wait_for_timeout(500)
        violations = run_axe(page)
        if name in GAMES:
            names = seats_and_cards(page)
        # what a visitor reads: the page's text, and every tooltip (one hover away)
        text = page.evaluate("() => document.body.innerText + '\\n' + "
                             "[...document.querySelectorAll('[title]')].map(e => e.title).join('\\n')")
        RESULTS[name] = violations
        out = artifacts / "a11y.json"
        saved = json.loads(out.read_text()) if out.exists() else {}
        saved[name] = violations
        out.write_text(json.dumps(saved, indent=1) + "\n")
        full_screenshot(page, artifacts / f"a11y_{name.removesuffix('.ipynb')}.png")
    finally:
        ctx.close()
    own = urlsplit(server.base).netloc
    foreign = sorted({u for u in requests if urlsplit(u).scheme in ("http", "https", "ws", "wss")
                      and urlsplit(u).netloc != own})
    summary = ", ".join(f"{v['id']} ({v['impact']}, {v['count']})" for v in violations)
    print(f"\n{name}: {len(violations)} axe violation(s){': ' + summary if summary else ''}")
    assert not violations, json.dumps(violations, indent=1)
    if name in GAMES:  # the table's seats and every card are named for a screen reader
        assert names["seats"] and all(n.strip() for n in names["seats"]), names
        assert names["cards"] and all(n.strip() for n in names["cards"]), names
    assert not foreign, f"{name} asked another origin: {foreign}"
    # a game's page against its own game's phase codes (Mafia's cards print ACTION, All You Can Chili's phase)
    own_game = [s for s in registry.specs() if name.startswith(s.name)] or registry.specs()
    words = sorted({w for spec in own_game for w in engine_words(text, spec)})
    assert not words, f"{name} shows engine words to a learner: {words}"


def test_the_log_is_quiet(served):
    """After every page above has been visited: no 'is not trusted', no traitlets deprecation warning."""
    server, _ = served
    log = server.log_text()
    assert "is not trusted" not in log
    assert "DeprecationWarning" not in log and "deprecated" not in log.lower(), log[-3000:]
