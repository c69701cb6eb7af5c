"""The probability lessons (``notebooks/{loco,mafia,aycc}_probability.ipynb``) as tested code.

Each game's module (``chililab.games.<game>.apps.probability``) holds its notebook as ``NOTEBOOK``: a list
of ``("markdown", id, text)`` and ``("code", id, function)`` items.
``tools/prob_notebooks.py`` writes a function's body as one code cell (its parameters are the
names the cell takes from earlier cells) and the module's imports between the markers as the cell
after the introduction. Every question gets the same four parts: the question and its reasoning in
plain words; the exact answer (a cell whose output nbval compares); the simulation with its 99% interval; the chart
of the estimate converging on the exact value.

The exercises at the end are kept in the module's table ``EXERCISES`` (key -> a function making the
:class:`~chililab.widgets.exercise.Exercise`), and each exercise's cell shows only its key,
``exercise("loco-wild")``: the answer and its explanation stay out of the student's sight until they
have it right or ask for it. The keys are stable (a class keeps its students' answers under them).

The helpers the cells call:

>>> from fractions import Fraction
>>> say(Fraction(1, 7))
exact: 1/7 = 0.1429 (14.29%)
>>> from chililab.prob.intervals import proportion
>>> simulated([proportion(15, 100)], Fraction(1, 7))
simulated: 0.1500 (99% interval 0.0801..0.2635, n=100): the exact value is inside the interval
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from chililab.engine import registry
from chililab.engine.words import is_huge, one_in
from chililab.prob.intervals import Estimate
from chililab.viz.odds import convergence, exact_and_simulated
from chililab.widgets.exercise import Exercise
from chililab.widgets.plot import PlotView


def decimal(x: float, places: int = 4) -> str:
    """``x`` with ``places`` decimals, more for a small number so that it keeps 3 significant digits.

    >>> decimal(0.0854), decimal(2.396e-05), decimal(15.02778)
    ('0.0854', '0.0000240', '15.0278')
    """
    if 0 < abs(x) < 10 ** (2 - places):
        places = 2 - math.floor(math.log10(abs(x)))
    return f"{x:.{places}f}"


def exact_text(p, percent: bool = True) -> str:
    """``1/7 = 0.1429 (14.29%)``; a whole number alone; ``percent=False`` for a mean such as a score. A fraction
    too long to read (its denominator over 1,000) is its decimal, and for a chance "about 1 in N"
    (:func:`chililab.engine.words.one_in`): the cell keeps the exact fraction in a name a learner can type.

    >>> exact_text(Fraction(541, 36), percent=False), exact_text(Fraction(13)), exact_text(Fraction(1, 7))
    ('541/36 = 15.0278', '13', '1/7 = 0.1429 (14.29%)')
    >>> exact_text(Fraction(17016805, 199367322)), exact_text(Fraction(36, 1502501))
    ('0.0854 (8.54%), about 1 in 12', '0.0000240 (0.00240%), about 1 in 41,736')
    >>> exact_text(Fraction(801293487, 300500200), percent=False)
    '2.6665'
    """
    p = Fraction(p)
    if p.denominator == 1:
        return str(p.numerator)
    value = decimal(float(p)) + (f" ({decimal(100 * float(p), 2)}%)" if percent else "")
    if is_huge(p):
        return value + (f", {one_in(p)}" if percent else "")
    return f"{p.numerator}/{p.denominator} = {value}"


def say(p, label: str = "exact", percent: bool = True) -> None:
    """Print an exact answer as a fraction and a decimal (a long fraction as its decimal: :func:`exact_text`)."""
    print(f"{label}: {exact_text(p, percent)}")


def simulated(runs: list[Estimate], exact) -> None:
    """Print the last estimate of a run and whether the exact value lies in its 99% interval."""
    e = runs[-1]
    where = "inside" if exact in e else "OUTSIDE (it happens 1 time in 100)"
    print(f"simulated: {e}: the exact value is {where} the interval")


def chart(runs: list[Estimate], exact, title: str, ytitle: str = "chance", percent: bool = True) -> PlotView:
    """The running estimate against the number of samples (log scale), its 99% interval as a band and
    the exact value as a dashed line (:func:`chililab.viz.odds.convergence`)."""
    points = [(e.n, e.value, e.low, e.high) for e in runs]
    return PlotView(convergence(points, exact, title, ytitle, percent=percent))


def compare(labels, exact_values, estimates: list[Estimate], title: str, ytitle: str = "chance",
            percent: bool = True) -> PlotView:
    """Bars of exact values beside their estimates with 99% intervals (one per label)."""
    sims = [(e.value, e.low, e.high, e.n) for e in estimates]
    return PlotView(exact_and_simulated([str(x) for x in labels], exact_values, sims, title, ytitle, percent))


def with_the_class():
    # in a class? type your teacher's code and a nickname: your answers below then reach your teacher
    from chililab.apps.classwork import class_bar

    class_bar(form=True)


def lesson_modules() -> list:
    """``(game title, lesson module)`` of every registered game with a probability lesson, in the registry's order."""
    return [(s.title, registry.load(s.probability.partition(":")[0])) for s in registry.specs() if s.probability]


def exercise_table() -> dict[str, Callable[[], Exercise]]:
    """Every lesson's exercises: key -> the function making it (keys are unique across the games)."""
    table: dict[str, Callable[[], Exercise]] = {}
    for _title, module in lesson_modules():
        for key, make in module.EXERCISES.items():
            if key in table:
                raise ValueError(f"two lessons have an exercise {key!r}")
            table[key] = make
    return table


def exercise(key: str) -> Exercise:
    """The exercise named ``key`` (``"loco-wild"``), made from its lesson's table: what a notebook cell calls,
    so the cell shows the key and not the solution."""
    table = exercise_table()
    if key not in table:
        raise KeyError(f"no exercise {key!r}; the exercises are {', '.join(table)}")
    made = table[key]()
    made.key = key
    return made

