"""Every probability lesson's exercises on one dashboard (``dashboards/exercises.ipynb``), so a class on the
classroom server can do them too, and the teacher can send everyone to one (``exercises.ipynb?exercise=loco-wild``).

The exercises are the lessons' own, made from each lesson's table (``EXERCISES``, see
:mod:`chililab.apps.prob_lessons`) as the notebooks' cells make them, in the lessons' order.

>>> [e.key for _title, es in all_exercises() for e in es][:2]
['aycc-burn', 'aycc-exact']
"""
from __future__ import annotations

import html
import os
from functools import cache
from urllib.parse import parse_qs

import ipywidgets as W

from chililab.widgets.exercise import Exercise

from . import classwork
from .parts import chili, css, panel
from .prob_lessons import exercise, lesson_modules

PAGE = "exercises.ipynb"


def lesson_exercises(module) -> list[Exercise]:
    """The exercises of one probability lesson module (its table ``EXERCISES``), as its notebook makes them."""
    return [exercise(key) for key in module.EXERCISES]


@cache
def exercise_keys() -> list[tuple[str, str, str]]:
    """``(game title, key, question)`` of every exercise (the teacher's page offers them as pacing targets)."""
    return [(title, e.key, e.text) for title, es in all_exercises() for e in es]


def all_exercises() -> list[tuple[str, list[Exercise]]]:
    """``(game title, its exercises)`` for every registered game with a probability lesson."""
    return [(title, lesson_exercises(module)) for title, module in lesson_modules()]


class ExercisesPage(W.VBox):
    """The exercises page; ``query``: ``exercise=key`` shows that one only (default: Voila's query string)."""

    def __init__(self, query: str | None = None):
        super().__init__(layout=W.Layout(width="100%"))
        self.add_class("chili-dash")
        self.add_class("chili-exercises")
        self.class_bar = classwork.ClassBar(PAGE, query=query)
        self.groups = all_exercises()
        self.panels = {title: panel(html.escape(title), *es) for title, es in self.groups}
        self.exercises = {e.key: e for _t, es in self.groups for e in es}
        banner = W.HTML(f'<div class="chili-banner"><span class="t">{chili(36)} Exercises</span>'
                        '<span class="s">the probability lessons\' questions: work them out, type your answer</span>'
                        '<a href="index.ipynb">all dashboards</a></div>')
        self.note = W.HTML()
        self.children = [W.HTML(css()), banner, self.class_bar, self.note, *self.panels.values()]
        self.class_bar.address.on_address(self.show_only)
        self.show_only(os.environ.get("QUERY_STRING", "") if query is None else query)

    def show_only(self, query: str) -> None:
        """Show the exercise the query names (``exercise=key``) alone, else all of them."""
        key = parse_qs(query).get("exercise", [""])[-1]
        for title, es in self.groups:
            self.panels[title].layout.display = "" if not key or any(e.key == key for e in es) else "none"
            for e in es:
                e.layout.display = "" if not key or e.key == key else "none"
        self.note.value = ('<div class="chili-muted">One exercise shown: <a href="exercises.ipynb">all the '
                           'exercises</a></div>' if key in self.exercises else "")


def app(query: str | None = None) -> ExercisesPage:
    return ExercisesPage(query=query)
