"""The probability lessons' exercises as a student meets them (each game's ``apps/probability.py``, its table
``EXERCISES``): the notebook's cell shows the key and no solution; no widget holds the solution before the
student has it right or asks for it; each listed common mistake gets its own hint; the answer is taken as a
fraction, as odds in words, or rounded to the 3 significant figures the question asks for; nonsense counts
as nothing; the keys a class keeps its answers under do not change."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from chililab.apps import exercises as page
from chililab.apps.prob_lessons import exercise, exercise_table
from chililab.widgets.exercise import rounded

from .widget_state import solution_in, states

ROOT = Path(__file__).resolve().parents[1]
#: the keys a class stores its students' answers under (chililab/apps/classwork.py): never renamed
KEYS = {"loco-wild", "loco-draw", "mafia-one-card", "mafia-two-cards", "aycc-burn", "aycc-exact"}
MISTAKES = [(key, m) for key in sorted(KEYS) for m in exercise(key).mistakes]


def test_the_keys_are_stable():
    assert set(exercise_table()) == KEYS
    with pytest.raises(KeyError, match="no exercise 'loco-wilds'"):
        exercise("loco-wilds")


@pytest.mark.parametrize("key", sorted(KEYS))
def test_the_notebook_cell_shows_the_key_and_no_solution(key):
    path = ROOT / "notebooks" / f"{key.partition('-')[0]}_probability.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    ex = exercise(key)
    mine = [c for c in cells if f'"{key}"' in "".join(c["source"])]
    assert len(mine) == 1 and "".join(mine[0]["source"]) == f'exercise("{key}")'
    assert mine[0]["id"] == f"exercise-{key.partition('-')[2]}" and not mine[0]["outputs"]
    assert ex.explanation and ex.explanation not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("key", sorted(KEYS))
def test_no_widget_holds_the_solution_before_the_student_answers_or_asks(key):
    ex = exercise(key)
    assert not solution_in(states(ex), ex), ex.question.value
    for text in ("0.99", "abc", "1/0", next(iter(ex.mistakes)).__str__()):  # wrong, nonsense, a mistake
        ex.check(text)
        assert not solution_in(states(ex), ex), (text, ex.feedback.value)
    ex.show_button.click()
    assert ex.explanation in states(ex) and solution_in(states(ex), ex)


@pytest.mark.parametrize("key, mistake", MISTAKES, ids=lambda x: str(x))
def test_each_listed_mistake_is_answered_with_its_own_hint(key, mistake):
    for text in (f"{mistake.numerator}/{mistake.denominator}", rounded(mistake, figures=3),
                 rounded(100 * mistake, figures=3) + "%"):
        ex = exercise(key)
        said = ex.check(text)
        assert said == f"Not yet: {text} is a common mistake. {ex.mistakes[mistake]}"
        assert not ex.solved and ex.attempts == 1
        assert not solution_in(states(ex), ex)


@pytest.mark.parametrize("key", sorted(KEYS))
def test_the_answer_is_taken_in_every_form(key):
    a = exercise(key).answer
    n, d = a.numerator, a.denominator
    for text in (f"{n}/{d}", f"{2 * n}/{2 * d}", f"{n} in {d}", f"{n} out of {d}", rounded(a, figures=3),
                 rounded(100 * a, figures=3) + "%", rounded(a, figures=6), f"{float(a)!r}"):
        ex = exercise(key)
        said = ex.check(text)
        assert said.startswith(("Exactly right: ", f"Right: {text} is ")) and ex.solved, (text, said)
        assert ex.explanation in said


@pytest.mark.parametrize("text", ["5/99", "5 out of 99", "5 in 99", "0.0505", "5.05%", "10/198", "0.05051"])
def test_five_in_ninety_nine(text):
    ex = exercise("mafia-one-card")
    assert ex.check(text).startswith(("Exactly right", "Right")) and ex.solved


@pytest.mark.parametrize("key, text, words", [
    ("mafia-one-card", "5/98", "The Dawn Raid is a card too"),   # forgetting the card the hint is about
    ("mafia-one-card", "0.0510", "The Dawn Raid is a card too"),
    ("mafia-two-cards", "8/93", "counts twice"),                 # the sum of two probabilities
    ("mafia-two-cards", "0.0860", "counts twice"),
    ("mafia-two-cards", "8.60%", "counts twice"),
    ("loco-wild", "1/6", "compares the wild cards with the other cards"),
    ("aycc-burn", "5/12", "Reaching exactly 18 does not burn you out"),
])
def test_the_classic_mistakes_the_old_tolerance_let_through(key, text, words):
    ex = exercise(key)
    said = ex.check(text)
    assert words in said and not ex.solved and ex.attempts == 1


@pytest.mark.parametrize("key", sorted(KEYS))
def test_nonsense_and_too_few_digits_count_as_nothing(key):
    ex = exercise(key)
    vague = rounded(ex.answer, figures=2)
    for text, says in (("abc", "cannot read"), ("1/0", "divides by 0"), ("9" * 30, "A chance lies between 0 and 1"),
                       ("0.0" + "1" * 50, "too long"), (vague, f"Close, but round to 3 significant figures: {vague} has 2")):
        said = ex.check(text)
        assert says in said and ex.attempts == 0 and not ex.solved, (text, said)


def test_the_exercises_page_shows_no_solution():
    p = page.app(query="")
    assert set(p.exercises) == KEYS
    sent = states(p)
    for ex in p.exercises.values():
        assert not solution_in(sent, ex), ex.key
