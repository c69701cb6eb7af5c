"""The probability lessons (notebooks/*_probability.ipynb, built from chililab/apps/prob_lessons/):
their cells run, every simulation agrees with its exact answer, the exercises check the hand-worked
answers, the running estimates and their chart are right, and the committed notebooks are the
generated ones (``tools/make_notebooks.py --check`` in tests/test_widgets.py covers them too)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import fields
from fractions import Fraction as F
from pathlib import Path

import pytest

from chililab.apps.prob_lessons import chart, compare, exercise
from chililab.games.aycc.odds import examples
from chililab.games.loco.odds import hot_sauce_stack, mc_hot_sauce_stack, mc_wild_chance, wild_chance
from chililab.prob.intervals import Estimate, proportion
from chililab.prob.running import converge, sampled_mean, steps
from chililab.widgets.exercise import Exercise

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["loco", "mafia", "aycc"]
#: each exercise's answer, worked by hand (see the exercise's explanation)
ANSWERS = {
    "loco": [F(16, 112), F(23 + 6 + 16, 111)],
    "mafia": [F(5, 99), 1 - F(89 * 88, 93 * 92)],
    "aycc": [F(4 + 4, 36), F(7, 36)],
}


def notebook(game: str) -> dict:
    return json.loads((ROOT / "notebooks" / f"{game}_probability.ipynb").read_text(encoding="utf-8"))


def joined(text) -> str:
    """A notebook's text field: a string, or a list of lines."""
    return text if isinstance(text, str) else "".join(text)


def source(cell) -> str:
    return joined(cell["source"])


@pytest.fixture(scope="module", params=GAMES)
def ran(request):
    """(game, namespace, the exercises made) after running every code cell of the game's notebook in order."""
    made: list[Exercise] = []

    def recording(key):
        made.append(exercise(key))
        return made[-1]

    namespace: dict = {}
    for cell in notebook(request.param)["cells"]:
        if cell["cell_type"] == "code":
            exec(compile(source(cell), cell["id"], "exec"), namespace)
            if cell["id"] == "imports":
                assert namespace["exercise"] is exercise
                namespace["exercise"] = recording
    return request.param, namespace, made


def test_every_simulation_agrees_with_its_exact_answer(ran):
    game, ns, _ = ran
    runs = {name: v for name, v in ns.items() if name.endswith("_runs")}
    assert runs, "no running estimate in the notebook"
    # each running estimate's exact value is the name it was printed beside (twin_runs -> twin, ...)
    exact = {"loco": {"twin": "twin", "wild": "wild", "play": "play", "stack": "average"},
             "mafia": {"hand": "hand", "draft": "drafted", "packet": "packet", "defend": "defend"},
             "aycc": {"neutral": None, "burn": "burn", "three": None, "stay": "stay"}}[game]
    assert sorted(name[:-5] for name in runs) == sorted(exact)
    for name, series in runs.items():
        value = exact[name[:-5]]
        value = ns[value] if value else {"neutral": F(8, 11), "three": F(3, 11)}[name[:-5]]
        assert isinstance(value, F) and series[-1].n == 10_000
        assert value in series[-1], (name, float(value), str(series[-1]))
        assert [e.n for e in series] == steps(10_000)


def test_each_notebook_asks_four_to_six_questions_with_every_part(ran):
    game, _, _ = ran
    cells = notebook(game)["cells"]
    questions = [c for c in cells if c["cell_type"] == "markdown" and re.match(r"## \d\. ", source(c))]
    assert 4 <= len(questions) <= 6
    for k, q in enumerate(questions):
        at = cells.index(q)
        end = cells.index(questions[k + 1]) if k + 1 < len(questions) else len(cells)
        code = [source(c) for c in cells[at:end] if c["cell_type"] == "code"]
        assert any(s.startswith("# NBVAL_CHECK_OUTPUT\n") for s in code), source(q)[:40]
        assert any("converge(" in s and "chart(" in s for s in code), source(q)[:40]
        assert "?" in source(q) and not re.search(r"[A-Z]+-[A-Z]+-\d", source(q))  # a question, no clause IDs


def test_checked_cells_print_the_exact_answers(ran):
    game, _, _ = ran
    checked = [c for c in notebook(game)["cells"] if c["cell_type"] == "code" and c.get("outputs")]
    assert len(checked) >= 4
    for cell in checked:
        assert source(cell).startswith("# NBVAL_CHECK_OUTPUT") and cell["execution_count"]
        assert [o["output_type"] for o in cell["outputs"]] == ["stream"]
    text = "".join(joined(o["text"]) for c in checked for o in c["outputs"])
    # a fraction too long to read prints as its decimal and "about 1 in N" (the exact fraction stays in its name)
    expected = {"loco": ["exact: 0.0854 (8.54%), about 1 in 12", "45, 111", "by hand, the same: True"],
                "mafia": ["exact: 0.1351 (13.51%), about 1 in 7", "exact: 0.6679 (66.79%), about 2 in 3",
                          "by hand, the same: True"],
                "aycc": ["Piri Piri is the Neutral: 8/11", "91/396", "withdraw now: 13 points", "541/36"]}[game]
    for piece in expected:
        assert piece in text
    assert "False" not in text
    assert not re.search(r"\d{5,}/\d{5,}", text)  # no fraction of huge numbers


def test_the_exercises_expect_the_hand_worked_answers(ran):
    game, _, made = ran
    assert [ex.answer for ex in made] == ANSWERS[game]
    for ex in made:
        assert ex.hint and ex.explanation
        assert ex.check(str(ex.answer)).startswith("Exactly right") and ex.key
        assert ex.check("banana").startswith("I cannot read")
        assert ex.check(f"{float(ex.answer) + 0.02:.4f}").startswith("Not yet")


def test_the_aycc_lesson_is_the_example_position():
    ns: dict = {}
    for cell in notebook("aycc")["cells"]:
        if cell["id"] in ("imports", "position"):
            exec(source(cell), ns)
    same = examples.two_players()
    assert [getattr(ns["me"], f.name) for f in fields(same)] == [getattr(same, f.name) for f in fields(same)]


def test_the_notebooks_are_the_generated_ones():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "make_notebooks.py"), "--check"], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    for game in GAMES:
        assert f"notebooks/{game}_probability.ipynb is up to date" in out.stdout


# ------------------------------------------------------------------ running estimates and their chart


@pytest.mark.parametrize("samples", [2, 3, 9, 10, 11, 12, 17, 100, 999, 10_000])
def test_steps_grow_and_end_at_the_samples(samples):
    s = steps(samples)
    assert s[-1] == samples and s[0] == (10 if samples >= 12 else samples)
    assert all(b - a >= 2 for a, b in zip(s, s[1:])) and s[0] >= 2


def test_steps_refuse_too_few_samples():
    with pytest.raises(ValueError, match="at least 2"):
        steps(1)


def test_converge_adds_up_to_one_long_run():
    runs = converge(mc_wild_chance, cards=6, samples=500, seed=3)
    assert [e.n for e in runs] == steps(500)
    # each point adds a batch to the one before: the successes never go down, by at most the batch
    for a, b in zip(runs, runs[1:]):
        assert 0 <= b.total - a.total <= b.n - a.n
    assert runs == converge(mc_wild_chance, cards=6, samples=500, seed=3)  # seeded: repeatable
    assert runs != converge(mc_wild_chance, cards=6, samples=500, seed=4)
    assert wild_chance(6) in runs[-1]


def test_converge_follows_one_estimate_of_a_distribution():
    stack = hot_sauce_stack([1], unseen=2, sauces=1, milk=0)
    runs = converge(mc_hot_sauce_stack, [1], unseen=2, sauces=1, milk=0, samples=2000, seed=1, pick=lambda d: d[4])
    assert stack[4] in runs[-1]
    with pytest.raises(TypeError, match="pick="):
        converge(mc_hot_sauce_stack, [1], unseen=2, sauces=1, milk=0, samples=20)


def test_sampled_mean_is_the_mean_of_the_draws():
    dist = mc_hot_sauce_stack([1], unseen=2, sauces=1, milk=0, samples=400, seed=2)
    e = sampled_mean(dist)
    assert e.kind == "mean" and e.n == 400
    assert e.value == pytest.approx((2 * dist.counts[2] + 4 * dist.counts[4]) / 400)
    assert 3 in e  # the exact mean: 2 or 4 cards, half the time each


def test_the_convergence_chart_draws_the_estimates_the_band_and_the_exact_line():
    runs = [proportion(3, 10), proportion(5, 20), proportion(30, 100)]
    fig = chart(runs, F(2, 7), "Title").figure
    upper, lower, estimate, exact = fig["data"]
    assert estimate["x"] == [10, 20, 100] and estimate["y"] == [0.3, 0.25, 0.3]
    assert lower["y"] == [e.low for e in runs] and upper["y"] == [e.high for e in runs]
    assert lower["fill"] == "tonexty"  # the band fills between the interval's ends
    assert exact["y"] == [2 / 7, 2 / 7] and exact["x"][-1] >= 100
    assert fig["layout"]["xaxis"]["type"] == "log" and fig["layout"]["title"]["text"] == "Title"
    assert fig["layout"]["yaxis"]["tickformat"] == ".0%"
    means = [Estimate(15.0, 14.0, 16.0, 100, kind="mean")]
    assert "tickformat" not in chart(means, F(541, 36), "Score", "points", percent=False).figure["layout"]["yaxis"]


def test_the_comparison_chart_puts_exact_beside_simulated():
    fig = compare([2, 4], [F(1, 2), F(1, 2)], [proportion(40, 100), proportion(60, 100)], "Drawn").figure
    exact, sims = fig["data"]
    assert exact["x"] == ["2", "4"] and exact["y"] == [0.5, 0.5] and sims["y"] == [0.4, 0.6]
    assert sims["error_y"]["arrayminus"][0] == pytest.approx(0.4 - proportion(40, 100).low)
