"""The Loco dashboard's code (dashboards/loco.ipynb), run in this process without a browser.

The browser tests (tests/browser/) drive the same page in Chromium; these are the
quick checks of its logic: the deterministic first deal, the new-game form's
messages, and every tutorial lesson loading into the stepper.
"""
from __future__ import annotations

import html
from pathlib import Path

import nbformat
import pytest

from chililab import loco
from chililab.games.loco.tutorial import LESSONS

NOTEBOOK = Path(__file__).resolve().parents[1] / "dashboards" / "loco.ipynb"


@pytest.fixture(scope="module")
def dash():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    shown = []
    ns = {"__name__": "__dashboard__"}
    ns["_show"] = shown.append
    code = code.replace("from IPython.display import display", "display = _show")
    exec(compile(code, str(NOTEBOOK), "exec"), ns)  # noqa: S102 - the dashboard's own code, from the repository
    assert shown == [ns["dashboard"]]
    return ns


def test_first_deal_is_seed_7_with_the_learner_in_p0(dash):
    g = dash["stepper"].game
    assert g.seed == 7 and g.state.n == 4 and dash["stepper"].seat == 0
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
    ("3", "7", 5, "You play P5, but a 3-player game has seats P0 to P2"),
])
def test_new_game_form_refuses_nonsense_readably(dash, players, seed, seat, needle):
    before = dash["stepper"].game
    dash["players_box"].value, dash["seed_box"].value, dash["seat_box"].value = players, seed, seat
    dash["on_deal"](None)
    assert needle in dash["msg"].value and 'class="err"' in dash["msg"].value
    assert dash["stepper"].game is before


def test_new_game_deals_and_bots_play_to_the_learner(dash):
    dash["players_box"].value, dash["seed_box"].value, dash["seat_box"].value = " 5 ", "123", 2
    dash["on_deal"](None)
    s = dash["stepper"]
    assert s.game.state.n == 5 and s.game.seed == 123 and s.seat == 2
    assert s.game.over or 2 in s.game.decision.players
    assert "5 players, you play P2" in dash["msg"].value
    dash["seed_box"].value = ""  # blank: a random seed
    dash["on_deal"](None)
    assert "random seed" in dash["msg"].value and s.game.state.n == 5


@pytest.mark.parametrize("lesson", LESSONS, ids=[le.key for le in LESSONS])
def test_every_lesson_loads_in_the_learners_seat(dash, lesson):
    dash["lesson_menu"].value = lesson.key
    s = dash["stepper"]
    assert s.seat == lesson.seat and html.escape(lesson.title) in s.w_lesson.value
    assert f"You play P{lesson.seat}" in dash["msg"].value
    assert s.w_error.value == ""
    dash["lesson_menu"].value = ""
