"""The Chili Loco probability explorer without a browser: exact values from chililab.games.loco.odds,
simulated ones converging on them, and refusals that change nothing."""
from __future__ import annotations

import html

import pytest

from chililab.games.loco import odds as loco
from chililab.games.loco.apps import explorer as loco_explorer


def test_the_first_question_shows_the_exact_twin_chance_and_nothing_simulated():
    page = loco_explorer.app(seed=1)
    assert page.current.key == "twin" and page.exact == {"a twin pair": loco.twin_chance(6)}
    bars = page.answer_chart.figure["data"]
    assert bars[0]["y"] == [float(loco.twin_chance(6))] and bars[1]["y"] == [None]
    p = loco.twin_chance(6)
    assert f"{p.numerator}/{p.denominator}" in page.numbers.value and "8.5%" in page.numbers.value
    assert page.converge_chart.figure["data"][2]["x"] == []
    assert "6 random cards" in page.ask.value
    visible = {k for k, row in page.rows.items() if row.layout.display != "none"}
    assert visible == {"cards", "personal"}


@pytest.mark.parametrize("question, values, exact", [
    ("twin", {"cards": 10, "personal": True}, lambda: {"a twin pair": loco.twin_chance(10, True)}),
    ("wild", {"cards": 8, "wilds": 2}, lambda: {"at least 2 wild": loco.wild_chance(8, 2)}),
    ("playable", {"top": "G-HotSauce", "cards": 3}, lambda: {"a playable card": loco.playable_chance("G-HotSauce",
                                                                                                      cards=3)}),
    ("playable", {"top": "Reaper", "colour": "purple"},
     lambda: {"a playable card": loco.playable_chance("Reaper", "purple")}),
])
def test_each_question_shows_its_calculators_value(question, values, exact):
    page = loco_explorer.app(seed=2, question=question, **values)
    assert page.exact == exact()
    assert page.answer_chart.figure["data"][0]["y"] == [float(v) for v in exact().values()]


def test_simulating_more_converges_on_the_exact_value():
    page = loco_explorer.app(seed=5, question="wild")
    for n in (10, 100, 10_000):
        page.simulate(n)
    run = page.runs["at least 1 wild"]
    xs = [h[0] for h in run.history]
    assert run.n == 10_110 and xs[:3] == [5, 7, 10] and {10, 110, 10_110} <= set(xs) and xs == sorted(set(xs))
    assert loco.wild_chance(6) in run.estimate  # inside the 99% interval (fixed seed)
    curve = page.converge_chart.figure["data"]
    assert curve[2]["x"] == xs and curve[3]["y"] == [float(loco.wild_chance(6))] * 2
    assert "10,110" in page.sim.status.value and "99% interval" in page.numbers.value
    assert page.answer_chart.figure["data"][1]["customdata"] == [10_110]


def test_the_hot_sauce_stack_is_a_distribution_with_a_watch_menu():
    page = loco_explorer.app(seed=3, question="stack", players=3, hand=4, unseen=40, sauces=3)
    exact = loco.hot_sauce_stack([4, 4], 40, 3, 1, 0)
    assert list(page.exact.values()) == list(exact.values()) and sum(page.exact.values()) == 1
    assert list(page.exact)[0] == "0 (Milk Chaser)" and "2 cards" in page.exact
    assert page.watch.layout.display != "none" and page.watch.value == "2 cards"  # the likeliest outcome
    page.simulate(10_000)
    for key, p in page.exact.items():
        assert p in page.runs[key].estimate, key
    assert sum(r.estimate.value for r in page.runs.values()) == pytest.approx(1)
    page.watch.value = "4 cards"
    assert page.converge_chart.figure["layout"]["title"]["text"].startswith("4 cards")
    assert page.answer_chart.figure["layout"]["xaxis"]["title"]["text"] == "cards drawn"


@pytest.mark.parametrize("question, widget, value, says", [
    ("stack", "unseen", 12, "hold 15 hidden cards, more than the 12 unseen"),  # 3 other hands of 5
    ("stack", "sauces", 7, "too many"),  # 7 unseen and 1 in your hand: 9 Hot Sauces with the one laid
])
def test_nonsense_gets_a_sentence_and_changes_nothing(question, widget, value, says):
    page = loco_explorer.app(seed=1, question=question, mine=1)
    page.simulate(10)
    before = (page.current, page.values, page.exact, dict(page.answer_chart.figure), page.runs)
    page.params[widget].value = value
    assert "err" in page.msg.value and says in html.unescape(page.msg.value), page.msg.value
    assert (page.current, page.values, page.exact, page.answer_chart.figure, page.runs) == before
    assert page.runs[next(iter(page.runs))].n == 10


def test_a_new_question_starts_the_simulation_afresh():
    page = loco_explorer.app(seed=2)
    page.simulate(100)
    page.params["cards"].value = 7
    assert page.sim_n == 0 and page.values["cards"] == 7
    assert page.converge_chart.figure["data"][2]["x"] == []


def test_an_outcome_first_seen_late_counts_the_earlier_samples_as_misses():
    from chililab.apps.questions import Question, QuestionExplorer
    from chililab.prob.intervals import proportion

    calls = []

    def twin(p, n, rng):  # "rare" shows up only in the second run, and no later run names it
        calls.append(n)
        return {"common": proportion(n, n), **({"rare": proportion(1, n)} if len(calls) == 2 else {})}

    q = Question("toy", "toy", (), lambda p: {"common": 1}, twin, lambda p: "toy?")
    page = QuestionExplorer("toy", "Toy", "", [q], {}, "", seed=0)
    page.simulate(2000)  # two chunks of 1,000, in pieces
    assert len(calls) > 2 and sum(calls) == 2000
    assert page.runs["rare"].estimate == proportion(1, 2000) and page.runs["common"].n == 2000
    assert page.exact == {"common": 1} and page.answer_chart.figure["data"][0]["y"] == [1.0, 0.0]
