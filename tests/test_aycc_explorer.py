"""The All You Can Chili probability explorer without a browser: its notebook, its numbers, its refusals."""
from __future__ import annotations

import html
from fractions import Fraction

import nbformat
import pytest

from chililab.apps import index
from chililab.apps.explorers import explorers
from chililab.games.aycc.apps import explorer as aycc_explorer
from chililab.games.aycc.odds import Knowledge, advice, burn_table, kinds, score_distribution

from .test_dashboards import DASHBOARDS, _run


def test_notebook_is_a_cell_calling_the_app_and_the_index_links_it():
    page, nb = _run("aycc_explorer.ipynb")
    assert isinstance(page, aycc_explorer.AyccExplorer)
    assert len("".join(c.source for c in nb.cells).splitlines()) <= 4
    landing, _ = _run("index.ipynb")
    for e in explorers():
        assert f'href="{e.page}" class="chili-index-link"' in landing.children[-1].value
        assert (DASHBOARDS / e.page).is_file() and nbformat.read(DASHBOARDS / e.page, as_version=4).cells
    assert 'href="aycc_explorer.ipynb"' in index.dashboards_html()


def test_the_first_table_shows_the_calculators_exact_values():
    page = aycc_explorer.app(seed=3)
    k = Knowledge(seat=0, character="king_naga", tolerance=18, row=("habi_wasabi", "piri_piri", "king_naga"),
                  piles={"king_naga": kinds("6 3 4"), "piri_piri": kinds("7 7 6 2")}, hand=kinds("1 2 3 4"))
    assert page.knowledge.row == k.row and page.knowledge.piles == k.piles and page.knowledge.hand == k.hand
    exact = burn_table(k)
    odds = page.odds_chart.figure["data"][0]
    assert odds["y"] == [float(exact[c]) for c in k.row]
    assert exact["king_naga"] == Fraction(2, 9)  # flames 6 and 7 among the 36 unseen dishes: 8/36
    values = page.value_chart.figure["data"][0]["y"]
    assert values == [advice(k).withdraw, float(advice(k).serve)] == [13, 541 / 36]
    assert "541/36" in page.summary.value and "serve once more" in page.summary.value
    assert "2/9 = 22.2%" in page.summary.value
    scores = score_distribution(k)
    bars = page.scores_chart.figure["data"][0]
    assert bars["x"][0] == "0 (burnt out)" and bars["y"] == [float(scores[v]) for v in sorted(scores)]
    # no simulation yet: simulated bars are empty, the convergence curve has no point
    assert page.odds_chart.figure["data"][1]["y"] == [None, None, None]
    assert page.converge_chart.figure["data"][2]["x"] == []


def test_simulating_more_adds_samples_and_converges_on_the_exact_value():
    page = aycc_explorer.app(seed=5)
    page.watch.value = "king_naga"
    for n in (10, 100, 10_000):
        page.simulate(n)
    assert page.sim_burn["king_naga"].n == page.sim_serve.n == 10_110
    curve = page.converge_chart.figure["data"]
    assert {10, 110, 10_110} <= set(curve[2]["x"]) and curve[3]["y"] == [2 / 9, 2 / 9]
    assert curve[2]["x"] == [h[0] for h in page.sim_burn["king_naga"].history] == sorted(set(curve[2]["x"]))
    for run, exact in ((page.sim_burn["king_naga"], Fraction(2, 9)), (page.sim_serve, Fraction(541, 36))):
        assert exact in run.estimate  # inside the 99% interval (fixed seed)
    sims = page.odds_chart.figure["data"][1]
    assert sims["customdata"] == [10_110] * 3 and None not in sims["y"]
    assert "10,110" in page.sim_status.value
    score_bars = page.scores_chart.figure["data"][1]
    assert None not in score_bars["y"] and sum(score_bars["y"]) == pytest.approx(1)


def test_the_lock_on_your_character_forbids_withdrawing_and_the_page_says_so():
    # Vasco at 17 of 17 with the Chili: withdrawing now scores 23 + 10 + 5 = 38, and any dish burns him
    page = aycc_explorer.app(seed=4, character="vasco_tabasco", tolerance=17, hand="", chili="vasco_tabasco",
                             piles={"vasco_tabasco": "5 Latte 6 3 2", "king_naga": "", "piri_piri": ""})
    assert "Better: <b>withdraw now</b>" in page.summary.value
    assert page.value_chart.figure["data"][0]["y"] == [38, 0]
    page.lock.value = "vasco_tabasco"  # AYCC-ICON-LOCK-2: no withdrawal, now or after one more dish
    assert "ok" in page.msg.value and page.knowledge.lock == "vasco_tabasco"
    assert "<b>You cannot withdraw</b>: Vasco Tabasco holds the Lock token" in page.summary.value
    assert "Better" not in page.summary.value and "Withdraw now" not in page.summary.value
    assert page.value_chart.layout.display == page.scores_chart.layout.display == "none"
    assert aycc_explorer.SERVE not in dict(page.watch.options).values()
    assert page.watch.layout.display == page.converge_chart.layout.display == "none"  # every chance is 0 or 1
    page.simulate(100)
    assert page.sim_serve.n == 0 and page.sim_burn["vasco_tabasco"].n == 100 and "<b>100</b>" in page.sim_status.value
    page.lock.value = "king_naga"  # the Lock on another character forbids you nothing
    assert "Better: <b>withdraw now</b>" in page.summary.value and page.value_chart.layout.display == ""


@pytest.mark.parametrize("widget, text, says", [
    ("hand", "1 2 3 4 5", "at most 4 dishes"),
    ("hand", "banana", "Your hand"),
    ("pile:piri_piri", "7 7 7 7 7 7", "composition has"),
    ("pile:piri_piri", "8", "Piri Piri's dishes"),
    ("pile:go_chu_jang", "3", "Go Chu Jang is not at the table"),
    ("pile:king_naga", "7 7 6", "above its tolerance 18"),
    ("at:king_naga", False, "keep King Naga at the table"),
    ("at:habi_wasabi", False, "3 to 7 characters"),
    ("chili", "go_chu_jang", "not a character of the row"),
])
def test_nonsense_gets_a_sentence_and_changes_nothing(widget, text, says):
    page = aycc_explorer.app(seed=1)
    page.simulate(10)
    before = (page.knowledge, dict(page.odds_chart.figure), dict(page.converge_chart.figure), page.sim_serve.n)
    kind, _, key = widget.partition(":")
    target = {"pile": page.pile, "at": page.at_table}[kind][key] if key else getattr(page, kind)
    target.value = text
    assert "err" in page.msg.value and says in html.unescape(page.msg.value), page.msg.value
    assert "king_naga" not in page.msg.value  # characters by name, not by key
    assert (page.knowledge, page.odds_chart.figure, page.converge_chart.figure, page.sim_serve.n) == before


def test_a_new_table_starts_the_simulation_afresh():
    page = aycc_explorer.app(seed=2)
    page.simulate(100)
    page.at_table["fuego_fred"].value = True
    page.pile["fuego_fred"].value = "5 5"
    assert "ok" in page.msg.value and page.knowledge.players == 3
    assert page.sim_serve.n == 0 and set(page.sim_burn) == set(page.knowledge.row)
    assert page.converge_chart.figure["data"][2]["x"] == []


def test_running_pools_twin_estimates_as_one_sample():
    from chililab.prob.intervals import mean, proportion

    scores = [0, 13, 17, 15, 0, 22, 19, 14, 16, 0, 18, 13]
    run = aycc_explorer.Running()
    for part in (scores[:5], scores[5:]):
        run.add(mean(sum(part), sum(x * x for x in part), len(part)))
    whole = mean(sum(scores), sum(x * x for x in scores), len(scores))
    assert run.n == 12 and run.estimate.value == pytest.approx(whole.value)
    assert (run.estimate.low, run.estimate.high) == pytest.approx((whole.low, whole.high))
    hits = aycc_explorer.Running()
    hits.add(proportion(3, 10))
    hits.add(proportion(0, 30))
    hits.record()
    assert hits.estimate == proportion(3, 40)
    assert hits.history == [(40, 3 / 40, proportion(3, 40).low, proportion(3, 40).high)]
