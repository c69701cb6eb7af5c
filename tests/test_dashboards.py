"""The dashboards' code (chililab.apps) and their notebooks, run in this process without a browser.

The browser tests (tests/browser/) drive the same page in Chromium; these are the
quick checks of its logic: the notebooks are a few cells calling chililab.apps, the
deterministic first deal, the new-game form's messages, every tutorial lesson
loading into the stepper, and the landing page listing every registered game.
"""
from __future__ import annotations

import html
from pathlib import Path

import nbformat
import pytest

from chililab import loco
from chililab.apps import index, parts
from chililab.apps.game import GameDashboard
from chililab.engine import registry
from chililab.games.loco.apps import dashboard as loco_app
from chililab.games.loco.lessons import LESSONS
from chililab.site import pages

DASHBOARDS = Path(__file__).resolve().parents[1] / "dashboards"


def _run(notebook):
    """Run a dashboard notebook's code cells; the value of the last line (what Voila shows). A plug-in game's
    page, which ``dashboards/`` does not hold, is the one the server generates for it."""
    spec = next((s for s in registry.specs() if f"{s.name}.ipynb" == notebook and s.dashboard), None)
    if spec is not None and not (DASHBOARDS / notebook).is_file():
        nb = nbformat.from_dict(pages.game_notebook(spec))
    else:
        nb = nbformat.read(DASHBOARDS / notebook, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    *body, last = code.rstrip().splitlines()
    ns = {"__name__": "__dashboard__"}
    exec(compile("\n".join(body), notebook, "exec"), ns)  # noqa: S102 - the repository's own notebook
    return eval(last, ns), nb  # noqa: S307


@pytest.mark.parametrize("spec", [s for s in registry.specs() if s.dashboard], ids=lambda s: s.name)
def test_each_game_notebook_is_a_few_cells_calling_chililab_apps(spec):
    page, nb = _run(f"{spec.name}.ipynb")
    assert isinstance(page, GameDashboard) and page.spec is spec
    code = "".join(c.source for c in nb.cells if c.cell_type == "code")
    package = spec.dashboard.partition(":")[0].rpartition(".")[0]  # chililab.apps, or the game's own apps/
    assert f"from {package} import" in code and len(code.splitlines()) <= 6


def test_index_lists_every_registered_dashboard():
    page, _ = _run("index.ipynb")
    links = page.children[-1]
    assert "chili-index" in links._dom_classes
    def parts(w):
        return [w] + [p for c in getattr(w, "children", ()) for p in parts(c)]

    top = next(c for c in page.children if "chili-index-top" in c._dom_classes)  # the form beside a teacher's steps
    assert any("chili-classbar" in c._dom_classes and c.form for c in parts(top))  # the class's join form
    assert any("chili-index-teacher-steps" in c._dom_classes for c in top.children)
    for name in index.dashboard_pages():
        assert f'href="{name}" class="chili-index-link"' in links.value
    assert index.dashboard_pages().items() >= {"loco.ipynb": "Chili Loco", "mafia.ipynb": "Chili Mafia",
                                               "aycc.ipynb": "All You Can Chili"}.items()
    assert list(index.dashboard_pages()) == [f"{s.name}.ipynb" for s in registry.specs() if s.dashboard]


def test_css_is_package_data_and_parts_read_numbers():
    assert parts.css().startswith("<style>") and ".chili-dash" in parts.css() and parts.css().endswith("</style>")
    assert parts.whole_number(" 7 ", "Seed", 0, 9) == 7
    with pytest.raises(ValueError, match="Seed must be from 0 to 9, not 12"):
        parts.whole_number("12", "Seed", 0, 9)


def test_app_changes_the_first_deal():
    page = loco_app.app(players=3, seed=42, seat=1)
    g = page.stepper.game
    assert (g.seed, g.view(None).players, page.stepper.seat) == (42, 3, 1)
    assert g.over or 1 in g.decision.players


class _Names:
    """The old notebook namespace's names, read from the dashboard object."""

    def __init__(self, page):
        self.page = page

    def __getitem__(self, key):
        return self.page.on_deal if key == "on_deal" else getattr(self.page, key)


@pytest.fixture(scope="module")
def dash():
    return _Names(loco_app.app())


def test_first_deal_is_seed_7_with_the_learner_in_p0(dash):
    g = dash["stepper"].game
    assert g.seed == 7 and g.view(None).players == 4 and dash["stepper"].seat == 0
    assert 0 in g.decision.players  # bots played until P0 must decide
    fresh = loco.new_game(players=4, seed=7)
    assert loco.replay({**g.record, "moves": []}).fingerprint() == fresh.fingerprint()


@pytest.mark.parametrize("players, seed, seat, needle", [
    ("abc", "7", 0, "Players must be a whole number from 2 to 10, not \u201cabc\u201d"),
    ("1", "7", 0, "Players must be from 2 to 10, not 1"),
    ("4.5", "7", 0, "Players must be a whole number"),
    ("", "7", 0, "Players: type a whole number"),
    ("4", "-3", 0, "Seed must be from 0"),
    ("4", "x7", 0, "Seed must be a whole number"),
    ("3", "7", 3, "You play Player 4, but a 3-player game has Player 1 to Player 3"),
])
def test_new_game_form_refuses_nonsense_readably(dash, players, seed, seat, needle):
    dash["stepper"].set_seat(seat)  # the one seat control: the stepper's
    before = dash["stepper"].game
    dash["players_box"].value, dash["seed_box"].value = players, seed
    dash["on_deal"](None)
    assert needle in dash["msg"].value and 'class="err"' in dash["msg"].value
    assert dash["stepper"].game is before


def test_new_game_deals_and_bots_play_to_the_learner(dash):
    dash["stepper"].set_seat(2)
    dash["players_box"].value, dash["seed_box"].value = " 5 ", "123"
    dash["on_deal"](None)
    s = dash["stepper"]
    assert s.game.view(None).players == 5 and s.game.seed == 123 and s.seat == 2
    assert s.game.over or 2 in s.game.decision.players
    assert "5 players, you play Player 3" in dash["msg"].value  # seat 2, as people count
    dash["seed_box"].value = ""  # blank: a random seed
    dash["on_deal"](None)
    assert "random seed" in dash["msg"].value and s.game.view(None).players == 5


@pytest.mark.parametrize("lesson", LESSONS, ids=[le.key for le in LESSONS])
def test_every_lesson_loads_in_the_learners_seat(dash, lesson):
    dash["lesson_menu"].value = lesson.key
    s = dash["stepper"]
    assert s.seat == lesson.seat and html.escape(lesson.title) in s.w_lesson.value
    assert f"You play Player {lesson.seat + 1}" in dash["msg"].value
    assert s.w_error.value == ""
    dash["lesson_menu"].value = ""


@pytest.mark.parametrize("game", ["loco", "crazy_eights"])
def test_the_opponents_menu_sets_the_bots_to_the_search_bot(game):
    """Issue 26: the search bot plays in the dashboards: chosen in the New game panel, it plays the other seats
    from their next move (handed each seat's knowledge, never the game)."""
    from chililab.agents.search import SearchAgent

    d = GameDashboard(game, players=3)
    assert [v for _, v in d.bots_menu.options] == registry.get(game).agent_names
    assert d.bots_menu.value == registry.get(game).bot
    d.bots_menu.value = "search"
    assert isinstance(d.stepper.ctl.agent, SearchAgent) and "plays many games on" in d.msg.value
    g = d.stepper.game
    step = g.step
    you = d.stepper.ctl.you
    d.stepper.ctl.set_bots_agent("search:5")  # a small budget keeps the test quick
    button = d.stepper._move_buttons[0]
    button.click()
    assert g.step > step + 1 and (g.over or you in g.decision.players)  # the bots replied at once
    with pytest.raises(Exception, match="unknown agent"):
        d.stepper.ctl.set_bots_agent("nonsense")
    assert d.stepper.ctl.agent.iterations == 5  # a refused name changes nothing
