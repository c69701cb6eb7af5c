"""A class's pooled experiments: from the rows of "simulate more" presses to each student's running estimate, the
class's pooled one, and the students whose estimate lies far from the exact value.

An experiment is one question with one set of settings (the same sliders): only those trials estimate the same
number. A trial row holds ``samples`` and either ``successes`` (a chance) or ``total`` and ``total_sq`` (an
expected value); the page that wrote it put the exact value in its settings (``"exact": "2/9"``).

>>> rows = [{"student_id": 1, "question": "q", "settings": '{"exact": "1/2"}', "samples": 100, "successes": 50},
...         {"student_id": 2, "question": "q", "settings": '{"exact": "1/2"}', "samples": 100, "successes": 90}]
>>> [e.title for e in experiments(rows)]
['q']
>>> ex = experiments(rows)[0]
>>> ex.pooled.n, round(ex.pooled.value, 2), ex.exact
(200, 0.7, Fraction(1, 2))
>>> [(s.student_id, s.far) for s in ex.students]
[(1, False), (2, True)]
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction

from chililab.prob.intervals import Estimate, mean, proportion


def estimate(row: dict) -> Estimate:
    """One trial row as an estimate (a chance: Wilson's 99% interval; an expected value: the normal one)."""
    if row.get("successes") is not None:
        return proportion(int(row["successes"]), int(row["samples"]))
    return mean(float(row["total"]), float(row["total_sq"]), int(row["samples"]))


def settings_of(row: dict) -> dict:
    try:
        value = json.loads(row["settings"])
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def exact_of(settings: dict) -> Fraction | None:
    """The exact value a page wrote in its settings, or None."""
    try:
        return Fraction(str(settings["exact"]))
    except (KeyError, ValueError, ZeroDivisionError):
        return None


@dataclass
class StudentRun:
    """One student's trials of an experiment: the estimate after each press (``line``: (samples, value) points)."""

    student_id: int
    nickname: str = ""
    estimate: Estimate | None = None
    line: list[tuple[int, float]] = field(default_factory=list)
    far: bool = False  #: the exact value lies outside this student's 99% interval

    def add(self, e: Estimate) -> None:
        self.estimate = e if self.estimate is None else self.estimate + e
        self.line.append((self.estimate.n, self.estimate.value))


@dataclass
class Experiment:
    """One question at one setting: its students' runs, the class's pooled estimate after each press (``line``,
    with the interval: (samples, value, low, high)) and the exact value."""

    key: tuple[str, str]
    title: str
    settings: dict
    exact: Fraction | None
    students: list[StudentRun] = field(default_factory=list)
    pooled: Estimate | None = None
    line: list[tuple[int, float, float, float]] = field(default_factory=list)
    presses: int = 0


def experiments(rows: list[dict]) -> list[Experiment]:
    """Group trial rows (oldest first) into experiments, most samples first."""
    found: dict[tuple[str, str], Experiment] = {}
    runs: dict[tuple[tuple[str, str], int], StudentRun] = {}
    for row in rows:
        settings = settings_of(row)
        key = (row["question"], json.dumps({k: v for k, v in settings.items() if k != "title"}, sort_keys=True))
        ex = found.get(key)
        if ex is None:
            ex = found[key] = Experiment(key, str(settings.get("title") or row["question"]), settings,
                                         exact_of(settings))
        try:
            e = estimate(row)
        except (TypeError, ValueError, KeyError):
            continue  # a row this version cannot read: left out, never a crash of the teacher's page
        run = runs.get((key, row["student_id"]))
        if run is None:
            run = runs[key, row["student_id"]] = StudentRun(row["student_id"], str(row.get("nickname", "")))
            ex.students.append(run)
        run.add(e)
        ex.pooled = e if ex.pooled is None else ex.pooled + e
        p = ex.pooled
        ex.line.append((p.n, p.value, p.low, p.high))
        ex.presses += 1
    for ex in found.values():
        for run in ex.students:
            run.far = ex.exact is not None and run.estimate is not None and ex.exact not in run.estimate
    return sorted(found.values(), key=lambda x: -(x.pooled.n if x.pooled else 0))
