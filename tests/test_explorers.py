"""What every explorer page shares, without a browser: its notebook and index link, and the
"simulate more" buttons (chunks, Ctrl-C, the time limit)."""
from __future__ import annotations

import pytest

from chililab.apps import balance_explorer, index
from chililab.apps.estimates import MoreButtons
from chililab.apps.explorers import explorers
from chililab.apps.questions import QuestionExplorer
from chililab.games.aycc.apps import explorer as aycc_explorer
from chililab.games.loco.apps import explorer as loco_explorer
from chililab.games.mafia.apps import explorer as mafia_explorer

from .test_dashboards import _run


@pytest.mark.parametrize("page, cls", [("loco_explorer.ipynb", QuestionExplorer),
                                       ("mafia_explorer.ipynb", QuestionExplorer),
                                       ("balance_explorer.ipynb", balance_explorer.BalanceExplorer)])
def test_each_notebook_is_a_cell_calling_its_app_linked_from_the_index(page, cls):
    shown, nb = _run(page)
    assert isinstance(shown, cls) and "chili-explorer" in shown._dom_classes
    assert len("".join(c.source for c in nb.cells).splitlines()) <= 4
    assert f'href="{page}" class="chili-index-link"' in index.dashboards_html()
    assert page in [e.page for e in explorers()]


def test_the_two_question_pages_are_the_two_games():
    assert "chili-loco-explorer" in loco_explorer.app()._dom_classes
    assert "chili-mafia-explorer" in mafia_explorer.app()._dom_classes


def test_more_buttons_run_in_chunks_and_say_nothing_when_done():
    chunks = []
    more = MoreButtons((10, 2500), chunks.append)
    more.buttons[2500].click()
    assert chunks == [2500]  # the button hands its N to the page
    assert more.run(2500, chunks.append, 1000) == 2500
    assert chunks[1:] == [1000, 1000, 500] and more.stopped == ""
    assert not any(b.disabled for b in more.buttons.values()) and more.progress.value == 2500


def test_ctrl_c_keeps_the_chunks_done_and_enables_the_buttons_again():
    done = []

    def step(m):
        if len(done) == 2:
            raise KeyboardInterrupt
        done.append(m)

    more = MoreButtons((10,), print)
    assert more.run(10_000, step, 1000) == 2000
    assert more.stopped == "interrupted: 2,000 of 10,000 samples done"
    assert not more.buttons[10].disabled and more.progress.layout.visibility == "hidden"


def test_a_time_limit_stops_a_long_run_after_a_chunk():
    more = MoreButtons((10,), print)
    assert more.run(100, lambda m: None, 10, unit="games", seconds=0) == 10
    assert more.stopped.startswith("stopped after 0 s") and "10 of 100 games" in more.stopped


def test_a_refused_step_goes_to_the_page_and_the_buttons_work_again():
    more = MoreButtons((10,), print)
    with pytest.raises(ValueError, match="no such deck"):
        more.run(100, lambda m: (_ for _ in ()).throw(ValueError("no such deck")), 10)
    assert not more.buttons[10].disabled


@pytest.mark.parametrize("make", [lambda seed: loco_explorer.app(seed=seed),
                                  lambda seed: mafia_explorer.app(seed=seed, question="hand"),
                                  lambda seed: aycc_explorer.app(seed=seed)], ids=["loco", "mafia", "aycc"])
def test_one_press_of_simulate_100_more_draws_a_converging_curve(make):
    page = make(7)
    page.simulate(100)
    band_top, band_bottom, simulated, exact = page.converge_chart.figure["data"]
    xs = simulated["x"]
    assert len(xs) >= 5 and xs[-1] == 100 and xs == sorted(set(xs))  # points inside the press, the last at 100
    assert len(band_top["y"]) == len(band_bottom["y"]) == len(xs) and len(set(exact["y"])) == 1
    widths = [hi - lo for hi, lo in zip(band_top["y"], band_bottom["y"])]
    assert widths[-1] < widths[0]  # the 99% interval narrows as the samples grow
    again = make(7)
    again.simulate(100)
    assert again.converge_chart.figure["data"] == page.converge_chart.figure["data"]  # seeded: the same curve
